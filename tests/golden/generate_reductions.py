"""Regenerates the golden jaxprs of the reduction, cumulative and sorting primitives
(`reductions_*.jaxpr` in this folder) from real JAX (0.10.2, CPU, 64-bit off).

Run:  /path/to/venv/bin/python tests/golden/generate_reductions.py
Each program has a twin in tests/engine_reductions.rs built with jaxplay's Rust API; the texts
are written exactly as `jax.make_jaxpr` prints them.
"""
import pathlib

import jax
import jax.numpy as jnp
from jax import lax

HERE = pathlib.Path(__file__).parent
X = jnp.arange(6.0).reshape(2, 3)
XT = jnp.arange(6.0).reshape(3, 2)


def staged(x):
    return (
        lax.reduce_max(x, (1,)),
        lax.reduce_min(x, (0,)),
        lax.reduce_prod(x, (0, 1)),
        lax.argmax(x, 1, jnp.int32),
        lax.argmin(x, 0, jnp.int32),
        lax.cumsum(x, 1),
        lax.cumprod(x, 0, reverse=True),
        lax.cummax(x, 1),
        lax.cummin(x, 1, reverse=True),
        lax.cumlogsumexp(x, 0),
        lax.sort(x, dimension=1),
    )


def logical(x):
    b = x > 2
    return (lax.reduce_and(b, (1,)), lax.reduce_or(b, (0,)), lax.reduce_xor(b, (0, 1)),
            lax.reduce_and(x, (1,)), lax.reduce_or(x, (1,)), lax.reduce_xor(x, (0,)))


def argsort(x):
    iota = lax.broadcasted_iota(jnp.int32, x.shape, 1)
    return lax.sort((x, iota), dimension=1, num_keys=1)[1]


PROGRAMS = {
    "reductions_staged": (staged, [X]),
    "reductions_logical": (logical, [jnp.arange(6, dtype=jnp.int32).reshape(2, 3)]),
    "reductions_sort_two": (lambda x: lax.sort((x, x * 2), dimension=0, num_keys=1), [X]),
    "reductions_argsort": (argsort, [X]),
    "reductions_grad_max": (jax.grad(lambda x: lax.reduce_max(x, (0, 1))), [X]),
    "reductions_grad_min_axis": (jax.grad(lambda x: lax.reduce_sum(lax.reduce_min(x, (1,)), (0,))), [X]),
    "reductions_jvp_max": (lambda x, t: jax.jvp(lambda v: lax.reduce_max(v, (1,)), (x,), (t,)), [X, X]),
    "reductions_jvp_prod": (lambda x, t: jax.jvp(lambda v: lax.reduce_prod(v, (0,)), (x,), (t,)), [XT, XT]),
    "reductions_grad_prod": (jax.grad(lambda x: lax.reduce_prod(x, (0,))), [jnp.arange(3.0)]),
    "reductions_grad_cumsum": (jax.grad(lambda x: lax.reduce_sum(lax.cumsum(x, 1), (0, 1))), [X]),
    "reductions_vmap_max": (jax.vmap(lambda x: lax.reduce_max(x, (0,)), in_axes=1), [X]),
    "reductions_vmap_argmax": (jax.vmap(lambda x: lax.argmax(x, 0, jnp.int32)), [X]),
    "reductions_vmap_cumsum": (jax.vmap(lambda x: lax.cumsum(x, 0), in_axes=1), [X]),
    "reductions_vmap_sort": (jax.vmap(lambda x: lax.sort(x, dimension=0), in_axes=1), [X]),
    "reductions_vmap_grad_max": (jax.vmap(jax.grad(lambda x: lax.reduce_max(x, (0,)))), [X]),
}


if __name__ == "__main__":
    for name, (fn, args) in PROGRAMS.items():
        text = str(jax.make_jaxpr(fn)(*args))
        (HERE / f"{name}.jaxpr").write_text(text + "\n")
        print(f"wrote {name}.jaxpr")
