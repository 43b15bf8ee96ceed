"""Writes tests/js/fixtures/python_promotion.json: what real JAX 0.10.2 / NumPy 2 give for Python
arithmetic on every pair of operand kinds (Python int/float/bool scalars, JAX and NumPy arrays of
each dtype), so tests/js/python_promotion.test.mjs can check Python mode against it.

Run with scripts/python-promotion-table.sh (it makes its own venv); the JSON is committed.
"""
import json
import jax
import jax.numpy as jnp
import numpy as np

# Shared with the JS test: each operand is Python source, evaluated in both.
OPERANDS = {
    "int": "3",
    "float": "2.5",
    "bool": "True",
    "neg_int": "-7",
    "jax_i32": "jnp.array([1, -2, 3], dtype=jnp.int32)",
    "jax_f32": "jnp.array([1.5, -2.0, 3.0], dtype=jnp.float32)",
    "jax_bool": "jnp.array([True, False, True])",
    "jax_f32_scalar": "jnp.float32(2.0)",
    "jax_u8": "jnp.array([1, 2, 250], dtype=jnp.uint8)",
    "np_i32": "np.array([1, -2, 3], dtype=np.int32)",
    "np_i64": "np.array([1, -2, 3], dtype=np.int64)",
    "np_f32": "np.array([1.5, -2.0, 3.0], dtype=np.float32)",
    "np_f64": "np.array([1.5, -2.0, 3.0])",
    "np_bool": "np.array([True, False, True])",
    "np_f32_scalar": "np.float32(2.5)",
}
JAX_OPS = ["+", "-", "*", "/", "<", "=="]
ALL_OPS = JAX_OPS + ["//", "%", "**"]


def clean(x):
    """JSON has no nan/inf: spelled as strings, as the JS test reads them."""
    if isinstance(x, list):
        return [clean(y) for y in x]
    if isinstance(x, float) and (x != x or x in (float("inf"), float("-inf"))):
        return str(x)
    return x


def describe(v):
    if isinstance(v, complex):
        return None  # Python's (-7) ** 2.5; jaxplay has no complex numbers
    if isinstance(v, jax.Array):
        return {"kind": "jax", "dtype": str(v.dtype), "weak_type": bool(v.weak_type), "value": clean(np.asarray(v).tolist())}
    if isinstance(v, (np.ndarray, np.generic)):
        return {"kind": "np", "dtype": str(v.dtype), "value": clean(np.asarray(v).tolist())}
    return {"kind": type(v).__name__, "value": clean(v)}


def main():
    rows = []
    for a, sa in OPERANDS.items():
        for b, sb in OPERANDS.items():
            is_jax = a.startswith("jax") or b.startswith("jax")
            for op in JAX_OPS if is_jax else ALL_OPS:
                expr = f"({sa}) {op} ({sb})"
                try:
                    with np.errstate(all="ignore"):
                        out = describe(eval(expr, {"jnp": jnp, "np": np}))
                except Exception as e:  # noqa: BLE001 - the class is the observation
                    out = {"error": type(e).__name__}
                if out is not None:
                    rows.append({"a": a, "b": b, "op": op, "expr": expr, **out})
    with open("tests/js/fixtures/python_promotion.json", "w") as f:
        f.write(f'{{"jax": "{jax.__version__}", "numpy": "{np.__version__}", "rows": [\n')
        f.write(",\n".join(json.dumps(r) for r in rows))
        f.write("\n]}\n")


main()
