import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceUp } from '@portal/contract';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMqtt, randomMac, testEnvironment, waitFor } from '../../test/harness.ts';
import { freePort, type ServerProcess, spawnServer, waitHealthy } from '../../test/process.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { TenantsRepository } from '../modules/tenants/tenants.repository.ts';

/** A Mosquitto of the test's own, so it can be stopped and started without touching anyone else's. */
async function startMosquitto(dir: string, port: number): Promise<ChildProcess> {
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence true\npersistence_location ${dir}/\nmax_queued_messages 100000\nlog_dest file ${dir}/broker.log\nlog_type all\n`,
  );
  const broker = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  await waitFor(async () => {
    try {
      const probe = await connectMqtt(`mqtt://127.0.0.1:${port}`, { clientId: `probe-${Date.now()}` });
      await probe.endAsync();
      return true;
    } catch {
      return false;
    }
  });
  return broker;
}

describe('external broker lost while running (real backend)', () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let dir: string;
  let mqttPort: number;
  let broker: ChildProcess;
  let server: ServerProcess;
  let mac: string;

  beforeAll(async () => {
    ({ env, cleanup } = await testEnvironment());
    dir = await mkdtemp(join(tmpdir(), 'mosquitto-'));
    await chmod(dir, 0o777); // started as root, mosquitto drops to its own user to write persistence
    mqttPort = await freePort();
    broker = await startMosquitto(dir, mqttPort);
    Object.assign(env, {
      PORT: String(await freePort()),
      MQTT_URL: `mqtt://127.0.0.1:${mqttPort}`,
      LOG_LEVEL: 'info',
    });
    const portal = await buildApp(loadConfig(env), pino({ level: 'silent' }));
    const root = await new TenantsRepository(portal.database.db).findByKind('root');
    mac = (await portal.services.gateways.provision(root!.id, randomMac(), 'Restart gateway')).mac;
    await portal.app.close();
    server = spawnServer(env);
    await waitHealthy(`http://127.0.0.1:${env.PORT}`, server);
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    broker?.kill('SIGTERM');
    if (process.env.KEEP_MOSQUITTO_DIR) console.log(dir);
    else await rm(dir, { recursive: true, force: true });
    await cleanup?.();
  });

  it('logs the loss and the return, and stores every QoS 1 message the gateway sent', async () => {
    const gateway = await connectMqtt(`mqtt://127.0.0.1:${mqttPort}`, {
      clientId: mac,
      clean: false,
      reconnectPeriod: 0, // reconnected by hand below, once the portal is back
    });
    gateway.on('error', () => {});
    const sent: number[] = [];
    const base = Date.now();
    const publishBatch = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        sent.push(base + i);
        await gateway.publishAsync(
          deviceUp.telemetry(mac),
          JSON.stringify({ samples: [{ TI: base + i, TEMP: 20 }] }),
          { qos: 1 },
        );
      }
    };
    await publishBatch(0, 30); // acknowledged by the broker: the portal's session holds what it has not taken

    broker.kill('SIGTERM');
    await new Promise((r) => broker.once('exit', r));
    await waitFor(async () => server.output().includes('MQTT broker lost'), 15_000, server.output);
    expect((await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).status).toBe(503);

    broker = await startMosquitto(dir, mqttPort);
    await waitFor(async () => server.output().includes('MQTT broker is back'), 30_000, server.output);
    // A gateway keeps what it measured while the broker was away and sends it once connected again.
    gateway.reconnect();
    await new Promise<void>((resolve) => gateway.once('connect', () => resolve()));
    await publishBatch(30, 60);

    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR!,
      connectAttempts: 1,
      logger: pino({ level: 'silent' }),
    });
    try {
      let storedSoFar: number[] = [];
      const stored = await waitFor(
        async () => {
          const rows = await sql<{ ti: number }>`select ti from telemetry where mac = ${mac}`.execute(
            database.db,
          );
          storedSoFar = rows.rows.map((r) => Number(r.ti) - base).sort((a, b) => a - b);
          return rows.rows.length >= sent.length ? rows.rows.map((r) => Number(r.ti)) : null;
        },
        30_000,
        () => `stored ${storedSoFar.join(',')} of ${sent.length}`,
      );
      expect(new Set(stored)).toEqual(new Set(sent));
    } finally {
      await database.close();
      await gateway.endAsync(true);
    }
    expect((await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).status).toBe(200);
  });
});
