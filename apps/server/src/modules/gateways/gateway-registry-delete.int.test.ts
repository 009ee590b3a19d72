import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, randomMac, randomTag, waitFor, watchLive } from '../../../test/harness.ts';
import { gatewayRow, provisioned, registryCalls, sharedRegistryPortal } from './test-helpers.ts';

type World = Awaited<ReturnType<typeof sharedRegistryPortal>>;

describe(`PUT /api/deleteOfflineGateways (${backend} backend)`, () => {
  let world: World;
  const calls = registryCalls(() => world.portal);

  beforeAll(async () => {
    world = await sharedRegistryPortal();
  });

  /** A gateway with telemetry, events and an offline period behind it; online when told. */
  async function gatewayWithData(tenantId: string, online = false) {
    const gateway = await provisioned(world.portal, tenantId);
    const device = { mac: gateway.mac, tenantId };
    const { gateways, telemetry } = world.portal.services;
    const now = Date.now();
    await gateways.recordStatus(device, { CS: 1, TI: now - 60_000 });
    await telemetry.recordSamples(device, [{ TI: now - 30_000, CO2: 500, CP: 10 }]);
    await telemetry.recordEvents(device, { TI: now - 20_000, SE: [{ nme: 'Scan started', val: 1 }] });
    if (!online) await gateways.recordStatus(device, { CS: 0, TI: now - 10_000 });
    const uid = randomTag(4);
    await sql`INSERT INTO instructions (uid, mac, type, deadline_at) VALUES (${uid}, ${gateway.mac}, 'DIAGNOSTICS', now())`.execute(
      world.portal.database.db,
    );
    return gateway.mac;
  }

  const rowsOf = async (mac: string) => {
    const db = world.portal.database.db;
    const counts = [];
    const tables = [
      'telemetry',
      'telemetry_1m',
      'telemetry_1h',
      'gateway_events',
      'gateway_connection_log',
      'instructions',
    ];
    for (const table of tables) {
      const { rows } = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE mac = ${mac}`.execute(db);
      counts.push(Number(rows[0]!.n));
    }
    return counts;
  };

  it('deletes offline gateways with their data, refuses online ones, and tells the list', async () => {
    const offline = [
      await gatewayWithData(world.alpha.tenant.id),
      await gatewayWithData(world.alphaSub.tenant.id),
    ];
    const online = await gatewayWithData(world.alpha.tenant.id, true);
    expect(await rowsOf(offline[0]!)).toEqual([1, 1, 1, 1, 2, 1]);
    const live = await watchLive<{ type: string; macIds?: string[] }>(
      world.portal,
      world.alpha.cookie,
      `portal/${world.alpha.tenant.id}/gateways`,
    );
    try {
      const response = await calls.deleteOffline(
        world.alpha.cookie,
        [...offline, online],
        world.alpha.tenant.id,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Successfully Deleted Gateway(s)',
        deleted: expect.arrayContaining(offline),
        refused: [online],
      });
      for (const mac of offline) {
        expect(await gatewayRow(world.portal, mac)).toBeUndefined();
        expect(await rowsOf(mac)).toEqual([0, 0, 0, 0, 0, 0]);
      }
      expect(await gatewayRow(world.portal, online)).toMatchObject({ connected: true });
      expect(await rowsOf(online)).toEqual([1, 1, 1, 1, 1, 1]);
      const message = await waitFor(async () => live.messages.find((m) => m.type === 'gatewaysDeleted'));
      expect(message.macIds!.sort()).toEqual([...offline].sort());
    } finally {
      await live.client.endAsync(true);
    }
  });

  it('answers the failure text when every gateway is online', async () => {
    const online = await gatewayWithData(world.alpha.tenant.id, true);
    const response = await calls.deleteOffline(world.alpha.cookie, [online], world.alpha.tenant.id);
    expect(response.json()).toEqual({
      message: 'Failed to Delete Gateway(s)',
      deleted: [],
      refused: [online],
    });
    expect(await gatewayRow(world.portal, online)).toBeDefined();
  });

  it('checks the list: 1 to 10,000 MACs', async () => {
    const empty = await calls.deleteOffline(world.alpha.cookie, [], world.alpha.tenant.id);
    expect(empty.statusCode).toBe(400);
    const macs = Array.from({ length: 10_001 }, () => randomMac());
    const tooMany = await calls.deleteOffline(world.alpha.cookie, macs, world.alpha.tenant.id);
    expect(tooMany.statusCode).toBe(400);
    // 10,000 is taken: they do not exist, so it is a 404 and nothing is deleted.
    const mine = await gatewayWithData(world.alpha.tenant.id);
    const atLimit = await calls.deleteOffline(
      world.alpha.cookie,
      [mine, ...macs.slice(1, 10_000)],
      world.alpha.tenant.id,
    );
    expect(atLimit.statusCode).toBe(404);
    expect(await gatewayRow(world.portal, mine)).toBeDefined();
  });

  it("gives a user of another tenant 404 for this tenant's scope or gateways, and deletes nothing", async () => {
    const alphaGateway = await gatewayWithData(world.alpha.tenant.id);
    const betaGateway = await gatewayWithData(world.beta.tenant.id);
    const beta = world.beta.cookie;
    for (const response of [
      await calls.deleteOffline(beta, [alphaGateway], world.alpha.tenant.id),
      await calls.deleteOffline(beta, [betaGateway], world.alpha.tenant.id),
      await calls.deleteOffline(beta, [betaGateway, alphaGateway], world.beta.tenant.id),
      await calls.deleteOffline(world.alphaSub.cookie, [alphaGateway], world.alphaSub.tenant.id),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(await gatewayRow(world.portal, alphaGateway)).toBeDefined();
    expect(await gatewayRow(world.portal, betaGateway)).toBeDefined();
    expect(await rowsOf(betaGateway)).toEqual([1, 1, 1, 1, 2, 1]);
  });

  it('answers 403 without IOT_DEVICE_SCOPE_MIGRATE', async () => {
    const mac = await gatewayWithData(world.reader.tenant.id);
    const response = await calls.deleteOffline(world.reader.cookie, [mac], world.reader.tenant.id);
    expect(response.statusCode).toBe(403);
    expect(await gatewayRow(world.portal, mac)).toBeDefined();
  });
});
