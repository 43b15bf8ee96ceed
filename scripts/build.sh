#!/usr/bin/env bash
# Builds the wasm package into www/pkg/ (www/pkg/jaxplay.js + jaxplay_bg.wasm) and bundles
# the browser code into www/dist/ and www/embed.js (esbuild, scripts/bundle.mjs). The deployable
# site (dist/) is `node scripts/site.mjs` after this; the npm package, `npm pack`.
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
# wasm-pack's www/pkg/.gitignore ignores everything, which `npm pack` would obey too (the npm
# package ships www/pkg/jaxplay_bg.wasm); the repository's own .gitignore covers www/pkg/.
rm -f www/pkg/.gitignore
bash scripts/wasm-opt.sh www/pkg/jaxplay_bg.wasm www/pkg/jaxplay_bg.wasm
ls -l www/pkg/jaxplay_bg.wasm | awk '{print "build: www/pkg/jaxplay_bg.wasm " $5 " bytes"}'

# The browser's JavaScript (CodeMirror included) bundled by esbuild (npm), and the glue factory.
node scripts/bundle.mjs
