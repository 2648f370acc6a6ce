#!/usr/bin/env bash
# Installs Schemathesis (PyPI) into a git-ignored venv, .cache/schemathesis-venv, when it is missing or not
# the pinned version, and prints the path of its `schemathesis` command. Called by the generated-fuzzing
# test (test/system/api-fuzz.spec.ts) and `npm run fuzz:api`, so a fresh machine needs nothing by hand;
# needs python3 (3.9+) with venv.
set -euo pipefail
cd "$(dirname "$0")/.."
version=4.32.5
venv=.cache/schemathesis-venv
bin="$venv/bin/schemathesis"
if [ ! -x "$bin" ] || [ "$("$bin" --version 2>/dev/null)" != "schemathesis, version $version" ]; then
  echo "▶ installing schemathesis $version into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version" >&2
fi
printf '%s\n' "$PWD/$bin"
