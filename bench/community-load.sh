#!/usr/bin/env bash
# `npm run load:community [-- local]`: k6 on the Q&A through the gateway (bench/community/qa.k6.js):
# question list, question detail and votes side by side.
# `npm run load:comments [-- local]`: the same start, then bench/community/comments.k6.js (the comments of
# an article holding 1,000 comments in a thread tree): BENCH_SCRIPT names the k6 script (qa by default).
#   embedded (default): the whole site in one process (scripts/start.sh), embedded adapters.
#   local: the community service as its own process on Kafka, the MongoDB-compatible server and Redis,
#          behind the gateway process.
# The write limits are raised for the run: one load generator on one IP with a few dozen identities would
# otherwise measure the limiter (429), not the service. Settings: VUS (6 per scenario), DURATION (20s).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-embedded}
script=${BENCH_SCRIPT:-qa}
# Already in the environment (eval "$(infra/local/pulse-local env)")? Then the servers are up: use them.
if [ -z "${K6_BIN:-}" ]; then
  infra/local/pulse-local up >/dev/null
  eval "$(infra/local/pulse-local env)"
fi
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
data=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done; rm -rf "$data"; }
trap cleanup EXIT
export RATE_LIMIT_READ_PER_MIN=1000000 RATE_LIMIT_WRITE_PER_MIN=1000000 COMMUNITY_IDENTITIES_PER_IP_HOUR=100000 \
  COMMUNITY_POSTS_PER_IP_10MIN=100000 COMMUNITY_POSTS_PER_IDENTITY_10MIN=100000 \
  COMMUNITY_VOTES_PER_IDENTITY_MINUTE=100000 COMMUNITY_VOTES_PER_IP_MINUTE=1000000 LOG_LEVEL=warn LOG_PRETTY=false
port=$(free_port)
if [ "$mode" = local ]; then
  run=$(date +%s)
  community_port=$(free_port)
  BUS_DRIVER=kafka KAFKA_BROKERS=$PULSE_TEST_KAFKA_BROKERS BUS_GROUP_PREFIX="bench-$run." STORE_DRIVER=mongo \
    MONGO_URL="${PULSE_TEST_MONGO_URL%/*}/pulse_bench_community_$run" CACHE_DRIVER=redis REDIS_URL=$PULSE_TEST_REDIS_URL \
    CACHE_KEY_PREFIX="pulse-bench-$run:" PORT=$community_port PULSE_DATA_DIR=$data \
    node -r @swc-node/register services/community/src/main.ts >"$data/community.log" 2>&1 &
  pids+=($!)
  COMMUNITY_URL="http://127.0.0.1:$community_port" PORT=$port PULSE_DATA_DIR=$data \
    node -r @swc-node/register gateway/src/main.ts >"$data/gateway.log" 2>&1 &
  pids+=($!)
  ready="http://127.0.0.1:$port/api/community/badges"
else
  PORT=$port PULSE_DATA_DIR=$data bash scripts/start.sh >"$data/site.log" 2>&1 &
  pids+=($!)
  ready="http://127.0.0.1:$port/readyz"
fi
deadline=$(( $(date +%s) + 180 ))
until curl -sf "$ready" >/dev/null; do
  if [ "$(date +%s)" -gt "$deadline" ]; then tail -50 "$data"/*.log; exit 1; fi
  sleep 0.3
done
"$K6_BIN" run --quiet -e BASE_URL="http://127.0.0.1:$port" "bench/community/$script.k6.js"
