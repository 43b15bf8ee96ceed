"""Records what real JAX (0.10.2, CPU, 64-bit off) computes for the `jax.numpy` reductions,
linear-algebra products and joining/splitting functions of jaxplay's API table, into
`api-numpy-values.json`, which tests/api_numpy_more.rs replays through `jaxplay::api::call`.

Run:  /work/venv/bin/python tests/oracle/api_numpy_values.py

Each case: fn (the jnp name), args (positional) and kwargs, where an array is
{"shape", "dtype", "data"} (NaN as null, infinities as "inf"/"-inf") and anything else is the
Python value (a list for a tuple); then either `error` (JAX's message) or `out` (one array or a
list of arrays, each with `weak`) and `jaxpr`: `str(jax.make_jaxpr(...))` with the arrays as
inputs and everything else static. jaxplay does not nest `jit`s inside jnp functions, so the
jaxpr is recorded with JAX's nested `jit`s inlined (each inner equation re-bound in place);
`nested` lists the names of the jits that were inlined.
"""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend import core as jcore

HERE = pathlib.Path(__file__).parent


def enc(a):
    a = np.asarray(a)

    def one(v):
        if isinstance(v, float) and np.isnan(v):
            return None
        if isinstance(v, float) and np.isinf(v):
            return "inf" if v > 0 else "-inf"
        return v

    return {"shape": list(a.shape), "dtype": str(a.dtype), "data": [one(v) for v in a.ravel().tolist()]}


def enc_out(v):
    if isinstance(v, (list, tuple)):
        return [enc_out(x) for x in v]
    d = enc(v)
    d["weak"] = bool(getattr(v, "weak_type", False))
    return d


def inline(closed, nested):
    """A function evaluating `closed` with every nested `jit` equation replaced by its body."""

    def run(jaxpr, consts, args):
        env = {}

        def read(v):
            return v.val if isinstance(v, jcore.Literal) else env[v]

        for var, val in zip(jaxpr.constvars, consts):
            env[var] = val
        for var, val in zip(jaxpr.invars, args):
            env[var] = val
        for eqn in jaxpr.eqns:
            ins = [read(v) for v in eqn.invars]
            if eqn.primitive.name in ("pjit", "jit"):
                nested.append(eqn.params["name"])
                inner = eqn.params["jaxpr"]
                outs = run(inner.jaxpr, inner.consts, ins)
            else:
                outs = eqn.primitive.bind(*ins, **eqn.params)
                if not eqn.primitive.multiple_results:
                    outs = [outs]
            for var, val in zip(eqn.outvars, outs):
                env[var] = val
        return [read(v) for v in jaxpr.outvars]

    return lambda *args: run(closed.jaxpr, closed.consts, args)


F = np.float32
x23 = np.array([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], F)
x3 = np.array([2.0, -1.0, 0.5], F)
x4 = np.array([3.0, 1.0, 4.0, 1.5], F)
i23 = np.array([[3, -1, 2], [0, 5, 2]], np.int32)
i3 = np.array([1, 2, 3], np.int32)
b23 = np.array([[True, False, True], [True, True, False]])
nan3 = np.array([1.0, np.nan, 3.0], F)
nan23 = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, -2.0]], F)
sq = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.5]], F)
x234 = np.arange(24, dtype=F).reshape(2, 3, 4) / 4 - 2
x6 = np.array([5.0, -2.0, 3.0, 0.0, 1.0, 7.0], F)


class S:
    """A scalar that stays a Python scalar (static, weakly typed)."""

    def __init__(self, v):
        self.v = v


def A(x):
    return np.asarray(x)


CASES = [
    # reductions
    ("max", [x23], {}),
    ("max", [x23], {"axis": 1}),
    ("max", [x23], {"axis": 0, "keepdims": True}),
    ("max", [i23], {"axis": -1}),
    ("max", [x23], {"axis": 1, "where": b23, "initial": -5.0}),
    ("max", [x23], {"where": b23, "initial": 0.0}),
    ("max", [nan3], {}),
    ("max", [b23], {"axis": 0}),
    ("max", [np.zeros((0,), F)], {}),
    ("min", [x23], {"axis": (0, 1)}),
    ("min", [i23], {"axis": 0, "keepdims": True}),
    ("min", [x23], {"axis": 1, "where": b23, "initial": 10.0}),
    ("prod", [x23], {}),
    ("prod", [x23], {"axis": 1, "keepdims": True}),
    ("prod", [i23], {"axis": 0}),
    ("prod", [b23], {"axis": 1}),
    ("prod", [x23], {"axis": 1, "where": b23, "initial": 2.0}),
    ("prod", [i23], {"dtype": "float32"}),
    ("all", [x23], {}),
    ("all", [b23], {"axis": 1}),
    ("all", [i23], {"axis": 0, "keepdims": True}),
    ("all", [b23], {"axis": 0, "where": b23}),
    ("any", [x23], {"axis": 0}),
    ("any", [b23], {}),
    ("any", [i23], {"axis": 1, "where": b23}),
    ("argmax", [x23], {}),
    ("argmax", [x23], {"axis": 1}),
    ("argmax", [i23], {"axis": 0, "keepdims": True}),
    ("argmax", [nan3], {}),
    ("argmin", [x23], {"axis": -1}),
    ("argmin", [b23], {"axis": 1}),
    ("argmin", [x23], {"keepdims": True}),
    ("cumsum", [x23], {}),
    ("cumsum", [x23], {"axis": 1}),
    ("cumsum", [i23], {"axis": 0}),
    ("cumsum", [b23], {"axis": 1}),
    ("cumsum", [i23], {"axis": 1, "dtype": "float32"}),
    ("cumprod", [x23], {"axis": 0}),
    ("cumprod", [i23], {}),
    ("cumulative_sum", [x23], {"axis": 1}),
    ("cumulative_sum", [x23], {"axis": 0, "include_initial": True}),
    ("cumulative_sum", [x3], {}),
    ("cumulative_sum", [b23], {"axis": 1}),
    ("nancumsum", [nan3], {}),
    ("sort", [x23], {}),
    ("sort", [x23], {"axis": 0}),
    ("sort", [x23], {"axis": None}),
    ("sort", [i23], {"descending": True}),
    ("sort", [nan3], {}),
    ("argsort", [x23], {}),
    ("argsort", [x23], {"axis": 0}),
    ("argsort", [x6], {"descending": True}),
    ("argsort", [x23], {"axis": None}),
    ("ptp", [x23], {}),
    ("ptp", [x23], {"axis": 1, "keepdims": True}),
    ("ptp", [i23], {"axis": 0}),
    ("var", [x23], {}),
    ("var", [x23], {"axis": 1}),
    ("var", [x23], {"axis": 0, "ddof": 1, "keepdims": True}),
    ("var", [i23], {"axis": 1}),
    ("std", [x23], {}),
    ("std", [x23], {"axis": 1}),
    ("std", [x23], {"axis": 0, "ddof": 1, "keepdims": True}),
    ("std", [i23], {"axis": 1, "correction": 0.5}),
    ("nansum", [nan23], {}),
    ("nansum", [nan23], {"axis": 1, "keepdims": True}),
    ("nansum", [i23], {"axis": 0}),
    ("nansum", [nan23], {"axis": 1, "where": b23, "initial": 1.0}),
    ("nanmean", [nan23], {}),
    ("nanmean", [nan23], {"axis": 1}),
    ("nanmean", [nan23], {"axis": 0, "keepdims": True}),
    ("nanmean", [i23], {"axis": 1}),
    ("nanmax", [nan23], {}),
    ("nanmax", [nan23], {"axis": 0}),
    ("nanmax", [nan23], {"axis": 1, "keepdims": True}),
    ("nanmax", [i23], {"axis": 1}),
    ("nanmax", [nan23], {"axis": 1, "where": b23, "initial": -5.0}),
    ("nanmin", [nan23], {"axis": (0, 1)}),
    ("nanmin", [nan23], {"axis": 0}),
    ("nanmin", [x23], {"axis": 1, "initial": 0.0}),
    # indexing
    ("take", [x23, np.array([0, -1, 2], np.int32)], {}),
    ("take", [x23, np.array([[0, -1], [2, 5]], np.int32)], {"axis": 1}),
    ("take", [i23, np.array([1, -4], np.int32)], {"axis": 0}),
    ("take", [x3, np.array(-2, np.int32)], {}),
    ("take_along_axis", [x23, np.array([[0, 2], [1, -1]], np.int32)], {"axis": 1}),
    ("take_along_axis", [x23, np.array([[1, 0, 1]], np.int32)], {"axis": 0}),
    ("take_along_axis", [x23, np.array([5, 0, -2], np.int32)], {"axis": None}),
    ("diagonal", [x23], {}),
    ("diagonal", [x23], {"offset": 1}),
    ("diagonal", [x23], {"offset": -1}),
    ("diagonal", [sq], {}),
    ("diagonal", [x234], {"axis1": 1, "axis2": 2}),
    ("diagonal", [x234], {"offset": 1, "axis1": 2, "axis2": 0}),
    ("diagonal", [x3], {}),
    ("average", [x23], {}),
    ("average", [x23], {"axis": 1}),
    ("average", [i23], {"axis": 0}),
    ("average", [x23], {"axis": 1, "weights": x3}),
    ("average", [x23], {"axis": 1, "weights": x3, "returned": True}),
    ("count_nonzero", [x23], {}),
    ("count_nonzero", [i23], {"axis": 1}),
    ("count_nonzero", [b23], {"axis": 0, "keepdims": True}),
    # products
    ("dot", [x3, x3], {}),
    ("dot", [x23, x3], {}),
    ("dot", [x23, np.ascontiguousarray(x23.T)], {}),
    ("dot", [i23, x3], {}),
    ("dot", [x23, S(2.0)], {}),
    ("dot", [x234, x4], {}),
    ("dot", [x23, x234], {}),
    ("matmul", [x23, np.ascontiguousarray(x23.T)], {}),
    ("matmul", [x3, sq], {}),
    ("matmul", [sq, x3], {}),
    ("matmul", [x3, x3], {}),
    ("matmul", [x234, np.ones((4, 2), F)], {}),
    ("matmul", [i23, i3], {}),
    ("matmul", [x234, np.ones((2, 4, 5), F)], {}),
    ("vdot", [x23, np.ascontiguousarray(x23[::-1])], {}),
    ("vdot", [x3, x3], {}),
    ("inner", [x23, x3], {}),
    ("inner", [x3, x3], {}),
    ("inner", [x23, x23], {}),
    ("outer", [x3, x4], {}),
    ("outer", [x23, x3], {}),
    ("outer", [i3, x3], {}),
    ("tensordot", [x234, np.ones((3, 4, 2), F)], {}),
    ("tensordot", [x23, x3], {"axes": 0}),
    ("tensordot", [x23, sq], {"axes": 1}),
    ("tensordot", [x234, np.ones((4, 3), F)], {"axes": [[1, 2], [1, 0]]}),
    ("trace", [sq], {}),
    ("trace", [sq], {"offset": 1}),
    ("trace", [x234], {"axis1": 1, "axis2": 2}),
    ("trace", [i23], {"offset": -1}),
    ("kron", [x3, x4], {}),
    ("kron", [x23, sq], {}),
    # joining and splitting
    ("concatenate", [[x23, x23]], {}),
    ("concatenate", [[x23, sq[:2]]], {"axis": 1}),
    ("concatenate", [[x3, i3]], {}),
    ("concatenate", [[x23, x23]], {"axis": None}),
    ("concatenate", [[i3, i3]], {"dtype": "float32"}),
    ("concat", [[x23, x23]], {"axis": 1}),
    ("stack", [[x3, x3]], {}),
    ("stack", [[x23, x23, x23]], {"axis": -1}),
    ("stack", [[x3, i3]], {"axis": 1}),
    ("hstack", [[x3, x4]], {}),
    ("hstack", [[x23, sq[:2]]], {}),
    ("vstack", [[x3, x3]], {}),
    ("vstack", [[x23, sq]], {}),
    ("dstack", [[x3, x3]], {}),
    ("dstack", [[x23, x23]], {}),
    ("column_stack", [[x3, x3]], {}),
    ("column_stack", [[x23.T.copy(), x3]], {}),
    ("split", [x6, 3], {}),
    ("split", [x6, [1, 4]], {}),
    ("split", [x23, 3], {"axis": 1}),
    ("array_split", [x6, 4], {}),
    ("array_split", [sq, 2], {"axis": 1}),
    ("hsplit", [x23, 3], {}),
    ("hsplit", [x6, 2], {}),
    ("vsplit", [sq, [1]], {}),
    ("append", [x23, x3], {}),
    ("append", [x23, x23], {"axis": 0}),
    ("append", [x3, S(1.0)], {}),
    ("tile", [x3, 2], {}),
    ("tile", [x23, [2, 1]], {}),
    ("tile", [x3, [2, 2]], {}),
    ("repeat", [x3, 2], {}),
    ("repeat", [x23, 2], {"axis": 1}),
    ("repeat", [x23, [1, 2]], {"axis": 0}),
    ("diff", [x6], {}),
    ("diff", [x23], {"axis": 0}),
    ("diff", [x6], {"n": 2}),
    ("diff", [i23], {"prepend": S(0)}),
    ("ediff1d", [x23], {}),
    ("roll", [x6, 2], {}),
    ("roll", [x23, -1], {"axis": 1}),
    ("roll", [x23, 1], {}),
    ("rot90", [x23], {}),
    ("rot90", [x23], {"k": 2}),
    ("rot90", [x23], {"k": -1}),
    ("tril", [sq], {}),
    ("triu", [x23], {"k": 1}),
    ("tril", [x234], {"k": -1}),
    # errors
    ("max", [np.zeros((0,), F)], {"axis": 0}),
    ("argmax", [np.zeros((0,), F)], {}),
    ("argmax", [x23], {"axis": 2}),
    ("prod", [x23], {"axis": 3}),
    ("dot", [x23, x4], {}),
    ("matmul", [x23, x4], {}),
    ("matmul", [S(1.0), x3], {}),
    ("concatenate", [[x23, x3]], {}),
    ("concatenate", [[]], {}),
    ("stack", [[x23, x3]], {}),
    ("stack", [[]], {}),
    ("split", [x6, 4], {}),
    ("trace", [x3], {}),
    ("tile", [x3, [-1]], {}),
    ("cumsum", [x23], {"axis": 2}),
]


def build(args, kwargs):
    """The arrays among the arguments, and a function rebuilding the call from them."""
    arrays = []

    def walk(v):
        if isinstance(v, np.ndarray):
            arrays.append(v)
            return ("arr", len(arrays) - 1)
        if isinstance(v, S):
            return ("lit", v.v)
        if isinstance(v, (list, tuple)) and any(isinstance(e, np.ndarray) for e in v):
            return ("list", [walk(e) for e in v])
        return ("lit", v)

    spec_a = [walk(a) for a in args]
    spec_k = {k: walk(v) for k, v in kwargs.items()}

    def rebuild(s, xs):
        tag, v = s
        if tag == "arr":
            return xs[v]
        if tag == "list":
            return [rebuild(e, xs) for e in v]
        return v

    def call(fn, *xs):
        return fn(*[rebuild(s, xs) for s in spec_a], **{k: rebuild(s, xs) for k, s in spec_k.items()})

    return arrays, call


def enc_arg(v):
    if isinstance(v, np.ndarray):
        return enc(v)
    if isinstance(v, S):
        return v.v
    if isinstance(v, (list, tuple)):
        return [enc_arg(e) for e in v]
    return v


def main():
    cases = []
    for name, args, kwargs in CASES:
        fn = getattr(jnp, name)
        arrays, call = build(args, kwargs)
        case = {"fn": name, "args": [enc_arg(a) for a in args], "kwargs": {k: enc_arg(v) for k, v in kwargs.items()}}
        try:
            out = call(fn, *[jnp.asarray(a) for a in arrays])
            case["out"] = enc_out(out)
            closed = jax.make_jaxpr(lambda *xs: call(fn, *xs))(*arrays)
            nested = []
            flat = jax.make_jaxpr(inline(closed, nested))(*arrays)
            case["jaxpr"] = str(flat)
            case["nested"] = sorted(set(nested))
        except Exception as e:  # noqa: BLE001 - the message is what is recorded
            case["error"] = str(e).split("\n")[0]
            case["error_type"] = type(e).__name__
        cases.append(case)
    meta = {"jax": jax.__version__, "x64": bool(jax.config.jax_enable_x64)}
    (HERE / "api-numpy-values.json").write_text(json.dumps({"_meta": meta, "cases": cases}, indent=1) + "\n")
    print(len(cases), "cases")


if __name__ == "__main__":
    main()
