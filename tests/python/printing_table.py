"""Writes tests/js/fixtures/python_printing.json: str() and repr() of JAX and NumPy values as real
JAX 0.10.2 / NumPy 2.4 print them, for tests/js/python_printing.test.mjs: the hand-picked EXPRS,
then generated ones (seeded): literal arrays of every dtype and shape up to 4-D with values
of every kind (ties, tiny and huge magnitudes, nan, inf, -0.0), arrays past the 1000-element
summary threshold, rows wider than the 75-character line, scalars and 0-d arrays. Run with
scripts/python-promotion-table.sh (same venv); the JSON is committed.
"""
import json
import math
import random
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
    "jnp.array([1, 2, 250], dtype=jnp.uint8)",
    "jnp.uint8(7)",
    "jnp.bitwise_count(jnp.array([7, -1, 0]))",
    "jnp.arange(6, dtype=jnp.uint8).reshape(2, 3)",
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


rng = random.Random(7)


def value(kind, dtype):
    """A generated element of `kind` as Python source, fit for `dtype`."""
    if dtype in ("int32", "int64"):
        return str(rng.choice([-1, 1]) * rng.randint(0, 10 ** rng.randint(0, 9 if dtype == "int32" else 15)))
    if dtype in ("int8",):
        return str(rng.randint(-128, 127))
    if dtype in ("uint8",):
        return str(rng.randint(0, 255))
    if dtype == "bool":
        return rng.choice(["True", "False"])
    big = 4 if dtype == "float16" else 30
    if rng.random() < 0.06:
        return rng.choice(["float('nan')", "float('inf')", "float('-inf')", "-0.0", "0.0"])
    v = {
        "decimal": lambda: round(rng.uniform(-100, 100), rng.randint(0, 4)),
        "wide": lambda: rng.choice([-1, 1]) * 10 ** rng.uniform(-6, min(big, 10)),
        "integral": lambda: float(rng.randint(-1000, 1000)),
        "tie": lambda: rng.randint(-999, 999) / 2 ** rng.randint(1, 12),
        "tiny": lambda: rng.choice([-1, 1]) * 10 ** rng.uniform(-7 if dtype == "float16" else -40, -4),
        "huge": lambda: rng.choice([-1, 1]) * 10 ** rng.uniform(4, big),
        "third": lambda: rng.randint(1, 50) / rng.choice([3, 7, 9, 11]),
    }[kind]()
    return repr(v)


def literal(shape, kind, dtype):
    if not shape:
        return value(kind, dtype)
    return "[" + ", ".join(literal(shape[1:], kind, dtype) for _ in range(shape[0])) + "]"


SHAPES = [(1,), (3,), (7,), (12,), (30,), (2, 2), (3, 4), (5, 9), (2, 3, 4), (3, 1, 5), (2, 2, 2, 3), (1, 1)]
KINDS = ["decimal", "wide", "integral", "tie", "tiny", "huge", "third"]
NP_DTYPES = ["float64", "float32", "float16", "int64", "int32", "int8", "uint8", "bool"]
JNP_DTYPES = ["float32", "int32", "bool"]


def generated():
    exprs = []
    for _ in range(160):
        shape = rng.choice(SHAPES)
        kinds = rng.sample(KINDS, rng.choice([1, 1, 2]))
        side, dtypes = rng.choice([("np", NP_DTYPES), ("jnp", JNP_DTYPES)])
        dtype = rng.choice(dtypes)
        # One kind per row for a mixed array: the layout is chosen from all of them.
        rows = [literal(shape[1:], rng.choice(kinds), dtype) for _ in range(shape[0])]
        exprs.append(f"{side}.array([{', '.join(rows)}], dtype={side}.{dtype})")
    for shape in [(1001,), (40, 30), (3, 400), (11, 11, 11), (2, 3, 200), (1200, 1), (2, 2, 2, 2, 80)]:
        n = math.prod(shape)
        dims = ", ".join(map(str, shape))
        # Exactly rounded ops only: XLA turns `x / 3` into `x * (1/3)`, a last-bit difference
        # in the values that is not a printing one.
        for side, dtype, op in [("np", "float64", " / 7"), ("np", "float32", " * 0.25 - 100"), ("np", "int32", ""),
                                ("jnp", "float32", " * 0.1"), ("jnp", "float32", " * 1e-05"), ("jnp", "int32", " - 500")]:
            exprs.append(f"{side}.arange({n}, dtype={side}.{dtype}).reshape({dims}){op}")
    for _ in range(40):
        kind = rng.choice(KINDS)
        for ctor in ["np.float32", "np.float64", "jnp.float32", "np.float16"]:
            exprs.append(f"{ctor}({value(kind, 'float16' if ctor == 'np.float16' else 'float32')})")
    exprs += [f"np.array({value(rng.choice(KINDS), 'float64')})" for _ in range(10)]
    exprs += [f"np.array({value(rng.choice(KINDS), 'float32')}, dtype=np.float32)" for _ in range(10)]
    exprs += [f"np.int32({value('', 'int32')})" for _ in range(5)] + [f"jnp.int32({value('', 'int32')})" for _ in range(5)]
    # format() of NumPy and JAX values: a scalar or 0-d array formats as a Python float or int.
    for _ in range(12):
        v = value(rng.choice(KINDS), "float32")
        spec = rng.choice(["", ".3f", "10.4e", "g", ">12", "+.2%", "#.3g"])
        exprs += [f"format(np.float32({v}), {spec!r})", f"format(jnp.float32({v}), {spec!r})",
                  f"format(np.float64({v}), {spec!r})", f"format(np.array({v}), {spec!r})"]
    exprs += ["f'{np.int32(255):#x}|{np.bool_(True):>5}|{jnp.int32(-7):05d}|{np.int64(12345678):,}'",
              "f'{jnp.arange(3.0)}|{np.arange(3)}|{jnp.array(True)}|{np.float32(0.1)}'",
              "f'{jnp.arange(2.0)!r}|{np.float32(0.5)!r}|{np.array(1.5)!s}'"]
    exprs += ["np.bool_(True)", "np.bool_(False)", "jnp.array(2.5)", "jnp.array(True)", "np.zeros((0, 3))",
              "jnp.zeros((2, 0))", "np.zeros((3, 0), np.int32)", "jnp.array([float('nan'), float('inf')])",
              "np.array([float('-inf'), 1.5, float('nan')])", "np.array([-0.0, 0.0])", "jnp.full((2, 40), -1.0e-10)",
              "np.full((3, 9), 123456.789)", "jnp.ones((4, 30)) * 1234.5", "np.arange(74.0)", "np.arange(76.0)",
              "jnp.arange(19.0) * 100.5", "np.array([1.0, 1000.0, 1e-4])", "np.array([1.0, 1000.1])",
              "np.array([1e-4, 1e-5], dtype=np.float32)", "np.array([9999999.0, 1.0], dtype=np.float32)",
              "np.array([1e6, 1.0], dtype=np.float32)", "np.array([1e8, 1.0])", "np.array([65504.0, 1.0], dtype=np.float16)"]
    return exprs


def main():
    rows = []
    for e in EXPRS + generated():
        v = eval(e, {"jax": jax, "jnp": jnp, "np": np})
        rows.append({"expr": e, "str": str(v), "repr": repr(v)})
    with open("tests/js/fixtures/python_printing.json", "w") as f:
        f.write(f'{{"jax": "{jax.__version__}", "numpy": "{np.__version__}", "rows": [\n')
        f.write(",\n".join(json.dumps(r) for r in rows))
        f.write("\n]}\n")


main()
