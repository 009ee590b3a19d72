import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, useBrowser } from './support/browser.ts';
import { browserToken, connectLiveClient, nextDemoGraphMessage } from './support/live.ts';
import { DEMO_MACS, type RunningPortal, startPortal } from './support/portal.ts';

const LIVE_DEADLINE_MS = 15_000;

/**
 * The demo customer's id in this portal's own database. Mosquitto is shared with whatever else runs on the
 * machine, and demo gateways have the same MACs everywhere: only this tenant's channel proves the message
 * came through this portal.
 */
async function demoTenantId(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      "SELECT id FROM tenants WHERE name = 'Demo Customer'",
    );
    if (!rows[0]) throw new Error('no demo customer in the database');
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** The same build on PostgreSQL (127.0.0.1:5432) and Mosquitto (127.0.0.1:1883), the production shape. */
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal('real');
});
afterAll(async () => {
  await portal?.stop();
});

describe('On PostgreSQL and Mosquitto', () => {
  const browser = useBrowser(() => portal.baseUrl);

  it('reports the PostgreSQL database and the external broker as healthy', async () => {
    expect(await portal.health()).toEqual({
      status: 'ok',
      database: { ok: true, backend: 'postgres' },
      broker: { ok: true, mode: 'external' },
    });
  });

  it('signs the root administrator in to the customers list with live updates connected', async () => {
    const { page } = browser;
    await signInAsRoot(page);
    await page.getByRole('img', { name: 'Live updates connected' }).waitFor();
  });

  it("relays the demo gateways' telemetry, published through Mosquitto, to a browser client", async () => {
    const { page } = browser;
    await signInAsRoot(page);
    const tenantId = await demoTenantId(portal.databaseUrl!);
    const client = await connectLiveClient(portal, await browserToken(page));
    try {
      const message = await nextDemoGraphMessage(client, LIVE_DEADLINE_MS, tenantId);
      expect(message.tenantId).toBe(tenantId);
      expect(DEMO_MACS).toContain(message.mac);
      expect(message.body.macId).toBe(message.mac);
      expect(message.body.samples.length).toBeGreaterThan(0);
    } finally {
      await client.endAsync();
    }
  });
});
