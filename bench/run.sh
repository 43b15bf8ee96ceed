#!/usr/bin/env bash
# The benchmark suite in one command: builds (scripts/build.sh: wasm into www/pkg/), then runs
# every case in Node 20 and in headless Chromium (bench/run.mjs). See BENCHMARKS.md.
#   bash bench/run.sh            full run (a few minutes): bench/results/latest.json + BENCHMARKS.md
#   bash bench/run.sh --short    smoke run (also BENCH_SHORT=1): test-results/bench-short.json only
# Other arguments (--no-profile, --out FILE) go to bench/run.mjs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/env.sh"
cd "$JAXPLAY_ROOT"
bash scripts/build.sh
exec node bench/run.mjs "$@"
