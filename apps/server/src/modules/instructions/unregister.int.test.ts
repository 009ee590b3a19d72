import { startSimulation } from '@portal/gateway-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, randomMac, waitFor } from '../../../test/harness.ts';
import { type InstructionsFixture, liveMessage, startInstructionsFixture } from './test-helpers.ts';

describe(`DELETE /api/unregister-gateway/macId/{m} (${backend} backend)`, () => {
  let fixture: InstructionsFixture;
  let mac: string;

  beforeAll(async () => {
    fixture = await startInstructionsFixture([{}]);
    mac = fixture.macs[0]!;
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const stored = async (table: 'telemetry' | 'gateway_events' | 'instructions', gateway: string) =>
    fixture.portal.database.db.selectFrom(table).selectAll().where('mac', '=', gateway).execute();

  it("deletes the gateway's stored data, sets REG 0, saves the portal event and sends UNREGISTER", async () => {
    const { portal, alpha } = fixture;
    const device = { mac, tenantId: alpha.tenant.id };
    await portal.services.telemetry.recordSamples(device, [{ TI: Date.now() - 60_000, CO2: 500 }]);
    await portal.services.telemetry.flush();
    await portal.services.telemetry.recordEvents(device, {
      TI: Date.now() - 60_000,
      SE: [{ nme: 'Scan started', val: 'Portal' }],
    });
    const messages = await fixture.watch(mac);

    const response = await injectAs(portal, alpha.cookie, 'DELETE', `/api/unregister-gateway/macId/${mac}`);
    expect(response.statusCode).toBe(200);
    const { uid, status } = response.json();
    expect(status).toBe('PENDING');

    // The simulated gateway answers the UNREGISTER instruction it was sent, value {registerMe: 1}.
    expect(await liveMessage(messages, { uid, status: 'SUCCESS' })).toMatchObject({ type: 'UNREGISTER' });
    expect(await stored('telemetry', mac)).toEqual([]);
    const events = await stored('gateway_events', mac);
    expect(events.flatMap((e) => e.items)).toEqual([
      { nme: 'Gateway Unregister Initiated', val: alpha.email },
    ]);
    const instructions = await stored('instructions', mac);
    expect(instructions).toEqual([
      expect.objectContaining({ type: 'UNREGISTER', value: { registerMe: 1 }, status: 'SUCCESS' }),
    ]);
    const gateway = await portal.database.db
      .selectFrom('gateways')
      .select('registered')
      .where('mac', '=', mac)
      .executeTakeFirst();
    expect(gateway?.registered).toBe(false);
  });

  it('unregisters an offline gateway too: the instruction waits and is sent when the gateway is back', async () => {
    const { portal, alpha } = fixture;
    const offline = randomMac();
    const { password } = await portal.services.gateways.provision(alpha.tenant.id, offline, 'Offline');
    const response = await injectAs(
      portal,
      alpha.cookie,
      'DELETE',
      `/api/unregister-gateway/macId/${offline}`,
    );
    expect(response.statusCode).toBe(200);
    const { uid } = response.json();
    expect(await stored('instructions', offline)).toEqual([
      expect.objectContaining({ uid, status: 'PENDING' }),
    ]);

    const simulation = startSimulation({
      brokerUrl: portal.deviceBrokerUrl,
      gateways: [{ mac: offline, password, scopeId: alpha.tenant.id }],
      telemetryIntervalMs: 60_000,
    });
    try {
      await waitFor(async () => (await stored('instructions', offline))[0]?.status === 'SUCCESS');
    } finally {
      await simulation.stop();
    }
  });
});
