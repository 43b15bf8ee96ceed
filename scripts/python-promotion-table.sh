#!/usr/bin/env bash
# Regenerates tests/js/fixtures/python_promotion.json, python_printing.json, python_literals.json,
# python_host_errors.json and python_gallery_values.json from real JAX
# (tests/python/promotion_table.py, printing_table.py, literal_bounds.py, record_host_errors.py,
# gallery_values.py),
# host_numpy.json from its NumPy (record_host_numpy.py) and python_formatting.json from its
# CPython (record_formatting.py),
# in its own venv under target/ (JAX 0.10.2, the oracle's version, CPU wheels from PyPI).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VENV=target/venv-promotion
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "jax==0.10.2" "jaxlib==0.10.2" "numpy==2.4.6"
fi
JAX_PLATFORMS=cpu "$VENV/bin/python" tests/python/promotion_table.py
JAX_PLATFORMS=cpu "$VENV/bin/python" tests/python/printing_table.py
JAX_PLATFORMS=cpu "$VENV/bin/python" tests/python/literal_bounds.py
JAX_PLATFORMS=cpu "$VENV/bin/python" tests/python/record_host_errors.py
"$VENV/bin/python" tests/python/record_host_numpy.py
"$VENV/bin/python" tests/python/record_formatting.py
JAX_PLATFORMS=cpu "$VENV/bin/python" tests/python/gallery_values.py
