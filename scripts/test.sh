#!/usr/bin/env bash
# `npm test`: everything a fresh machine needs, then every tier that runs on every commit (README.md 'Tests'):
# lint and typecheck of every project, unit, contract (each port against every adapter, real servers
# from infra/local), service, system and end-to-end. If the infrastructure cannot start, this fails
# with the reason; nothing is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
started=$(date +%s)
step() { printf '\n▶ %s (%ss)\n' "$1" "$(( $(date +%s) - started ))"; }

step "Node $(tr -d ' v\r\n' <.node-version) (.node-version; fetched from the npm registry when missing)"
source scripts/use-node.sh
echo "node $(node -v) at $(command -v node)"

step "dependencies"
bash scripts/ensure-deps.sh

step "local infrastructure (Redis, Kafka, MongoDB-compatible server, k6, Chromium)"
infra/local/pulse-local up
eval "$(infra/local/pulse-local env)"

step "what to test (scripts/test-scope.js: everything on main, what a change affects on a branch)"
eval "$(node scripts/test-scope.js)"
echo "scope: $TEST_SCOPE ($TEST_SCOPE_REASON)"
nx_targets=(run-many)
jest_scope=()
if [ "$TEST_SCOPE" = affected ]; then
  echo "affected projects: ${TEST_SCOPE_PROJECTS:-none}"
  nx_targets=(affected "--base=$TEST_SCOPE_BASE")
  read -ra jest_names <<<"$TEST_SCOPE_JEST"
  jest_scope=(--selectProjects "${jest_names[@]}")
fi

step "lint, typecheck and format check (module boundaries included)"
npx nx "${nx_targets[@]}" -t lint typecheck format --parallel=2 --outputStyle=static

step "deployment manifests (Dockerfile, compose, Kubernetes), checked offline"
node k8s/validate.js

step "front-end builds"
bash frontends/build-all.sh

step "unit, contract, service and system tests"
status=0
if [ "$TEST_SCOPE" = affected ] && [ -z "$TEST_SCOPE_JEST" ]; then
  echo "no project with tests is affected"
else
  report=$(mktemp)
  # The processes the system tests start run from the server side compiled once for this run, as the
  # production image runs it, instead of compiling their TypeScript again at every start
  # (libs/testing/src/processes.ts, startTs).
  node scripts/build-server.js dist/test-build
  export PULSE_SERVER_BUILD=dist/test-build
  # The browser suites (test/e2e, not Jest's: test/jest.config.js leaves them out) run on their own
  # afterwards: each starts a site and a Chromium, and beside the throughput-bound system tests they would
  # starve them of the two cores.
  npx jest --verbose --maxWorkers=2 --json --outputFile="$report" "${jest_scope[@]}" "$@" || status=$?
  node scripts/test-report.js "$report" || status=$?
  [ "$status" -eq 0 ] || exit "$status"
fi
if [ "$TEST_SCOPE" = affected ] && [ "$TEST_SCOPE_E2E" != 1 ]; then
  printf '\n✔ the affected projects passed in %ss (no browser tier: neither the site nor its tests changed)\n' \
    "$(( $(date +%s) - started ))"
  exit 0
fi

step "end-to-end: the site in Chromium at 1280 and 375 px (test/e2e, @playwright/test)"
# playwright.config.ts: the desktop and mobile projects, two workers, no retries; its JSON report is then
# checked (scripts/e2e-report.js): a skipped, flaky or missing test fails the run like a failed one.
rm -f test/e2e/artifacts/report.json
npx playwright test || status=$?
E2E_REPORT_ALL_FILES=true node scripts/e2e-report.js test/e2e/artifacts/report.json || status=$?
[ "$status" -eq 0 ] || exit "$status"

step "end-to-end: shell and remotes in Chromium"
node frontends/scripts/smoke.e2e.js

printf '\n✔ all tests passed in %ss\n' "$(( $(date +%s) - started ))"
