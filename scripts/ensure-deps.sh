#!/usr/bin/env bash
# Installs npm dependencies when node_modules is missing, older than package-lock.json, or was installed
# by another Node version (the stamp holds it).
# Shared by `npm start` and `npm test` so a fresh clone needs no separate install step.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.pulse-install-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ] ||
  [ "$(cat "$stamp")" != "$(node -v)" ]; then
  echo "▶ installing npm dependencies"
  # `npm install`, not `npm ci`: npm records other platforms' optional binaries (@swc/core-darwin-…)
  # inconsistently in the lock file, and `npm ci` then refuses it as out of sync. `npm install` follows
  # the lock file just the same on this platform.
  npm install --no-audit --no-fund
  node -v >"$stamp"
fi
