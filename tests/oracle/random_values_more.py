"""Records more jax.random samplers from real JAX 0.10.2 (CPU, 64-bit off) into
random-values-more.json, which tests/engine_random_more.rs compares bit for bit (floats as
their uint32 bit patterns): gumbel, exponential, laplace, logistic, normal, rademacher,
categorical, permutation and choice, cauchy, pareto, rayleigh, maxwell, double_sided_maxwell,
weibull_min, lognormal, geometric, triangular, truncated_normal, multivariate_normal, choice
with p and categorical without replacement, eagerly and under vmap.

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

P = np.array([0.1, 0.0, 0.5, 0.15, 0.25], np.float32)
P40 = (np.arange(40, dtype=np.float32) % 7 + 0.5).astype(np.float32)
COV = np.array([[4.0, 2.0], [2.0, 5.0]], np.float32)  # Cholesky factor [[2, 0], [1, 2]]
MEAN = np.array([1.0, -2.0], np.float32)
for seed in SEEDS:
    key = random.key(seed)
    for name in ["cauchy", "maxwell"]:
        for shape in [[], [5], [2048]]:
            add(name, seed, {"shape": shape}, getattr(random, name)(key, tuple(shape)))
    for shape in [None, [7], [2, 3], [2048]]:
        s = None if shape is None else tuple(shape)
        add("pareto", seed, {"b": 3.0, "shape": shape}, random.pareto(key, 3.0, s))
        add("rayleigh", seed, {"scale": 2.0, "shape": shape}, random.rayleigh(key, 2.0, s))
        add("lognormal", seed, {"sigma": 0.5, "shape": shape}, random.lognormal(key, 0.5, s))
        add("geometric", seed, {"p": 0.3, "shape": shape}, random.geometric(key, 0.3, s))
        add("triangular", seed, {"left": -1.0, "mode": 0.5, "right": 2.0, "shape": shape},
            random.triangular(key, -1.0, 0.5, 2.0, s))
        add("truncated_normal", seed, {"lower": -1.5, "upper": 0.75, "shape": shape},
            random.truncated_normal(key, -1.5, 0.75, s))
    add("truncated_normal_arr", seed, {"shape": [4]},
        random.truncated_normal(key, jnp.array([-3.0, 0.0, 1.0, -0.5]), 2.5, (4,)))
    add("pareto_arr", seed, {"shape": [2, 3]},
        random.pareto(key, jnp.array([1.0, 2.0, 4.0]), (2, 3)))
    for shape in [[], [6], [2048]]:
        add("double_sided_maxwell", seed, {"loc": 1.0, "scale": 2.0, "shape": shape},
            random.double_sided_maxwell(key, 1.0, 2.0, tuple(shape)))
        add("weibull_min", seed, {"scale": 2.0, "concentration": 3.0, "shape": shape},
            random.weibull_min(key, 2.0, 3.0, tuple(shape)))
    for shape in [None, [3], [1000]]:
        add("multivariate_normal", seed, {"shape": shape},
            random.multivariate_normal(key, MEAN, COV, None if shape is None else tuple(shape)))
    for replace in [True, False]:
        add("choice_p", seed, {"n": 5, "shape": [3], "replace": replace},
            random.choice(key, 5, (3,), replace=replace, p=P))
        add("choice_p_arr", seed, {"shape": [2], "replace": replace},
            random.choice(key, np.arange(12, dtype=np.int32).reshape(3, 4), (2,),
                          replace=replace, p=P[:4] + 0.1, axis=1))
        add("choice_p40", seed, {"shape": [1000 if replace else 30], "replace": replace},
            random.choice(key, 40, (1000 if replace else 30,), replace=replace, p=P40))
    for axis, shape in [(-1, [3, 2]), (0, [2, 4]), (1, [4, 2])]:
        add("categorical_noreplace", seed, {"logits": LOGITS.tolist(), "axis": axis,
                                             "shape": shape},
            random.categorical(key, LOGITS, axis=axis, shape=tuple(shape), replace=False))
    keys = random.split(key, 3)
    add("vmap_cauchy", seed, {"n": 3, "shape": [4]},
        jax.vmap(lambda k: random.cauchy(k, (4,)))(keys))
    add("vmap_truncated_normal", seed, {"n": 3, "shape": [4]},
        jax.vmap(lambda k: random.truncated_normal(k, -1.0, 2.0, (4,)))(keys))
    add("vmap_choice_p", seed, {"n": 3, "shape": [3]},
        jax.vmap(lambda k: random.choice(k, 5, (3,), replace=False, p=P))(keys))

out = pathlib.Path(__file__).with_name("random-values-more.json")
out.write_text(json.dumps({"jax": jax.__version__, "cases": cases}, indent=0) + "\n")
print(f"wrote {len(cases)} cases to {out}")
