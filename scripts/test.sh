#!/usr/bin/env bash
# Full check, cheapest first; stops at the first failing step (set -e) so a
# formatting slip is reported in seconds rather than after the browser tests.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$JAXPLAY_ROOT"

START=$SECONDS
DONE=0
STEP="setup"
# On any exit, say which step failed, so CI logs don't need scrolling back.
trap 'rc=$?; if [ $rc -ne 0 ]; then echo "test.sh: FAILED at step \"$STEP\" (exit $rc) after $DONE steps passed, $((SECONDS-START))s"; fi' EXIT

step() {
  STEP="$1"; shift
  printf '\n==================== %s ====================\n' "$STEP"
  "$@"
  DONE=$((DONE+1))
}

step "setup" bash scripts/setup.sh
step "cargo fmt --check" cargo fmt --check
step "cargo clippy" cargo clippy --all-targets -- -D warnings
# The facade and wasm tests only compile for wasm32, so lint that target too.
step "cargo clippy (wasm32)" cargo clippy --target wasm32-unknown-unknown --all-targets -- -D warnings
step "cargo test (native)" cargo test
# Node and browser wasm tests are separate files: a file with
# wasm_bindgen_test_configure!(run_in_browser) is skipped by --node and vice versa.
step "wasm-pack test --node" wasm-pack test --mode no-install --node
step "wasm-pack test --chrome (headless)" \
  wasm-pack test --mode no-install --headless --chrome --chromedriver /usr/bin/chromedriver
step "build (wasm-pack build)" bash scripts/build.sh
# Globs are expanded by bash on purpose: with no test files node gets the literal
# pattern and fails ("Could not find ..."), so an empty suite is never a silent pass.
step "node --test tests/js" node --test tests/js/*.test.mjs
step "node --test tests/e2e (Playwright + Chromium)" node --test tests/e2e/*.test.mjs
# Benchmark smoke run (bench/, BENCHMARKS.md): every case once more with few repetitions, in Node
# and Chromium, results checked. Not a timed test: fails on errors, never on slowness.
step "bench --short (smoke, not timed)" node bench/run.mjs --short
# Python mode: compile time of a 100-line program (target < 5 ms) and one run; fails on errors only.
step "bench python (smoke, not timed)" node bench/python.mjs

echo
echo "test.sh: all $DONE steps succeeded in $((SECONDS-START))s"
