"""Runs differential-test programs in real JAX: one JSON request per line on stdin
({"id", "py", "inputs", "modes"}, written by tests/differential/run.mjs), one JSON answer per line
on stdout ({"id", "results": {mode: {"out": [...], "calls": [...]} | {"error": ...}}}).
The modes and the encoding mirror tests/differential/harness.mjs, the jaxplay side."""

import json
import math
import os
import sys
import warnings

# Thousands of tiny programs are dominated by XLA compile time: LLVM's -O0 compiles several times
# faster and changes no result (XLA's HLO passes, which decide semantics, still run; fast-math is
# off either way). Set JAX_DIFF_XLA_FLAGS="" to run with XLA's defaults.
os.environ.setdefault("XLA_FLAGS", os.environ.get(
    "JAX_DIFF_XLA_FLAGS", "--xla_backend_optimization_level=0 --xla_cpu_multi_thread_eigen=false"))

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback

warnings.simplefilter("ignore")
LOG = []


def host_double(x):
    LOG.append(["double", list(np.shape(x))])
    return np.asarray(x) * 2


def host_log(x):
    LOG.append(["log", list(np.shape(x))])


cj_triple = jax.custom_jvp(lambda x: x * 3)
cj_triple.defjvp(lambda primals, tangents: (primals[0] * 3, tangents[0] * 10))
cv_triple = jax.custom_vjp(lambda x: x * 3)
cv_triple.defvjp(lambda x: (x * 3, x), lambda res, ct: (ct * res * 2,))

NAMESPACE = dict(jax=jax, jnp=jnp, lax=lax, np=np, io_callback=io_callback, host_double=host_double,
                 host_log=host_log, cj_triple=cj_triple, cv_triple=cv_triple)


def decode(v):
    return {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}.get(v, v) if isinstance(v, str) else v


def encode(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
    return v


def make_arg(x, values, shape, batched):
    if x["bare"] and not batched:
        return float(decode(values[0]))
    data = np.array([decode(v) for v in values], dtype=x["dtype"]).reshape(shape)
    return jnp.array(data)


def leaf(a):
    if isinstance(a, (int, float, bool)):
        a = jnp.asarray(a)
    arr = np.asarray(a)
    if arr.dtype == jax.dtypes.float0:  # integer/bool tangents: JAX's zero-size tangent dtype
        return {"shape": list(arr.shape), "dtype": "float0", "weak": False, "values": []}
    vals = arr.reshape(-1).tolist()
    return {"shape": list(arr.shape), "dtype": str(arr.dtype), "weak": bool(getattr(a, "weak_type", False)),
            "values": [encode(float(v)) if arr.dtype == np.float32 else v for v in vals]}


def run_mode(f, prog, mode):
    inputs = prog["inputs"]
    args = [make_arg(x, x["values"], x["shape"], False) for x in inputs]
    if mode == "eager":
        outs = [f(*args)]
    elif mode == "jit":
        outs = [jax.jit(f)(*args)]
    elif mode == "vmap":
        bargs = [make_arg(x, x["batchedValues"], [2] + x["shape"], True) if x["batched"] else a
                 for x, a in zip(inputs, args)]
        in_axes = tuple(0 if x["batched"] else None for x in inputs)
        outs = [jax.vmap(f, in_axes=in_axes)(*bargs)]
    elif mode == "grad":
        outs = [jax.grad(lambda *a: jnp.sum(f(*a)))(*args)]
    elif mode == "jvp":
        tangents = [make_arg(x, x["tangent"], x["shape"], False) for x in inputs]
        outs = list(jax.jvp(f, tuple(args), tuple(tangents)))
    else:
        raise ValueError(mode)
    jax.block_until_ready(outs)
    jax.effects_barrier()
    return [leaf(o) for o in outs]


def run(prog):
    ns = dict(NAMESPACE)
    exec(prog["py"], ns)
    f = ns["f"]
    results = {}
    for mode in prog["modes"]:
        LOG.clear()
        try:
            out = run_mode(f, prog, mode)
            results[mode] = {"out": out, "calls": list(LOG)}
        except Exception as e:  # the message is what is compared
            try:
                jax.effects_barrier()
            except Exception:
                pass
            results[mode] = {"error": f"{type(e).__name__}: {e}"}
    return results


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        prog = json.loads(line)
        print(json.dumps({"id": prog["id"], "results": run(prog)}, default=repr), flush=True)


if __name__ == "__main__":
    main()
