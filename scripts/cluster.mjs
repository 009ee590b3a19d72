#!/usr/bin/env node
// `npm run cluster`: the portal scaled out on one machine (docs/operations.md "Several instances"). Uses the
// machine's PostgreSQL (127.0.0.1:5432, a database of its own, `portal_cluster`) and Mosquitto (127.0.0.1:1883),
// started when installed but stopped; starts two portal instances (`npm run start -w @portal/server`, each with
// its PORT and MQTT_CLIENT_ID, one shared DATA_DIR for stored files) and nginx in front of them, balancing HTTP
// and the `/mqtt` WebSocket. Ctrl-C (or SIGTERM) stops nginx, then the instances.
//
// Variables: CLUSTER_PORT (nginx, default 8080), CLUSTER_INSTANCES (default 2), CLUSTER_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/portal_cluster), CLUSTER_MQTT_URL (default mqtt://127.0.0.1:1883),
// CLUSTER_DATA_DIR (default ./data-cluster); everything else (ROOT_PASSWORD, LOG_LEVEL...) passes through.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nginxConfig } from './nginx-config.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const port = Number(env.CLUSTER_PORT ?? 8080);
const count = Number(env.CLUSTER_INSTANCES ?? 2);
const databaseUrl = env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_cluster';
const mqttUrl = env.CLUSTER_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const dataDir = resolve(env.CLUSTER_DATA_DIR ?? join(root, 'data-cluster'));

const log = (message) => process.stdout.write(`cluster: ${message}\n`);
function fail(message) {
  process.stderr.write(`cluster: ${message}\n`);
  process.exit(1);
}

// The installed servers, started when stopped; nginx installed when missing; the server built (the instances
// run dist/server.js, as production does).
for (const script of ['check-services.mjs', 'ensure-nginx.mjs', 'build-server.mjs']) {
  const result = spawnSync(process.execPath, [join(root, 'scripts', script)], { stdio: 'inherit' });
  if (result.status !== 0) fail(`${script} failed`);
}

// The cluster's own database, created when missing.
const database = new URL(databaseUrl).pathname.slice(1);
{
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const check = `
    const pg = require('pg');
    const c = new pg.Client({ connectionString: ${JSON.stringify(admin.toString())} });
    c.connect().then(async () => {
      const r = await c.query('select 1 from pg_database where datname = $1', [${JSON.stringify(database)}]);
      if (r.rowCount === 0) await c.query('create database "' + ${JSON.stringify(database)} + '"');
      await c.end();
    }).catch((e) => { console.error(e.message); process.exit(1); });`;
  const result = spawnSync(process.execPath, ['-e', check], {
    cwd: join(root, 'apps/server'),
    stdio: 'inherit',
  });
  if (result.status !== 0) fail(`cannot create the database ${database} at ${databaseUrl}`);
}
mkdirSync(dataDir, { recursive: true });

const children = [];
let stopping = false;

function freePort() {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ],
    { encoding: 'utf8' },
  );
  return Number(probe.stdout.trim());
}

function track(name, child) {
  children.push({ name, child });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      log(`${name} exited (${code ?? signal}); stopping the cluster`);
      stop(1);
    }
  });
  return child;
}

/** Waits until the instance answers /api/health 200 (its start migrated and seeded the database). */
async function healthy(address, child) {
  const until = Date.now() + 300_000;
  while (Date.now() < until && child.exitCode === null && !stopping) {
    const status = await fetch(`http://${address}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!stopping) fail(`the instance on ${address} did not become healthy`);
}

// The instances, each on a port of its own, one after the other: the first start migrates and seeds the
// database, the next ones find it ready.
const upstreams = [];
for (let i = 0; i < count; i++) {
  const instancePort = freePort();
  const name = `portal-${String.fromCharCode(97 + i)}`;
  upstreams.push(`127.0.0.1:${instancePort}`);
  const child = spawn('npm', ['run', 'start', '-w', '@portal/server'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...env,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      MQTT_URL: mqttUrl,
      MQTT_CLIENT_ID: `${name}-${port}`,
      DATA_DIR: dataDir,
      PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
      TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1',
    },
    detached: true,
  });
  track(name, child);
  log(`${name} starting on ${upstreams[i]}`);
  await healthy(upstreams[i], child);
  log(`${name} ready`);
}

// nginx in the foreground with a configuration, pid and logs of its own in a temporary directory.
const nginxDir = mkdtempSync(join(tmpdir(), 'portal-cluster-nginx-'));
for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(nginxDir, sub));
const conf = join(nginxDir, 'nginx.conf');
writeFileSync(conf, nginxConfig(nginxDir, port, upstreams));
track('nginx', spawn('nginx', ['-p', nginxDir, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] }));
log(`nginx on http://localhost:${port} in front of ${upstreams.join(', ')} (config ${conf})`);

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  const exits = children.map(
    ({ child }) => new Promise((done) => (child.exitCode !== null ? done() : child.once('exit', done))),
  );
  for (const { name, child } of children) {
    if (child.exitCode !== null) continue;
    try {
      // The instances run under npm in a process group of their own: signal the whole group.
      if (name === 'nginx') child.kill('SIGQUIT');
      else process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await Promise.all(exits);
  rmSync(nginxDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
