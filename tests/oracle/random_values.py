"""Records jax.random values from real JAX 0.10.2 (CPU, 64-bit off) into random-values.json,
which tests/engine_random.rs compares bit for bit (floats as their uint32 bit patterns).

Run: /work/venv/bin/python tests/oracle/random_values.py
"""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import random

from api_numpy_values import inline

SEEDS = [0, 1, 42, -1, 2**31 - 1, 123456789]
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


for seed in SEEDS:
    key = random.PRNGKey(seed)
    add("prng_key", seed, {}, key)
    for shape in [[2], [3], [2, 3]]:
        add("split", seed, {"shape": shape}, random.split(key, tuple(shape)))
    for d in [0, 1, 7, 2**31 - 1]:
        add("fold_in", seed, {"data": d}, random.fold_in(key, d))
    for shape in [[], [5], [2, 3]]:
        add("bits", seed, {"shape": shape}, random.bits(key, tuple(shape)))
    for shape in [[], [4], [2, 3]]:
        for lo, hi in [(0.0, 1.0), (-3.0, 5.0), (2.5, 2.5001)]:
            add("uniform", seed, {"shape": shape, "minval": lo, "maxval": hi},
                random.uniform(key, tuple(shape), minval=lo, maxval=hi))
    for shape in [[], [6], [2, 3]]:
        for lo, hi in [(0, 10), (-5, 5), (-2**31, 2**31 - 1), (5, 5), (7, 3), (0, 1), (-100, 1000)]:
            add("randint", seed, {"shape": shape, "minval": lo, "maxval": hi},
                random.randint(key, tuple(shape), lo, hi))
    for p in [0.0, 0.3, 0.9]:
        add("bernoulli", seed, {"p": p, "shape": [10]}, random.bernoulli(key, p, (10,)))
    add("vmap_bits", seed, {"n": 3, "shape": [2]},
        jax.vmap(lambda k: random.bits(k, (2,)))(random.split(random.key(seed), 3)))
    add("vmap_uniform", seed, {"n": 4, "shape": [3]},
        jax.vmap(lambda k: random.uniform(k, (3,)))(random.split(key, 4)))

jaxprs = {
    "key": str(jax.make_jaxpr(lambda: random.key(0))()),
    "prng_key": str(jax.make_jaxpr(lambda: random.PRNGKey(0))()),
    "split_raw": str(jax.make_jaxpr(lambda k: random.split(k, 4))(random.PRNGKey(0))),
    "split_typed": str(jax.make_jaxpr(lambda k: random.split(k, (2, 3)))(random.key(0))),
    "fold_in": str(jax.make_jaxpr(lambda k: random.fold_in(k, 3))(random.PRNGKey(0))),
    "bits": str(jax.make_jaxpr(lambda k: random.bits(k, (2,)))(random.PRNGKey(0))),
    "key_data": str(jax.make_jaxpr(lambda k: random.key_data(k))(random.key(0))),
    "vmap_bits": str(jax.make_jaxpr(jax.vmap(lambda k: random.bits(k, (2,))))(
        random.split(random.key(0), 3))),
}



def inlined(f, *args):
    """`f`'s jaxpr with JAX's nested `jit`s inlined, as jaxplay stages the samplers."""
    closed = jax.make_jaxpr(f)(*args)
    return str(jax.make_jaxpr(inline(closed, []))(*args))


raw = random.PRNGKey(0)
jaxprs.update({
    "uniform_inlined": inlined(lambda k: random.uniform(k, (3,)), raw),
    "uniform_range_inlined": inlined(
        lambda k: random.uniform(k, (2, 3), minval=-1.0, maxval=2.0), raw),
    "normal_inlined": inlined(lambda k: random.normal(k, (3,)), raw),
    "randint_inlined": inlined(lambda k: random.randint(k, (3,), 0, 10), raw),
    "randint_wide_inlined": inlined(
        lambda k: random.randint(k, (2, 3), -2**31, 2**31 - 1), raw),
})

out = pathlib.Path(__file__).with_name("random-values.json")
out.write_text(json.dumps({"jax": jax.__version__, "cases": cases, "jaxprs": jaxprs},
                          indent=0) + "\n")
print(f"wrote {len(cases)} cases to {out}")
