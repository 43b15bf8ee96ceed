"""Records what real JAX (0.10.2, CPU, 64-bit off) does for the `jax.lax` functions that take a
function: `lax.reduce_window`, `lax.reduce` and `lax.associative_scan`, into
`lax-callables.json`. tests/api_lax_callables.rs replays the `reduce*` cases through
`jaxplay::api::call`; tests/js/lax_callables.test.mjs replays every case through the JS API and
Python mode.

Run:  /work/venv/bin/python tests/oracle/lax_callables.py

A computation is named by an id of COMPUTATIONS: a `lax` function itself (JAX recognises
`lax.add` and friends by identity) or a lambda written with `lax` functions only, whose Python
source is recorded so Python mode can run it as is (the tests write the same lambda in JS and
Rust). In `args`, `{"comp": id}` stands where the function goes, an array is
`{"shape", "dtype", "data"}` (NaN as null, infinities as "inf"/"-inf"), a Python float is a JSON
number with a '.', or `{"float": "-inf"}`, and a list is a Python tuple.

`transform` says how the call was made, all its array arguments traced:
- `call`: `f(*arrays)`; `jaxpr` is `make_jaxpr(f)(*arrays)`.
- `grad`: `jax.grad(lambda x: f(x, *rest).sum())` of the first array.
- `vmap`: `jax.vmap(f)` over the leading axis of the first array (the others unbatched).
- `jvp`: `jax.jvp` of `f` in the first array, with tangent `tangent`; `out` is (primal, tangent).
`out` is the result (a list when the result is a tuple), with weak types; or `error` and
`error_type`. A Python int initial value is `{"int": n}` (JS has one number type; its tests pass
`jnp.int32(n)` there). `python` is the call as Python source, its arrays named `a0`, `a1`, ...
in the order of `args`, so Python mode can run exactly the program JAX ran.
"""
import json
import math
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from api_numpy_values import enc, enc_out

HERE = pathlib.Path(__file__).parent
F = np.float32

# id -> Python source (a `lax` function, or a lambda of `lax` functions).
COMPUTATIONS = {
    "add": "lax.add",
    "max": "lax.max",
    "min": "lax.min",
    "mul": "lax.mul",
    "bitwise_and": "lax.bitwise_and",
    "bitwise_or": "lax.bitwise_or",
    "bitwise_xor": "lax.bitwise_xor",
    "half_b": "lambda a, b: lax.add(a, lax.mul(b, 0.5))",
    "times": "lambda a, b: lax.mul(a, b)",
    "pair": "lambda a, b: (lax.add(a[0], b[0]), lax.max(a[1], b[1]))",
    "argmax": "lambda a, b: (lax.select(lax.ge(a[0], b[0]), a[0], b[0]), lax.select(lax.ge(a[0], b[0]), a[1], b[1]))",
    "affine": "lambda a, b: (lax.mul(a[0], b[0]), lax.add(lax.mul(a[1], b[0]), b[1]))",
}
FNS = {k: eval(v, {"lax": lax}) for k, v in COMPUTATIONS.items()}


class Comp:
    def __init__(self, name):
        self.name = name


x23 = np.array([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], F)
x45 = (np.arange(20, dtype=F).reshape(4, 5) * 7 % 11 - 5) / 2
x6 = np.array([0.5, 3.0, -1.0, 3.0, 2.0, -4.0], F)
x5 = np.array([1.0, 2.0, 3.0, 4.0, 5.0], F)
i23 = np.array([[3, -1, 2], [0, 5, 2]], np.int32)
b23 = np.array([[True, False, True], [False, False, True]])
u23 = np.array([[200, 3, 90], [70, 255, 1]], np.uint8)
idx6 = np.arange(6, dtype=np.int32)
batch = np.stack([x6, x6[::-1] * 2, x6 - 1])
NEG_INF, INF = -math.inf, math.inf

CASES = []


def case(fn, *args, transform="call", tangent=None, **kwargs):
    CASES.append((fn, args, kwargs, transform, tangent))


W = Comp
# reduce_window with the monoids JAX recognises, over windows of every kind.
case("reduce_window", x23, 0.0, W("add"), (1, 2), (1, 1), "VALID")
case("reduce_window", x23, NEG_INF, W("max"), (1, 2), (1, 1), "VALID")
case("reduce_window", x23, INF, W("min"), (2, 2), (1, 1), "SAME")
case("reduce_window", x45, 0.0, W("add"), (2, 3), (2, 1), "SAME")
case("reduce_window", x45, NEG_INF, W("max"), (3, 2), (2, 2), "SAME_LOWER")
case("reduce_window", x45, 0.0, W("add"), (2, 2), (1, 2), ((1, 0), (0, 2)))
case("reduce_window", x45, 0.0, W("add"), (2, 2), (1, 1), "VALID", (2, 1), (1, 2))
case("reduce_window", x45, NEG_INF, W("max"), (2, 2), (1, 1), "SAME", (1, 2), (2, 1))
case("reduce_window", x6, 0.0, W("add"), (3,))
case("reduce_window", x6, 0, W("add"), (2,), (2,))
case("reduce_window", i23, 0, W("add"), (1, 2), (1, 1), "VALID")
case("reduce_window", i23, -(2 ** 31), W("max"), (2, 2), (1, 1), "SAME")
case("reduce_window", i23, NEG_INF, W("max"), (1, 2))
case("reduce_window", b23, False, W("max"), (1, 2))
case("reduce_window", b23, True, W("min"), (2, 2), (1, 1), "SAME")
# uint8: the sum wraps; JAX compares the initial value with the identity of its own dtype.
case("reduce_window", u23, 0, W("add"), (1, 2))
case("reduce_window", u23, -(2 ** 31), W("max"), (2, 2), (1, 1), "SAME")
case("reduce_window", u23, 0, W("max"), (1, 2))
# Any other computation, or another initial value, is traced and binds `reduce_window`.
case("reduce_window", x23, 1.0, W("mul"), (1, 2), (1, 1), "VALID")
case("reduce_window", x5, 1.0, W("add"), (3,), (1,), "SAME")
case("reduce_window", x5, 1.0, W("times"), (2,), (1,), "VALID", (2,))
case("reduce_window", x45, 0.0, W("half_b"), (2, 2), (1, 2), "SAME")
case("reduce_window", (x6, x6 * 2), (0.0, NEG_INF), W("pair"), (3,), (1,), "SAME")
case("reduce_window", (x6, idx6), (NEG_INF, 0), W("argmax"), (2,), (2,))
case("reduce_window", x6, np.array(0.0, F), W("add"), (2,))
# What JAX refuses.
case("reduce_window", x23, 0.0, W("add"), (2,))
case("reduce_window", x23, 0.0, W("add"), (1, 2), (0, 1))
case("reduce_window", x23, 0.0, W("add"), (1, 2), (1, 1), "FULL")
case("reduce_window", x23, 0, W("times"), (1, 2))
case("reduce_window", b23, False, W("add"), (1, 2))
case("reduce_window", (x6, x6), 0.0, W("pair"), (2,))
# Transformations.
case("reduce_window", x6, 0.0, W("add"), (2,), (1,), "VALID", transform="grad")
case("reduce_window", x45, 0.0, W("add"), (2, 3), (2, 1), "SAME", transform="grad")
case("reduce_window", x45, 0.0, W("add"), (2, 2), (1, 1), "VALID", (2, 1), (1, 2), transform="grad")
case("reduce_window", x6, NEG_INF, W("max"), (2,), (1,), "VALID", transform="grad")
case("reduce_window", x45, INF, W("min"), (2, 2), (2, 1), "SAME", transform="grad")
case("reduce_window", x45, NEG_INF, W("max"), (2, 2), (1, 1), "VALID", (2, 1), transform="grad")
case("reduce_window", x6, 1.0, W("times"), (2,), transform="jvp", tangent=np.linspace(1, 2, 6).astype(F))
case("reduce_window", x6, NEG_INF, W("max"), (3,), (1,), "SAME", transform="jvp", tangent=np.linspace(1, 2, 6).astype(F))
case("reduce_window", batch, 0.0, W("add"), (2,), transform="vmap")
case("reduce_window", batch, NEG_INF, W("max"), (3,), (2,), "SAME", transform="vmap")
case("reduce_window", batch, 1.0, W("times"), (2,), transform="vmap")

# reduce: the monoids become reduce_sum & co.
case("reduce", x23, 0.0, W("add"), (1,))
case("reduce", x23, NEG_INF, W("max"), (0,))
case("reduce", x23, INF, W("min"), (0, 1))
case("reduce", x23, 1.0, W("mul"), (1,))
case("reduce", b23, True, W("bitwise_and"), (1,))
case("reduce", b23, False, W("bitwise_or"), (0,))
case("reduce", i23, 0, W("bitwise_xor"), (1,))
case("reduce", i23, 0, W("add"), (0,))
case("reduce", u23, 0, W("bitwise_or"), (1,))
case("reduce", u23, 2 ** 31 - 1, W("min"), (0, 1))
case("reduce", x23, 0, W("add"), ())
# Others bind `reduce`.
case("reduce", x23, 1.0, W("add"), (1,))
case("reduce", x45, 0.0, W("half_b"), (1,))
case("reduce", x23, 1.0, W("times"), (1,))
case("reduce", (x23, x23 * 2), (0.0, NEG_INF), W("pair"), (0,))
case("reduce", (x6, idx6), (NEG_INF, 0), W("argmax"), (0,))
case("reduce", x23, np.array(0.0, F), W("add"), (1,))
# What JAX refuses.
case("reduce", x23, 0.0, W("add"), (-1,))
case("reduce", (x23, x23), 0.0, W("add"), (0,))
case("reduce", x23, 0, W("times"), (0,))
# Transformations.
case("reduce", x6, 0.0, W("half_b"), (0,), transform="grad")
case("reduce", x45, 1.0, W("times"), (1,), transform="grad")
case("reduce", x23, 0.0, W("half_b"), (0, 1), transform="jvp", tangent=x23 * 0 + 1)
case("reduce", batch, 0.0, W("half_b"), (0,), transform="vmap")
case("reduce", batch, 0.0, W("add"), (0,), transform="vmap")

# associative_scan.
case("associative_scan", W("add"), x6)
case("associative_scan", W("add"), x5, reverse=True)
case("associative_scan", W("mul"), x45, axis=1)
case("associative_scan", W("max"), x45, axis=0, reverse=True)
case("associative_scan", W("add"), i23, axis=1)
case("associative_scan", W("bitwise_or"), b23, axis=1)
case("associative_scan", W("affine"), (x6, x6 * 2))
case("associative_scan", W("add"), np.zeros((0,), F))
case("associative_scan", W("add"), x5[:1])
case("associative_scan", W("add"), x6, transform="grad")
case("associative_scan", W("add"), (x6, x5))
case("associative_scan", W("min"), x45, axis=-1)
# JAX reverses before it normalises the axis: `lax.rev` refuses the negative one.
case("associative_scan", W("add"), x45, reverse=True, axis=-1)


def enc_init(v):
    """An initial value: as `enc_arg`, Python ints marked."""
    if isinstance(v, bool) or not isinstance(v, (int, list, tuple)):
        return enc_arg(v)
    if isinstance(v, int):
        return {"int": v}
    return [enc_init(e) for e in v]


def source(v, names):
    """`v` as Python source, arrays by the names `names` yields."""
    if isinstance(v, Comp):
        return COMPUTATIONS[v.name]
    if isinstance(v, np.ndarray):
        return next(names)
    if isinstance(v, float) and math.isinf(v):
        return "jnp.inf" if v > 0 else "-jnp.inf"
    if isinstance(v, (list, tuple)):
        items = [source(e, names) for e in v]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    return repr(v)


def enc_arg(v):
    if isinstance(v, Comp):
        return {"comp": v.name}
    if isinstance(v, np.ndarray):
        return enc(v)
    if isinstance(v, float) and math.isinf(v):
        return {"float": "inf" if v > 0 else "-inf"}
    if isinstance(v, (list, tuple)):
        return [enc_arg(e) for e in v]
    return v


def arrays_in(v, out):
    if isinstance(v, np.ndarray):
        out.append(v)
    elif isinstance(v, (list, tuple)):
        for e in v:
            arrays_in(e, out)
    return out


def rebuild(v, it):
    if isinstance(v, Comp):
        return FNS[v.name]
    if isinstance(v, np.ndarray):
        return next(it)
    if isinstance(v, (list, tuple)):
        return tuple(rebuild(e, it) for e in v)
    return v


def function(fn, args, kwargs):
    arrays = arrays_in(list(args), []) + arrays_in(list(kwargs.values()), [])

    def call(*xs):
        it = iter(xs)
        a = [rebuild(x, it) for x in args]
        kw = {k: rebuild(v, it) for k, v in kwargs.items()}
        return getattr(lax, fn)(*a, **kw)

    return arrays, call


def record(fn, args, kwargs, transform, tangent):
    arrays, call = function(fn, args, kwargs)
    if transform == "grad":
        first, rest = arrays[0], arrays[1:]
        f = jax.grad(lambda x, *r: call(x, *r).sum())
    elif transform == "vmap":
        f = jax.vmap(call, in_axes=(0,) + (None,) * (len(arrays) - 1))
    elif transform == "jvp":
        f = lambda x, *r: jax.jvp(lambda y: call(y, *r), (x,), (jnp.asarray(tangent),))
    else:
        f = call
    out = f(*arrays)
    return enc_out(out), str(jax.make_jaxpr(f)(*arrays))


def main():
    cases = []
    for fn, args, kwargs, transform, tangent in CASES:
        comp = next(a.name for a in list(args) + list(kwargs.values()) if isinstance(a, Comp))
        names = (f"a{i}" for i in range(100))
        parts = [source(a, names) for a in args] + [f"{k}={source(v, names)}" for k, v in kwargs.items()]
        case = {
            "fn": fn,
            "comp": comp,
            "args": [enc_init(a) if i == 1 and fn != "associative_scan" else enc_arg(a) for i, a in enumerate(args)],
            "kwargs": {k: enc_arg(v) for k, v in kwargs.items()},
            "transform": transform,
            "python": f"lax.{fn}({', '.join(parts)})",
        }
        if tangent is not None:
            case["tangent"] = enc(tangent)
        try:
            case["out"], case["jaxpr"] = record(fn, args, kwargs, transform, tangent)
        except Exception as e:  # noqa: BLE001 - the message is what is recorded
            case["error"] = str(e).split("\n")[0]
            case["error_type"] = type(e).__name__
        cases.append(case)
    meta = {"jax": jax.__version__, "x64": bool(jax.config.jax_enable_x64), "computations": COMPUTATIONS}
    (HERE / "lax-callables.json").write_text(json.dumps({"_meta": meta, "cases": cases}, indent=1) + "\n")
    print(len(cases), "cases,", sum("error" in c for c in cases), "errors")


if __name__ == "__main__":
    main()
