"""Writes tests/js/fixtures/python_language.json: the stdout (and the uncaught exception's class and
message, if any) of every case in tests/python/language/*.py as CPython runs it, for
tests/js/python_language.test.mjs, which runs each case in Python mode and compares.

A case file holds cases separated by `# --- case: <name>` lines; its name (classes, generators,
...) is the construct the cases exercise. Each case runs as a fresh `__main__` module. Cases that
import jax need real JAX: run with scripts/python-language-table.sh (JAX 0.10.2's venv, CPython
3.11 like the oracle's); the JSON is committed.
"""
import contextlib
import io
import json
import pathlib
import platform
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "python" / "language"
OUT = ROOT / "tests" / "js" / "fixtures" / "python_language.json"
MARKER = re.compile(r"^# --- case: (\S+)\s*$", re.M)


def cases_of(path):
    text = path.read_text()
    parts = MARKER.split(text)
    if parts[0].strip():
        raise SystemExit(f"{path.name}: text before the first case marker")
    for name, source in zip(parts[1::2], parts[2::2]):
        yield name, source.strip("\n") + "\n"


def run(source):
    out = io.StringIO()
    error = None
    with contextlib.redirect_stdout(out):
        try:
            exec(compile(source, "main.py", "exec"), {"__name__": "__main__"})
        except Exception as e:  # the case's uncaught exception is what it records
            error = {"type": type(e).__name__, "message": str(e)}
    return out.getvalue(), error


def main():
    table = {}
    for path in sorted(CASES.glob("*.py")):
        for name, source in cases_of(path):
            key = f"{path.stem}/{name}"
            if key in table:
                raise SystemExit(f"duplicate case {key}")
            stdout, error = run(source)
            table[key] = {"construct": path.stem, "source": source, "stdout": stdout, "error": error}
    meta = {
        "generator": "tests/python/record_language.py",
        "python": platform.python_version(),
        "cases": len(table),
    }
    try:
        import jax  # noqa: F401 (recorded only when the jax cases ran with it)
        meta["jax"] = jax.__version__
    except ImportError:
        pass
    OUT.write_text(json.dumps({"_meta": meta, "cases": table}, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(table)} cases to {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
