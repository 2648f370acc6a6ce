#!/usr/bin/env bash
# `npm start`: the whole site in one process on one port (embedded mode, README.md 'Modes'), no external server.
# On a fresh clone it fetches the pinned Node (.node-version, scripts/use-node.sh), installs dependencies
# and builds the front ends first; later runs skip all three.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use-node.sh
bash scripts/ensure-deps.sh
bash frontends/build-all.sh
export LOG_PRETTY="${LOG_PRETTY:-true}"
exec node -r @swc-node/register embedded/src/main.ts
