#!/usr/bin/env node
// The simulator's command line, as built by `npm run build` (scripts/build-server.mjs).
await import('../dist/cli.js');
