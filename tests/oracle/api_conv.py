"""Records what real JAX (0.10.2, CPU, 64-bit off) computes for `jax.lax`'s convolutions
(`conv_general_dilated`, `conv`, `conv_with_general_padding`, `conv_transpose`) into
`api-conv.json`, which tests/api_conv.rs replays through `jaxplay::api::call`.

Run:  /work/venv/bin/python tests/oracle/api_conv.py

Each case has the format of `api_numpy_values.py` (fn, args, kwargs; `out` or `error` and
`error_type`; `jaxpr` of the call with every array traced), and for float calls also:
- `grad_jaxpr`: `make_jaxpr(grad(lambda l, r: jnp.sum(f(l, r)), (0, 1)))`;
- `ct` and `vjp`: a cotangent of the output's shape and the two operand cotangents it pulls back;
- `vmap`: per `in_axes` (`[0, null]`, `[null, 0]`, `[0, 0]`, `[1, null]` where given), the
  batched operands (a batch of 2), JAX's result and `make_jaxpr(vmap(f, in_axes))`.
A `ConvDimensionNumbers` is recorded as plain data, three tuples of axes, which is how jaxplay
takes it; the recorder turns it back into the named tuple for JAX. Values are multiples of 1/4,
so float sums are exact in any order.
"""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from api_numpy_extra import inline
from api_numpy_values import enc, enc_arg, enc_out

HERE = pathlib.Path(__file__).parent
rng = np.random.RandomState(7)


def arr(*shape, dtype="float32"):
    a = rng.randint(-8, 9, size=shape)
    return (a / 4).astype(dtype) if dtype == "float32" else a.astype(dtype)


def fn(name):
    f = getattr(lax, name)
    if name not in ("conv_general_dilated", "conv_transpose"):
        return f

    def call(*args, **kwargs):
        # Three tuples of axes stand for a `ConvDimensionNumbers`.
        dn = kwargs.get("dimension_numbers")
        if isinstance(dn, (list, tuple)) and len(dn) == 3 and all(isinstance(s, (list, tuple)) for s in dn):
            kwargs = dict(kwargs, dimension_numbers=lax.ConvDimensionNumbers(*map(tuple, dn)))
        return f(*args, **kwargs)

    return call


x1, w1 = arr(2, 3, 7), arr(4, 3, 3)
x2, w2 = arr(1, 2, 5, 6), arr(3, 2, 3, 2)
NO_VMAP = []
LHS_VMAP = [[0, None], [1, None]]
ALL_VMAP = [[0, None], [None, 0], [0, 0]]

# (function, args, kwargs, vmap in_axes)
CASES = [
    # 1-D, (N, C, W)
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {}, ALL_VMAP + [[1, None]]),
    ("conv_general_dilated", [x1, w1, (1,), "SAME"], {}, ALL_VMAP),
    ("conv_general_dilated", [x1, w1, (2,), "SAME_LOWER"], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "same"], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (2,), ((1, 2),)], {}, ALL_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "SAME"], {"rhs_dilation": (2,)}, ALL_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), ((1, 1),)], {"lhs_dilation": (2,)}, ALL_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), ((-1, 0),)], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (2,), ((2, 1),)], {"lhs_dilation": (2,), "rhs_dilation": (3,)}, ALL_VMAP),
    ("conv_general_dilated", [x1, w1, (3,), ((0, 2),)], {"rhs_dilation": (2,)}, NO_VMAP),
    # 2-D, layouts
    ("conv_general_dilated", [x2, w2, (1, 1), "VALID"], {}, ALL_VMAP),
    ("conv_general_dilated", [x2, w2, (2, 1), "SAME"], {}, NO_VMAP),
    ("conv_general_dilated", [x2, w2, (1, 2), "SAME"], {"rhs_dilation": (2, 1)}, NO_VMAP),
    ("conv_general_dilated", [arr(2, 5, 6, 3), arr(3, 3, 3, 4), (1, 1), "SAME"],
     {"dimension_numbers": ("NHWC", "HWIO", "NHWC")}, ALL_VMAP),
    ("conv_general_dilated", [x2, w2, (1, 1), "VALID"], {"dimension_numbers": ("NCHW", "OIHW", "NHWC")}, ALL_VMAP),
    ("conv_general_dilated", [x2, arr(3, 2, 2, 3), (1, 2), "SAME"], {"dimension_numbers": ("NCHW", "OIWH", "NCHW")}, ALL_VMAP),
    ("conv_general_dilated", [arr(5, 2, 6, 3), arr(2, 3, 3, 4), (2, 1), ((1, 0), (0, 1))],
     {"dimension_numbers": ("HNWC", "HWIO", "CHWN")}, ALL_VMAP),
    ("conv_general_dilated", [arr(2, 5, 6, 3), arr(3, 3, 3, 4), (1, 1), "VALID"],
     {"dimension_numbers": ((0, 3, 1, 2), (3, 2, 0, 1), (0, 3, 1, 2))}, NO_VMAP),
    # groups
    ("conv_general_dilated", [arr(2, 4, 6), arr(6, 2, 3), (1,), "SAME"], {"feature_group_count": 2}, ALL_VMAP),
    ("conv_general_dilated", [arr(1, 3, 5, 5), arr(3, 1, 2, 2), (1, 1), "VALID"], {"feature_group_count": 3}, ALL_VMAP),
    ("conv_general_dilated", [arr(4, 2, 6), arr(6, 2, 3), (1,), "VALID"], {"batch_group_count": 2}, ALL_VMAP),
    ("conv_general_dilated", [arr(3, 5, 4, 6), arr(2, 3, 3, 4), (1, 1), "SAME"],
     {"dimension_numbers": ("NHWC", "HWIO", "NHWC"), "feature_group_count": 2}, ALL_VMAP),
    # other ranks and sizes
    ("conv_general_dilated", [arr(1, 1, 3, 4, 3), arr(2, 1, 2, 2, 2), (1, 2, 1), "SAME"], {}, NO_VMAP),
    ("conv_general_dilated", [arr(2, 3), arr(4, 3), (), "VALID"], {}, ALL_VMAP),
    ("conv_general_dilated", [arr(1, 2, 2), arr(3, 2, 3), (1,), "VALID"], {}, NO_VMAP),
    ("conv_general_dilated", [arr(0, 2, 5), arr(3, 2, 2), (1,), "VALID"], {}, NO_VMAP),
    # dtypes
    ("conv_general_dilated", [arr(1, 2, 5, dtype="int32"), arr(3, 2, 2, dtype="int32"), (1,), "SAME"], {}, NO_VMAP),
    ("conv_general_dilated", [arr(1, 2, 5, dtype="int32"), arr(3, 2, 2, dtype="int32"), (1,), "SAME"],
     {"preferred_element_type": "float32"}, NO_VMAP),
    ("conv_general_dilated", [arr(1, 2, 5) > 0, arr(3, 2, 2) > 0, (1,), "VALID"], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {"preferred_element_type": "float32"}, NO_VMAP),
    # the wrappers
    ("conv", [x2, arr(3, 2, 3, 3), (1, 1), "SAME"], {}, LHS_VMAP),
    ("conv", [x2, w2, (2, 1), "VALID"], {}, NO_VMAP),
    ("conv_with_general_padding", [x2, w2, (2, 2), ((1, 1), (0, 1)), (1, 2), (2, 1)], {}, LHS_VMAP),
    ("conv_with_general_padding", [x2, w2, (1, 1), "SAME", None, None], {}, NO_VMAP),
    ("conv_transpose", [arr(1, 5, 6, 2), arr(3, 2, 2, 4), (2, 2), "SAME"], {}, LHS_VMAP),
    ("conv_transpose", [arr(1, 5, 6, 2), arr(3, 2, 2, 4), (2, 1), "VALID"], {}, NO_VMAP),
    ("conv_transpose", [arr(1, 5, 6, 2), arr(3, 2, 4, 2), (2, 2), "SAME"], {"transpose_kernel": True}, NO_VMAP),
    ("conv_transpose", [arr(1, 5, 6, 2), arr(3, 2, 2, 4), (2, 1), ((1, 1), (0, 2))], {}, NO_VMAP),
    ("conv_transpose", [arr(1, 5, 6, 2), arr(3, 2, 2, 4), (2, 2), ((1, 1), (0, 1))], {"use_consistent_padding": True}, NO_VMAP),
    ("conv_transpose", [arr(2, 5, 3), arr(3, 3, 2), (2,), "SAME"], {"rhs_dilation": (2,)}, NO_VMAP),
    ("conv_transpose", [arr(2, 3, 5), arr(2, 3, 3), (3,), "VALID"], {"dimension_numbers": ("NCH", "OIH", "NCH")}, NO_VMAP),
    # errors, in JAX's words
    ("conv_general_dilated", [x1, arr(4, 3, 3, dtype="int32"), (1,), "SAME"], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "FOO"], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), ((1, 1), (1, 1))], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), ((1,),)], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), ((-5, -5),)], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1, 1), "VALID"], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {"rhs_dilation": (0,)}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "SAME"], {"lhs_dilation": (2,)}, NO_VMAP),
    ("conv_general_dilated", [x1, arr(4, 3), (1,), "VALID"], {}, NO_VMAP),
    ("conv_general_dilated", [x1, arr(4, 2, 3), (1,), "VALID"], {}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {"feature_group_count": 0}, NO_VMAP),
    ("conv_general_dilated", [x1, arr(4, 1, 3), (1,), "VALID"], {"feature_group_count": 2}, NO_VMAP),
    ("conv_general_dilated", [arr(2, 4, 6), arr(3, 2, 3), (1,), "VALID"], {"feature_group_count": 2}, NO_VMAP),
    ("conv_general_dilated", [arr(3, 4, 6), arr(4, 4, 3), (1,), "VALID"], {"batch_group_count": 2}, NO_VMAP),
    ("conv_general_dilated", [arr(4, 2, 6), arr(3, 2, 3), (1,), "VALID"], {"batch_group_count": 2}, NO_VMAP),
    ("conv_general_dilated", [arr(4, 4, 6), arr(4, 2, 3), (1,), "VALID"], {"batch_group_count": 2, "feature_group_count": 2}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {"dimension_numbers": ("NCH", "OIH")}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {"dimension_numbers": ("NCHW", "OIH", "NCH")}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {"dimension_numbers": ("NCX", "OIH", "NCH")}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {"dimension_numbers": ("NNH", "OIH", "NCH")}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {"dimension_numbers": 5}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {"preferred_element_type": "int32"}, NO_VMAP),
    ("conv_general_dilated", [arr(1, 2, 5, dtype="int32"), arr(3, 2, 2, dtype="int32"), (1,), "VALID"],
     {"preferred_element_type": "uint32"}, NO_VMAP),
    ("conv_general_dilated", [x1, w1, (1,), "VALID"], {"preferred_element_type": "bool"}, NO_VMAP),
    ("conv_transpose", [arr(1, 5, 6, 2), arr(3, 2, 2, 4), (2, 2), "SAME_LOWER"], {"use_consistent_padding": True}, NO_VMAP),
]


def batched(a, axis):
    """A batch of two: `a` and a shifted copy, stacked along `axis`."""
    return np.stack([a, (a * 2 + 1) % 3 - 1], axis=axis).astype(a.dtype)


def record(name, args, kwargs, in_axes_list):
    f = fn(name)
    lhs, rhs, rest = args[0], args[1], args[2:]
    case = {"fn": name, "args": [enc_arg(a) for a in args], "kwargs": {k: enc_arg(v) for k, v in kwargs.items()}}

    def g(l, r):
        return f(l, r, *rest, **kwargs)

    try:
        out = g(jnp.asarray(lhs), jnp.asarray(rhs))
    except Exception as e:  # noqa: BLE001 - the message is what is recorded
        case["error"] = str(e).split("\n")[0]
        case["error_type"] = type(e).__name__
        return case
    case["out"] = enc_out(out)
    closed = jax.make_jaxpr(g)(lhs, rhs)
    case["jaxpr"] = str(jax.make_jaxpr(inline(closed, []))(lhs, rhs))
    if out.dtype != np.float32 or lhs.dtype != np.float32:
        return case
    case["grad_jaxpr"] = str(jax.make_jaxpr(jax.grad(lambda l, r: jnp.sum(g(l, r)), (0, 1)))(lhs, rhs))
    ct = arr(*out.shape)
    _, pull = jax.vjp(g, lhs, rhs)
    case["ct"] = enc(ct)
    case["vjp"] = [enc_out(c) for c in pull(ct)]
    case["vmap"] = []
    for in_axes in in_axes_list:
        ops = [a if ax is None else batched(a, ax) for a, ax in zip((lhs, rhs), in_axes)]
        vf = jax.vmap(g, in_axes=tuple(in_axes))
        case["vmap"].append({
            "in_axes": in_axes,
            "operands": [enc(o) for o in ops],
            "out": enc_out(vf(*ops)),
            "jaxpr": str(jax.make_jaxpr(vf)(*ops)),
        })
    return case


def main():
    cases = [record(*c) for c in CASES]
    meta = {"jax": jax.__version__, "x64": bool(jax.config.jax_enable_x64)}
    # One case per line: the arrays would otherwise put every number on a line of its own.
    lines = ",\n".join(json.dumps(c) for c in cases)
    (HERE / "api-conv.json").write_text(f'{{"_meta": {json.dumps(meta)}, "cases": [\n{lines}\n]}}\n')
    print(len(cases), "cases,", sum("error" in c for c in cases), "errors")


if __name__ == "__main__":
    main()
