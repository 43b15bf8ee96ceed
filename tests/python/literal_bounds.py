"""Writes tests/js/fixtures/python_literals.json: what real JAX 0.10.2 / NumPy 2.4 make of Python
ints in array literals that may not fit the dtype (jnp.array, jnp.asarray, np.array, np.asarray
and the dtype scalars): the array's repr, or the exception's class and message. NumPy, and so
JAX, raise OverflowError for a Python int outside the dtype (a cast of an array wraps instead).
For tests/js/python_literals.test.mjs. Run with scripts/python-promotion-table.sh (same venv).
"""
import json
import jax
import jax.numpy as jnp
import numpy as np

EXPRS = [
    # In range: made exactly, uint32 past int32 included.
    "jnp.array([1, 4000000000], dtype=jnp.uint32)",
    "jnp.array([1, 3000000001], dtype='uint32')",
    "jnp.array([[1, 4000000000], [2, 3]], dtype=jnp.uint32)",
    "jnp.array(4000000000, dtype=jnp.uint32)",
    "jnp.asarray([4000000000], dtype=jnp.uint32)",
    "jnp.uint32(4000000000)",
    "jnp.array([2**31 - 1, -2**31])",
    "jnp.array([True, 2])",
    "jnp.array([True, 4000000000], dtype=jnp.uint32)",
    "jnp.array([2, 0], dtype=bool)",
    "np.array([1, 2], dtype=np.uint8)",
    # Made in a float dtype: no bound.
    "jnp.array([1, 4000000000], dtype=jnp.float32)",
    "jnp.array([1, 2**31], dtype=jnp.float32)",
    "jnp.array([2**70], dtype=jnp.float32)",
    "jnp.array([1, 4000000000.0])",
    "jnp.array([1.5, 4e9], dtype=jnp.uint32)",
    # Out of bounds: OverflowError.
    "jnp.array([1, 4000000000])",
    "jnp.array([1, 2**31], dtype=jnp.int32)",
    "jnp.array([4000000000], dtype=jnp.int64)",
    "jnp.array([-1], dtype=jnp.uint32)",
    "jnp.array([2**32], dtype=jnp.uint32)",
    "jnp.array([300], dtype=jnp.uint8)",
    "jnp.array([-1], dtype=jnp.uint8)",
    "jnp.array([200], dtype=jnp.int8)",
    "jnp.array([[1], [2**40]], dtype=jnp.uint8)",
    "jnp.array([1.5, 300], dtype=jnp.uint8)",
    "jnp.asarray(300, dtype=jnp.uint8)",
    "jnp.uint8(300)",
    "jnp.int32(2**31)",
    "jnp.array([-2**63])",
    "jnp.array([2**63])",
    "jnp.array([2**70])",
    "jnp.array([2**70], dtype=jnp.int32)",
    "jnp.array([2**64], dtype=jnp.uint32)",
    "np.array([300], dtype=np.uint8)",
    "np.array([1.5, 300], dtype=np.uint8)",
    "np.array([4000000000], dtype=np.int32)",
    "np.array([-1], dtype=np.uint32)",
    "np.asarray([1, 300], dtype=np.uint8)",
    "np.uint8(300)",
    # Not a Python int: a cast, which wraps.
    "jnp.array([np.int64(300)], dtype=jnp.uint8)",
]


def outcome(expr):
    try:
        return {"expr": expr, "repr": repr(eval(expr))}
    except Exception as e:  # noqa: BLE001 - every exception is the recorded answer
        return {"expr": expr, "error": type(e).__name__, "message": str(e).splitlines()[0]}


rows = [outcome(e) for e in EXPRS]
with open("tests/js/fixtures/python_literals.json", "w") as f:
    head = json.dumps({"jax": jax.__version__, "numpy": np.__version__})[:-1]
    f.write(head + ', "rows": [\n' + ",\n".join(json.dumps(r) for r in rows) + "\n]}\n")
print(f"python_literals.json: {len(rows)} rows")
