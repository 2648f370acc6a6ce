#!/usr/bin/env bash
# `npm run dev`: the site while you edit it (scripts/dev.js says how). Like `npm start`, it brings the
# pinned Node and the dependencies itself on a fresh clone; it builds nothing up front (the dev servers
# compile in memory).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use-node.sh
bash scripts/ensure-deps.sh
exec node scripts/dev.js "$@"
