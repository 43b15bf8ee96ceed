"""Writes tests/js/fixtures/python_printing.json: str() and repr() of JAX and NumPy values as real
JAX 0.10.2 / NumPy 2.4 print them, for tests/js/python_printing.test.mjs. Run with
scripts/python-promotion-table.sh (same venv); the JSON is committed.
"""
import json
import jax
import jax.numpy as jnp
import numpy as np

EXPRS = [
    "jnp.array([2., -4., 6.])",
    "jnp.array([1.5, 2.0, -0.25])",
    "jnp.arange(6.0).reshape(2, 3)",
    "jnp.arange(24.0).reshape(2, 3, 4)",
    "jnp.array([1, -2, 30], dtype=jnp.int32)",
    "jnp.array([True, False, True])",
    "jnp.float32(2.0)",
    "jnp.float32(0.1)",
    "jnp.int32(7)",
    "jnp.zeros((0,), jnp.float32)",
    "jnp.array([1e-5, 1.0])",
    "jnp.array([123456.0, 1.5])",
    "jnp.array([0.1, 0.2, 0.3])",
    "jnp.array([1.0, 2.0]) / 3.0",
    "jax.jit(lambda x: x)(1.0)",
    "jax.jit(lambda x: x * 2)(3)",
    "np.array([2., -4., 6.])",
    "np.array([2., -4., 6.], dtype=np.float32)",
    "np.array([1.5, 2.0])",
    "np.arange(6).reshape(2, 3)",
    "np.arange(3, dtype=np.int32)",
    "np.array([True, False])",
    "np.float32(1.0)",
    "np.float64(2.5)",
    "np.int32(3)",
    "np.array(2.0)",
    "np.zeros((0,), np.float32)",
    "np.ones((2, 2), np.float32)",
    "np.array([0.1, 0.25, 3.0])",
    "np.sum(np.arange(4.0))",
    "np.asarray(jnp.arange(3.0)) * 2",
    "jnp.arange(3.0).dtype",
    "jax.ShapeDtypeStruct((3,), jnp.float32)",
    "(jnp.float32(1.0), [np.int32(2)])",
    "{'a': jnp.arange(2.0)}",
]


def main():
    rows = []
    for e in EXPRS:
        v = eval(e, {"jax": jax, "jnp": jnp, "np": np})
        rows.append({"expr": e, "str": str(v), "repr": repr(v)})
    with open("tests/js/fixtures/python_printing.json", "w") as f:
        f.write(f'{{"jax": "{jax.__version__}", "numpy": "{np.__version__}", "rows": [\n')
        f.write(",\n".join(json.dumps(r) for r in rows))
        f.write("\n]}\n")


main()
