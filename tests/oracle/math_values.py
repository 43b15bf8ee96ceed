"""Records real JAX's values of the math primitives for tests/engine_math.rs.

Run with a virtualenv that has `jax==0.10.2` (CPU, 64-bit off):
    python tests/oracle/math_values.py
Writes tests/oracle/math-values.json: for each op, its inputs, JAX's outputs and (where NumPy
or SciPy has the function) the float64 value rounded to f32, the reference for accuracy, as f32
bit patterns (exact, and NaN payloads kept apart from parsing), from a fixed seed. Needs SciPy. The points mix a
uniform spread over the op's natural domain, magnitudes spread over the exponents, and the
special values (±0, ±inf, NaN, integers, the edges of the domain).
"""
import json
import pathlib

import jax
import numpy as np
import scipy.special as sc
from jax import lax

OUT = pathlib.Path(__file__).parent / "math-values.json"
rng = np.random.default_rng(20260101)
SPECIALS = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0,
            1e-30, -1e-30, 1e30, -1e30, 3e38, -3e38, 1.4616321, 10.0, -10.5, 100.0, -100.0]


def points(lo, hi, n):
    """n points: half uniform in [lo, hi], half ± log-uniform magnitudes, then the specials."""
    uniform = rng.uniform(lo, hi, n // 2)
    mags = 10.0 ** rng.uniform(-38, 38, n - n // 2)
    signs = rng.choice([-1.0, 1.0], n - n // 2)
    x = np.concatenate([uniform, mags * signs, SPECIALS]).astype(np.float32)
    # Subnormal inputs are flushed to zero by XLA on CPU and kept by jaxplay: left out.
    return x[~((x != 0) & (np.abs(x) < np.finfo(np.float32).tiny))]


def bits(a):
    return np.asarray(a, np.float32).view(np.uint32).tolist()


UNARY = {
    # op: (domain lo, hi, count)
    "sqrt": (0, 100, 400), "rsqrt": (0, 100, 400), "cbrt": (-100, 100, 400),
    "tanh": (-10, 10, 400), "logistic": (-20, 20, 400), "tan": (-10, 10, 400),
    "asin": (-1, 1, 400), "acos": (-1, 1, 400), "atan": (-10, 10, 400),
    "sinh": (-10, 10, 400), "cosh": (-10, 10, 400), "asinh": (-10, 10, 400),
    "acosh": (1, 10, 400), "atanh": (-1, 1, 400), "expm1": (-5, 5, 400),
    "log1p": (-1, 5, 400), "exp2": (-20, 20, 400),
    "erf": (-5, 5, 3000), "erfc": (-5, 12, 3000), "erf_inv": (-1, 1, 3000),
    "lgamma": (-20, 40, 3000), "digamma": (-20, 40, 3000),
    "square": (-100, 100, 200), "abs": (-100, 100, 200), "sign": (-2, 2, 200),
    "floor": (-10, 10, 200), "ceil": (-10, 10, 200),
}

BINARY = {
    "max": (-2, 2, 300), "min": (-2, 2, 300), "pow": (0, 4, 1000), "atan2": (-2, 2, 1000),
    "rem": (-10, 10, 600), "nextafter": (-2, 2, 300),
}


# float64 references, rounded once to f32.
REFERENCE = {
    "sqrt": np.sqrt, "rsqrt": lambda x: 1 / np.sqrt(x), "cbrt": np.cbrt, "tanh": np.tanh,
    "logistic": sc.expit, "tan": np.tan, "asin": np.arcsin, "acos": np.arccos,
    "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh, "asinh": np.arcsinh,
    "acosh": np.arccosh, "atanh": np.arctanh, "expm1": np.expm1, "log1p": np.log1p,
    "exp2": np.exp2, "erf": sc.erf, "erfc": sc.erfc, "erf_inv": sc.erfinv,
    "lgamma": sc.gammaln, "digamma": sc.psi, "atan2": np.arctan2, "pow": np.power,
    "polygamma": lambda m, x: sc.polygamma(m.astype(int), x),
}


def reference(name, *args):
    f = REFERENCE.get(name)
    if f is None:
        return None
    with np.errstate(all="ignore"):
        return bits(f(*[a.astype(np.float64) for a in args]).astype(np.float32))


def main():
    out = {"unary": {}, "binary": {}}
    for name, (lo, hi, n) in UNARY.items():
        x = points(lo, hi, n)
        y = getattr(lax, name)(x)
        out["unary"][name] = {"x": bits(x), "out": bits(y), "ref": reference(name, x)}
    for name, (lo, hi, n) in BINARY.items():
        x, y = points(lo, hi, n), points(lo, hi, n)
        x, y = rng.permutation(x)[: min(len(x), len(y))], rng.permutation(y)[: min(len(x), len(y))]
        z = getattr(lax, name)(x, y)
        out["binary"][name] = {"x": bits(x), "y": bits(y), "out": bits(z),
                                "ref": reference(name, x, y)}
    m = np.array([1.0, 1.0, 2.0, 3.0] * 500, np.float32)
    x = points(-10, 20, 2000)[: len(m)]
    m = m[: len(x)]
    out["binary"]["polygamma"] = {"x": bits(m), "y": bits(x), "out": bits(lax.polygamma(m, x)),
                                  "ref": reference("polygamma", m, x)}
    OUT.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"wrote {OUT} with JAX {jax.__version__}")


if __name__ == "__main__":
    main()
