"""Records real JAX's behaviour for the API table's elementwise `jax.numpy`, `jax.nn` and
`jax.scipy.special` entries, for tests/api_math.rs.

Run with a virtualenv that has `jax==0.10.2` (CPU, 64-bit off):
    python tests/oracle/api_math_values.py
Writes tests/oracle/api-math-values.json: one record per call: the namespace, the function, its
positional and keyword arguments, and what JAX gave: each output's dtype, weak type, shape and
values (floats as f32 bit patterns, so NaNs and signed zeros are exact), or the error's words;
the jaxpr of the call with its array arguments as inputs, and for differentiable calls the
gradient of the sum of the first output with respect to the first array argument.

jaxplay inlines what JAX wraps in a nested `jit` or a `custom_jvp` (see the entries' `differs`),
so the jaxprs here are JAX's own with both inlined: traced under `jax.disable_jit()` with
`custom_jvp` functions called directly. Gradient values come from unmodified JAX.

Arguments are encoded as: {"array": values, "dtype": ..., "shape": [...]} for an array (an input
of the jaxpr), a JSON number for a Python int or float (closed over, as a weak scalar), true or
false, null, a string, or a list for a tuple.
"""
import contextlib
import json
import math
import pathlib

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
import numpy as np

OUT = pathlib.Path(__file__).parent / "api-math-values.json"
NS = {"jax.numpy": jnp, "jax.nn": jax.nn, "jax.scipy.special": jsp}

f32, i32 = np.float32, np.int32
F = np.array([[0.5, -1.5, 2.0], [0.0, -0.0, 3.25]], f32)
F2 = np.array([[2.0, 0.5, -3.0], [1.0, -0.0, 3.25]], f32)
SPECIAL = np.array([0.0, -0.0, 1.5, -2.5, np.inf, -np.inf, np.nan, 0.75], f32)
SPECIAL2 = np.array([1.0, -0.0, -1.5, 2.5, np.inf, 1.0, 2.0, np.nan], f32)
I = np.array([[1, -2, 3], [0, 7, -8]], i32)
J = np.array([[2, 3, -1], [5, 2, 3]], i32)
B = np.array([[True, False, True], [False, False, True]])
UNIT = np.array([-0.9, -0.5, 0.0, 0.25, 0.5, 0.99], f32)
POS = np.array([0.25, 1.0, 2.5, 10.0, 100.0, 1e-3], f32)
GE1 = np.array([1.0, 1.5, 2.0, 10.0, 100.0, 1.25], f32)
ROUND = np.array([0.5, 1.5, 2.5, -0.5, -1.5, 2.4999, -3.7, 123.456], f32)
# Smooth points (no kinks, ties or domain edges) for gradients.
G = np.array([0.3, -0.7, 1.2, 2.5], f32)
G_UNIT = np.array([-0.6, -0.2, 0.3, 0.8], f32)
G_POS = np.array([0.3, 0.7, 1.5, 4.0], f32)
G_GE1 = np.array([1.2, 1.7, 2.5, 4.0], f32)

# name: (sample, gradient points or None, accepts ints as ints)
UNARY_FLOAT = {
    "sqrt": (POS, G_POS), "cbrt": (SPECIAL, G_POS), "tanh": (SPECIAL, G), "tan": (F, G),
    "sinh": (F, G), "cosh": (F, G), "arcsin": (UNIT, G_UNIT), "asin": (UNIT, G_UNIT),
    "arccos": (UNIT, G_UNIT), "acos": (UNIT, G_UNIT), "arctan": (SPECIAL, G),
    "atan": (SPECIAL, G), "arcsinh": (SPECIAL, G), "asinh": (SPECIAL, G),
    "arccosh": (GE1, G_GE1), "acosh": (GE1, G_GE1), "arctanh": (UNIT, G_UNIT),
    "atanh": (UNIT, G_UNIT), "expm1": (SPECIAL, G), "log1p": (POS, G_POS), "exp2": (SPECIAL, G),
    "log2": (POS, G_POS), "log10": (POS, G_POS), "reciprocal": (F, G), "fabs": (SPECIAL, G),
    "deg2rad": (F, G), "radians": (F, G), "rad2deg": (F, G), "degrees": (F, G),
    "sinc": (F, G), "rint": (ROUND, None), "isfinite": (SPECIAL, None),
    "isinf": (SPECIAL, None), "isnan": (SPECIAL, None), "isposinf": (SPECIAL, None),
    "isneginf": (SPECIAL, None), "signbit": (SPECIAL, None),
}
UNARY_NUMERIC = {
    "square": (F, G), "abs": (SPECIAL, G), "absolute": (SPECIAL, G), "sign": (SPECIAL, None),
    "floor": (ROUND, None), "ceil": (ROUND, None), "trunc": (ROUND, None),
    "round": (ROUND, None), "around": (ROUND, None), "conj": (F, G), "real": (F, G),
    "imag": (F, None), "logical_not": (SPECIAL, None), "nan_to_num": (SPECIAL, G),
    "positive": (F, None),
}
BITWISE_UNARY = ["bitwise_not", "invert", "bitwise_invert"]
BINARY_FLOAT = {
    "arctan2": G, "atan2": G, "float_power": G_POS, "copysign": G, "hypot": G,
    "logaddexp": G, "logaddexp2": G, "heaviside": None,
}
BINARY_NUMERIC = {
    "maximum": G, "minimum": G, "fmax": G, "fmin": G, "remainder": G, "mod": G, "fmod": G,
    "floor_divide": None, "power": G_POS, "pow": G_POS, "logical_and": None,
    "logical_or": None, "logical_xor": None, "divmod": None,
}
BITWISE_BINARY = ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift",
                  "bitwise_left_shift", "bitwise_right_shift"]
NN_UNARY = {
    "relu": G, "relu6": G, "sigmoid": G, "log_sigmoid": G, "softplus": G, "soft_sign": G,
    "silu": G, "swish": G, "elu": G, "celu": G, "selu": G, "leaky_relu": G, "hard_tanh": G,
    "hard_sigmoid": G, "hard_silu": G, "hard_swish": G, "squareplus": G, "mish": G,
    "sparse_plus": G, "sparse_sigmoid": G, "identity": G,
}
SPECIAL_UNARY = {
    "erf": (SPECIAL, G), "erfc": (SPECIAL, G), "erfinv": (UNIT, G_UNIT), "expit": (SPECIAL, G),
    "logit": (UNIT * 0.5 + 0.5, G_UNIT * 0.5 + 0.5), "gammaln": (POS, G_POS),
    "digamma": (POS, G_POS), "ndtr": (SPECIAL, G),
}


def encode(a):
    if isinstance(a, np.ndarray):
        vals = a.ravel().tolist()
        return {"array": [v if not isinstance(v, float) or math.isfinite(v) else str(v)
                          for v in vals], "dtype": str(a.dtype), "shape": list(a.shape)}
    if isinstance(a, tuple):
        return [encode(v) for v in a]
    return a


def out_record(v):
    v = jnp.asarray(v)
    a = np.asarray(v)
    if a.dtype == np.float32:
        values = a.ravel().view(np.uint32).tolist()
    else:
        values = a.ravel().tolist()
    return {"dtype": str(a.dtype), "weak": bool(v.weak_type), "shape": list(a.shape),
            "values": values}


@contextlib.contextmanager
def inlined():
    """`custom_jvp` functions called directly and `jit` off: JAX's jaxprs with both inlined."""
    call = jax.custom_jvp.__call__
    jax.custom_jvp.__call__ = lambda self, *a, **k: self.fun(*a, **k)
    try:
        with jax.disable_jit():
            yield
    finally:
        jax.custom_jvp.__call__ = call


def record(ns, name, args, kwargs=None, grad=False, elementwise=True):
    """One call: its outputs (or error), its jaxpr, and with `grad`, the gradient of the sum of
    its (first) output with respect to its first array argument, and for an elementwise
    function the jaxpr of the gradient of its output at the arguments' first elements."""
    kwargs = kwargs or {}
    f = getattr(NS[ns], name)
    rec = {"ns": ns, "name": name, "args": [encode(a) for a in args],
           "kwargs": {k: encode(v) for k, v in kwargs.items()}}
    # Array arguments, positional then keyword, are the jaxpr's inputs.
    arrays = [i for i, a in enumerate(args) if isinstance(a, np.ndarray)]
    keyed = [k for k, a in kwargs.items() if isinstance(a, np.ndarray)]
    xs = [args[i] for i in arrays] + [kwargs[k] for k in keyed]

    def call(*xs):
        full, kw = list(args), dict(kwargs)
        for i, x in zip(arrays, xs):
            full[i] = x
        for k, x in zip(keyed, xs[len(arrays):]):
            kw[k] = x
        return f(*full, **kw)

    try:
        out = call(*xs)
    except Exception as e:  # noqa: BLE001 - the error's words are the record
        rec["error"] = str(e).split("\n")[0]
        return rec
    is_tuple = isinstance(out, (tuple, list))
    outs = list(out) if is_tuple else [out]
    rec["outs"] = [out_record(o) for o in outs]
    rec["tuple"] = is_tuple
    try:
        with inlined():
            rec["jaxpr"] = str(jax.make_jaxpr(call)(*xs))
    except Exception as e:  # noqa: BLE001 - traced, JAX refuses (jnp.where's nonzero form)
        rec["jaxpr_error"] = str(e).split("\n")[0]
    if grad:
        def total(*xs):
            o = call(*xs)
            return jnp.sum(o[0] if is_tuple else o)
        g = jax.grad(total)(*xs)
        rec["grad"] = np.asarray(g, np.float32).ravel().view(np.uint32).tolist()
        if elementwise:
            def first(*xs):
                o = call(*xs)
                return o[0] if is_tuple else o
            firsts = [np.asarray(x.ravel()[0]) for x in xs]
            with inlined():
                rec["grad_jaxpr"] = str(jax.make_jaxpr(jax.grad(first))(*firsts))
    return rec


def cases():
    n, nn, sp = "jax.numpy", "jax.nn", "jax.scipy.special"
    G2 = np.array([1.1, 0.4, -2.2, 0.9], f32)
    for name, (x, g) in UNARY_FLOAT.items():
        yield record(n, name, [x])
        if g is not None:
            yield record(n, name, [g], grad=True)
        yield record(n, name, [I])
        yield record(n, name, [B])
        yield record(n, name, [0.5])
        yield record(n, name, [2])
    for name, (x, g) in UNARY_NUMERIC.items():
        yield record(n, name, [x])
        if g is not None:
            yield record(n, name, [g], grad=True)
        yield record(n, name, [I])
        yield record(n, name, [B])
        yield record(n, name, [0.5])
        yield record(n, name, [-3])
    for name in BITWISE_UNARY:
        yield record(n, name, [I])
        yield record(n, name, [B])
        yield record(n, name, [F])
        yield record(n, name, [5])
    yield record(n, "round", [ROUND], {"decimals": 1})
    yield record(n, "round", [ROUND, 2])
    yield record(n, "round", [I, 1])
    yield record(n, "round", [G, 1], grad=True)
    yield record(n, "nan_to_num", [SPECIAL], {"nan": 1.0, "posinf": 9.0, "neginf": -9.0})
    yield record(n, "nan_to_num", [SPECIAL, True, 2])
    for name, g in BINARY_FLOAT.items():
        yield record(n, name, [SPECIAL, SPECIAL2])
        yield record(n, name, [F, F2])
        if g is not None:
            yield record(n, name, [g, np.abs(G2) if g is G_POS else G2], grad=True)
        yield record(n, name, [I, J])
        yield record(n, name, [F, 2])
        yield record(n, name, [0.5, F2])
        yield record(n, name, [I, 1.5])
    for name, g in BINARY_NUMERIC.items():
        yield record(n, name, [SPECIAL, SPECIAL2])
        yield record(n, name, [F, F2])
        if g is not None:
            yield record(n, name, [g, np.abs(G2) if g is G_POS else G2], grad=True)
        yield record(n, name, [I, J])
        yield record(n, name, [I, F2])
        yield record(n, name, [F, 2])
        yield record(n, name, [I, 3])
        yield record(n, name, [2.5, F2])
        yield record(n, name, [B, J])
    yield record(n, "power", [F, 0.5])
    yield record(n, "power", [F, -2])
    yield record(n, "power", [G, 3], grad=True)
    yield record(n, "power", [I, 0])
    yield record(n, "power", [B, 2])
    yield record(n, "power", [F, J])
    for name in BITWISE_BINARY:
        yield record(n, name, [I, J])
        yield record(n, name, [I, 2])
        yield record(n, name, [B, B])
        yield record(n, name, [F, J])
    yield record(n, "clip", [F], {"min": 0.0, "max": 1.0})
    yield record(n, "clip", [G], {"min": 0.0, "max": 1.0}, grad=True)
    yield record(n, "clip", [F, -1.0])
    yield record(n, "clip", [I], {"max": 2})
    yield record(n, "clip", [I], {"min": F2})
    yield record(n, "clip", [F])
    yield record(n, "where", [B, F, F2])
    yield record(n, "where", [F, 1.0, I])
    yield record(n, "where", [B])
    yield record(n, "where", [B, F])
    yield record(n, "isclose", [F, F + np.float32(1e-6)])
    yield record(n, "isclose", [SPECIAL, SPECIAL], {"equal_nan": True})
    yield record(n, "isclose", [I, J], {"rtol": 0.5, "atol": 1})
    yield record(n, "allclose", [F, F + np.float32(1e-6)])
    yield record(n, "allclose", [F, F2])
    yield record(n, "allclose", [SPECIAL, SPECIAL, 1e-5, 1e-8, True])
    yield record(n, "array_equal", [F, F])
    yield record(n, "array_equal", [F, F2])
    yield record(n, "array_equal", [F, F[0]])
    yield record(n, "array_equal", [SPECIAL, SPECIAL], {"equal_nan": True})
    yield record(n, "array_equiv", [F, F])
    yield record(n, "array_equiv", [F[:1], F])
    yield record(n, "array_equiv", [F, F[0, :2]])
    for name in NN_UNARY:
        yield record(nn, name, [SPECIAL])
        yield record(nn, name, [F])
        yield record(nn, name, [G], grad=True)
        yield record(nn, name, [I])
        yield record(nn, name, [0.5])
    yield record(nn, "relu", [F], grad=True)
    yield record(nn, "relu6", [np.array([0.0, 6.0, 3.0, -1.0, 7.0], f32)], grad=True)
    yield record(nn, "gelu", [SPECIAL])
    yield record(nn, "gelu", [G], grad=True)
    yield record(nn, "gelu", [G, False], grad=True)
    yield record(nn, "gelu", [SPECIAL, False])
    yield record(nn, "gelu", [I])
    yield record(nn, "elu", [G, 0.5], grad=True)
    yield record(nn, "celu", [G, 2.0], grad=True)
    yield record(nn, "leaky_relu", [G, 0.2], grad=True)
    yield record(nn, "squareplus", [G, 1.0], grad=True)
    yield record(nn, "glu", [np.arange(12, dtype=f32).reshape(3, 4) / 4 - 1], grad=True,
                 elementwise=False)
    yield record(nn, "glu", [np.arange(12, dtype=f32).reshape(2, 6) / 4 - 1, 0])
    yield record(nn, "glu", [F])
    X = np.array([[0.5, -1.5, 2.0, 0.0], [3.0, 3.0, -1.0, 1.0], [-np.inf, 0.0, 1.0, 2.0]], f32)
    XG = np.array([[0.5, -1.5, 2.0, 0.0], [3.0, 2.0, -1.0, 1.0], [-2.0, 0.0, 1.0, 2.0]], f32)
    for name in ["softmax", "log_softmax"]:
        yield record(nn, name, [X])
        yield record(nn, name, [XG], grad=True, elementwise=False)
        yield record(nn, name, [XG, 0])
        yield record(nn, name, [XG, (0, 1)])
        yield record(nn, name, [I])
        yield record(sp, name, [XG], grad=True, elementwise=False)
        yield record(sp, name, [XG], {"axis": 1})
    for ns in [nn, sp]:
        yield record(ns, "logsumexp", [X])
        yield record(ns, "logsumexp", [XG], grad=True, elementwise=False)
        yield record(ns, "logsumexp", [XG, 1])
        yield record(ns, "logsumexp", [XG], {"axis": 0, "keepdims": True})
        yield record(ns, "logsumexp", [I])
    yield record(nn, "standardize", [XG], grad=True, elementwise=False)
    yield record(nn, "standardize", [XG, 0])
    yield record(nn, "standardize", [XG], {"epsilon": 0.1})
    yield record(nn, "one_hot", [np.array([0, 2, 1, 5, -1], i32), 3])
    yield record(nn, "one_hot", [I, 9], {"axis": 0})
    yield record(nn, "one_hot", [np.array([1, 0], i32), 3], {"dtype": "int32"})
    yield record(nn, "one_hot", [np.array([0.0, 2.0, 1.5], f32), 3])
    for name, (x, g) in SPECIAL_UNARY.items():
        yield record(sp, name, [x])
        yield record(sp, name, [g], grad=True)
        yield record(sp, name, [I])
        yield record(sp, name, [0.5])
    for name in ["xlogy", "xlog1py"]:
        yield record(sp, name, [F, F2 * F2])
        yield record(sp, name, [G, G2 * G2], grad=True)
        yield record(sp, name, [np.array([0.0, 0.0, 1.0, 2.0], f32),
                                np.array([0.0, np.nan, 0.0, 3.0], f32)])
        yield record(sp, name, [np.array([0.0, 0.0], f32), np.array([2.0, 0.5], f32)],
                     grad=True)
        yield record(sp, name, [I, J * J])
        yield record(sp, name, [2, 3.0])


def main():
    records = list(cases())
    OUT.write_text(json.dumps({"jax": jax.__version__, "cases": records}, indent=0) + "\n")
    print(f"wrote {OUT}: {len(records)} calls, JAX {jax.__version__}")


if __name__ == "__main__":
    main()
