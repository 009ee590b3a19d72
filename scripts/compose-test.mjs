#!/usr/bin/env node
// The compose topology (compose.yaml), tested as an operator runs it (`npm test` calls this after the container
// image test; also `npm run test:compose`). With podman-compose from Debian (installed when missing), under a
// project name of its own: `podman-compose up -d`, then through nginx: healthy, root signs in, simulated gateways
// (the built simulator on this host, against the published broker port) have their samples stored (the chart
// API) and live (MQTT over WebSocket at /mqtt, as a browser); one portal container is killed and the other
// serves all of that; `podman-compose stop` ends the portal cleanly and `down -v` leaves nothing behind.
// compose.yaml names the standard PostgreSQL, Mosquitto and nginx images; no image registry is reachable from our
// machines, so stand-ins are built under those names from the locally built Debian base (Debian's packages), only
// when missing. Prints its time.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BASE_IMAGE, freePort, podmanSession, root, signIn, waitFor, waitHealthy } from './podman.mjs';

const mqtt = createRequire(join(root, 'apps/gateway-sim/package.json'))('mqtt');

const PROJECT = 'iot-portal-compose-test';
const SERVICES = ['postgres', 'mosquitto', 'portal-a', 'portal-b', 'nginx'];
const container = (service) => `${PROJECT}_${service}_1`;
const ROOT_PASSWORD = 'ComposePass1';
const GATEWAYS = 3;
const started = performance.now();

/** What the official images do that compose.yaml relies on, from Debian's packages on the local base. */
const STAND_INS = {
  'docker.io/library/postgres:15': {
    containerfile: `FROM ${BASE_IMAGE}
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \\
  && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin PGDATA=/var/lib/postgresql/data
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh && mkdir -p $PGDATA && chown postgres $PGDATA && chmod 700 $PGDATA
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
`,
    // The official entrypoint's first start, in short: POSTGRES_USER with POSTGRES_PASSWORD, password access
    // from the network, POSTGRES_DB created; then postgres as the postgres user.
    files: {
      'docker-entrypoint.sh': `#!/bin/sh
set -e
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/pwfile -E UTF8 --locale=C.UTF-8 \\
    --auth-local=trust --auth-host=scram-sha-256
  rm /tmp/pwfile
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=''" start
  psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d postgres -c "create database \\"$POSTGRES_DB\\""
  pg_ctl -D "$PGDATA" -w -m fast stop
fi
exec "$@"
`,
    },
  },
  'docker.io/library/eclipse-mosquitto:2': {
    containerfile: `FROM ${BASE_IMAGE}
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends mosquitto \\
    mosquitto-clients && rm -rf /var/lib/apt/lists/* \\
  && mkdir -p /mosquitto/config /mosquitto/data /mosquitto/log && chown -R mosquitto:mosquitto /mosquitto
EXPOSE 1883
CMD ["mosquitto", "-c", "/mosquitto/config/mosquitto.conf"]
`,
  },
  'docker.io/library/nginx:1.27': {
    // Debian's nginx.conf includes conf.d/*.conf in its http block, as the official one; its own site goes.
    containerfile: `FROM ${BASE_IMAGE}
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx curl \\
  && rm -rf /var/lib/apt/lists/* && rm -f /etc/nginx/sites-enabled/default \\
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
`,
  },
};

const { podman, run, ensureBaseImage, build, imageExists, check, log, work, dispose } = await podmanSession(
  'compose-test',
  [['/usr/bin/podman-compose', 'podman-compose']],
);

const httpPort = await freePort();
const brokerPort = await freePort();
const url = `http://127.0.0.1:${httpPort}`;
const composeEnv = {
  PORTAL_HTTP_PORT: `127.0.0.1:${httpPort}`,
  PORTAL_MQTT_PORT: `127.0.0.1:${brokerPort}`,
  PUBLIC_URL: url,
  ROOT_PASSWORD,
  POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
};
const compose = (args, options = {}) =>
  run('podman-compose', ['-p', PROJECT, '-f', join(root, 'compose.yaml'), ...args], {
    ...options,
    extraEnv: composeEnv,
  });
const projectLabel = `label=io.podman.compose.project=${PROJECT}`;
const listed = (kind) =>
  podman([kind, 'ls', '-q', ...(kind === 'container' ? ['-a'] : []), '--filter', projectLabel], {
    quiet: true,
  })
    .stdout.split('\n')
    .filter(Boolean);
/** Everything of the project, also what a failed earlier run left: containers, volumes, its network. */
const removeProject = () => {
  compose(['down', '-v', '-t', '1'], { quiet: true, allowFailure: true });
  for (const id of listed('network'))
    podman(['network', 'rm', '-f', id], { quiet: true, allowFailure: true });
};

async function api(path, cookie, init = {}) {
  const response = await fetch(`${url}${path}`, {
    ...init,
    headers: { cookie, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** TIs of a gateway's stored samples since `since`, read through nginx as a chart does. */
async function storedSince(cookie, mac, since) {
  const readings = await api(
    `/api/device/co2Data/macId/${mac}/fromTime/${since}/toTime/${Date.now() + 60_000}`,
    cookie,
  );
  return readings.map((r) => r.TI).filter((ti) => ti > since);
}

/**
 * A browser's live connection through nginx: the address /api/mqttconfig gives, a one-use token of the session;
 * resolves once a sample taken after `since` arrives on `topic`.
 */
async function liveSampleAfter(cookie, topic, since) {
  const config = await api('/api/mqttconfig', cookie);
  const token = await api('/api/mqtt-token', cookie, { method: 'POST' });
  const client = await mqtt.connectAsync(
    `${config.mqttProtocol}://${config.mqttHost}:${config.mqttPort}${config.mqttPath}`,
    {
      username: token.username,
      password: token.token,
      clientId: token.clientId,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    },
  );
  let timer;
  try {
    const arrived = new Promise((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no live sample on ${topic} within 30 s`)), 30_000);
      client.on('message', (_topic, payload) => {
        const tis = JSON.parse(payload.toString()).samples?.map((s) => s.TI) ?? [];
        if (tis.some((ti) => ti > since)) resolve();
      });
    });
    const granted = await client.subscribeAsync(topic, { qos: 1 });
    if (granted.some((g) => g.qos === 128)) throw new Error(`subscription to ${topic} refused`);
    await arrived;
  } finally {
    clearTimeout(timer);
    await client.endAsync(true);
  }
}

/** Every gateway has a sample stored after `since` (within 60 s), and one arrives live after it. */
async function samplesStoredAndLive(cookie, tenant, macs, since, what) {
  await waitFor(
    async () =>
      (await Promise.all(macs.map((mac) => storedSince(cookie, mac, since)))).every((t) => t.length),
    60_000,
    () => `no samples stored after ${new Date(since).toISOString()} for every gateway`,
  );
  check(true, `every gateway's samples are stored, read through nginx (${what})`);
  // The graph channel of one gateway (docs/mqtt.md section 8: portal/{scopeId}/graph/{mac}).
  await liveSampleAfter(cookie, `portal/${tenant}/graph/${macs[0]}`, since);
  check(true, `its samples arrive live over /mqtt through nginx (${what})`);
}

let simulator = null;
try {
  const composeFile = await readFile(join(root, 'compose.yaml'), 'utf8');
  await ensureBaseImage();
  for (const [image, { containerfile, files = {} }] of Object.entries(STAND_INS)) {
    if (!composeFile.includes(`image: ${image}\n`)) throw new Error(`compose.yaml names no image ${image}`);
    if (imageExists(image)) {
      log(`stand-in ${image} already built here`);
      continue;
    }
    const dir = join(work, image.replace(/\W/g, '-'));
    await mkdir(dir);
    for (const [name, text] of Object.entries({ Containerfile: containerfile, ...files }))
      await writeFile(join(dir, name), text);
    build(image, dir);
  }
  // The image compose.yaml builds (`image: iot-portal`), built here on the host's network: podman-compose would
  // build it only when missing.
  build('iot-portal', root);
  // The simulator the gateways run (apps/gateway-sim/dist).
  run(process.execPath, [join(root, 'scripts/build-server.mjs')], { quiet: true });

  removeProject();
  const upStarted = performance.now();
  compose(['up', '-d']);
  await waitHealthy(url, 180_000, () => `nginx did not answer healthy at ${url}`);
  log(`healthy through nginx ${Math.round(performance.now() - upStarted)} ms after podman-compose up`);
  // compose.yaml's healthchecks (podman runs them on demand here: no systemd timers).
  for (const service of SERVICES) {
    await waitFor(
      async () =>
        podman(['healthcheck', 'run', container(service)], { quiet: true, allowFailure: true }).status === 0,
      120_000,
      () => `the healthcheck of ${service} does not pass`,
    );
  }
  check(true, `the healthchecks of ${SERVICES.join(', ')} pass`);

  const cookie = await signIn(url, ROOT_PASSWORD);
  check(true, 'root signs in through nginx with ROOT_PASSWORD');
  const tenant = (await api('/api/user-details', cookie)).tenant.id;
  const gateways = await api('/api/gateway/provision', cookie, {
    method: 'POST',
    body: JSON.stringify({ scopeId: tenant, count: GATEWAYS, name: 'Compose' }),
  });
  const macs = gateways.map((g) => g.mac);
  const credentials = join(work, 'credentials.json');
  await writeFile(credentials, JSON.stringify(gateways));
  const simulatorLog = join(work, 'simulator.log');
  const since = Date.now();
  // The built simulator, as `npm run sim` runs it; its summary lines go to a file.
  const output = openSync(simulatorLog, 'w');
  simulator = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      'apps/gateway-sim/dist/cli.js',
      '--broker',
      `mqtt://127.0.0.1:${brokerPort}`,
      '--credentials',
      credentials,
      '--interval',
      '1000',
    ],
    { cwd: root, stdio: ['ignore', output, output] },
  );
  await samplesStoredAndLive(cookie, tenant, macs, since, `${GATEWAYS} simulated gateways`);

  // One portal dies mid-run; nginx moves on to the other, which takes the broker's device traffic alone.
  podman(['kill', container('portal-a')]);
  const killedAt = Date.now();
  check(
    (await api('/api/user-details', cookie)).tenant.id === tenant,
    'the session still works after the kill',
  );
  const cookieAfter = await signIn(url, ROOT_PASSWORD);
  check(true, 'root signs in through nginx with portal-a killed');
  await samplesStoredAndLive(cookieAfter, tenant, macs, killedAt, 'portal-a killed');
  log(`all of that ${Date.now() - killedAt} ms after the kill`);
  const stateOfA = podman(['inspect', container('portal-a'), '--format', '{{.State.Status}}'], {
    quiet: true,
  });
  log(`portal-a after the kill: ${stateOfA.stdout.trim()}`);

  const simulatorExit = new Promise((resolve) => simulator.once('exit', resolve));
  simulator.kill('SIGTERM');
  check((await simulatorExit) === 0, 'the simulated gateways disconnect cleanly');
  log(`simulator: ${(await readFile(simulatorLog, 'utf8')).trim().split('\n').at(-1)}`);

  compose(['stop', '-t', '40']);
  const exit = podman(['inspect', container('portal-b'), '--format', '{{.State.ExitCode}}'], { quiet: true });
  check(
    exit.stdout.trim() === '0',
    `podman-compose stop ends portal-b cleanly (exit code ${exit.stdout.trim()})`,
  );
  check(
    podman(['logs', container('portal-b')], { quiet: true }).stdout.includes('"msg":"stopped"'),
    'portal-b logged "stopped"',
  );
  compose(['down', '-v']);
  check(
    listed('container').length === 0 && listed('volume').length === 0,
    'podman-compose down -v leaves no container or volume of the project',
  );
} catch (error) {
  for (const service of SERVICES) {
    const logs = podman(['logs', '--tail', '30', container(service)], { quiet: true, allowFailure: true });
    process.stdout.write(`--- ${service}\n${logs.stdout}${logs.stderr}\n`);
  }
  throw error;
} finally {
  if (simulator && simulator.exitCode === null) simulator.kill('SIGKILL');
  removeProject();
  await dispose();
}
log(`passed in ${Math.round((performance.now() - started) / 1000)} s`);
