import { deviceDown, deviceUp, UNLIMITED_QUOTAS } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  randomMac,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';

const DAY = 24 * 3600_000;

// The message-rate and stored-days quotas act on device traffic and on the portal-wide retention job (which
// deletes every customer's old samples): a portal of its own.
describe(`customer quotas on device traffic and stored samples (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    root = await signIn(portal);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  });
  afterAll(async () => {
    await portal?.close();
  });

  const customer = async (label: string, quotas: Record<string, number>, parentId?: string) => {
    const { tenant } = await createCustomerWithUser(portal, label, parentId ? { parentId } : {});
    if (Object.keys(quotas).length > 0) {
      const set = await injectAs(portal, root, 'PUT', `/api/customers/${tenant.id}/quotas`, {
        payload: { ...UNLIMITED_QUOTAS, ...quotas },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    return tenant.id;
  };
  const gateway = async (tenantId: string) => {
    const device = await portal.services.gateways.provision(tenantId, randomMac(), 'Quota gateway');
    const client = await connectMqtt(portal.deviceBrokerUrl, {
      clientId: device.mac,
      username: device.mac,
      password: device.password,
    });
    clients.push(client);
    return { mac: device.mac, client };
  };
  const stored = (mac: string) => portal.services.telemetry.countSamples(mac);
  /**
   * Publishes `count` samples at once (QoS 1); answers the ms until the last is stored. (The embedded broker is
   * the portal, so the acknowledgements come as late; behind an external broker the gateway is acknowledged by
   * the broker at once and the portal paces what it takes of the customer's traffic.)
   */
  const burst = async (
    { mac, client }: { mac: string; client: MqttClient },
    count: number,
    from: number,
  ): Promise<number> => {
    const started = performance.now();
    const before = await stored(mac);
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        client.publishAsync(
          deviceUp.telemetry(mac),
          JSON.stringify({ samples: [{ TI: from + i * 1000, CO2: 500 }] }),
          { qos: 1 },
        ),
      ),
    );
    await waitFor(async () => (await stored(mac)) === before + count, 20_000);
    return performance.now() - started;
  };

  it("slows a customer over its messages per second, across its gateways and sub-customers, stores all, and not another's", async () => {
    const slowId = await customer('Slow', { messagesPerSecond: 4 });
    const kidId = await customer('SlowKid', {}, slowId);
    const fastId = await customer('Fast', {});
    const [first, second, third] = [await gateway(slowId), await gateway(kidId), await gateway(fastId)];
    // Each gateway listens on its own flow-control topic, as docs/mqtt.md 3.9 asks.
    const told = new Map<string, { state: string; maxMessagesPerSecond: number | null }[]>();
    for (const { mac, client } of [first, second, third]) {
      told.set(mac, []);
      client.on('message', (topic, payload) => {
        if (topic === deviceDown.flowControl(mac)) told.get(mac)!.push(JSON.parse(payload.toString()));
      });
      await client.subscribeAsync(deviceDown.flowControl(mac), { qos: 1 });
    }
    const now = Date.now();

    // At the bound: 4 at once (a second's worth) wait for nothing.
    const before = portal.inbox.counters.slowedByQuota;
    await burst(first, 4, now - 60_000);
    expect(portal.inbox.counters.slowedByQuota).toBe(before);

    // Over it: 12 more from the customer's two gateways take about 2 s at 4 per second; the other customer's
    // 12 at the same time are stored at once.
    const [slowMs, kidMs, fastMs] = await Promise.all([
      burst(first, 6, now),
      burst(second, 6, now),
      burst(third, 12, now),
    ]);
    expect(portal.inbox.counters.slowedByQuota - before).toBeGreaterThanOrEqual(8);
    expect(Math.max(slowMs, kidMs)).toBeGreaterThan(1500);
    expect(fastMs).toBeLessThan(Math.max(slowMs, kidMs) / 2);
    // The customer's gateways were told to slow down, each to its part of the 4 a second (all of it when the
    // first was told before the other's messages arrived); the other customer's gateway was not.
    await waitFor(async () => told.get(first.mac)!.length > 0 && told.get(second.mac)!.length > 0);
    for (const mac of [first.mac, second.mac]) {
      expect(told.get(mac)![0]!.state).toBe('slow');
      expect([2, 4]).toContain(told.get(mac)![0]!.maxMessagesPerSecond);
    }
    expect(told.get(third.mac)).toEqual([]);
    // Nothing dropped (burst waited for every sample to be stored).
    expect([await stored(first.mac), await stored(second.mac), await stored(third.mac)]).toEqual([10, 6, 12]);
  }, 60_000);

  it("deletes a customer's (and its sub-customers') raw samples older than its stored days, and not another's", async () => {
    const keptId = await customer('Kept', { storedDays: 7 });
    const kidId = await customer('KeptKid', {}, keptId);
    const otherId = await customer('KeptLonger', {});
    const macs = { own: randomMac(), kid: randomMac(), other: randomMac() };
    const tenants = { own: keptId, kid: kidId, other: otherId };
    const now = Date.now();
    // Just inside the 7 days and just past them (the bound), and 30 days back.
    const times = [now - 7 * DAY + 60_000, now - 7 * DAY - 60_000, now - 30 * DAY];
    for (const key of ['own', 'kid', 'other'] as const) {
      await portal.services.gateways.provision(tenants[key], macs[key], `Samples ${key}`);
      await portal.services.telemetry.recordSamples(
        { mac: macs[key], tenantId: tenants[key] },
        times.map((TI) => ({ TI, CO2: 600 })),
      );
    }
    await portal.services.telemetry.flush();
    expect(await stored(macs.own)).toBe(3);

    const deleted = await portal.retention.runOnce(now);
    expect(deleted.customerRaw).toBe(4);
    expect(await stored(macs.own)).toBe(1);
    expect(await stored(macs.kid)).toBe(1);
    expect(await stored(macs.other)).toBe(3);
  });
});
