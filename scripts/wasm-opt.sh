#!/usr/bin/env bash
# Optimises wasm-bindgen's output for shipping. Used by scripts/build.sh and, with -g to keep
# the names, by bench/size.sh, so both measure the same module.
#   bash scripts/wasm-opt.sh IN.wasm OUT.wasm [EXTRA WASM-OPT FLAGS]
#
# scripts/order-functions.mjs orders the functions so that similar ones sit next to each other,
# where gzip finds their likeness, and wasm-opt's --reorder-functions-by-name moves them into
# that order. Ordered once before optimising and once after (the optimised bodies are what
# ships), with a second wasm-opt run to move them and to optimise what the new order allows.
# -ocimfs=0 (--one-caller-inline-max-function-size): wasm-opt would otherwise inline every
# function that has a single caller. Left out of line, the many similar small functions
# compress far better, case 1 of the benchmark is unchanged, and V8 compiles hot loops such as
# the eightfold sum better in small functions. --converge repeats -Os until it stops shrinking
# the module. The producers and target-features sections are build metadata no engine reads.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
in=$1 out=$2
shift 2
optimized="$out.optimized.wasm"
ordered="$out.ordered.wasm"
node "$JAXPLAY_ROOT/scripts/order-functions.mjs" "$in" "$ordered"
wasm-opt -Os -ocimfs=0 --converge --reorder-functions-by-name -g "$ordered" -o "$optimized"
node "$JAXPLAY_ROOT/scripts/order-functions.mjs" "$optimized" "$ordered"
wasm-opt -Os -ocimfs=0 --converge --reorder-functions-by-name \
  --strip-producers --strip-target-features "$@" "$ordered" -o "$out"
rm -f "$optimized" "$ordered"
