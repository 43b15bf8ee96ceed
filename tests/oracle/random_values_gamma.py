"""Records jax.random's gamma family from real JAX 0.10.2 (CPU, 64-bit off) into
random-values-gamma.json, which tests/engine_random_gamma.rs compares bit for bit (floats as
their uint32 bit patterns): `gamma` and `loggamma` (the `random_gamma` primitive, whose CPU
lowering runs Marsaglia and Tsang's rejection loop vmapped over one key per element) over a
range of shape parameters, with array parameters and under vmap; `generalized_normal`, `ball`,
`beta` and `dirichlet`, built on them; and the jaxprs of each with JAX's nested `jit`s inlined.

Run: /work/venv/bin/python tests/oracle/random_values_gamma.py
"""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import random

from api_numpy_extra import inline

SEEDS = [0, 42, -1]
ALPHAS = [1e-3, 0.01, 0.3, 0.9, 1.0, 1.5, 3.0, 10.0, 1000.0, 1e6]
cases = []


def words(x):
    x = np.asarray(x)
    if x.dtype == np.float32:
        x = x.view(np.uint32)
    return [int(v) for v in x.astype(np.int64).ravel()]


def add(fn, seed, args, out):
    out = np.asarray(out)
    cases.append({"fn": fn, "seed": seed, "args": args, "shape": list(out.shape),
                  "dtype": str(out.dtype), "data": words(out)})


A23 = np.array([[0.2, 1.0, 2.5], [7.0, 0.05, 30.0]], np.float32)
# 1000 shape parameters spread log-uniformly over [1e-2, 1e3]: each its own `c = 1/(3 sqrt(d))`,
# so XLA's rsqrt is met at 1000 points.
MANY = (10.0 ** np.linspace(-2, 3, 1000)).astype(np.float32)
ALPHA3 = np.array([0.5, 1.0, 2.0], np.float32)
for seed in SEEDS:
    key = random.key(seed)
    for a in ALPHAS:
        add("gamma", seed, {"a": a, "shape": [64]}, random.gamma(key, a, (64,)))
        add("loggamma", seed, {"a": a, "shape": [64]}, random.loggamma(key, a, (64,)))
    add("gamma", seed, {"a": 0.7, "shape": [2048]}, random.gamma(key, 0.7, (2048,)))
    add("gamma", seed, {"a": 2.0, "shape": []}, random.gamma(key, 2.0, ()))
    add("gamma_arr", seed, {"shape": None}, random.gamma(key, A23))
    add("gamma_arr", seed, {"shape": [4, 2, 3]}, random.gamma(key, A23, (4, 2, 3)))
    add("loggamma_arr", seed, {"shape": None}, random.loggamma(key, A23))
    add("gamma_many", seed, {"a": MANY.tolist(), "shape": None}, random.gamma(key, MANY))
    keys = random.split(key, 3)
    add("vmap_gamma", seed, {"n": 3, "shape": [4]},
        jax.vmap(lambda k: random.gamma(k, 1.5, (4,)))(keys))
    add("vmap_gamma_arr", seed, {"n": 3},
        jax.vmap(lambda k, a: random.gamma(k, a, (2, 3)))(keys, jnp.asarray(ALPHA3)[:, None, None] * jnp.ones((3, 1, 1))))
    for p in [0.5, 1.0, 2.0, 4.0]:
        add("generalized_normal", seed, {"p": p, "shape": [5]},
            random.generalized_normal(key, p, (5,)))
    add("generalized_normal", seed, {"p": 1.5, "shape": [2, 3]},
        random.generalized_normal(key, 1.5, (2, 3)))
    for d, p, shape in [(3, 2, []), (3, 2, [4]), (2, 1, [10]), (5, 0.5, [2, 2])]:
        add("ball", seed, {"d": d, "p": p, "shape": shape},
            random.ball(key, d, p, tuple(shape)))
    add("beta", seed, {"a": 0.5, "b": 2.0, "shape": [5]}, random.beta(key, 0.5, 2.0, (5,)))
    add("beta", seed, {"a": 3.0, "b": 3.0, "shape": None}, random.beta(key, 3.0, 3.0))
    add("beta_arr", seed, {"shape": None}, random.beta(key, A23, 1.5))
    add("dirichlet", seed, {"shape": None}, random.dirichlet(key, ALPHA3))
    add("dirichlet", seed, {"shape": [4]}, random.dirichlet(key, ALPHA3, (4,)))


def jaxpr(f, *args):
    closed = jax.make_jaxpr(f)(*args)
    return str(jax.make_jaxpr(inline(closed, []))(*args))


key = random.key(0)
jaxprs = {
    "gamma": jaxpr(lambda k: random.gamma(k, 2.0, (3,)), key),
    "gamma_arr": jaxpr(lambda k, a: random.gamma(k, a, (4, 2, 3)), key, A23),
    "loggamma": jaxpr(lambda k: random.loggamma(k, 0.5, (3,)), key),
    "generalized_normal": jaxpr(lambda k, p: random.generalized_normal(k, p, (2, 3)), key, 1.5),
    "ball": jaxpr(lambda k, p: random.ball(k, 3, p, (4,)), key, 2),
    "ball_float_p": jaxpr(lambda k, p: random.ball(k, 2, p, (3,)), key, 1.5),
    "beta": jaxpr(lambda k: random.beta(k, 0.5, 2.0, (5,)), key),
    "dirichlet": jaxpr(lambda k, a: random.dirichlet(k, a, (4,)), key, ALPHA3),
    "vmap_gamma": jaxpr(jax.vmap(lambda k: random.gamma(k, 1.5, (4,))), random.split(key, 3)),
}

out = pathlib.Path(__file__).with_name("random-values-gamma.json")
out.write_text(json.dumps({"jax": jax.__version__, "cases": cases, "jaxprs": jaxprs}, indent=0) + "\n")
print(f"wrote {len(cases)} cases to {out}")
