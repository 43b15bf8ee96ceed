#!/usr/bin/env bash
# Regenerates tests/js/fixtures/python_language.json (tests/python/record_language.py): the
# Python-mode language cases as CPython runs them, the jax ones with real JAX 0.10.2, in the venv
# scripts/python-promotion-table.sh keeps under target/ (CPU wheels from PyPI).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VENV=target/venv-promotion
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "jax==0.10.2" "jaxlib==0.10.2" "numpy==2.4.6"
fi
JAX_PLATFORMS=cpu "$VENV/bin/python" tests/python/record_language.py
