#!/usr/bin/env bash
# Installs everything build/test need, idempotently: each step checks first,
# so a second run takes seconds. Only registries reachable here are used
# (Debian apt, crates.io, npm); nothing downloads prebuilt binaries or browsers.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$JAXPLAY_ROOT"

WASM_BINDGEN_VERSION=0.2.130   # must equal the "=0.2.130" pin in Cargo.toml
WASM_PACK_VERSION=0.15.1

say() { echo "setup: $*"; }
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Browser tests need Debian's chromium + matching chromedriver (same package
# version); Playwright's own browser download is unreachable here.
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  say "chromium + chromedriver present"
else
  say "installing chromium + chromium-driver (apt)"
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends chromium chromium-driver
fi

if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "rust target wasm32-unknown-unknown present"
else
  say "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# cargo fmt/clippy fail with a confusing rustup error if the component is missing.
if cargo fmt --version >/dev/null 2>&1 && cargo clippy --version >/dev/null 2>&1; then
  say "rustfmt + clippy present"
else
  say "adding rustfmt + clippy"
  rustup component add rustfmt clippy
fi

# The CLI must match the crate's wasm-bindgen exactly, or wasm-pack (in
# no-install mode) refuses to build. --locked fails for this release here (a
# locked dependency version is missing from the registry), so fall back.
if [ "$(wasm-bindgen --version 2>/dev/null || true)" = "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "wasm-bindgen-cli $WASM_BINDGEN_VERSION present"
else
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (cargo install, ~3 min)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked --force \
    || cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# From crates.io: the npm `wasm-pack` package's install script fetches from GitHub.
if [ "$(wasm-pack --version 2>/dev/null || true)" = "wasm-pack $WASM_PACK_VERSION" ]; then
  say "wasm-pack $WASM_PACK_VERSION present"
else
  say "installing wasm-pack $WASM_PACK_VERSION (cargo install, ~2.5 min)"
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --locked --force
fi

# binaryen (wasm-opt) and playwright-core. npm writes node_modules/.package-lock.json
# on every install, so a lockfile newer than it means node_modules is stale.
if [ -f node_modules/.package-lock.json ] && ! [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "node_modules up to date"
else
  say "npm ci"
  npm ci --no-audit --no-fund
fi

say "done"
