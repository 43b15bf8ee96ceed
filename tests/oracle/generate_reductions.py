"""Records what real JAX (0.10.2, CPU, 64-bit off) computes for the reduction, cumulative and
sorting primitives on seeded random inputs, into `jax-reductions.json`, which
tests/engine_reductions.rs replays against jaxplay.

Run:  /path/to/venv/bin/python tests/oracle/generate_reductions.py
Each case: op (a lax function name), params, input (shape, dtype, data; NaN written as null),
output(s) (NaN as null, infinities as "inf"/"-inf") and, for float operands of differentiable ops, the gradient of sum(w * op(x)) with
seeded weights w.
"""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

HERE = pathlib.Path(__file__).parent
rng = np.random.default_rng(20240610)


def enc(a):
    a = np.asarray(a)
    def one(v):
        # JSON has no NaN or infinities: NaN is null, infinities are the strings "inf"/"-inf".
        if isinstance(v, float) and np.isnan(v):
            return None
        if isinstance(v, float) and np.isinf(v):
            return "inf" if v > 0 else "-inf"
        return v

    data = [one(v) for v in a.ravel().tolist()]
    return {"shape": list(a.shape), "dtype": str(a.dtype), "data": data}


def inputs(dtype, shape):
    if dtype == "float32":
        # Few distinct values so ties happen; some NaN, infinities and signed zeros.
        x = rng.choice([-2.5, -1.0, -0.0, 0.0, 0.5, 1.0, 3.0, 7.25], size=shape).astype(np.float32)
        x += rng.normal(size=shape).astype(np.float32) * (rng.random(shape) < 0.5)
        return x
    if dtype == "int32":
        return rng.integers(-5, 6, size=shape).astype(np.int32)
    return rng.random(shape) < 0.5


def special():
    return np.array([[1.0, np.nan, 3.0, np.nan], [-0.0, 0.0, -np.inf, np.inf], [2.0, 2.0, -1.0, -1.0]], np.float32)


REDUCE = {
    "reduce_max": lax.reduce_max,
    "reduce_min": lax.reduce_min,
    "reduce_prod": lax.reduce_prod,
    "reduce_and": lax.reduce_and,
    "reduce_or": lax.reduce_or,
    "reduce_xor": lax.reduce_xor,
}
CUM = {
    "cumsum": lax.cumsum,
    "cumprod": lax.cumprod,
    "cummax": lax.cummax,
    "cummin": lax.cummin,
    "cumlogsumexp": lax.cumlogsumexp,
}
DTYPES = {
    "reduce_max": ["float32", "int32", "bool"],
    "reduce_min": ["float32", "int32", "bool"],
    "reduce_prod": ["float32", "int32"],
    "reduce_and": ["int32", "bool"],
    "reduce_or": ["int32", "bool"],
    "reduce_xor": ["int32", "bool"],
    "cumsum": ["float32", "int32"],
    "cumprod": ["float32", "int32"],
    "cummax": ["float32", "int32"],
    "cummin": ["float32", "int32"],
    "cumlogsumexp": ["float32"],
}
DIFFERENTIABLE = {"reduce_max", "reduce_min", "reduce_prod", "cumsum", "sort"}


def grad_of(f, x):
    out = f(jnp.asarray(x))
    w = rng.normal(size=out.shape).astype(np.float32)
    g = jax.grad(lambda v: jnp.sum(jnp.asarray(w) * f(v)))(jnp.asarray(x))
    return enc(w), enc(g)


def case(op, params, x, f, differentiable):
    c = {"op": op, "params": params, "input": enc(x), "output": enc(f(jnp.asarray(x)))}
    if differentiable and x.dtype == np.float32 and not np.isnan(x).any():
        c["weights"], c["grad"] = grad_of(f, x)
    return c


def main():
    cases = []
    shapes = [(5,), (3, 4), (2, 3, 4), (2, 0, 3)]
    for op, fn in REDUCE.items():
        for dtype in DTYPES[op]:
            for shape in shapes:
                x = inputs(dtype, shape)
                for axes in [(0,), (len(shape) - 1,), tuple(range(len(shape))), (0, len(shape) - 1)]:
                    axes = tuple(sorted(set(axes)))
                    f = lambda v, axes=axes, fn=fn: fn(v, axes)
                    cases.append(case(op, {"axes": list(axes)}, x, f, op in DIFFERENTIABLE))
        if "float32" in DTYPES[op]:
            for axes in [(1,), (0, 1)]:
                cases.append(case(op, {"axes": list(axes)}, special(), lambda v, a=axes, fn=fn: fn(v, a), False))
    for op in ["argmax", "argmin"]:
        fn = getattr(lax, op)
        for dtype in ["float32", "int32", "bool"]:
            for shape in [(5,), (3, 4), (2, 3, 4)]:
                x = inputs(dtype, shape)
                for axis in range(len(shape)):
                    f = lambda v, axis=axis: fn(v, axis, jnp.int32)
                    cases.append(case(op, {"axis": axis}, x, f, False))
        for axis in [0, 1]:
            cases.append(case(op, {"axis": axis}, special(), lambda v, a=axis: fn(v, a, jnp.int32), False))
    for op, fn in CUM.items():
        for dtype in DTYPES[op]:
            for shape in [(5,), (3, 4), (2, 3, 4)]:
                x = inputs(dtype, shape)
                for axis in range(len(shape)):
                    for reverse in [False, True]:
                        f = lambda v, a=axis, r=reverse: fn(v, a, reverse=r)
                        cases.append(case(op, {"axis": axis, "reverse": reverse}, x, f, op in DIFFERENTIABLE))
        if "float32" in DTYPES[op]:
            cases.append(case(op, {"axis": 1, "reverse": False}, special(), lambda v: fn(v, 1), False))
    for dtype in ["float32", "int32", "bool"]:
        for shape in [(6,), (3, 5), (2, 3, 4)]:
            x = inputs(dtype, shape)
            for dim in range(len(shape)):
                f = lambda v, d=dim: lax.sort(v, dimension=d)
                cases.append(case("sort", {"dimension": dim}, x, f, True))
                f = lambda v, d=dim: jnp.argsort(v, axis=d, stable=True)
                cases.append(case("argsort", {"dimension": dim}, x, f, False))
    for dim in [0, 1]:
        cases.append(case("sort", {"dimension": dim}, special(), lambda v, d=dim: lax.sort(v, dimension=d), False))
        cases.append(case("argsort", {"dimension": dim}, special(), lambda v, d=dim: jnp.argsort(v, axis=d), False))
    # Two keys and a payload: sort (k1, k2, v) by (k1, k2).
    for shape, dim in [((8,), 0), ((3, 6), 1)]:
        k1 = rng.integers(0, 3, size=shape).astype(np.int32)
        k2 = inputs("float32", shape)
        v = rng.normal(size=shape).astype(np.float32)
        outs = lax.sort((jnp.asarray(k1), jnp.asarray(k2), jnp.asarray(v)), dimension=dim, num_keys=2)
        cases.append({
            "op": "sort_multi", "params": {"dimension": dim, "num_keys": 2},
            "inputs": [enc(k1), enc(k2), enc(v)], "outputs": [enc(o) for o in outs],
        })
    meta = {"jax": jax.__version__, "numpy": np.__version__, "backend": jax.default_backend(),
            "x64": bool(jax.config.jax_enable_x64)}
    (HERE / "jax-reductions.json").write_text(json.dumps({"_meta": meta, "cases": cases}, indent=None) + "\n")
    print(f"wrote {len(cases)} cases")


if __name__ == "__main__":
    main()
