#!/usr/bin/env node
// Makes sure Debian's Chromium is installed for the end-to-end specs (no browser is ever downloaded by
// Playwright): installs the `chromium` package with apt-get when /usr/bin/chromium is missing, then prints
// its version. Exits non-zero with a clear message when that is impossible.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const MANUAL_STEP = 'Install it by hand: `sudo apt-get update && sudo apt-get install -y chromium`';

function fail(message) {
  process.stderr.write(`ensure-chromium: ${message}\n`);
  process.exit(1);
}

function run(command, args) {
  process.stdout.write(`ensure-chromium: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) fail(`could not run ${command}: ${result.error.message}. ${MANUAL_STEP}`);
  if (result.status !== 0) {
    fail(`\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}). ${MANUAL_STEP}`);
  }
}

if (!existsSync(CHROMIUM)) {
  process.stdout.write(`ensure-chromium: ${CHROMIUM} is missing; installing Debian's chromium package\n`);
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    fail(`${CHROMIUM} is missing and this is not a Debian-like system with apt-get. ${MANUAL_STEP}`);
  }
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    fail(
      `${CHROMIUM} is missing and installing it needs root (this runs as uid ${process.getuid?.()}). ${MANUAL_STEP}`,
    );
  }
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
  if (!existsSync(CHROMIUM)) fail(`apt-get installed chromium but ${CHROMIUM} is still missing`);
}

// Debian's launcher script may print shell noise on stderr; the version is on stdout.
const version = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 30_000 });
const text = version.stdout?.trim();
if (version.error || version.status !== 0 || !text) {
  fail(
    `${CHROMIUM} does not run: ${version.error?.message ?? (version.stderr?.trim() || `exit ${version.status}`)}`,
  );
}
process.stdout.write(`ensure-chromium: ${text}\n`);
