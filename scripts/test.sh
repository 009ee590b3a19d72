#!/usr/bin/env bash
# The one test command (README command two): lint, import directions, type-check, build, then every test
# project: unit, integration on both backends (embedded PGlite + Aedes, and real PostgreSQL + Mosquitto),
# and end-to-end in Debian's Chromium; then the container image (scripts/container-test.mjs) and the compose
# topology (scripts/compose-test.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== lint and format (Biome)"
npx biome check --error-on-warnings .
echo "== import directions (dependency-cruiser)"
npm run -s check:imports
echo "== table owners (one module writes and names each table: scripts/table-owners.mjs)"
npm run -s check:tables
echo "== dead code and unused dependencies (knip)"
npx knip --no-progress
echo "== type-check (tsc, strict)"
npm run typecheck
echo "== services for the real backend"
node scripts/check-services.mjs
echo "== build the web app"
npm run build
echo "== Chromium for the end-to-end specs"
node scripts/ensure-chromium.mjs
echo "== nginx for the cluster tests (two portal instances behind a load balancer)"
node scripts/ensure-nginx.mjs
echo "== tests: unit, integration:embedded, integration:real, e2e"
mkdir -p e2e/artifacts
status=0
npx vitest run --reporter=default --reporter=./scripts/retried-tests-reporter.ts --reporter=json --outputFile.json=e2e/artifacts/vitest.json || status=$?
# One plain closing line, whatever reads this output.
node -e 'const r = require("./e2e/artifacts/vitest.json"); console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)' || true
echo "== container image (podman): build, run, health, non-root, volume, SIGTERM"
container_started=$SECONDS
node scripts/container-test.mjs || status=$?
echo "container image test: $((SECONDS - container_started)) s"
echo "== compose topology (podman-compose): two portals, PostgreSQL, Mosquitto, nginx; one portal killed mid-run"
compose_started=$SECONDS
node scripts/compose-test.mjs || status=$?
echo "compose topology test: $((SECONDS - compose_started)) s"
exit "$status"
