import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxConfig } from '../../../scripts/nginx-config.mjs';
import { connectMqtt, waitFor } from './harness.ts';
import { mosquittoConfig } from './mosquitto.ts';
import { freePort } from './process.ts';

/**
 * The servers of a cluster test, each of the test's own on free ports in a temporary directory, so that a
 * test may kill and restart them without disturbing the machine's shared PostgreSQL and Mosquitto.
 */

const PG_BIN = '/usr/lib/postgresql/15/bin';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Spawns `command` as the postgres user when running as root (PostgreSQL refuses to run as root). */
function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  return isRoot()
    ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] }
    : { command, args };
}

export interface OwnPostgres {
  url: string;
  /** Fast shutdown (as `pg_ctl stop -m fast`: clients cut off, everything committed kept). */
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

async function pgReady(port: number): Promise<boolean> {
  const probe = spawnSync(`${PG_BIN}/pg_isready`, ['-h', '127.0.0.1', '-p', String(port)], {
    stdio: 'ignore',
  });
  return probe.status === 0;
}

/** A PostgreSQL 15 of its own: initdb in a temporary directory, `postgres` on a free port, trust auth. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'cluster-pg-'));
  await chmod(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const init = asPostgres(`${PG_BIN}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const result = spawnSync(init.command, init.args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr}`);
  let server: ChildProcess | null = null;
  const start = async () => {
    const run = asPostgres(`${PG_BIN}/postgres`, [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=200',
    ]);
    const child = spawn(run.command, run.args, { stdio: 'ignore' });
    server = child;
    await waitFor(
      async () => child.exitCode === null && (await pgReady(port)),
      30_000,
      () => 'postgres start',
    );
  };
  const stop = async () => {
    const child = server;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // SIGINT to the postmaster itself (runuser does not pass it on): fast shutdown.
    const pid = Number((await readFile(join(data, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGINT');
    await exited;
    await waitFor(
      async () => !(await pgReady(port)),
      10_000,
      () => 'postgres stop',
    );
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnMosquitto {
  url: string;
  /** SIGTERM: Mosquitto saves its persistence and exits. */
  stop(): Promise<void>;
  /** SIGKILL: what Mosquitto held in memory since its last save is gone. */
  kill(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A Mosquitto of its own with the documented settings (deploy/mosquitto.conf) and persistence in a temporary
 * directory (restarts keep the portal's sessions).
 */
export async function startOwnMosquitto(): Promise<OwnMosquitto> {
  const dir = await mkdtemp(join(tmpdir(), 'cluster-mosquitto-'));
  await chmod(dir, 0o777); // started as root, mosquitto drops to its own user to write persistence
  const port = await freePort();
  const url = `mqtt://127.0.0.1:${port}`;
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(conf, await mosquittoConfig(port, dir));
  let broker: ChildProcess | null = null;
  const start = async () => {
    broker = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
    await waitFor(
      async () => {
        try {
          const probe = await connectMqtt(url, { clientId: `probe-${Date.now()}` });
          await probe.endAsync();
          return true;
        } catch {
          return false;
        }
      },
      20_000,
      () => 'mosquitto start',
    );
  };
  const end = async (signal: NodeJS.Signals) => {
    const child = broker;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const stop = () => end('SIGTERM');
  await start();
  return {
    url,
    start,
    stop,
    kill: () => end('SIGKILL'),
    remove: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnNginx {
  url: string;
  remove(): Promise<void>;
}

/** nginx in the foreground with a generated configuration (scripts/ensure-nginx.mjs installs it). */
export async function startOwnNginx(upstreams: string[]): Promise<OwnNginx> {
  const dir = await mkdtemp(join(tmpdir(), 'cluster-nginx-'));
  await chmod(dir, 0o777);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(join(dir, sub));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  await writeFile(conf, nginxConfig(dir, `127.0.0.1:${port}`, upstreams));
  const child = spawn('nginx', ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
      return fetch(`${url}/api/health`).then(
        () => true,
        () => false,
      );
    },
    20_000,
    () => `nginx start ${errors}`,
  );
  return {
    url,
    remove: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
