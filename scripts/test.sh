#!/usr/bin/env bash
# The one test command (README command two): lint, import directions, type-check, build, then every test
# project: unit, integration on both backends (embedded PGlite + Aedes, and real PostgreSQL + Mosquitto),
# and end-to-end in Debian's Chromium. Each step prints its time, and the run its total. The container image
# and the compose topology are `npm run test:deploy` (scripts/test-deploy.sh), the step .ci/run calls next.
set -euo pipefail
cd "$(dirname "$0")/.."

step_started=$SECONDS
step() {
  if [ -n "${step_name:-}" ]; then echo "   ($step_name: $((SECONDS - step_started)) s)"; fi
  step_name=$1
  step_started=$SECONDS
  echo "== $1"
}

step "lint and format (Biome)"
npx biome check --error-on-warnings .
step "import directions (dependency-cruiser)"
npm run -s check:imports
step "table owners (one module writes and names each table: scripts/table-owners.mjs)"
npm run -s check:tables
step "dead code and unused dependencies (knip)"
npx knip --no-progress
step "type-check (tsc, strict)"
npm run typecheck
step "services for the real backend"
node scripts/check-services.mjs
step "build the web app and the server"
npm run build
step "Chromium for the end-to-end specs"
node scripts/ensure-chromium.mjs
step "nginx for the cluster tests (two portal instances behind a load balancer)"
node scripts/ensure-nginx.mjs
step "tests: unit, integration:embedded, integration:real, e2e"
mkdir -p e2e/artifacts
status=0
npx vitest run --reporter=default --reporter=./scripts/retried-tests-reporter.ts --reporter=json --outputFile.json=e2e/artifacts/vitest.json || status=$?
# One plain closing line, whatever reads this output.
node -e 'const r = require("./e2e/artifacts/vitest.json"); console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' || true
step "done"
echo "npm test: $SECONDS s"
exit "$status"
