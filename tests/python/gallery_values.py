"""Writes tests/js/fixtures/python_gallery_values.json: what each Python gallery program's main()
returns (www/examples-python.js) as the playground shows it, run in real JAX 0.10.2: its repr,
and a dict with str keys one `key: value` line per item (str values as they are). Programs get
`show_jaxpr` as a no-op; one without main() records null. Run with
scripts/python-promotion-table.sh (same venv); the JSON is committed and
tests/js/python_gallery.test.mjs compares the playground's values with it.
"""
import contextlib
import io
import json
import os
import subprocess

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
PROGRAMS = json.loads(subprocess.run(
    ["node", "--input-type=module", "-e",
     "import { examples } from './www/examples.js'; import { pythonExample } from './www/examples-python.js';"
     "console.log(JSON.stringify(Object.fromEntries(examples.map((e) => [e.id, pythonExample(e.id).code]))));"],
    cwd=ROOT, check=True, capture_output=True, text=True).stdout)


def shown(value):
    if isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
        return "\n".join(f"{k}: {v if isinstance(v, str) else repr(v)}" for k, v in value.items())
    return repr(value)


values = {}
for name, code in PROGRAMS.items():
    ns = {"__name__": "__main__", "show_jaxpr": lambda f, *args: None}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "main.py", "exec"), ns)
        if "main" not in ns:
            values[name] = None
            continue
        try:
            values[name] = {"value": shown(ns["main"]())}
        except Exception as e:  # an error example: its exception, not a value
            values[name] = {"error": type(e).__name__}

with open(os.path.join(ROOT, "tests", "js", "fixtures", "python_gallery_values.json"), "w") as f:
    json.dump({"_meta": {"jax": __import__("jax").__version__}, "values": values}, f, indent=1, ensure_ascii=False)
    f.write("\n")
