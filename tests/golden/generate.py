"""Regenerates the golden jaxpr texts in this folder from real JAX (0.10.2, 64-bit off).

Run with a virtualenv that has `jax==0.10.2`:  python tests/golden/generate.py
Each program here has a twin in tests/engine_tracing.rs built with jaxplay's Rust API. The only
rewrite is the callback param: JAX prints `_FlatCallback(callback_func=<function NAME at 0x..>,
in_tree=...)`, jaxplay prints the host function's NAME.
"""
import pathlib
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

HERE = pathlib.Path(__file__).parent


def host_double(x):
    return np.asarray(x) * 2


def exercise_pure(x):
    return jax.pure_callback(host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def exercise_io(x):
    return io_callback(host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=True)


def unused_callbacks(x):
    io_callback(host_double, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=True)
    io_callback(host_double, None, x, ordered=True)
    a, b = jax.pure_callback(host_double, (x, x), x)
    return a


PROGRAMS = {
    "exercise_pure": (exercise_pure, [jnp.arange(3.0)]),
    "exercise_io": (exercise_io, [jnp.arange(3.0)]),
    "unused_callbacks": (unused_callbacks, [jnp.arange(3.0)]),
    "scalar_literal": (lambda x: x * 2, [1.0]),
    "elementwise_chain": (
        lambda x: (x * 2 + 1, jnp.sin(x) / x - jnp.exp(x), -x, jnp.log(x), jnp.cos(x)),
        [jnp.arange(3.0)],
    ),
    "int_true_divide": (lambda x: x / 2, [jnp.arange(3, dtype=jnp.int32)]),
    "bool_plus_int": (lambda x: x + 1, [True]),
    "rank_promotion": (lambda x: jnp.ones((2, 3), jnp.int32) + x, [jnp.arange(3.0)]),
    "reductions_and_shapes": (
        lambda x: (x.sum(), jnp.sum(x.reshape(2, 3), axis=1), x.astype(jnp.int32)),
        [jnp.arange(6.0)],
    ),
    "many_inputs": (lambda *a: sum(a), [1.0] * 30),
    # Differentiation sums with `add_any` (cotangents of a variable used more than once, the
    # terms of mul's JVP), while add and sub combine their own tangents with add and sub.
    "grad_square_sum": (jax.grad(lambda x: jnp.sum(x * x)), [jnp.arange(3.0)]),
    "grad_uses_thrice": (jax.grad(lambda x: jnp.sum(x * jnp.sin(x) + x)), [jnp.arange(3.0)]),
    "jvp_add_sub_mul": (
        lambda x, y, tx, ty: jax.jvp(lambda a, b: (a + b, a - b, a * b), (x, y), (tx, ty)),
        [jnp.arange(3.0)] * 4,
    ),
}


def normalise(text):
    return re.sub(
        r"_FlatCallback\(callback_func=<function (\w+) at 0xX+>, in_tree=PyTreeDef\(.*?\)\)\)",
        r"\1",
        text,
    )


if __name__ == "__main__":
    for name, (fn, args) in PROGRAMS.items():
        text = normalise(str(jax.make_jaxpr(fn)(*args)))
        (HERE / f"{name}.jaxpr").write_text(text + "\n")
        print(f"wrote {name}.jaxpr")
