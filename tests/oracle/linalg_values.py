"""Records real JAX's jnp.linalg values, gradients and jaxprs for tests/engine_linalg.rs.

Run with a virtualenv that has `jax==0.10.2` (CPU, 64-bit off):
    python tests/oracle/linalg_values.py
Writes tests/oracle/linalg-values.json from a fixed seed:
- `values`: calls (function name, positional args, keyword args) on random well-conditioned
  matrices and JAX's outputs; `sign` says which outputs are only defined up to the sign of an
  eigen/singular vector ("eigh": columns of output 1; "svd": columns of u paired with rows of vh).
- `grads`: the gradient of sum(w * f(x)) for fixed weights w.
- `jaxprs`: `jax.make_jaxpr` text of the primitives jaxplay prints as JAX does.
Numbers are plain floats; "inf"/"-inf"/"nan" are strings.
"""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

OUT = pathlib.Path(__file__).parent / "linalg-values.json"
rng = np.random.default_rng(20260215)


def mat(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def spd(n, batch=()):
    a = mat(*batch, n, n)
    return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n, dtype=np.float32)).astype(np.float32)


def well(n, batch=()):
    return (mat(*batch, n, n) + 3 * np.eye(n, dtype=np.float32)).astype(np.float32)


def enc(v):
    if isinstance(v, (np.ndarray, jax.Array)):
        a = np.asarray(v)
        return {"shape": list(a.shape), "dtype": str(a.dtype),
                "data": [num(x) for x in a.ravel().tolist()]}
    if isinstance(v, float):
        return {"float": num(v)}
    if isinstance(v, bool):
        return {"bool": v}
    if isinstance(v, int):
        return {"int": v}
    if isinstance(v, str):
        return {"str": v}
    if isinstance(v, (list, tuple)):
        return {"seq": [enc(x) for x in v]}
    if v is None:
        return {"none": True}
    raise TypeError(type(v))


def num(x):
    if isinstance(x, bool):
        return float(x)
    if np.isnan(x):
        return "nan"
    if np.isinf(x):
        return "inf" if x > 0 else "-inf"
    return float(x)


values = []


def case(name, args, kwargs=None, sign=None):
    kwargs = kwargs or {}
    fn = getattr(jnp.linalg, name)
    out = fn(*args, **kwargs)
    outs = list(out) if isinstance(out, tuple) else [out]
    values.append({"fn": name, "args": [enc(a) for a in args],
                   "kwargs": {k: enc(v) for k, v in kwargs.items()},
                   "out": [enc(o) for o in outs], "sign": sign})


A3, A4, A5 = well(3), well(4), well(5)
S3, S4 = spd(3), spd(4)
B = well(3, (2,))
R = mat(4, 3)
W = mat(3, 5)
for a in [A3, A4, well(2), well(1), B]:
    case("det", [a])
for a in [A3, A5, well(2), B, -A4]:
    case("slogdet", [a])
for a in [A3, A4, B]:
    case("inv", [a])
case("solve", [A3, mat(3)])
case("solve", [A4, mat(4, 2)])
case("solve", [B, mat(2, 3, 2)])
for a in [S3, S4, spd(3, (2,))]:
    case("cholesky", [a])
case("cholesky", [S3], {"upper": True})
for a in [R, W, A4, mat(2, 3, 3)]:
    case("qr", [a])
case("qr", [R], {"mode": "complete"})
case("qr", [W], {"mode": "r"})
for a in [S3, S4, spd(3, (2,))]:
    case("eigh", [a], sign="eigh")
    case("eigvalsh", [a])
for a in [A3, R, W]:
    case("svd", [a], {"full_matrices": False}, sign="svd")
    case("svdvals", [a])
case("svd", [A4], sign="svd")
case("svd", [R], {"compute_uv": False})
X = mat(3, 4)
V = mat(5)
case("norm", [V])
case("norm", [X])
for o in [1, -1, 2, -2, float("inf"), float("-inf"), "fro", "nuc"]:
    case("norm", [X], {"ord": o})
for o in [0, 1, 3, float("inf"), float("-inf")]:
    case("norm", [V], {"ord": o})
case("norm", [mat(2, 3, 4)], {"axis": (0, 2), "keepdims": True})
case("norm", [mat(2, 3, 4)], {"axis": 1, "ord": 1})
case("vector_norm", [X], {"axis": 1, "keepdims": True})
case("vector_norm", [X], {"ord": 1})
case("matrix_norm", [mat(2, 3, 4)])
case("matrix_norm", [X], {"ord": "nuc", "keepdims": True})
case("matrix_rank", [A4])
case("matrix_rank", [np.outer(mat(4), mat(3)).astype(np.float32)])
case("pinv", [R])
case("pinv", [A3])
for n in [0, 1, 2, 3, 5, -2]:
    case("matrix_power", [A3 / 3, n])
case("matrix_transpose", [mat(2, 3, 4)])
case("lstsq", [R, mat(4)])
case("lstsq", [R, mat(4, 2)])
case("cross", [mat(3), mat(3)])
case("cross", [mat(2, 3), mat(2, 3)])
case("cross", [mat(3, 2), mat(3, 2)], {"axis": 0})
case("outer", [mat(3), mat(4)])
case("multi_dot", [[mat(2, 3), mat(3, 4), mat(4)]])
case("trace", [mat(3, 4)])
case("trace", [mat(2, 3, 3)], {"offset": 1})
case("diagonal", [mat(3, 4)], {"offset": -1})
case("diagonal", [mat(2, 4, 3)])
case("matmul", [mat(2, 3, 4), mat(4, 5)])
case("matmul", [mat(4), mat(2, 4, 3)])
case("vecdot", [mat(2, 3), mat(2, 3)])

grads = []


def grad_case(name, f, x, *extra):
    w = mat(*np.shape(f(x, *extra)))
    g = jax.grad(lambda x: jnp.sum(w * f(x, *extra)))(x)
    grads.append({"name": name, "x": enc(x), "w": enc(w),
                  "extra": [enc(e) for e in extra], "grad": enc(g)})


grad_case("det", jnp.linalg.det, A3)
grad_case("det", jnp.linalg.det, A4)
grad_case("slogdet", lambda a: jnp.linalg.slogdet(a)[1], A4)
grad_case("inv", jnp.linalg.inv, A3)
grad_case("solve", jnp.linalg.solve, A3, mat(3, 2))
grad_case("cholesky", jnp.linalg.cholesky, S3)
grad_case("eigvalsh", jnp.linalg.eigvalsh, S3)
grad_case("norm", jnp.linalg.norm, X)
grad_case("norm_nuc", lambda a: jnp.linalg.norm(a, ord="nuc"), X)
grad_case("svdvals", jnp.linalg.svdvals, R)
grad_case("qr_r", lambda a: jnp.linalg.qr(a)[1], R)
grad_case("qr_q", lambda a: jnp.linalg.qr(a)[0], R)
grad_case("pinv", jnp.linalg.pinv, R)

L = jnp.tril(S3)
jaxprs = {
    "cholesky": jax.make_jaxpr(lax.linalg.cholesky_p.bind)(S3),
    "lu": jax.make_jaxpr(lax.linalg.lu)(A3),
    "triangular_solve": jax.make_jaxpr(
        lambda a, b: lax.linalg.triangular_solve(a, b, left_side=True, lower=True))(L, mat(3, 2)),
    "qr": jax.make_jaxpr(lambda a: lax.linalg.qr(a, full_matrices=False))(R),
    "eigh": jax.make_jaxpr(lambda a: lax.linalg.eigh(a, symmetrize_input=False))(S3),
    "svd": jax.make_jaxpr(lambda a: lax.linalg.svd(a, full_matrices=False))(R),
    "jvp_cholesky": jax.make_jaxpr(
        lambda a, t: jax.jvp(lambda a: lax.linalg.cholesky(a, symmetrize_input=False),
                             (a,), (t,)))(S3, S3),
    "jvp_triangular_solve": jax.make_jaxpr(
        lambda a, b: jax.jvp(lambda a, b: lax.linalg.triangular_solve(
            a, b, left_side=True, lower=True), (a, b), (a, b)))(L, mat(3, 2)),
    "jvp_eigh": jax.make_jaxpr(
        lambda a: jax.jvp(lambda a: lax.linalg.eigh(a, symmetrize_input=False),
                          (a,), (a,)))(S3),
}

OUT.write_text(json.dumps({"values": values, "grads": grads,
                           "jaxprs": {k: str(v) for k, v in jaxprs.items()}}, indent=0) + "\n")
print(f"wrote {OUT}: {len(values)} values, {len(grads)} grads, {len(jaxprs)} jaxprs")
