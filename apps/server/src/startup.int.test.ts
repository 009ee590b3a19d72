import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, testEnvironment } from '../test/harness.ts';
import { freePort, spawnServer } from '../test/process.ts';

describe(`start-up refusals (${backend} backend)`, () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let occupied: Server;
  let occupiedPort: number;

  beforeAll(async () => {
    ({ env, cleanup } = await testEnvironment());
    env.PORT = String(await freePort());
    env.MQTT_PORT = String(await freePort());
    occupied = createServer();
    await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', () => resolve()));
    occupiedPort = (occupied.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => occupied.close(() => resolve()));
    await cleanup?.();
  });

  async function run(overrides: Record<string, string>) {
    const server = spawnServer({ ...env, LOG_LEVEL: 'error', ...overrides });
    const code = await server.exited;
    return { code, output: server.output() };
  }

  it('refuses a bad configuration value, naming the variable', async () => {
    const { code, output } = await run({ PORT: 'eighty', DEMO: 'perhaps' });
    expect(code).toBe(2);
    expect(output).toContain('Invalid configuration');
    expect(output).toMatch(/PORT: .*"eighty"/);
    expect(output).toMatch(/DEMO: .*"perhaps"/);
  });

  it('names PORT when the HTTP port is taken', async () => {
    const { code, output } = await run({ PORT: String(occupiedPort) });
    expect(code).toBe(1);
    expect(output).toContain(`HTTP port ${occupiedPort} is already in use: set PORT to a free port`);
  });

  if (backend === 'embedded') {
    it('names MQTT_PORT when the embedded broker port is taken', async () => {
      const { code, output } = await run({ MQTT_PORT: String(occupiedPort) });
      expect(code).toBe(1);
      expect(output).toContain(`MQTT port ${occupiedPort} is already in use: set MQTT_PORT to a free port`);
    });
  }

  it('retries an unreachable database, then exits with a clear message', async () => {
    const { code, output } = await run({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/portal`,
      DATABASE_CONNECT_ATTEMPTS: '2',
    });
    expect(code).toBe(1);
    expect(output).toContain('Cannot reach the database at DATABASE_URL after 2 attempts');
  });
});
