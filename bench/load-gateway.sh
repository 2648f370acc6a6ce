#!/usr/bin/env bash
# `npm run load:gateway`: starts the embedded site on a free port with a throw-away data folder, waits for
# /readyz (polling with a deadline), runs the k6 baseline against it and stops the site.
set -euo pipefail
cd "$(dirname "$0")/.."
infra/local/pulse-local up >/dev/null
eval "$(infra/local/pulse-local env)"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
data=$(mktemp -d)
# The baseline measures the gateway, not its limiter: one load generator on one IP would otherwise see 429s.
RATE_LIMIT_READ_PER_MIN=${RATE_LIMIT_READ_PER_MIN:-1000000} RATE_LIMIT_WRITE_PER_MIN=${RATE_LIMIT_WRITE_PER_MIN:-1000000} \
  PORT=$port PULSE_DATA_DIR=$data LOG_LEVEL=warn LOG_PRETTY=false bash scripts/start.sh >"$data/site.log" 2>&1 &
site=$!
trap 'kill $site 2>/dev/null; wait $site 2>/dev/null; rm -rf "$data"' EXIT
deadline=$(( $(date +%s) + 120 ))
until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do
  if [ "$(date +%s)" -gt "$deadline" ] || ! kill -0 $site 2>/dev/null; then cat "$data/site.log"; exit 1; fi
  sleep 0.2
done
"$K6_BIN" run --quiet -e BASE_URL="http://127.0.0.1:$port" bench/k6/gateway-baseline.js "$@"
