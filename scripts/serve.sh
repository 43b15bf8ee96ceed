#!/usr/bin/env bash
# Builds, then serves www/ on http://127.0.0.1:PORT/ (PORT env, else first free from 8080).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$JAXPLAY_ROOT"
bash scripts/build.sh
exec node scripts/serve.mjs
