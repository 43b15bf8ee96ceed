"""Regenerates the indexing goldens in tests/golden/indexing/ from real JAX (0.10.2, 64-bit off).

Run with a virtualenv that has `jax==0.10.2`:  python tests/golden/generate_indexing.py
Each program has a twin in tests/engine_indexing.rs built with jaxplay's Rust API:
`<name>.jaxpr` holds the jaxpr JAX prints, `values.json` the inputs and outputs of the value
programs (random inputs from a fixed seed).

jaxplay has no `select_n` yet, so it normalises a negative traced index as `i + n * (i < 0)`;
the Rust test rewrites those four equations back into JAX's `lt`/`add`/`select_n` and re-letters
the variables before comparing, so the rest of each jaxpr is compared verbatim.
"""
import json
import pathlib
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

HERE = pathlib.Path(__file__).parent / "indexing"

f32 = lambda *s: jnp.ones(s, jnp.float32)
i32 = lambda *s: jnp.ones(s, jnp.int32)
dims = (((1,), (0,)), ((), ()))

PROGRAMS = {
    "matmul": (lambda x, w: x @ w, [f32(2, 3), f32(3, 4)]),
    "lax_dot_general": (lambda a, b: lax.dot_general(a, b, dims), [f32(4, 3), f32(3, 2)]),
    "grad_matmul": (jax.grad(lambda x, w: (x @ w).sum(), argnums=(0, 1)), [f32(2, 3), f32(3, 4)]),
    "grad_batched_einsum": (
        jax.grad(lambda a, b: jnp.einsum("bij,bjk->bik", a, b).sum(), argnums=(0, 1)),
        [f32(5, 2, 3), f32(5, 3, 4)],
    ),
    "vmap_dot_both": (jax.vmap(jnp.dot), [f32(5, 2, 3), f32(5, 3, 4)]),
    "vmap_dot_lhs": (jax.vmap(jnp.dot, in_axes=(0, None)), [f32(5, 2, 3), f32(3, 4)]),
    "vmap_dot_rhs": (jax.vmap(jnp.dot, in_axes=(None, 0)), [f32(2, 3), f32(5, 3, 4)]),
    "take_rows": (lambda x, i: x[i], [f32(4, 3), i32(3)]),
    "take_columns_2d": (lambda x, i: x[:, i], [f32(4, 3), i32(2, 2)]),
    "take_last_axis": (lambda x, i: x[:, :, i], [f32(2, 3, 4), i32(3)]),
    "grad_take": (jax.grad(lambda x, i: x[i].sum()), [f32(4, 3), i32(3)]),
    "at_static_set": (lambda x: x.at[0].set(1.0), [f32(2, 3)]),
    "at_negative_add": (lambda x: x.at[-1].add(2.0), [f32(4, 3)]),
    "at_array_mul": (lambda x, i: x.at[i].mul(2.0), [f32(4, 3), i32(3)]),
    "at_array_min": (lambda x, i: x.at[i].min(2.0), [f32(4, 3), i32(3)]),
    "at_array_max_row": (lambda x, i, y: x.at[i].max(y), [f32(4, 3), i32(3), f32(3)]),
    "at_scalar_set": (lambda x, s: x.at[s].set(2.0), [f32(4, 3), jnp.int32(1)]),
    "at_int_add": (lambda x, i: x.at[i].add(1), [i32(4, 3), i32(3)]),
    "grad_at_add": (
        jax.grad(lambda x, y, i: x.at[i].add(y).sum(), argnums=(0, 1)),
        [f32(4, 3), f32(3, 3), i32(3)],
    ),
    "grad_concatenate": (
        jax.grad(lambda x, y: jnp.concatenate([x, y]).sum(), argnums=(0, 1)),
        [f32(4, 3), f32(2, 3)],
    ),
    "grad_dynamic_update_slice": (
        jax.grad(lambda x, y, s: lax.dynamic_update_slice(x, y, (s, 0)).sum(), argnums=(0, 1)),
        [f32(4, 3), f32(2, 3), jnp.int32(1)],
    ),
}


def values():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 3)).astype(np.float32)
    w = rng.standard_normal((3, 5)).astype(np.float32)
    a = rng.standard_normal((2, 4, 3)).astype(np.float32)
    b = rng.standard_normal((2, 3, 5)).astype(np.float32)
    xi = rng.integers(-5, 5, (4, 3)).astype(np.int32)
    idx = np.array([0, 3, -1, 1, -4], np.int32)
    y = rng.standard_normal((5, 3)).astype(np.float32)
    out = {
        "x": x, "w": w, "a": a, "b": b, "xi": xi, "idx": idx, "y": y,
        "matmul": x @ w,
        "batched": jnp.einsum("bij,bjk->bik", a, b),
        "int_matmul": xi @ xi.T,
        "take_rows": jnp.asarray(x)[idx],
        "take_columns": jnp.asarray(x)[:, np.array([0, -1, 1], np.int32)],
        "set": jnp.asarray(x).at[idx].set(y),
        "add": jnp.asarray(x).at[idx].add(y),
        "mul": jnp.asarray(x).at[idx].mul(y),
        "min": jnp.asarray(x).at[idx].min(y),
        "max": jnp.asarray(x).at[idx].max(y),
        "int_add": jnp.asarray(xi).at[idx].add(7),
        "grad_take": jax.grad(lambda x: (x[idx] * y).sum())(jnp.asarray(x)),
        "grad_matmul_x": jax.grad(lambda x: jnp.sin(x @ w).sum())(x),
        "concat": jnp.concatenate([x, y], axis=0),
        "dynamic_slice": lax.dynamic_slice(x, (jnp.int32(3), jnp.int32(-2)), (2, 2)),
    }
    return {k: {"shape": list(np.shape(v)), "data": np.asarray(v).ravel().tolist()} for k, v in out.items()}


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for name, (f, args) in PROGRAMS.items():
        (HERE / f"{name}.jaxpr").write_text(str(jax.make_jaxpr(f)(*args)) + "\n")
    (HERE / "values.json").write_text(json.dumps(values()) + "\n")
