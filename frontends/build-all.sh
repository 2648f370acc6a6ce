#!/usr/bin/env bash
# Builds the five front ends into frontends/<name>/dist. One at a time: builds are CPU-bound and the
# machines have two cores. A project whose dist is newer than all of its inputs is skipped, so a second
# `npm start` starts at once. `--force` rebuilds everything.
set -euo pipefail
cd "$(dirname "$0")/.."

PROJECTS=(news trending tech-analysis qa shell)
force=false
[[ "${1:-}" == "--force" ]] && force=true

# The last file each build writes that says the dist is complete (the shell's browser build writes
# index.html, then its server build dist/server/render.js).
stamp_of() {
  if [[ $1 == shell ]]; then echo "frontends/shell/dist/server/render.js"; else echo "frontends/$1/dist/mf-manifest.json"; fi
}

# Fresh when the stamp exists and no input is newer: the project's own files and frontends/ui's (compiled
# into every bundle), not dist and not specs; the shared rspack settings and router exports; and the root manifests (shared
# React versions come from package.json).
is_fresh() {
  local dir="frontends/$1" stamp
  stamp=$(stamp_of "$1")
  [[ -f $stamp ]] || return 1
  [[ $1 != shell || -f frontends/shell/dist/index.html ]] || return 1
  [[ -z $(find "$dir" frontends/ui -path "$dir/dist" -prune -o -type f -not -name '*.spec.ts' \
    -not -name '*.spec.tsx' -newer "$stamp" -print -quit) ]] &&
    [[ -z $(find frontends/rspack.common.js frontends/router-exports.js package.json package-lock.json -newer "$stamp" -print -quit) ]]
}

for project in "${PROJECTS[@]}"; do
  if ! $force && is_fresh "$project"; then
    echo "frontends/$project: dist is up to date, skipped"
    continue
  fi
  started=$(date +%s%3N)
  echo "frontends/$project: building"
  npm run build --workspace "frontends/$project" --silent
  # Brotli and gzip copies beside each text asset; the gateway sends the one the browser accepts.
  node frontends/scripts/precompress.js "frontends/$project/dist" >/dev/null
  echo "frontends/$project: built in $(( $(date +%s%3N) - started )) ms"
done
