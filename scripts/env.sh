# Sourced (not run) by the other scripts: puts the project's tools on PATH.
# node_modules/.bin goes FIRST so wasm-pack picks npm binaryen's wasm-opt:
# Debian's old wasm-opt rejects current rustc output, and with no wasm-opt on
# PATH wasm-pack tries to download one from GitHub (unreachable here).
JAXPLAY_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$JAXPLAY_ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
