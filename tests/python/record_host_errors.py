"""Writes tests/js/fixtures/python_host_errors.json: what real JAX 0.10.2 raises when a host
callback fails, for tests/js/python_host_errors.test.mjs. Each program is generated from a
callback kind (pure_callback, io_callback unordered and ordered, jax.debug.callback,
jax.debug.print), a place it runs (jit: first and cached call; eager; vmap; vmap under jit;
lax.scan, lax.cond, lax.fori_loop; grad) and what the host does (raises ValueError, KeyError,
ZeroDivisionError; returns the wrong shape, a Python int, a bool, two results). Then programs
for keyword arguments to callbacks and jax.debug.print, and the batched-while errors.

Recorded per call: the exception class, its message without traceback frames, the frames that
are the program's own (file main.py), and its __cause__; and the program's printed output.

Run with JAX 0.10.2 (scripts/python-promotion-table.sh's venv, or /work/venv/bin/python).
"""
import contextlib
import io
import json
import re

import jax

PRELUDE = """import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import io_callback

out = []
def _t(f):
    try:
        f()
        out.append(None)
    except Exception as e:
        out.append([type(e).__name__, str(e), type(e.__cause__).__name__ if e.__cause__ is not None else None])
"""

HOSTS = {
    "value_error": "def host(x):\n    raise ValueError('boom')\n",
    "key_error": "def host(x):\n    return {}['k']\n",
    "zero_division": "def host(x):\n    return 1 / 0\n",
    "wrong_shape": "def host(x):\n    return np.zeros((2,), np.float32)\n",
    "python_int": "def host(x):\n    return 1\n",
    "python_bool": "def host(x):\n    return True\n",
    "two_results": "def host(x):\n    return (x, x)\n",
}
# A debug callback's host has no result to check: only the raising hosts apply.
RAISING = ["value_error", "key_error", "zero_division"]

# How each kind calls the host on a float32 scalar `x`, as an expression.
KINDS = {
    "pure": "jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x, vmap_method='sequential')",
    "io": "io_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)",
    "io_ordered": "io_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)",
    "debug": "(jax.debug.callback(host, x), x)[1]",
    "debug_print": "(jax.debug.print('{:d}', x), x)[1]",
}

# Where the call runs: source defining `g`, then the calls made (each one outcome).
PLACES = {
    "jit": ("g = jax.jit(lambda x: CALL)\n", ["g(jnp.float32(1.5))", "g(jnp.float32(2.5))"]),
    "eager": ("g = lambda x: CALL\n", ["g(jnp.float32(1.5))", "g(jnp.float32(2.5))"]),
    "vmap": ("g = jax.vmap(lambda x: CALL)\n", ["g(jnp.arange(2.0))"]),
    "jit_vmap": ("g = jax.jit(jax.vmap(lambda x: CALL))\n", ["g(jnp.arange(2.0))", "g(jnp.arange(2.0))"]),
    "scan": ("g = lambda xs: lax.scan(lambda c, x: (c, CALL), 0.0, xs)\n", ["g(jnp.arange(2.0))"]),
    "cond": ("g = lambda x: lax.cond(x > 0, lambda x: CALL, lambda x: x, x)\n", ["g(jnp.float32(1.5))"]),
    "fori_loop": ("g = lambda x: lax.fori_loop(0, 2, lambda i, x: CALL, x)\n", ["g(jnp.float32(1.5))"]),
    "grad": ("g = jax.grad(lambda x: CALL * x)\n", ["g(jnp.float32(1.5))"]),
}

EXTRA = {
    "debug_callback_keywords_jit": """
def show(*args, **kwargs):
    print(len(args), sorted(kwargs), [float(np.asarray(v)) for v in kwargs.values()])
f = jax.jit(lambda x, y: (jax.debug.callback(show, x, key=y, other=x * 2), x)[1])
_t(lambda: f(1.0, 2.0))
_t(lambda: f(3.0, 4.0))
_t(lambda: jax.debug.callback(show, 1.0, key=jnp.float32(5.0)))
_t(lambda: jax.vmap(lambda x: (jax.debug.callback(show, x, key=x + 1), x)[1])(jnp.arange(2.0)))
""",
    "pure_callback_keywords": """
def host(x, *, scale):
    return np.asarray(x) * np.asarray(scale)
f = jax.jit(lambda x, s: jax.pure_callback(host, jax.ShapeDtypeStruct((3,), jnp.float32), x, scale=s))
_t(lambda: print(f(jnp.arange(3.0), 2.0)))
_t(lambda: print(io_callback(lambda x, k: np.asarray(x) + np.asarray(k), jax.ShapeDtypeStruct((), jnp.float32), 1.0, k=jnp.float32(2.0))))
""",
    "debug_print_keywords": """
f = jax.jit(lambda x: (jax.debug.print('a={a} b={b:.2f} c={}', x, a=x, b=x / 3), x)[1])
_t(lambda: f(1.0))
_t(lambda: jax.debug.print('{a}', a=jnp.arange(3)))
_t(lambda: jax.vmap(lambda x: (jax.debug.print('x={x:.1f}', x=x), x)[1])(jnp.arange(2.0)))
_t(lambda: jax.jit(lambda x: (jax.debug.print('{a}', a=x), x)[1])(jnp.ones((2, 2))))
_t(lambda: jax.debug.print('{a:.2f}', a=jnp.arange(3.0)))
""",
    "batched_while_io": """
def body(c):
    io_callback(lambda v: None, None, c)
    return c + 1
_t(lambda: jax.vmap(lambda n: lax.while_loop(lambda c: c < n, body, 0))(jnp.arange(3)))
def body_ordered(c):
    io_callback(lambda v: None, None, c, ordered=True)
    return c + 1
_t(lambda: jax.vmap(lambda n: lax.while_loop(lambda c: c < 3, body_ordered, n))(jnp.arange(3)))
""",
    "recover_and_rerun": """
state = {'fail': True}
def host(x):
    if state['fail']:
        raise ValueError('first call fails')
    return np.asarray(x) * 2
f = jax.jit(lambda x: jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x))
_t(lambda: f(1.0))
state['fail'] = False
_t(lambda: print(f(1.0)))
""",
}

FRAME = re.compile(r'^  File "([^"]*)", line (\d+), in (.*)$')


def split_frames(message):
    """The message without traceback frames, and the frames that are the program's own."""
    lines = message.split("\n")
    own = [[int(m[2]), m[3]] for m in map(FRAME.match, lines) if m and m[1] == "main.py"]
    rest = "\n".join(line for line in lines if not FRAME.match(line))
    return rest, own


def run(source):
    ns = {}
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(source, "main.py", "exec"), ns)  # noqa: S102 - the recorded program
    outcomes = []
    for o in ns["out"]:
        if o is None:
            outcomes.append(None)
            continue
        name, message, cause = o
        text, frames = split_frames(message)
        outcomes.append({"type": name, "message": text, "frames": frames, "cause": cause})
    return {"outcomes": outcomes, "stdout": buf.getvalue()}


def programs():
    for kind, call in KINDS.items():
        for place, (define, calls) in PLACES.items():
            hosts = RAISING if kind.startswith("debug") else list(HOSTS)
            if place not in ("jit", "eager"):
                hosts = hosts[:1] + ([] if kind.startswith("debug") else ["python_int"])
            if kind == "debug_print":
                hosts = ["value_error"]  # its host is jax's own printer; '{:d}' of a float raises
            for host in hosts:
                body = HOSTS[host] + define.replace("CALL", call) + "".join(f"_t(lambda: {c})\n" for c in calls)
                yield f"{kind}/{place}/{host}", body
    yield from EXTRA.items()


def main():
    cases = {}
    for name, body in programs():
        cases[name] = {"source": body, **run(PRELUDE + body)}
    with open("tests/js/fixtures/python_host_errors.json", "w") as f:
        f.write(f'{{"jax": "{jax.__version__}", "prelude": {json.dumps(PRELUDE)}, "cases": {{\n')
        f.write(",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in cases.items()))
        f.write("\n}}\n")
    print(f"{len(cases)} programs")


main()
