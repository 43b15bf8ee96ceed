"""Records what real JAX (0.10.2, CPU, 64-bit off) computes for the `jax.numpy` functions of
`src/api/numpy_more.rs` (ranges and grids, pad, einsum, diagonals, the NaN-ignoring statistics,
cov/corrcoef, polynomials, convolution, dtype promotion as functions, the array-API names) into
`api-numpy-extra.json`, which tests/api_numpy_extra.rs replays through `jaxplay::api::call`.

Run:  /work/venv/bin/python tests/oracle/api_numpy_extra.py

The format is `api_numpy_values.py`'s (each case: fn, args, kwargs; `out` or `error`; the
jaxpr with JAX's nested `jit`s inlined, and here `custom_jvp_call`s too). A result that is not
an array is recorded as {"ints": [...]} (a shape), {"dtype_out": name} or {"bool": b}, with no
jaxpr.
"""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend import core as jcore

from api_numpy_values import S, build, enc, enc_arg, enc_out

HERE = pathlib.Path(__file__).parent


def inline(closed, nested):
    """A function evaluating `closed` with every nested `jit` and `custom_jvp_call` replaced
    by its body."""

    def run(jaxpr, consts, args):
        env = {}

        def read(v):
            return v.val if isinstance(v, jcore.Literal) else env[v]

        for var, val in zip(jaxpr.constvars, consts):
            env[var] = val
        for var, val in zip(jaxpr.invars, args):
            env[var] = val
        for eqn in jaxpr.eqns:
            ins = [read(v) for v in eqn.invars]
            if eqn.primitive.name in ("pjit", "jit"):
                nested.append(eqn.params["name"])
                inner = eqn.params["jaxpr"]
                outs = run(inner.jaxpr, inner.consts, ins)
            elif eqn.primitive.name == "custom_jvp_call":
                nested.append("custom_jvp_call")
                inner = eqn.params["call_jaxpr"]
                outs = run(inner.jaxpr, inner.consts, ins)
            else:
                outs = eqn.primitive.bind(*ins, **eqn.params)
                if not eqn.primitive.multiple_results:
                    outs = [outs]
            for var, val in zip(eqn.outvars, outs):
                env[var] = val
        return [read(v) for v in jaxpr.outvars]

    return lambda *args: run(closed.jaxpr, closed.consts, args)


F = np.float32
x23 = np.array([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], F)
x3 = np.array([2.0, -1.0, 0.5], F)
y3 = np.array([0.5, 3.0, -2.0], F)
x4 = np.array([3.0, 1.0, 4.0, 1.5], F)
x6 = np.array([5.0, -2.0, 3.0, 0.0, 1.0, 7.0], F)
i3 = np.array([1, 2, 3], np.int32)
i23 = np.array([[3, -1, 2], [0, 5, 2]], np.int32)
b23 = np.array([[True, False, True], [True, True, False]])
nb23 = ~b23
sq = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.5]], F)
nan23 = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, -2.0]], F)
x234 = np.arange(24, dtype=F).reshape(2, 3, 4) / 4 - 2
x34 = np.arange(12, dtype=F).reshape(3, 4) / 3 - 1
x2 = np.array([1.0, 2.0], F)
phase = np.array([0.0, 2.5, 5.5, 1.0, -2.0, 4.0], F)
# No subnormals: XLA's CPU kernels flush them to zero, jaxplay does not.
special = np.array([0.0, -3.5, np.inf, np.nan, 1e-30, 1024.0], F)

CASES = [
    # ranges and grids
    ("linspace", [0.0, 1.0, 5], {}),
    ("linspace", [0.0, 1.0, 5], {"endpoint": False}),
    ("linspace", [x3, 3.0, 4], {"axis": -1}),
    ("linspace", [x3, y3, 3], {}),
    ("linspace", [1, 10, 4], {"dtype": "int32"}),
    ("linspace", [0.0, 1.0, 1], {}),
    ("linspace", [0.0, 1.0, 0], {}),
    ("linspace", [0.0, 1.0, 5], {"retstep": True}),
    ("linspace", [2, 5, 4], {}),
    ("linspace", [0.0, 1.0, -1], {}),
    ("logspace", [0.0, 2.0, 3], {}),
    ("logspace", [0.0, 2.0, 4], {"base": 2.0, "endpoint": False}),
    ("geomspace", [1.0, 1000.0, 4], {}),
    ("geomspace", [2.0, 32.0, 5], {"endpoint": False}),
    ("meshgrid", [x3, x4], {}),
    ("meshgrid", [x3, x4], {"indexing": "ij"}),
    ("meshgrid", [x3, x4], {"sparse": True}),
    ("meshgrid", [x3, x4, x2], {}),
    ("indices", [(2, 3)], {}),
    ("indices", [(2, 3)], {"sparse": True}),
    ("tri", [3], {}),
    ("tri", [3, 4], {"k": 1}),
    ("tri", [2], {"dtype": "int32"}),
    ("diag_indices", [3], {}),
    ("diag_indices", [2], {"ndim": 3}),
    ("diag_indices_from", [sq], {}),
    ("bartlett", [5], {}),
    ("bartlett", [1], {}),
    ("blackman", [5], {}),
    ("blackman", [6], {}),
    # pad, flips, diagonals
    ("pad", [x23, ((1, 0), (2, 1))], {}),
    ("pad", [x3, 2], {"constant_values": 5.0}),
    ("pad", [i23, (1, 2)], {}),
    ("pad", [x23, ((1, 2), (0, 1))], {"mode": "edge"}),
    ("pad", [x3, 2], {"mode": "reflect"}),
    ("pad", [x3, (5, 4)], {"mode": "reflect"}),
    ("pad", [x3, (2, 3)], {"mode": "symmetric"}),
    ("pad", [x23, ((1, 1), (4, 2))], {"mode": "symmetric"}),
    ("pad", [x3, (2, 4)], {"mode": "wrap"}),
    ("pad", [x23, 1], {"mode": "wrap"}),
    ("pad", [x3, -1], {}),
    ("fliplr", [x23], {}),
    ("flipud", [x23], {}),
    ("diag", [x3], {}),
    ("diag", [x3], {"k": 1}),
    ("diag", [x3], {"k": -2}),
    ("diag", [sq], {}),
    ("diag", [x23], {"k": -1}),
    ("diag", [x23], {"k": 1}),
    ("diagflat", [x23], {}),
    ("diagflat", [x3], {"k": -1}),
    # einsum and products
    ("einsum", ["ij,jk->ik", x23, sq], {}),
    ("einsum", ["ij,jk", x23, sq], {}),
    ("einsum", ["ii->i", sq], {}),
    ("einsum", ["ii", sq], {}),
    ("einsum", ["ij->", x23], {}),
    ("einsum", ["ij->ji", x23], {}),
    ("einsum", ["i,i->", x3, y3], {}),
    ("einsum", ["i,j->ij", x3, x4], {}),
    ("einsum", ["ij,j->i", x23, x3], {}),
    ("einsum", ["bij,bjk->bik", x234, np.ones((2, 4, 3), F)], {}),
    ("einsum", ["...ij,...jk->...ik", x234, np.ones((2, 4, 2), F)], {}),
    ("einsum", ["...j,j", x234, x4], {}),
    ("einsum", ["ijk->kj", x234], {}),
    ("einsum", ["ij,jk,kl->il", x23, sq, x34], {}),
    ("einsum", ["ij,ij->i", x23, x23], {}),
    ("einsum", ["ij,jk->ik", i23, sq], {}),
    ("einsum", ["ij,jk->ik", x23, x4], {}),
    ("vecdot", [x23, x3], {}),
    ("vecdot", [x23, x23], {}),
    ("matvec", [x23, x3], {}),
    ("vecmat", [x2, x23], {}),
    ("cross", [x3, y3], {}),
    ("cross", [x23, y3], {}),
    ("cross", [x2, x3], {}),
    ("cross", [x2, np.array([3.0, -1.0], F)], {}),
    ("cross", [np.ascontiguousarray(x23.T), y3], {"axisa": 0}),
    # shapes
    ("matrix_transpose", [x234], {}),
    ("permute_dims", [x234, (2, 0, 1)], {}),
    ("unstack", [x23], {}),
    ("unstack", [x23], {"axis": 1}),
    ("dsplit", [x234, 2], {}),
    ("dsplit", [x234, [1, 3]], {}),
    ("broadcast_shapes", [(2, 1), (3,)], {}),
    ("broadcast_shapes", [(4, 1, 3), (2, 1), ()], {}),
    ("result_type", [x3, i3], {}),
    ("result_type", [S(1.0), i3], {}),
    ("result_type", [i3, b23], {}),
    ("result_type", ["int32", "bool"], {}),
    ("promote_types", ["int32", "float32"], {}),
    ("promote_types", ["bool", "int32"], {}),
    ("isscalar", [S(1.0)], {}),
    ("isscalar", [x3], {}),
    # membership and selection
    ("isin", [i23, i3], {}),
    ("isin", [x3, x4], {"invert": True}),
    ("isin", [x6, x3], {}),
    ("select", [[b23, nb23], [x23, i23], 0.5], {}),
    ("select", [[b23], [x23]], {}),
    # statistics
    ("cumulative_prod", [x23], {"axis": 1}),
    ("cumulative_prod", [x23], {"axis": 0, "include_initial": True}),
    ("cumulative_prod", [x3], {}),
    ("nanargmax", [nan23], {"axis": 1}),
    ("nanargmin", [nan23], {}),
    ("nanargmax", [x23], {"axis": 0, "keepdims": True}),
    ("nancumprod", [nan23], {"axis": 0}),
    ("nancumprod", [nan23], {}),
    ("nanprod", [nan23], {"axis": 1}),
    ("nanprod", [nan23], {}),
    ("nanvar", [nan23], {"axis": 1}),
    ("nanvar", [nan23], {}),
    ("nanvar", [nan23], {"axis": 0, "ddof": 1, "keepdims": True}),
    ("nanstd", [nan23], {"axis": 0, "ddof": 1}),
    ("nanstd", [x23], {"axis": 1}),
    ("cov", [x23], {}),
    ("cov", [x23], {"rowvar": False, "bias": True}),
    ("cov", [x3, y3], {}),
    ("cov", [x23], {"ddof": 0}),
    ("cov", [x6], {}),
    ("corrcoef", [x23], {}),
    ("corrcoef", [x3, y3], {}),
    ("trapezoid", [x6], {}),
    ("trapezoid", [x23], {"x": x3}),
    ("trapezoid", [x23], {"dx": 0.5, "axis": 0}),
    ("unwrap", [phase], {}),
    ("unwrap", [np.stack([phase, phase * 2])], {"axis": 1, "discont": 4.0}),
    # convolution and polynomials
    ("convolve", [x6, x3], {}),
    ("convolve", [x6, x3], {"mode": "same"}),
    ("convolve", [x6, x3], {"mode": "valid"}),
    ("convolve", [x3, x6], {}),
    ("correlate", [x6, x3], {}),
    ("correlate", [x6, x3], {"mode": "full"}),
    ("correlate", [x6, x4], {"mode": "same"}),
    ("correlate", [x3, x6], {"mode": "full"}),
    ("convolve", [x23, x3], {}),
    ("convolve", [i3, np.array([2, -1], np.int32)], {}),
    ("convolve", [i3, np.array([2, -1], np.int32)], {"preferred_element_type": "int32"}),
    ("correlate", [x3, x6], {"mode": "same", "preferred_element_type": "float32"}),
    ("correlate", [x6, x3], {"mode": "middle"}),
    ("convolve", [x6, np.zeros(0, F)], {}),
    ("polymul", [x3, np.zeros(0, F)], {}),
    ("polyval", [x3, x4], {}),
    ("polyval", [x3, S(2.0)], {}),
    ("polyadd", [x3, x4], {}),
    ("polyadd", [x4, i3], {}),
    ("polysub", [x4, x3], {}),
    ("polymul", [x3, x4], {}),
    ("polyder", [x4], {}),
    ("polyder", [x4], {"m": 2}),
    ("polyder", [i3], {}),
    ("vander", [x3], {}),
    ("vander", [x3], {"N": 4, "increasing": True}),
    ("vander", [i3], {}),
    # float decomposition
    ("frexp", [x6], {}),
    ("frexp", [special], {}),
    ("ldexp", [x3, i3], {}),
    ("modf", [x6 / 3], {}),
    ("modf", [i3], {}),
]


def main():
    cases = []
    for name, args, kwargs in CASES:
        fn = getattr(jnp, name)
        arrays, call = build(args, kwargs)
        case = {"fn": name, "args": [enc_arg(a) for a in args], "kwargs": {k: enc_arg(v) for k, v in kwargs.items()}}
        try:
            out = call(fn, *[jnp.asarray(a) for a in arrays])
            if isinstance(out, (bool, np.bool_)):
                case["out"] = {"bool": bool(out)}
            elif isinstance(out, np.dtype) or isinstance(out, type):
                case["out"] = {"dtype_out": str(np.dtype(out))}
            elif isinstance(out, tuple) and all(isinstance(d, int) for d in out):
                case["out"] = {"ints": list(out)}
            else:
                case["out"] = enc_out(out)
                closed = jax.make_jaxpr(lambda *xs: call(fn, *xs))(*arrays)
                nested = []
                flat = jax.make_jaxpr(inline(closed, nested))(*arrays)
                case["jaxpr"] = str(flat)
                case["nested"] = sorted(set(nested))
        except Exception as e:  # noqa: BLE001 - the message is what is recorded
            case["error"] = str(e).split("\n")[0]
            case["error_type"] = type(e).__name__
        cases.append(case)
    meta = {"jax": jax.__version__, "x64": bool(jax.config.jax_enable_x64)}
    (HERE / "api-numpy-extra.json").write_text(json.dumps({"_meta": meta, "cases": cases}, indent=1) + "\n")
    print(len(cases), "cases")


if __name__ == "__main__":
    main()
