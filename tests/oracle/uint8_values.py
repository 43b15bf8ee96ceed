"""Records what real JAX (0.10.2, CPU, 64-bit off) computes on `uint8` arrays, and for
`jnp.bitwise_count` / `lax.population_count`, into `uint8-values.json`, which
tests/engine_uint8.rs replays through `jaxplay::api::call`: promotion with every other dtype
and with Python scalars, wrapping arithmetic, comparisons, reductions (sum and prod promote to
uint32), conversions (floats saturate, ints wrap), bit operations, gathers that fill with 255,
and `bitwise_count`'s uint8 result for bool, int32, uint32 and uint8 inputs.

Run:  /work/venv/bin/python tests/oracle/uint8_values.py

The format is `api_last.py`'s (`ns`, `fn`, `args`, `kwargs`, `out` or `error`, `jaxpr` with
nested `jit`s inlined). `uint8` and `uint32` arrays are recorded as such.
"""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from api_numpy_extra import inline
from api_numpy_values import S, build, enc_arg, enc_out

HERE = pathlib.Path(__file__).parent
U8 = np.uint8

u3 = np.array([1, 2, 250], U8)
u3b = np.array([7, 0, 9], U8)
u23 = np.array([[3, 255, 16], [128, 0, 77]], U8)
i3 = np.array([-1, 300, 5], np.int32)
w3 = np.array([1, 2, 4000000000], np.uint32)
f3 = np.array([1.7, -1.0, 300.0], np.float32)
fsat = np.array([255.9, 256.0, -300.0, np.nan, np.inf, -np.inf, 0.5], np.float32)
b3 = np.array([True, False, True])
idx = np.array([0, 5, 2], np.int32)

NS = {
    "numpy": lambda n: getattr(jnp, n),
    "lax": lambda n: getattr(lax, n),
}

CASES = [
    # promotion and arithmetic
    ("numpy", "add", [u3, u3b], {}),
    ("numpy", "add", [u3, S(10)], {}),
    ("numpy", "add", [u3, S(1.5)], {}),
    ("numpy", "add", [u3, i3], {}),
    ("numpy", "add", [u3, w3], {}),
    ("numpy", "add", [u3, b3], {}),
    ("numpy", "add", [u3, f3], {}),
    ("numpy", "subtract", [u3b, u3], {}),
    ("numpy", "multiply", [u3, u3], {}),
    ("numpy", "negative", [u3], {}),
    ("numpy", "floor_divide", [u3, S(3)], {}),
    ("numpy", "floor_divide", [u3, u3b], {}),
    ("numpy", "remainder", [u3, S(7)], {}),
    ("numpy", "remainder", [u3, u3b], {}),
    ("numpy", "true_divide", [u3, S(2)], {}),
    ("numpy", "power", [u3, S(2)], {}),
    ("numpy", "square", [u3], {}),
    ("numpy", "abs", [u3], {}),
    ("numpy", "sign", [u3b], {}),
    ("numpy", "maximum", [u3, u3b], {}),
    ("numpy", "minimum", [u3, u3b], {}),
    ("numpy", "clip", [u3, S(2), S(9)], {}),
    ("numpy", "where", [b3, u3, u3b], {}),
    # comparisons
    ("numpy", "less", [u3, u3b], {}),
    ("numpy", "equal", [u3, S(2)], {}),
    ("numpy", "less", [u3, i3], {}),
    # reductions
    ("numpy", "sum", [u3], {}),
    ("numpy", "sum", [u23], {"axis": 1}),
    ("numpy", "sum", [u3], {"promote_integers": False}),
    ("numpy", "sum", [u3], {"dtype": "uint8"}),
    ("numpy", "prod", [u3], {}),
    ("numpy", "prod", [u3], {"promote_integers": False}),
    ("numpy", "max", [u23], {"axis": 0}),
    ("numpy", "min", [u23], {}),
    ("numpy", "max", [u3], {"where": b3, "initial": 3}),
    ("numpy", "argmax", [u23], {"axis": 1}),
    ("numpy", "argmin", [u3], {}),
    ("numpy", "mean", [u3], {}),
    ("numpy", "var", [u3], {}),
    ("numpy", "cumsum", [u3], {}),
    ("numpy", "cumprod", [u3], {}),
    ("numpy", "sort", [u23], {"axis": 1}),
    ("numpy", "dot", [u3, u3b], {}),
    # shapes and indexing
    ("numpy", "reshape", [u23], {"shape": (3, 2)}),
    ("numpy", "transpose", [u23], {}),
    ("numpy", "concatenate", [[u3, u3b]], {}),
    ("numpy", "take", [u3, idx], {"mode": "fill"}),
    ("numpy", "take", [w3, idx], {"mode": "fill"}),
    # creation and conversion
    ("numpy", "zeros", [(2,)], {"dtype": "uint8"}),
    ("numpy", "full", [(3,), S(300)], {"dtype": "uint8"}),
    ("numpy", "arange", [S(5)], {"dtype": "uint8"}),
    ("lax", "convert_element_type", [f3, "uint8"], {}),
    ("lax", "convert_element_type", [fsat, "uint8"], {}),
    ("lax", "convert_element_type", [i3, "uint8"], {}),
    ("lax", "convert_element_type", [u23, "float32"], {}),
    ("lax", "convert_element_type", [u23, "int32"], {}),
    ("lax", "convert_element_type", [u3b, "bool"], {}),
    ("lax", "bitcast_convert_type", [f3, "uint8"], {}),
    ("lax", "bitcast_convert_type", [np.arange(8, dtype=U8).reshape(2, 4), "int32"], {}),
    ("lax", "bitcast_convert_type", [u23, "int32"], {}),
    ("lax", "bitcast_convert_type", [b3, "uint8"], {}),
    # bits
    ("numpy", "bitwise_count", [u23], {}),
    ("numpy", "bitwise_count", [i3], {}),
    ("numpy", "bitwise_count", [np.array([-2**31, 2**31 - 1, 0, -7], np.int32)], {}),
    ("numpy", "bitwise_count", [w3], {}),
    ("numpy", "bitwise_count", [b3], {}),
    ("numpy", "bitwise_count", [S(7)], {}),
    ("numpy", "bitwise_count", [f3], {}),
    ("lax", "population_count", [u23], {}),
    ("lax", "population_count", [i3], {}),
    ("lax", "population_count", [b3], {}),
    ("numpy", "bitwise_and", [u3, u3b], {}),
    ("numpy", "invert", [u3], {}),
    ("numpy", "left_shift", [u3, S(1)], {}),
    ("numpy", "right_shift", [u3, S(1)], {}),
    ("lax", "shift_right_arithmetic", [u23, np.full((2, 3), 2, U8)], {}),
    ("lax", "shift_left", [u3, np.array([1, 8, 9], U8)], {}),
]


def main():
    cases = []
    for ns, name, args, kwargs in CASES:
        fn = NS[ns](name)
        arrays, call = build(args, kwargs)
        case = {"ns": ns, "fn": name, "args": [enc_arg(a) for a in args], "kwargs": {k: enc_arg(v) for k, v in kwargs.items()}}
        try:
            out = call(fn, *[jnp.asarray(a) for a in arrays])
            case["out"] = enc_out(out)
            closed = jax.make_jaxpr(lambda *xs: call(fn, *xs))(*arrays)
            case["jaxpr"] = str(jax.make_jaxpr(inline(closed, []))(*arrays))
        except Exception as e:  # noqa: BLE001 - the message is what is recorded
            case["error"] = str(e).split("\n")[0]
            case["error_type"] = type(e).__name__
        cases.append(case)
    meta = {"jax": jax.__version__, "x64": bool(jax.config.jax_enable_x64)}
    (HERE / "uint8-values.json").write_text(json.dumps({"_meta": meta, "cases": cases}, indent=1) + "\n")
    print(len(cases), "cases")


if __name__ == "__main__":
    main()
