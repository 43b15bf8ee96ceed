"""Writes tests/js/fixtures/host_numpy.json: what real NumPy 2 gives for every host NumPy
operation jaxplay has (src/numpy/, `np` in the JS API, `numpy` in Python mode) on operands of
every dtype it holds and on Python scalars: each result's dtype, shape and values, or the
exception's class and message. tests/numpy.rs replays the table through the engine natively and
tests/js/host_numpy.test.mjs through `np` in JS.

Run with scripts/python-promotion-table.sh (its venv has the pinned NumPy); the JSON is committed.
"""
import json
import math

import numpy as np

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64"]

# Operands by name: arrays of each dtype with the values that tell loops apart (the ends of
# integer ranges, zeros to divide by, negative zero, NaN, values past float16's range) and
# small ones (exponents, shift counts); a (2, 3, 4) block for reductions; shapes to broadcast.
EDGE = {
    "bool": [True, False, True, False],
    "int8": [-128, -7, 0, 127],
    "int16": [-300, 7, 0, 32767],
    "int32": [-100000, 7, 0, 2147483647],
    "int64": [-5, 7, 0, 2**40],
    "uint8": [0, 7, 200, 255],
    "uint16": [0, 7, 300, 65535],
    "uint32": [0, 7, 3000000000, 4294967295],
    "uint64": [0, 7, 3, 2**40],
    "float16": [-1.5, 0.333, 0.0, 65504.0],
    "float32": [-1.5, 0.1, -0.0, 3e38],
    "float64": [-1.5, 0.1, float("nan"), 1e300],
}
SMALL = {d: ([True, True, False, True] if d == "bool" else [1, 2, 0, 3]) for d in DTYPES}
SIGNED = {d: [-2.5, 2.5, -0.5, 7.25] if d.startswith("float") else [-3, 2, -1, 5]
          for d in DTYPES if not d.startswith("u") and d != "bool"}


def operands():
    ops = {}
    for d in DTYPES:
        ops[f"e_{d}"] = np.array(EDGE[d], dtype=d)
        ops[f"s_{d}"] = np.array(SMALL[d], dtype=d)
        if d in SIGNED:
            ops[f"n_{d}"] = np.array(SIGNED[d], dtype=d)
        block = np.arange(24).reshape(2, 3, 4)
        ops[f"b_{d}"] = (block % 2 == 0) if d == "bool" else (
            ((block - 11.5) / 4).astype(d) if d.startswith("float") else block.astype(d))
    ops["col_f32"] = np.array([[1.5], [-2.0]], dtype=np.float32)
    ops["row_i32"] = np.array([[1, 2, 3]], dtype=np.int32)
    ops["mat_f64"] = np.array([[0.5, -1.0, 2.0], [3.0, 4.5, -6.0]])
    ops["vec3_i8"] = np.array([1, -2, 3], dtype=np.int8)
    ops["zero_d_f32"] = np.array(2.5, dtype=np.float32)
    ops["empty_f32"] = np.zeros((0, 3), dtype=np.float32)
    ops["empty_col"] = np.zeros((3, 0), dtype=np.float32)
    ops["casts"] = np.array([-1.5, 2.7, 300.7, -300.7, 1e10, -1e10, 3e9, float("nan"),
                             float("inf"), -float("inf"), 65519.0, 65520.0, 2.0**63])
    # Long enough for NumPy's pairwise sums and buffered casts to show; made by a formula
    # (`ramp`) each replay computes the same, rather than stored.
    ops["long_f32"] = ramp(20011).astype(np.float32)
    ops["long_f16"] = ramp(20011).astype(np.float16)
    ops["long_i32"] = (ramp(20011) * 100).astype(np.int32)
    ops["wide_f32"] = ramp(2100).reshape(7, 300).astype(np.float32)
    return ops


RAMPS = {"long_f32": 20011, "long_f16": 20011, "long_i32": 20011, "wide_f32": 2100}


def ramp(n):
    """`((i * 7919) % n - n // 2) / 1234.5` in float64: exactly the same in JS and Rust."""
    i = np.arange(n, dtype=np.int64)
    return ((i * 7919) % n - n // 2).astype(np.float64) / 1234.5


SCALARS = {"int 3": 3, "int -1": -1, "int 100": 100, "int 300": 300, "float 2.5": 2.5, "float 1e20": 1e20,
           "bool True": True}

BINARY = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power",
          "maximum", "minimum", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift",
          "right_shift", "logical_and", "logical_or", "logical_xor", "equal", "not_equal",
          "less", "less_equal", "greater", "greater_equal", "arctan2", "hypot"]
UNARY = ["negative", "positive", "absolute", "sign", "square", "sqrt", "cbrt", "exp", "exp2",
         "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos",
         "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "floor", "ceil",
         "trunc", "rint", "invert", "logical_not", "isnan", "isinf", "isfinite", "round"]
# Binary ufuncs on every pair of dtypes (the others share their promotion with one of these
# and run on pairs of equal dtypes and a few mixed ones).
GRID_OPS = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power",
            "maximum", "bitwise_and", "left_shift", "right_shift", "logical_and", "equal", "less",
            "arctan2"]
# Binary ufuncs also run on small values (exponents, shift counts), and with Python scalars.
VALUE_OPS = ["divide", "floor_divide", "remainder", "power", "left_shift", "right_shift"]
SCALAR_OPS = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power",
              "maximum", "bitwise_and", "left_shift", "logical_and", "equal", "less", "arctan2"]
REDUCTIONS = ["sum", "prod", "mean", "max", "min", "any", "all"]


def value(x):
    """JSON has no NaN or infinities: spelt as strings, which both replays read back."""
    if isinstance(x, list):
        return [value(v) for v in x]
    if isinstance(x, float) and not math.isfinite(x):
        return str(x)
    return x


def compact(x):
    return json.dumps(x, separators=(",", ":"))


def record(rows, op, args, kw, call):
    try:
        with np.errstate(all="ignore"):
            out = call()
        out = np.asarray(out)
        row = {"dtype": str(out.dtype), "shape": list(out.shape), "values": value(out.ravel().tolist())}
    except Exception as e:  # noqa: BLE001 - the class and message are the observation
        row = {"error": type(e).__name__, "message": str(e)}
    rows.append({"op": op, "args": args, **({"kw": kw} if kw else {}), **row})


def main():
    ops = operands()
    real = lambda a: SCALARS[a] if a in SCALARS else ops[a]  # noqa: E731
    rows = []
    edge = [f"e_{d}" for d in DTYPES]
    small = [f"s_{d}" for d in DTYPES]
    signed = [f"n_{d}" for d in DTYPES if d in SIGNED]
    for op in BINARY:
        pairs = [(a, b) for a in edge for b in edge if op in GRID_OPS or a == b or b in ("e_int8", "e_uint8", "e_float32")]
        if op in VALUE_OPS:
            pairs += [(a, b) for a in small for b in small if a == b or b in ("s_int8", "s_uint8", "s_float32")]
        if op in SCALAR_OPS:
            pairs += [(a, s) for a in edge + signed for s in SCALARS] + [(s, a) for a in edge for s in SCALARS]
        pairs += [("mat_f64", "vec3_i8"), ("col_f32", "row_i32"), ("zero_d_f32", "e_int8"),
                  ("mat_f64", "e_int8"), ("zero_d_f32", "float 2.5")]
        for a, b in pairs:
            record(rows, op, [a, b], None, lambda: getattr(np, op)(real(a), real(b)))
    for op in UNARY:
        for a in edge + small + signed + list(SCALARS) + ["zero_d_f32", "mat_f64"]:
            record(rows, op, [a], None, lambda: getattr(np, op)(real(a)))
    for c in ["e_bool", "s_int8", "e_float32"]:
        for a, b in [("e_uint8", "int 300"), ("e_uint8", "int -1"), ("int 3", "float 2.5"),
                     ("e_int16", "e_float16"), ("mat_f64", "int 3")]:
            record(rows, "where", [c, a, b], None, lambda: np.where(real(c), real(a), real(b)))
    for x, lo, hi in [("e_uint8", "int -1", "int 300"), ("e_uint8", "int 3", "int 100"),
                      ("e_float64", "int -1", "float 2.5"), ("e_int8", "float 2.5", "int 3"),
                      ("e_float32", "s_float32", "float 2.5"), ("mat_f64", "vec3_i8", "int 3")]:
        record(rows, "clip", [x, lo, hi], None, lambda: np.clip(real(x), real(lo), real(hi)))
    for op in REDUCTIONS:
        for d in DTYPES:
            for axis in [None, 0, 1, 2, -1, [0, 2], [1, 2], [0, 1]]:
                kw = {"axis": axis}
                record(rows, op, [f"b_{d}"], kw,
                       lambda: getattr(np, op)(ops[f"b_{d}"], axis=tuple(axis) if isinstance(axis, list) else axis))
            record(rows, op, [f"e_{d}"], {"keepdims": True}, lambda: getattr(np, op)(ops[f"e_{d}"], keepdims=True))
        for a in ["long_f32", "long_f16", "long_i32", "wide_f32", "empty_f32", "empty_col", "zero_d_f32"]:
            for axis in [None, 0, 1] if a in ("wide_f32", "empty_f32", "empty_col") else [None]:
                record(rows, op, [a], {"axis": axis}, lambda: getattr(np, op)(ops[a], axis=axis))
        for bad in [3, -4, [0, 0]]:
            record(rows, op, ["b_float32"], {"axis": bad},
                   lambda: getattr(np, op)(ops["b_float32"], axis=tuple(bad) if isinstance(bad, list) else bad))
    for src in edge + ["casts"]:
        for d in DTYPES:
            record(rows, "astype", [src], {"dtype": d}, lambda: real(src).astype(d))
    arrays = {name: {"dtype": str(a.dtype), "shape": list(a.shape),
                     **({"ramp": RAMPS[name]} if name in RAMPS else {"values": value(a.ravel().tolist())})}
              for name, a in ops.items()}
    with open("tests/js/fixtures/host_numpy.json", "w") as f:
        f.write(f'{{"numpy": "{np.__version__}",\n"scalars": {json.dumps(SCALARS)},\n"arrays": {{\n')
        f.write(",\n".join(f"{json.dumps(k)}: {compact(v)}" for k, v in arrays.items()))
        f.write('\n},\n"rows": [\n')
        f.write(",\n".join(compact(r) for r in rows))
        f.write("\n]}\n")
    print(f"host_numpy.json: {len(rows)} rows")


main()
