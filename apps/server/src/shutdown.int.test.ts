import { deviceUp } from '@portal/contract';
import { sql } from 'kysely';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, connectMqtt, randomMac, testEnvironment } from '../test/harness.ts';
import { freePort, type ServerProcess, spawnServer, waitHealthy } from '../test/process.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { TenantsRepository } from './modules/tenants/tenants.repository.ts';

const GATEWAYS = 3;

describe(`graceful shutdown (${backend} backend)`, () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let devices: { mac: string; password: string }[] = [];

  beforeAll(async () => {
    ({ env, cleanup } = await testEnvironment());
    Object.assign(env, { PORT: String(await freePort()), MQTT_PORT: String(await freePort()) });
    // Provision the gateways, then let the real process take over the same data.
    const portal = await buildApp(loadConfig(env), pino({ level: 'silent' }));
    const root = await new TenantsRepository(portal.database.db).findByKind('root');
    devices = await Promise.all(
      Array.from({ length: GATEWAYS }, (_, i) =>
        portal.services.gateways.provision(root!.id, randomMac(), `G${i}`),
      ),
    );
    await portal.app.close();
  });
  afterAll(async () => {
    await cleanup?.();
  });

  const baseUrl = () => `http://127.0.0.1:${env.PORT}`;
  const brokerUrl = () => env.MQTT_URL ?? `mqtt://127.0.0.1:${env.MQTT_PORT}`;

  async function storedKeys(): Promise<Set<string>> {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR!,
      connectAttempts: 1,
      logger: pino({ level: 'silent' }),
    });
    const rows = await sql<{ mac: string; ti: number }>`select mac, ti from telemetry`.execute(database.db);
    await database.close();
    return new Set(rows.rows.map((r) => `${r.mac}|${Number(r.ti)}`));
  }

  async function startServer(): Promise<ServerProcess> {
    const server = spawnServer(env);
    await waitHealthy(baseUrl(), server);
    return server;
  }

  async function stopServer(server: ServerProcess): Promise<void> {
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }

  it('loses no message it acknowledged when SIGTERM arrives while gateways publish', async () => {
    let server = await startServer();
    const acknowledged = new Set<string>();
    let publishing = true;

    const clients: MqttClient[] = await Promise.all(
      devices.map((d) =>
        connectMqtt(brokerUrl(), {
          clientId: d.mac,
          username: d.mac,
          password: d.password,
          reconnectPeriod: 0,
        }),
      ),
    );
    const loops = clients.map(async (client, i) => {
      const mac = devices[i]!.mac;
      let ti = Date.now();
      while (publishing && client.connected) {
        const sampleTi = ti++;
        try {
          await client.publishAsync(
            deviceUp.telemetry(mac),
            JSON.stringify({ samples: [{ TI: sampleTi, CO2: 500 }] }),
            {
              qos: 1,
            },
          );
          acknowledged.add(`${mac}|${sampleTi}`);
          await new Promise((r) => setTimeout(r, 5));
        } catch {
          return; // connection gone: this message was not acknowledged
        }
      }
    });

    // The signal comes while gateways publish: after some acknowledgements (a loaded machine takes longer to reach them).
    const publishingSince = Date.now();
    while (acknowledged.size <= 50 && Date.now() - publishingSince < 15_000)
      await new Promise((r) => setTimeout(r, 100));
    const sizeAtSignal = acknowledged.size;
    const exit = stopServer(server);
    if (backend === 'real') publishing = false; // the external broker stays up and would go on taking them
    await exit;
    publishing = false;
    // Ending the clients settles publishes still waiting for an acknowledgement (as failures).
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await Promise.all(loops);
    expect(sizeAtSignal).toBeGreaterThan(20);

    if (backend === 'real') {
      // The external broker acknowledged them; the portal's persistent shared session hands over the
      // rest when the portal is back.
      server = await startServer();
      const until = Date.now() + 30_000;
      let stored = await storedKeys();
      while (Date.now() < until && [...acknowledged].some((key) => !stored.has(key))) {
        await new Promise((r) => setTimeout(r, 500));
        stored = await storedKeys();
      }
      await stopServer(server);
    }

    const stored = await storedKeys();
    const lost = [...acknowledged].filter((key) => !stored.has(key));
    expect(lost).toEqual([]);
  });
});
