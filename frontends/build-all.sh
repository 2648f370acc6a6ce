#!/usr/bin/env bash
# Builds the five front ends into frontends/<name>/dist through Nx, whose cache decides what to build: a
# project whose inputs (its files, frontends/ui's source, the shared rspack settings and router exports,
# the precompress script, package-lock.json; nx.json 'frontendShared') hash as in an earlier run gets its
# dist from the cache, or keeps it when it already matches, so a second `npm start` starts at once.
# Each project's `build` script is its browser bundle, the shell's server render (dist/server) too, and
# then frontends/scripts/precompress.js (brotli and gzip copies the gateway sends). Two at a time: builds
# are CPU-bound and the machines have two cores. `--force` rebuilds everything.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON="${NX_DAEMON:-false}" NX_NO_CLOUD="${NX_NO_CLOUD:-true}" NX_TUI="${NX_TUI:-false}"

PROJECTS=@pulse/frontend-news,@pulse/frontend-trending,@pulse/frontend-tech-analysis,@pulse/frontend-qa,@pulse/frontend-shell
skip_cache=()
[[ "${1:-}" == "--force" ]] && skip_cache=(--skip-nx-cache)

npx nx run-many -t build --projects="$PROJECTS" --parallel=2 --outputStyle=static "${skip_cache[@]}"
