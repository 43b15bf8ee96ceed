"""Writes tests/js/fixtures/python_formatting.json: what CPython gives for `format(value, spec)`,
`repr`/`str` of floats, printf-style `%` and `str.format`, on generated values (ties at every
digit position, subnormals, huge and tiny exponents, negative zero, inf, nan, big ints) and
generated specs (every fill, alignment, sign, `z`, `#`, `0`, width, grouping, precision and
presentation type, valid or not), for tests/js/python_formatting.test.mjs.

Run with plain CPython (`python3 tests/python/record_formatting.py`, or
scripts/python-promotion-table.sh); the seed is fixed, so the same interpreter writes the same
file. Each row's value is a Python literal the test evaluates in Python mode; a result is the
text, or ["!", exception class, message].
"""
import json
import math
import random
import struct
import sys

rng = random.Random(20240611)


def lit(v):
    """Python source for v that Python mode reads back as the same value."""
    if isinstance(v, float):
        if math.isnan(v):
            return "float('nan')"
        if math.isinf(v):
            return "float('inf')" if v > 0 else "float('-inf')"
        return repr(v)
    return repr(v)


def outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the exception is the recorded outcome
        return ["!", type(e).__name__, str(e)]


# ------------------------------------------------------------------ values

FIXED_FLOATS = [
    0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 0.1, 0.5, 1.5, 2.5, -2.5, 2.675, 0.78125,
    0.125, 0.375, 1e16, 1e15, 9999999999999998.0, 1e17, 1e-4, 1e-5, 0.0001234, 123456.789,
    1234567.0, 5e-324, 2.2250738585072014e-308, 2.225073858507201e-308, 1.7976931348623157e308,
    1e22, 1e23, 9.5, 0.05, 0.015, 1 / 3, 2 / 3, 100.0, 999.9999, 0.999999, 9.9999995, 99.5, 1e100,
    1.23e-18, -123.456, 0.3, 1e-7, 12345678901234567890.0, 4.35, 0.045, 1.0000000000000002,
]


def random_float():
    k = rng.random()
    if k < 0.25:  # a binary tie: exactly representable, ends in 5 at some decimal place
        n = rng.randint(1, 30)
        return rng.choice([-1, 1]) * (2 * rng.randint(0, 2 ** min(n, 20)) + 1) / 2 ** n
    if k < 0.5:  # a short decimal
        return round(rng.uniform(-1000, 1000), rng.randint(0, 6))
    if k < 0.7:  # any magnitude
        return rng.choice([-1, 1]) * 10 ** rng.uniform(-320, 308)
    if k < 0.8:  # subnormal
        return struct.unpack("<d", struct.pack("<Q", rng.randint(1, 2 ** 52 - 1)))[0]
    bits = rng.getrandbits(64)  # any bit pattern that is finite
    v = struct.unpack("<d", struct.pack("<Q", bits))[0]
    return v if math.isfinite(v) else 1.0


FIXED_INTS = [0, 1, -1, 7, 42, -42, 65, 255, 1000, 1234567, -1234567, 2 ** 31, 2 ** 53, -(2 ** 53),
              10 ** 15, 0x10FFFF, 0x110000, 2 ** 64, -5]


def random_int():
    return rng.choice([-1, 1]) * rng.randint(0, 10 ** rng.randint(0, 15))


STRS = ["", "a", "abc", "héllo", "x" * 10, "tab\there", "🙂ok"]

# ------------------------------------------------------------------ specs


def random_spec(types):
    fill_align = rng.choice(["", "", "<", ">", "^", "=", "*<", "*>", "*^", "0=", "é^", "0>"])
    parts = [
        fill_align,
        rng.choice(["", "", "+", "-", " "]),
        rng.choice(["", "", "", "z"]),
        rng.choice(["", "", "#"]),
        rng.choice(["", "", "0"]),
        rng.choice(["", "", "1", "8", "12", "25"]),
        rng.choice(["", "", "", ",", "_"]),
        rng.choice(["", "", ".0", ".1", ".2", ".3", ".6", ".10", ".17", ".30"]),
        rng.choice(types),
    ]
    return "".join(parts)


FLOAT_TYPES = ["", "", "e", "E", "f", "F", "g", "G", "n", "%", "d", "x", "s"]
INT_TYPES = ["", "", "d", "b", "o", "x", "X", "n", "c", "e", "f", "g", "%", "s"]
STR_TYPES = ["", "", "s", "d"]
# A spec each that CPython refuses in its own way.
BAD_SPECS = ["10.", ",_", "_,", "abc", "<<<", ".5.5", "10x10", "%%", ",s", "_n", "z", "#", "=10"]


def format_rows(values, types, n):
    rows = []
    for _ in range(n):
        i = rng.randrange(len(values))
        spec = random_spec(types)
        rows.append([i, spec, outcome(lambda: format(values[i], spec))])
    return rows


def sweep_rows(values, types, precisions):
    """Every value with every type and precision, no other flags."""
    return [[i, f"{p}{t}", outcome(lambda: format(v, f"{p}{t}"))]
            for i, v in enumerate(values) for t in types for p in precisions]


def main():
    floats = FIXED_FLOATS + [random_float() for _ in range(200)]
    ints = FIXED_INTS + [random_int() for _ in range(60)]
    values = floats + ints + [True, False] + STRS + [None, [1, 2], (1,)]
    fi = range(len(floats))
    ii = range(len(floats), len(floats) + len(ints))
    rest = range(len(floats) + len(ints), len(values))
    rows = []
    rows += sweep_rows(values[:len(FIXED_FLOATS)], ["e", "f", "g", "%", "", "G", "#g", "#.0e"], ["", ".0", ".3", ".17"])
    rows += [[i + 0, s, outcome(lambda: format(values[i], s))] for i in fi for s in
             [f".{rng.randint(0, 25)}{rng.choice('efg')}"]]
    sampled = format_rows(floats, FLOAT_TYPES, 1600)
    rows += sampled
    int_rows = format_rows(ints, INT_TYPES, 800)
    rows += [[len(floats) + i, s, r] for i, s, r in int_rows]
    other = values[len(floats) + len(ints):]
    rows += [[len(floats) + len(ints) + i, s, r] for i, s, r in format_rows(other, STR_TYPES + INT_TYPES[:4], 400)]
    rows += [[i, s, outcome(lambda: format(values[i], s))] for i in [0, 6, len(floats) + 3, len(floats) + len(ints) + 4] for s in BAD_SPECS]
    reprs = [[lit(v), repr(v), str(v)] for v in floats + [random_float() for _ in range(300)]]
    percent = percent_rows(floats, ints)
    strformat = [[f, a, outcome(lambda: eval(f"{f!r}.format{a}"))] for f, a in STR_FORMAT]
    with open("tests/js/fixtures/python_formatting.json", "w") as out:
        out.write(f'{{"python": "{sys.version.split()[0]}",\n"values": {json.dumps([lit(v) for v in values])},\n')
        out.write('"format": [\n' + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "],\n")
        out.write('"repr": [\n' + ",\n".join(json.dumps(r) for r in reprs) + "],\n")
        out.write('"percent": [\n' + ",\n".join(json.dumps(r, ensure_ascii=False) for r in percent) + "],\n")
        out.write('"strformat": [\n' + ",\n".join(json.dumps(r, ensure_ascii=False) for r in strformat) + "]}\n")
    print(f"{len(rows)} format, {len(reprs)} repr, {len(percent)} percent, {len(strformat)} str.format rows")


def percent_rows(floats, ints):
    rows = []
    for _ in range(600):
        conv = rng.choice("diouxXeEfFgGsrac")
        flags = "".join(rng.sample("-+ #0", rng.randint(0, 2)))
        width = rng.choice(["", "", "1", "6", "12"])
        prec = rng.choice(["", "", ".0", ".2", ".5", ".12"])
        fmt = f"|%{flags}{width}{prec}{conv}|"
        v = rng.choice(floats + ints + ints + [True, "s", "ab"])
        rows.append([fmt, lit(v), outcome(lambda: fmt % v)])
    for fmt, args in PERCENT_CASES:
        rows.append([fmt, args, outcome(lambda: fmt % eval(args))])
    return rows


# printf-style cases with several operands, mappings, `*` and the errors CPython raises.
PERCENT_CASES = [
    ("%s and %s", "(1, 'two')"), ("%s", "(1, 2)"), ("%s %s", "(1,)"), ("%d", "'x'"), ("%x", "1.5"),
    ("%f", "'1'"), ("%(a)s-%(b)05.1f", "{'a': 'A', 'b': 2.25}"), ("%(a)s", "(1,)"), ("%(c)s", "{'a': 1}"),
    ("%c%c", "(65, 'b')"), ("%c", "'xy'"), ("%c", "1114112"), ("%5%|", "()"), ("%y", "1"), ("%", "()"),
    ("abc %", "1"), ("%*d|", "(5, 3)"), ("%.*f", "(2, 3.14159)"), ("%-*d|", "(4, 7)"), ("%*d", "(-4, 7)"),
    ("no args", "()"), ("no args", "5"), ("%s", "[1, 2]"), ("%r", "'it''s'"), ("%a", "'é'"),
    ("%i %u", "(3.9, -2.5)"), ("%d", "float('nan')"), ("%d", "float('inf')"), ("%s", "None"),
    ("%.3s|", "'abcdef'"), ("%08.3d|", "5"), ("%#.3x", "5"), ("%+.2e", "12345.678"), ("%05f", "float('inf')"),
    ("%-8.3g|", "0.0001234"), ("%#g", "1.0"), ("%#.0f", "2.0"), ("%ld %hd", "(1, 2)"), ("%(a)d %%", "{'a': 1}"),
    ("%5%|", "(1,)"), ("%(a)5%", "{'a': 1}"), ("%s %5% %s", "(1, 2, 3)"), ("%(a", "{'a': 1}"), ("%.2", "1.0"),
]

# str.format cases: field names, accessors, conversions, nested specs and their errors.
STR_FORMAT = [
    ("{} {}", "(1, 2)"), ("{1} {0} {1}", "('a', 'b')"), ("{x}-{y}", "(x=1, y=2.5)"), ("{0[1]}", "([4, 5],)"),
    ("{0[a]}", "({'a': 3},)"), ("{0!r:>8}", "('hi',)"), ("{0!s}", "(1.5,)"), ("{0!a}", "('é',)"),
    ("{:{w}.{p}f}", "(3.14159, w=10, p=2)"), ("{:{}{}}", "(7, '>', 5)"), ("{{literal}} {}", "(1,)"),
    ("{} {1}", "(1, 2)"), ("{0} {}", "(1, 2)"), ("{2}", "(1, 2)"), ("{}", "()"), ("{missing}", "()"),
    ("{", "()"), ("}", "()"), ("{0", "(1,)"), ("{!r}", "(1,)"), ("{0!x}", "(1,)"), ("{0!rr}", "(1,)"),
    ("{0.real}", "(2.5,)"), ("{0[}", "([1],)"), ("{0[0]x}", "([1],)"), ("{0.}", "(1,)"),
    ("{:>{w}}", "('ab', w=6)"), ("{:{:{}}}", "(1, 2, 3)"), ("{0:,}", "(1234567.891,)"),
    ("{:_b}", "(1234,)"), ("{:%}", "(0.25,)"), ("{:.3}", "(100.0,)"), ("{:10}", "(None,)"),
    ("{:d}", "(1.0,)"), ("{:s}", "(1,)"), ("{:,s}", "('a',)"), ("{:+s}", "('a',)"), ("{:=5}", "('a',)"),
    ("{a}{b}", "(a='x', b=[1])"), ("{0}{1}{0}", "('ab', 'cd')"), ("{:^9.2e}", "(-0.000123,)"),
    ("{:z.1f}", "(-0.04,)"), ("{:#o} {:#X}", "(8, 255)"), ("{:c}", "(9731,)"), ("{:08.3f}", "(-3.14159,)"),
    ("{0[}]}", "({'}': 1},)"), ("{a{b}", "()"), ("{0:{[}", "(1,)"), ("{0!r", "(1,)"), ("{0!}", "(1,)"),
    ("{0[0]}x{", "([1],)"), ("{0!r}", "('a',)"), ("{0:}", "(1.5,)"), ("{0.foo}", "(1,)"),
]

main()
