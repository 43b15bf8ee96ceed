"""Regenerates tests/oracle/jax-fidelity.json: what real JAX does for the programs in
fidelity_cases.py (DCE inside control flow, effects under vmap, jax.debug.print/callback
argument handling, host NumPy, reverse mode through while_loop, static slicing, add_any in
transformed jaxprs), recorded like jax-callbacks.json.

    python3 tests/oracle/generate.py

Without jax==0.10.2 importable it makes its own virtualenv (tests/oracle/.venv, git-ignored),
installs the pinned versions there from PyPI and re-runs itself inside it.
"""
import contextlib
import io
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
PINS = ["jax==0.10.2", "jaxlib==0.10.2", "numpy==2.4.6"]


def ensure_jax():
    try:
        import jax  # noqa: F401

        if jax.__version__ == "0.10.2":
            return
    except ImportError:
        pass
    venv = HERE / ".venv"
    python = venv / "bin" / "python"
    if sys.executable == str(python):
        sys.exit(f"{python} has no jax 0.10.2 even after installing {PINS}")
    if not python.exists():
        subprocess.check_call([sys.executable, "-m", "venv", str(venv)])
        subprocess.check_call([str(python), "-m", "pip", "install", "--quiet", *PINS])
    os.execv(str(python), [str(python), __file__, *sys.argv[1:]])


PRELUDE = """\
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import io_callback
calls = []
traces = []
obs = {}
"""


def desc(x):
    a = __import__("numpy").asarray(x)
    return {"value": a.tolist(), "shape": list(a.shape), "dtype": str(a.dtype)}


def encode(v):
    import jax
    import numpy as np

    if v is None:
        return None
    if isinstance(v, jax.Array):
        return {"array": np.asarray(v).tolist(), "shape": list(v.shape), "dtype": str(v.dtype),
                "weak_type": bool(getattr(v, "weak_type", False))}
    if isinstance(v, np.ndarray) or isinstance(v, np.generic):
        return {"host_array": np.asarray(v).tolist(), "shape": list(np.shape(v)), "dtype": str(v.dtype)}
    if isinstance(v, tuple):
        return {"tuple": [encode(x) for x in v]}
    if isinstance(v, list):
        return [encode(x) for x in v]
    if isinstance(v, dict):
        return {str(k): encode(x) for k, x in v.items()}
    if isinstance(v, (bool, int, float, str)):
        return v
    return repr(v)


def first_paragraph(message):
    # JAX appends tracebacks and a note about filtered frames; the first paragraph is the error.
    return message.split("\n\nThe above exception")[0].split("\n--------------------")[0].strip()


def run_once(source):
    import jax

    ns = {"desc": desc}
    exec(PRELUDE, ns)
    out = io.StringIO()
    exception = None
    with contextlib.redirect_stdout(out):
        try:
            exec(source, ns)
            jax.effects_barrier()
        except Exception as e:  # noqa: BLE001 - any exception is an outcome to record
            exception = {"type_name": type(e).__name__, "message": first_paragraph(str(e))}
            try:
                jax.effects_barrier()
            except Exception:  # noqa: BLE001
                pass
    return {
        "ok": exception is None,
        "result": None if exception else encode(ns.get("out")),
        "exception": exception,
        "calls": ns["calls"],
        "num_calls": len(ns["calls"]),
        "traces": ns["traces"],
        "obs": ns["obs"],
        "stdout": out.getvalue(),
    }


def main():
    ensure_jax()
    import jax
    import numpy as np

    sys.path.insert(0, str(HERE))
    from fidelity_cases import CASES

    cases = {}
    for case_id, (topic, description, source) in CASES.items():
        runs = [run_once(source) for _ in range(2)]
        record = dict(runs[0])
        record.update(stable=runs[0] == runs[1], topic=topic, description=description, source=source)
        cases[case_id] = record
    per_topic = {}
    for c in cases.values():
        per_topic[c["topic"]] = per_topic.get(c["topic"], 0) + 1
    meta = {
        "jax_version": jax.__version__,
        "numpy_version": np.__version__,
        "backend": jax.default_backend(),
        "x64_enabled": bool(jax.config.jax_enable_x64),
        "num_cases": len(cases),
        "per_topic": per_topic,
        "prelude": PRELUDE,
        "conventions": "As jax-callbacks.json: snippets run after the prelude; host functions append "
        "desc(x) to calls; out is the result; obs holds extra observations. A NumPy array or "
        "scalar result is encoded as host_array. Exception messages keep their first paragraph.",
    }
    path = HERE / "jax-fidelity.json"
    path.write_text(json.dumps({"_meta": meta, "cases": cases}, indent=1) + "\n")
    print(f"wrote {path.name}: {len(cases)} cases, {per_topic}")


if __name__ == "__main__":
    main()
