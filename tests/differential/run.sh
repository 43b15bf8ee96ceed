#!/usr/bin/env bash
# Differential testing against real JAX, on demand (not part of CI, which replays the committed
# corpus instead). Creates its own virtualenv with jax==0.10.2 on first use, builds the wasm if it
# is missing, then runs tests/differential/run.mjs with the arguments given, for example:
#   bash tests/differential/run.sh --seed 5 --count 5000 --jobs 2
#   bash tests/differential/run.sh --seed 1 --count 1200 --write-corpus tests/differential/corpus.json
# JAX_PYTHON=/path/to/python skips the virtualenv (a Python that already has jax 0.10.2).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
VENV="${JAX_VENV:-$ROOT/target/differential-venv}"
PY="${JAX_PYTHON:-}"
if [ -z "$PY" ]; then
  PY="$VENV/bin/python"
  if ! "$PY" -c 'import jax; assert jax.__version__ == "0.10.2"' 2>/dev/null; then
    echo "run.sh: creating $VENV with jax==0.10.2 (once)"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet 'jax==0.10.2'
  fi
fi
if [ ! -f "$ROOT/www/pkg/jaxplay_bg.wasm" ]; then
  bash "$ROOT/scripts/build.sh"
fi
cd "$ROOT"
exec node tests/differential/run.mjs --python "$PY" "$@"
