"""Records what real JAX (0.10.2, CPU, 64-bit off) computes for the last tier-1 names of the API
table (`jnp.linalg.tensordot`, `jax.scipy.special.ndtri`, `jax.nn.log1mexp`/`logmeanexp`/
`dot_product_attention`, `jax.lax.real`/`imag`/`reduce_precision`/`gather`/`scatter*`) into
`api-last.json`, which tests/api_last.rs replays through `jaxplay::api::call`.

Run:  /work/venv/bin/python tests/oracle/api_last.py

The format is `api_numpy_values.py`'s plus `ns` (the table's namespace: numpy.linalg,
scipy.special, nn, lax). The jaxpr is recorded with nested `jit`s and `custom_jvp_call`s
inlined. `lax.gather`/`scatter*` take `dimension_numbers` as jaxplay's plain data: a tuple of
int tuples in the field order of `GatherDimensionNumbers` / `ScatterDimensionNumbers`.
"""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.scipy import special

from api_numpy_extra import inline
from api_numpy_values import build, enc_arg, enc_out

HERE = pathlib.Path(__file__).parent
F = np.float32


def gather(operand, indices, dn, slice_sizes, **kw):
    return lax.gather(operand, indices, lax.GatherDimensionNumbers(*dn), slice_sizes, **kw)


def scatter_fn(f):
    def run(operand, indices, updates, dn, **kw):
        return f(operand, indices, updates, lax.ScatterDimensionNumbers(*dn), **kw)

    return run


NS = {
    "numpy.linalg": lambda n: getattr(jnp.linalg, n),
    "scipy.special": lambda n: getattr(special, n),
    "nn": lambda n: getattr(jax.nn, n),
    "lax": lambda n: gather if n == "gather" else scatter_fn(getattr(lax, n)) if n.startswith("scatter") else getattr(lax, n),
}

x23 = np.array([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], F)
x34 = np.arange(12, dtype=F).reshape(3, 4) / 3 - 1
x234 = np.arange(24, dtype=F).reshape(2, 3, 4) / 4 - 2
x3 = np.array([2.0, -1.0, 0.5], F)
i23 = np.array([[3, -1, 2], [0, 5, 2]], np.int32)
probs = np.array([0.0, 1e-6, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999999, 1.0, -0.5, 1.5], F)
negs = np.array([-0.01, -0.5, -0.6931, -0.7, -2.0, -20.0, 0.0, 1.0, -np.inf], F)
rng = np.random.RandomState(0)
q = rng.randn(2, 3, 2, 4).astype(F)
k = rng.randn(2, 5, 2, 4).astype(F)
v = rng.randn(2, 5, 2, 4).astype(F)
k1 = rng.randn(2, 5, 1, 4).astype(F)
v1 = rng.randn(2, 5, 1, 4).astype(F)
bias = rng.randn(2, 2, 3, 5).astype(F)
mask = rng.rand(2, 2, 3, 5) > 0.3
mask1 = rng.rand(3, 5) > 0.3
rp = np.array([1.5, -2.0, 3.14159, 1e-3, 70000.0, 1e-8, np.inf, np.nan, 1.0009765625, 1.00146484375, 0.0], F)
op = np.arange(20, dtype=F).reshape(4, 5) / 2 - 3
gidx = np.array([[2], [0], [3]], np.int32)

CASES = [
    ("numpy.linalg", "tensordot", [x23, x34], {"axes": 1}),
    ("numpy.linalg", "tensordot", [x234, x34], {"axes": ([1, 2], [0, 1])}),
    ("numpy.linalg", "tensordot", [x23, x23], {}),
    ("numpy.linalg", "tensordot", [x3, i23], {"axes": 0}),
    ("numpy.linalg", "tensordot", [x23, x34], {"axes": 3}),
    ("scipy.special", "ndtri", [probs], {}),
    ("scipy.special", "ndtri", [np.array([1, 0], np.int32)], {}),
    ("nn", "log1mexp", [negs], {}),
    ("nn", "log1mexp", [-negs[:6]], {}),
    ("nn", "logmeanexp", [x23], {}),
    ("nn", "logmeanexp", [x23], {"axis": 1}),
    ("nn", "logmeanexp", [x234], {"axis": (0, 2), "keepdims": True}),
    ("nn", "logmeanexp", [i23], {"axis": 0}),
    ("nn", "dot_product_attention", [q, k, v], {}),
    ("nn", "dot_product_attention", [q, k1, v1], {}),
    ("nn", "dot_product_attention", [q[0], k[0], v[0]], {}),
    ("nn", "dot_product_attention", [q, k, v, bias], {}),
    ("nn", "dot_product_attention", [q, k, v], {"mask": mask}),
    ("nn", "dot_product_attention", [q, k, v, bias, mask1], {"scale": 0.3}),
    ("nn", "dot_product_attention", [q, q, q], {"is_causal": True}),
    ("nn", "dot_product_attention", [q, k, v], {"implementation": "xla"}),
    ("nn", "dot_product_attention", [q, k[:, :, :1, :3], v], {}),
    ("lax", "real", [x3], {}),
    ("lax", "imag", [x3], {}),
    ("lax", "reduce_precision", [rp, 5, 10], {}),
    ("lax", "reduce_precision", [rp, 8, 7], {}),
    ("lax", "reduce_precision", [rp, 2, 1], {}),
    ("lax", "reduce_precision", [rp, 8, 23], {}),
    ("lax", "reduce_precision", [rp, 4, 3], {}),
    ("lax", "reduce_precision", [i23, 5, 10], {}),
    ("lax", "gather", [op, gidx, ((1,), (0,), (0,), (), ()), (1, 5)], {}),
    ("lax", "gather", [op, gidx, ((1,), (0,), (0,), (), ()), (1, 3)], {"mode": "clip"}),
    ("lax", "gather", [op, np.array([[1, 2], [3, 4], [0, 0]], np.int32), ((), (0, 1), (0, 1), (), ()), (1, 1)], {}),
    ("lax", "gather", [op, np.array([[1, 4], [3, 9]], np.int32), ((1, 2), (), (0, 1), (), ()), (2, 2)], {"mode": "fill", "fill_value": -1.0}),
    ("lax", "scatter", [op, gidx, np.ones((3, 5), F), ((1,), (0,), (0,), (), ())], {}),
    ("lax", "scatter_add", [op, np.array([[2], [0], [2]], np.int32), rng.randn(3, 5).astype(F), ((1,), (0,), (0,), (), ())], {}),
    ("lax", "scatter_mul", [op, np.array([[2], [0], [2]], np.int32), rng.randn(3, 5).astype(F), ((1,), (0,), (0,), (), ())], {}),
    ("lax", "scatter_min", [op, np.array([[2], [0], [2]], np.int32), rng.randn(3, 5).astype(F), ((1,), (0,), (0,), (), ())], {}),
    ("lax", "scatter_max", [op, np.array([[2], [0], [2]], np.int32), rng.randn(3, 5).astype(F), ((1,), (0,), (0,), (), ())], {}),
    ("lax", "scatter_add", [op, np.array([[1, 2], [3, 4], [1, 2]], np.int32), np.array([1.0, 2.0, 3.0], F), ((), (0, 1), (0, 1), (), ())], {}),
    ("lax", "scatter_add", [op, np.array([[2], [7]], np.int32), np.ones((2, 5), F), ((1,), (0,), (0,), (), ())], {"mode": "drop"}),
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
            nested = []
            flat = jax.make_jaxpr(inline(closed, nested))(*arrays)
            case["jaxpr"] = str(flat)
            case["nested"] = sorted(set(nested))
        except Exception as e:  # noqa: BLE001 - the message is what is recorded
            case["error"] = str(e).split("\n")[0]
            case["error_type"] = type(e).__name__
        cases.append(case)
    meta = {"jax": jax.__version__, "x64": bool(jax.config.jax_enable_x64)}
    (HERE / "api-last.json").write_text(json.dumps({"_meta": meta, "cases": cases}, indent=1) + "\n")
    print(len(cases), "cases")


if __name__ == "__main__":
    main()
