"""Records more jax.random samplers from real JAX 0.10.2 (CPU, 64-bit off) into
random-values-more.json, which tests/engine_random_more.rs compares bit for bit (floats as
their uint32 bit patterns): gumbel, exponential, laplace, logistic, normal, rademacher,
categorical, permutation and choice, eagerly and under vmap.

Run: /work/venv/bin/python tests/oracle/random_values_more.py
"""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import random

SEEDS = [0, 42, -1]
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


LOGITS = np.array([[0.5, -1.0, 2.0, 0.0], [1.0, 1.0, -3.0, 0.25]], np.float32)
for seed in SEEDS:
    key = random.key(seed)
    for name in ["gumbel", "exponential", "laplace", "logistic", "normal"]:
        for shape in [[], [5], [2, 3], [2048]]:
            add(name, seed, {"shape": shape}, getattr(random, name)(key, tuple(shape)))
    add("rademacher", seed, {"shape": [10]}, random.rademacher(key, (10,)))
    for axis, shape in [(-1, None), (0, None), (-1, [3, 2])]:
        add("categorical", seed, {"logits": LOGITS.tolist(), "axis": axis, "shape": shape},
            random.categorical(key, LOGITS, axis=axis, shape=shape))
    for n in [1, 10, 2000]:
        add("permutation_int", seed, {"n": n}, random.permutation(key, n))
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    for axis in [0, 1]:
        for independent in [False, True]:
            add("permutation", seed, {"axis": axis, "independent": independent},
                random.permutation(key, x, axis=axis, independent=independent))
    for replace in [True, False]:
        add("choice_int", seed, {"n": 10, "shape": [3], "replace": replace},
            random.choice(key, 10, (3,), replace=replace))
        add("choice", seed, {"axis": 1, "shape": [2], "replace": replace},
            random.choice(key, x, (2,), replace=replace, axis=1))
    keys = random.split(key, 3)
    add("vmap_normal", seed, {"n": 3, "shape": [4]},
        jax.vmap(lambda k: random.normal(k, (4,)))(keys))
    add("vmap_gumbel", seed, {"n": 3, "shape": [4]},
        jax.vmap(lambda k: random.gumbel(k, (4,)))(keys))
    add("vmap_permutation", seed, {"n": 3, "len": 6},
        jax.vmap(lambda k: random.permutation(k, 6))(keys))

out = pathlib.Path(__file__).with_name("random-values-more.json")
out.write_text(json.dumps({"jax": jax.__version__, "cases": cases}, indent=0) + "\n")
print(f"wrote {len(cases)} cases to {out}")
