#!/usr/bin/env node
// The container image, tested as an operator runs it (`npm test` calls this after the other tests; also
// `npm run test:container`). With podman from Debian (installed when missing), under a containers.conf of its own:
// builds the Dockerfile's base image locally when missing (no image registry is reachable from our machines; the
// Dockerfile stays the one a user builds anywhere), builds the image, runs it with a named volume, and checks:
// healthy, not root, the health check the image declares passes, data kept in the volume across a container
// restart, and SIGTERM ends it cleanly. Prints its time.
import { freePort, podmanSession, root, signIn, waitHealthy } from './podman.mjs';

const IMAGE = 'iot-portal:test';
const ROOT_PASSWORD = 'ContainerPass1';
const started = performance.now();

const { podman, ensureBaseImage, build, check, log, dispose } = await podmanSession('container-test');

const cleanup = () => {
  podman(['rm', '-f', 'portal-test'], { quiet: true, allowFailure: true });
  podman(['volume', 'rm', '-f', 'portal-test-data'], { quiet: true, allowFailure: true });
};

try {
  await ensureBaseImage();
  build(IMAGE, root);

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
  const healthy = () =>
    waitHealthy(
      url,
      120_000,
      () =>
        `the container did not become healthy: ${podman(['logs', 'portal-test'], { quiet: true }).stdout}`,
    );
  runContainer();
  const startedAt = performance.now();
  await healthy();
  log(`healthy ${Math.round(performance.now() - startedAt)} ms after podman run`);
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
  await healthy();
  await signIn(url, ROOT_PASSWORD);
  check(
    true,
    'the database is kept in the volume across a new container (the first root password still works)',
  );
} finally {
  cleanup();
  await dispose();
}
log(`passed in ${Math.round((performance.now() - started) / 1000)} s`);
