#!/usr/bin/env bash
# Builds the wasm package into www/pkg/ (www/pkg/jaxplay.js + jaxplay_bg.wasm) and bundles
# the page script into www/dist/ (esbuild).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$JAXPLAY_ROOT"
bash scripts/setup.sh

# --mode no-install: never let wasm-pack download wasm-bindgen/wasm-opt (GitHub is
#   unreachable); it fails clearly instead if a tool is missing or mismatched.
# --weak-refs: exported Rust objects are freed by a FinalizationRegistry when the JS
#   wrapper is garbage-collected, so a forgotten .free() does not leak wasm memory.
# wasm-opt runs next (scripts/wasm-opt.sh), not inside wasm-pack: the functions are ordered
#   first ([package.metadata.wasm-pack.profile.release] in Cargo.toml turns wasm-pack's off).
wasm-pack build --mode no-install --release --target web --weak-refs \
  --out-dir www/pkg --out-name jaxplay
bash scripts/wasm-opt.sh www/pkg/jaxplay_bg.wasm www/pkg/jaxplay_bg.wasm
ls -l www/pkg/jaxplay_bg.wasm | awk '{print "build: www/pkg/jaxplay_bg.wasm " $5 " bytes"}'

# The page's JavaScript (CodeMirror included) bundled into www/dist/ by esbuild (npm).
node scripts/bundle.mjs
