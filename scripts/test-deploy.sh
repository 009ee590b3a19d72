#!/usr/bin/env bash
# The release as operators run it (`npm run test:deploy`; .ci/run calls it after `npm test`): the container image
# (scripts/container-test.mjs: build, run, health, non-root, volume, SIGTERM) and the compose topology
# (scripts/compose-test.mjs: two portals, PostgreSQL, Mosquitto, nginx; one portal killed mid-run), each timed.
# Podman and podman-compose come from Debian (installed when missing); the first run builds the local base image.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
echo "== container image (podman): build, run, health, non-root, volume, SIGTERM"
started=$SECONDS
node scripts/container-test.mjs || status=$?
echo "container image test: $((SECONDS - started)) s"
echo "== compose topology (podman-compose): two portals, PostgreSQL, Mosquitto, nginx; one portal killed mid-run"
started=$SECONDS
node scripts/compose-test.mjs || status=$?
echo "compose topology test: $((SECONDS - started)) s"
exit "$status"
