"""Regenerates tests/oracle/jax-api-programs.json: what real JAX 0.10.2 does with the
learner-style programs of api_programs.py (callbacks with ordinary jax.numpy, jax.nn,
jax.scipy.special, jax.random, jax.numpy.linalg, indexing and transformations around them, and
misused functions), recorded as jax-fidelity.json is (generate.py's prelude, encoding and
virtualenv bootstrap), plus the `jaxpr` text a program sets.

    python3 tests/oracle/generate_api_programs.py
"""
import json
import sys
import warnings

import contextlib
import io

from generate import HERE, PRELUDE, desc, encode, ensure_jax, first_paragraph


def without_frames(message):
    # A host function's error carries a Python traceback whose frames name this machine's paths.
    return "\n".join(line for line in message.split("\n") if not line.startswith("  File "))


def run_program(source):
    """generate.py's run_once, plus the `jaxpr` text a program sets."""
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
            exception = {"type_name": type(e).__name__, "message": without_frames(first_paragraph(str(e)))}
            try:
                jax.effects_barrier()
            except Exception:  # noqa: BLE001
                pass
    record = {
        "ok": exception is None,
        "result": None if exception else encode(ns.get("out")),
        "exception": exception,
        "calls": ns["calls"],
        "num_calls": len(ns["calls"]),
        "traces": ns["traces"],
        "obs": ns["obs"],
        "stdout": out.getvalue(),
    }
    if ns.get("jaxpr") is not None:
        record["jaxpr"] = str(ns["jaxpr"])
    return record


def main():
    ensure_jax()
    import jax
    import numpy as np

    warnings.simplefilter("ignore")
    sys.path.insert(0, str(HERE))
    from api_programs import PROGRAMS

    cases = {}
    for case_id, (topic, description, source) in PROGRAMS.items():
        runs = [run_program(source) for _ in range(2)]
        rec = dict(runs[0])
        rec.update(stable=runs[0] == runs[1], topic=topic, description=description, source=source)
        cases[case_id] = rec
    per_topic = {}
    for c in cases.values():
        per_topic[c["topic"]] = per_topic.get(c["topic"], 0) + 1
    meta = {
        "jax_version": jax.__version__,
        "numpy_version": np.__version__,
        "backend": jax.default_backend(),
        "x64_enabled": bool(jax.config.jax_enable_x64),
        "num_cases": len(cases),
        "num_raising": sum(1 for c in cases.values() if not c["ok"]),
        "num_jaxprs": sum(1 for c in cases.values() if c.get("jaxpr") is not None),
        "per_topic": per_topic,
        "prelude": PRELUDE,
        "conventions": "As jax-fidelity.json: programs run after the prelude; out is the result "
        "(a NumPy array or scalar is encoded as host_array); host functions may append desc(x) to "
        "calls; exception messages keep their first paragraph; jaxpr is str(jax.make_jaxpr(...)) "
        "when the program sets it.",
    }
    path = HERE / "jax-api-programs.json"
    path.write_text(json.dumps({"_meta": meta, "cases": cases}, indent=1) + "\n")
    unstable = [k for k, c in cases.items() if not c["stable"]]
    print(f"wrote {path.name}: {len(cases)} programs, {meta['num_raising']} raise, "
          f"{meta['num_jaxprs']} jaxprs, {per_topic}; unstable: {unstable}")


if __name__ == "__main__":
    main()
