#!/usr/bin/env bash
# Builds a named twin of the shipped engine (same wasm-bindgen and wasm-opt passes, plus -g to
# keep the name section) into target/size/NAME.wasm and lists where its bytes go with
# bench/size.mjs. Run after `bash scripts/build.sh` (it reuses that cargo build).
#   bash bench/size.sh [NAME]        # default NAME: named
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/env.sh"
cd "$JAXPLAY_ROOT"
name="${1:-named}"
out=target/size
mkdir -p "$out/bindgen"
wasm-bindgen --target web --weak-refs --out-dir "$out/bindgen" --out-name jaxplay \
  target/wasm32-unknown-unknown/release/jaxplay.wasm
# The same passes as the shipped build (scripts/build.sh), plus -g.
bash scripts/wasm-opt.sh "$out/bindgen/jaxplay_bg.wasm" "$out/$name.wasm" -g
node bench/size.mjs "$out/$name.wasm" --top 30
