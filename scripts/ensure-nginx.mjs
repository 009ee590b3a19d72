#!/usr/bin/env node
// Makes sure Debian's nginx is installed for `npm run cluster` and the cluster fault tests (the load balancer in
// front of two portal instances): installs the `nginx` package with apt-get when /usr/sbin/nginx is missing,
// then prints its version. Exits non-zero with a clear message when that is impossible. The package's own
// service is not used: the cluster runs nginx in the foreground with a configuration of its own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NGINX = '/usr/sbin/nginx';
const MANUAL_STEP = 'Install it by hand: `sudo apt-get update && sudo apt-get install -y nginx`';

function fail(message) {
  process.stderr.write(`ensure-nginx: ${message}\n`);
  process.exit(1);
}

function run(command, args) {
  process.stdout.write(`ensure-nginx: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) fail(`could not run ${command}: ${result.error.message}. ${MANUAL_STEP}`);
  if (result.status !== 0) {
    fail(`\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}). ${MANUAL_STEP}`);
  }
}

if (!existsSync(NGINX)) {
  process.stdout.write(`ensure-nginx: ${NGINX} is missing; installing Debian's nginx package\n`);
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    fail(`${NGINX} is missing and this is not a Debian-like system with apt-get. ${MANUAL_STEP}`);
  }
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    fail(
      `${NGINX} is missing and installing it needs root (this runs as uid ${process.getuid?.()}). ${MANUAL_STEP}`,
    );
  }
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'nginx']);
  if (!existsSync(NGINX)) fail(`apt-get installed nginx but ${NGINX} is still missing`);
}

// `nginx -v` prints its version on stderr.
const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8', timeout: 30_000 });
const text = `${version.stdout ?? ''}${version.stderr ?? ''}`.trim();
if (version.error || version.status !== 0 || !text) {
  fail(`${NGINX} does not run: ${version.error?.message ?? `exit ${version.status}`}`);
}
process.stdout.write(`ensure-nginx: ${text}\n`);
