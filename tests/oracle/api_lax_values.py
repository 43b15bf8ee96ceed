"""Records real JAX's answers to `jax.lax` calls for tests/api_lax.rs.

Run with a virtualenv that has `jax==0.10.2` (CPU, 64-bit off):
    python tests/oracle/api_lax_values.py
Writes tests/oracle/api-lax-values.json: per case, the lax function's name, its positional and
keyword arguments, and JAX's answer: the outputs (shape, dtype, weak type, values; NaN and
infinities as strings) and the jaxpr of the call with every array argument traced, or the error
message.

Arguments are JSON: an array is {"array": values, "shape": [...], "dtype": "float32"}; an int,
float, bool, string or null is the Python scalar (a float always has a '.', so `1.0` stays a
float); a list is a Python tuple.
"""
import json
import math
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

OUT = pathlib.Path(__file__).parent / "api-lax-values.json"


def arr(values, shape=None, dtype="float32"):
    a = np.asarray(values, dtype=dtype)
    if shape is not None:
        a = a.reshape(shape)
    return a


F = arr([0.5, -1.25, 2.0, 3.5, -0.75, 1.0], (2, 3))
POS = arr([0.5, 1.25, 2.0, 3.5, 0.75, 1.0], (2, 3))
UNIT = arr([0.5, -0.25, 0.0, 0.75, -0.5, 0.125], (2, 3))
I = arr([3, -1, 0, 7, -8, 2], (2, 3), "int32")
I2 = arr([1, 2, 3, 1, 0, 31], (2, 3), "int32")
B = arr([True, False, True, False, False, True], (2, 3), "bool")
V = arr([3.0, 1.0, 2.0])
U = arr([5, 3, 0xFFFFFFFF], (3,), "uint32")

CASES = []


def case(name, *args, **kwargs):
    CASES.append((name, args, kwargs))


for n in ["neg", "abs", "sign", "floor", "ceil", "round", "is_finite", "square", "reciprocal",
          "sqrt", "rsqrt", "cbrt", "exp", "exp2", "log", "log1p", "expm1", "tanh", "logistic",
          "sin", "cos", "tan", "atan", "sinh", "cosh", "asinh", "erf", "erfc", "lgamma",
          "digamma"]:
    case(n, POS if n in ("sqrt", "rsqrt", "log", "lgamma", "digamma") else F)
for n in ["asin", "acos", "atanh", "erf_inv"]:
    case(n, UNIT)
case("acosh", POS + 1)
for n in ["add", "sub", "mul", "div", "max", "min", "pow", "atan2", "rem", "nextafter",
          "eq", "ne", "lt", "le", "gt", "ge"]:
    case(n, F, POS)
for n in ["add", "sub", "mul", "div", "rem", "max", "eq", "lt"]:
    case(n, I, I2)
for n in ["bitwise_and", "bitwise_or", "bitwise_xor", "shift_left", "shift_right_logical",
          "shift_right_arithmetic"]:
    case(n, I, I2)
case("bitwise_and", B, arr([True, True, False, False, True, True], (2, 3), "bool"))
case("bitwise_not", I)
case("bitwise_not", B)
case("population_count", I)
case("population_count", U)
# Python scalars are weakly typed and must match the array's dtype.
case("add", F, 1.5)
case("add", 2, 3)
case("add", 1.5, 2.0)
case("mul", I, 3)
case("add", F, 1)
case("add", I, 1.5)
case("add", F, I)
case("sub", I, F)
case("max", I, 2.5)
case("mul", I, True)
case("add", B, B)
case("lt", I, F)
case("eq", F, I)
case("pow", F, I)
case("pow", F, 2)
case("pow", I, I)
case("atan2", F, I)
case("shift_left", I, F)
case("bitwise_and", I, B)
case("sin", 1)
case("sqrt", I)
case("neg", True)
case("add", F, arr([1.0, 2.0]))
case("integer_pow", F, 3)
case("integer_pow", F, -2)
case("integer_pow", I, 2)
case("round", arr([0.5, 1.5, 2.5, -0.5, -1.5, 2.25]), 1)
case("round", arr([0.5, 1.5, 2.5, -0.5, -1.5, 2.25]))
case("round", F, 2)
case("select_n", B, F, POS)
case("select_n", arr([0, 1, 2, 1, 0, 2], (2, 3), "int32"), F, POS, UNIT)
case("select_n", True, F, POS)
case("select_n", B, F, I)
case("select", B, F, POS)
case("select", B, F, I)
case("clamp", 0.0, F, 1.0)
case("clamp", arr(-1.0), F, arr(1.0))
case("clamp", 0, F, 1)
case("clamp", F, F, I)
case("convert_element_type", F, "int32")
case("convert_element_type", I, "float32")
case("convert_element_type", F, "bool")
case("convert_element_type", 2.0, "float32")
case("convert_element_type", F, "float32")
case("bitcast_convert_type", F, "int32")
case("bitcast_convert_type", I, "uint32")
for n in ["reduce_sum", "reduce_max", "reduce_min", "reduce_prod"]:
    case(n, F, (0,))
    case(n, F, (0, 1))
case("reduce_sum", F, ())
case("reduce_sum", F, (-1,))
case("reduce_sum", F, (2,))
case("reduce_sum", I, (1,))
case("reduce_and", B, (0,))
case("reduce_or", B, (1,))
case("reduce_xor", I, (0,))
case("argmax", F, 1, "int32")
case("argmin", F, 0, "int32")
case("argmax", F, -1, "int32")
case("argmax", F, 1, "float32")
for n in ["cumsum", "cumprod", "cummax", "cummin", "cumlogsumexp"]:
    case(n, F)
    case(n, F, 1, True)
case("cumsum", F, -1)
case("cumsum", B)
case("sort", F)
case("sort", F, 0)
case("sort", (F, I), 0, True, 1)
case("sort", (I, F), dimension=1, num_keys=2)
case("sort_key_val", F, I)
case("sort_key_val", F, I, 0)
case("dot", F, POS.T)
case("dot", F, V)
case("dot", V, V)
case("dot", F, arr([1, 2, 3], None, "int32"))
case("dot", F, POS.T, preferred_element_type="float32")
case("dot_general", F, POS, (((1,), (1,)), ((), ())))
case("dot_general", F, POS, (((1,), (1,)), ((0,), (0,))))
case("dot_general", arr(np.arange(12.0), (2, 3, 2)), arr(np.arange(8.0), (2, 2, 2)),
     (((2,), (1,)), ((0,), (0,))))
case("concatenate", (F, POS), 0)
case("concatenate", (F, POS, UNIT), 1)
case("concatenate", (F, I), 0)
case("concatenate", (F, POS), -1)
case("dynamic_slice", F, (0, 1), (2, 2))
case("dynamic_slice", F, (-1, 0), (1, 3))
case("dynamic_slice", F, (arr(1, None, "int32"), arr(-2, None, "int32")), (1, 2))
case("dynamic_slice", F, arr([1, 2], None, "int32"), (1, 2))
case("dynamic_slice", F, (arr(1, None, "int32"), 0), (1, 3), allow_negative_indices=False)
case("dynamic_slice", F, (0,), (1, 3))
case("dynamic_slice", F, (0, 0), (3, 3))
case("dynamic_slice", F, (0.5, 0), (1, 3))
case("dynamic_update_slice", F, arr([[9.0, 8.0]]), (1, 1))
case("dynamic_update_slice", F, arr([[9.0, 8.0]]), (arr(-1, None, "int32"), 1))
case("dynamic_update_slice", F, arr([[9, 8]], None, "int32"), (0, 0))
case("dynamic_slice_in_dim", F, 1, 2, 1)
case("dynamic_slice_in_dim", F, arr(-1, None, "int32"), 1, 0)
case("dynamic_index_in_dim", F, arr(2, None, "int32"), 1, False)
case("dynamic_index_in_dim", F, 1)
case("dynamic_update_index_in_dim", F, arr([7.0, 8.0, 9.0]), arr(1, None, "int32"), 0)
case("dynamic_update_index_in_dim", F, arr([[7.0], [8.0]]), 2, 1)
case("index_in_dim", F, -1, 1, False)
case("index_in_dim", F, 1)
case("slice_in_dim", F, 0, 2, 1, 1)
case("slice_in_dim", F, None, None, 2, 1)
case("broadcast", F, (4,))
case("broadcast", 2.0, (3,))
case("broadcast_in_dim", F, (4, 2, 3), (1, 2))
case("broadcast_in_dim", V, (2, 3), (1,))
case("broadcast_in_dim", 2.0, (2,), ())
case("reshape", F, (3, 2))
case("reshape", F, (6,))
case("collapse", F, 0)
case("collapse", arr(np.arange(24.0), (2, 3, 4)), 1, 3)
case("transpose", F, (1, 0))
case("transpose", F, (0, 1))
case("transpose", F, (0, 0))
case("pad", F, 0.0, ((1, 0, 0), (0, 1, 1)))
case("pad", I, -1, ((0, 2, 1), (1, 1, 0)))
case("pad", F, 0, ((1, 0, 0), (0, 1, 1)))
case("iota", "int32", 4)
case("iota", "float32", 3)
case("iota", "bool", 3)
case("broadcasted_iota", "int32", (2, 3), 1)
case("broadcasted_iota", "float32", (2, 3), 0)
case("full", (2, 3), 1.5)
case("full", (2,), 1)
case("full", (2,), 1, "float32")
case("full", (2, 2), arr(3.0))
case("full", (2,), arr(2.5), "int32")
case("full_like", F, 2)
case("full_like", F, 2.5, "int32")
case("full_like", F, 2, None, (4,))
case("full_like", 1.0, 2)
case("full_like", I, 7)


def encode(x):
    if isinstance(x, np.ndarray):
        return {"array": values(x), "shape": list(x.shape), "dtype": str(x.dtype)}
    if isinstance(x, tuple):
        return [encode(y) for y in x]
    return x


def values(a):
    out = []
    for v in np.asarray(a).ravel().tolist():
        if isinstance(v, float) and not math.isfinite(v):
            out.append(str(v))
        else:
            out.append(v)
    return out


def describe(r):
    return {
        "shape": list(r.shape),
        "dtype": str(r.dtype),
        "weak": bool(getattr(r, "weak_type", False)),
        "values": values(r),
    }


def traced(name, args, kwargs):
    """The jaxpr of the call with every array argument (at any depth) an input."""
    leaves = []

    def mark(x):
        if isinstance(x, np.ndarray):
            leaves.append(x)
            return ("leaf", len(leaves) - 1)
        if isinstance(x, tuple):
            return tuple(mark(y) for y in x)
        return x

    marked = mark(args)

    def fill(x, vals):
        if isinstance(x, tuple) and len(x) == 2 and x[0] == "leaf":
            return vals[x[1]]
        if isinstance(x, tuple):
            return tuple(fill(y, vals) for y in x)
        return x

    def f(*vals):
        return getattr(lax, name)(*fill(marked, vals), **kwargs)

    return str(jax.make_jaxpr(f)(*leaves))


records = []
for name, args, kwargs in CASES:
    rec = {"name": name, "args": encode(args), "kwargs": {k: encode(v) for k, v in kwargs.items()}}
    try:
        r = getattr(lax, name)(*args, **kwargs)
        if isinstance(r, (tuple, list)):
            rec["tuple"] = [describe(x) for x in r]
        else:
            rec["out"] = describe(r)
        rec["jaxpr"] = traced(name, args, kwargs)
    except Exception as e:  # noqa: BLE001 - the message is what is recorded
        rec["error"] = f"{type(e).__name__}: {e}"
    records.append(rec)

OUT.write_text(json.dumps({"jax_version": jax.__version__, "cases": records}, indent=1) + "\n")
print(f"wrote {len(records)} cases to {OUT}")
