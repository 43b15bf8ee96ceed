"""Regenerates tests/golden/math.jaxprs, the jaxprs of the math primitives under make_jaxpr,
grad and vmap, from real JAX (0.10.2, 64-bit off).

Run with a virtualenv that has `jax==0.10.2`:  python tests/golden/math_generate.py
Each program here has a twin in tests/engine_math.rs built with jaxplay's Rust API. The file
holds one block per program: a line `### name`, then the jaxpr text.
"""
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

HERE = pathlib.Path(__file__).parent
S = np.float32(0.5)
T = np.float32(2.0)
X3 = np.arange(3, dtype=np.float32)
X23 = np.arange(6, dtype=np.float32).reshape(2, 3)

# Unary ops differentiated at a scalar (acosh where it is defined).
UNARY = ["sqrt", "rsqrt", "cbrt", "tanh", "logistic", "tan", "asin", "acos", "atan", "sinh",
         "cosh", "asinh", "acosh", "atanh", "expm1", "log1p", "exp2", "erf", "erfc", "erf_inv",
         "lgamma", "digamma", "square", "abs", "sign", "floor", "ceil"]

PROGRAMS = {}
for op in UNARY:
    PROGRAMS[f"grad_{op}"] = (jax.grad(getattr(lax, op)), [T if op == "acosh" else S])
for y in [0, 1, 2, 3, -2]:
    PROGRAMS[f"grad_integer_pow_{y}"] = (jax.grad(lambda x, y=y: lax.integer_pow(x, y)), [S])
for op in ["max", "min", "pow", "atan2", "rem"]:
    PROGRAMS[f"grad_{op}"] = (jax.grad(getattr(lax, op), argnums=(0, 1)), [S, T])
PROGRAMS.update({
    "grad_pow_int_exponent": (jax.grad(lambda x, n: lax.pow(x, n)), [S, np.int32(3)]),
    "grad_sum_sqrt": (jax.grad(lambda x: jnp.sum(lax.sqrt(x))), [X3]),
    "grad_select_n": (
        jax.grad(lambda x, y: lax.select_n(x > 1.0, x, y), argnums=(0, 1)), [S, T]),
    "grad_select_n_int": (
        jax.grad(lambda x, y: jnp.sum(lax.select_n(jnp.arange(3, dtype=jnp.int32) - 1, x, y, x)),
                 argnums=(0, 1)), [X3, X3]),
    "grad_clamp": (jax.grad(lax.clamp, argnums=(0, 1, 2)), [S, T, np.float32(3.0)]),
    "jit_mixed": (
        lambda x: (lax.round(x), lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN),
                   lax.integer_pow(x, 3), lax.is_finite(x), lax.max(x, 1.0),
                   lax.clamp(0.0, x, 1.0), lax.select_n(x > 0.5, x, lax.neg(x)),
                   lax.nextafter(x, x)),
        [X3]),
    "vmap_select_n_scalar_which": (
        jax.vmap(lambda w, x, y: lax.select_n(w, x, y), in_axes=(0, 0, 0)),
        [np.array([True, False]), X23, X23]),
    "vmap_select_n_unbatched_which": (
        jax.vmap(lambda w, x, y: lax.select_n(w, x, y), in_axes=(None, 1, 0)),
        [np.array([True, False, True]), X23.T, X23]),
    "vmap_clamp_batched_bounds": (
        jax.vmap(lax.clamp, in_axes=(0, 0, None)), [X3, X23.T, T]),
    "vmap_integer_pow": (jax.vmap(lambda x: lax.integer_pow(x, 2), in_axes=1), [X23]),
})

if __name__ == "__main__":
    blocks = [f"### {name}\n{jax.make_jaxpr(fn)(*args)}\n" for name, (fn, args) in PROGRAMS.items()]
    (HERE / "math.jaxprs").write_text("".join(blocks))
    print(f"wrote math.jaxprs: {len(blocks)} programs")
