#!/usr/bin/env bash
# The one test command (README command two): lint, import directions, type-check, build, then every test
# project: unit, integration on both backends (embedded PGlite + Aedes, and real PostgreSQL + Mosquitto),
# and end-to-end in Debian's Chromium. Each step prints its time, and the run its total. The container image
# and the compose topology are `npm run test:deploy` (scripts/test-deploy.sh), the step .ci/run calls next.
#
# The type-check (one core, 60-90 s on a fresh machine) and the Debian packages the tests need (apt-get, about
# 55 s on a fresh machine, mostly downloads and the disk) run beside the quicker checks and the build: the
# checks took 139 s one after the other on a fresh machine, 70 s so.
set -euo pipefail
cd "$(dirname "$0")/.."

step_started=$SECONDS
step_name=""
end_step() {
  if [ -n "$step_name" ]; then echo "   ($step_name: $((SECONDS - step_started)) s)"; fi
  step_name=""
}
step() {
  end_step
  step_name=$1
  step_started=$SECONDS
  echo "== $1"
}

# A step run in the background: its output goes to a file, printed when it is awaited (so lines of steps
# running together never mix), with its time and, should it fail, the end of the run.
side_dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$side_dir"' EXIT
declare -A side_pid
beside() {
  local name=$1
  shift
  (
    started=$SECONDS
    status=0
    "$@" >"$side_dir/$name.log" 2>&1 || status=$?
    echo "$status $((SECONDS - started))" >"$side_dir/$name.done"
  ) &
  side_pid[$name]=$!
}
await() {
  local name=$1 title=$2
  wait "${side_pid[$name]}"
  echo "== $title (beside the steps above)"
  cat "$side_dir/$name.log"
  read -r status seconds <"$side_dir/$name.done"
  echo "   ($title: $seconds s)"
  if [ "$status" != 0 ]; then
    echo "npm test: '$title' failed (exit $status)"
    exit "$status"
  fi
}

# One apt-get at a time (dpkg's lock): Chromium for the end-to-end specs, nginx for the cluster tests.
beside packages bash -c 'node scripts/ensure-chromium.mjs && node scripts/ensure-nginx.mjs'
beside typecheck npm run -s typecheck

step "lint and format (Biome)"
npx biome check --error-on-warnings .
step "import directions (dependency-cruiser)"
npm run -s check:imports
step "table owners (one module writes and names each table: scripts/table-owners.mjs)"
npm run -s check:tables
step "dead code and unused dependencies (knip)"
npx knip --no-progress
step "services for the real backend"
node scripts/check-services.mjs
step "build the web app and the server"
npm run build
end_step
await typecheck "type-check (tsc, strict)"
await packages "Chromium for the end-to-end specs, nginx for the cluster tests (Debian packages)"
step "tests: unit, integration:embedded, integration:real, e2e"
mkdir -p e2e/artifacts
status=0
npx vitest run --reporter=default --reporter=./scripts/retried-tests-reporter.ts --reporter=json --outputFile.json=e2e/artifacts/vitest.json || status=$?
# One plain closing line, whatever reads this output.
node -e 'const r = require("./e2e/artifacts/vitest.json"); console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' || true
step "done"
echo "npm test: $SECONDS s"
exit "$status"
