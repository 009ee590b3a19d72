import type { GatewaySummary } from '@portal/contract';
import type { Simulation } from '@portal/gateway-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, type TestPortal, waitFor } from '../../../test/harness.ts';
import {
  type Customer,
  type FakeGateway,
  fakeGateway,
  sharedCommandsPortal,
  simulateGateways,
} from './test-helpers.ts';

/**
 * Issue 14.4: the gateway reports the whitelist it holds in its state (`listOfWhiteListedLocks`, docs/mqtt.md
 * 2.2), the portal keeps it, and the gateways call the Whitelist editor reads returns it.
 */
describe(`the whitelist a gateway reports (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let alphaCookie: string;
  let fake: FakeGateway;
  let simulation: Simulation;
  let simulated: string;

  beforeAll(async () => {
    ({ portal, alpha, alphaCookie } = await sharedCommandsPortal());
    fake = await fakeGateway(portal, alpha.tenant.id);
    const started = await simulateGateways(portal, alpha.tenant.id);
    simulation = started.simulation;
    simulated = started.macs[0]!;
  });
  afterAll(async () => {
    await simulation?.stop();
    await fake?.close();
  });

  /** The gateway as GET /api/gateway/get-gateways-page lists it (the status dialog's and editor's source). */
  const listed = async (mac: string): Promise<GatewaySummary> => {
    const response = await injectAs(portal, alphaCookie, 'GET', '/api/gateway/get-gateways-page', {
      query: { scopeId: alpha.tenant.id, search: mac, sort: 'name', order: 'asc', offset: '0', limit: '50' },
    });
    expect(response.statusCode).toBe(200);
    const gateway = (response.json() as { gateways: GatewaySummary[] }).gateways.find((g) => g.macId === mac);
    expect(gateway).toBeDefined();
    return gateway!;
  };

  /** Waits until the listed gateway satisfies `done` (with an external broker the state arrives after PUBACK). */
  const until = async (mac: string, done: (gateway: GatewaySummary) => boolean): Promise<GatewaySummary> => {
    let last: GatewaySummary | undefined;
    await waitFor(async () => {
      last = await listed(mac);
      return done(last);
    });
    return last!;
  };
  const same = (a: readonly string[] | null, b: readonly string[]) =>
    a !== null && a.length === b.length && a.every((name, i) => name === b[i]);

  it('is null for a gateway that reported only a count (older firmware)', async () => {
    await fake.reportState({ state: { currentState: 'IdleState', whitelistedLocksCount: 4 } });
    const gateway = await until(fake.mac, (g) => g.liveState?.whitelistedLocksCount === 4);
    expect(gateway.reportedWhitelist).toBeNull();
    expect(gateway.listOfWhiteListedLocks).toEqual([]);
  });

  it('returns the names a gateway publishes in its state over MQTT, and keeps them across states without', async () => {
    const names = ['Lock-0A01', 'Lock-0A02', 'Lock-0A03', 'A4C138F00A04'];
    await fake.reportState({ state: { whitelistedLocksCount: 4 }, listOfWhiteListedLocks: names });
    const reported = await until(fake.mac, (g) => g.reportedWhitelist !== null);
    expect(reported.reportedWhitelist).toEqual(names);
    // The portal sent nothing: what it stored stays empty, apart from what the gateway holds.
    expect(reported.listOfWhiteListedLocks).toEqual([]);
    // A later state without the list keeps it (the state is merged field by field).
    await fake.reportState({ state: { currentState: 'ScanningState' } });
    const later = await until(fake.mac, (g) => g.liveState?.currentState === 'ScanningState');
    expect(later.reportedWhitelist).toEqual(names);
  });

  it("takes ['*'] and the 1000-name bound; a longer list is refused whole and changes nothing", async () => {
    await fake.reportState({ state: { whitelistedLocksCount: '*' }, listOfWhiteListedLocks: ['*'] });
    await until(fake.mac, (g) => same(g.reportedWhitelist, ['*']));
    const thousand = Array.from({ length: 1000 }, (_, i) => `L-${i}`);
    await fake.reportState({ state: { whitelistedLocksCount: 1000 }, listOfWhiteListedLocks: thousand });
    await until(fake.mac, (g) => same(g.reportedWhitelist, thousand));
    await fake.reportState({
      state: { whitelistedLocksCount: 1001 },
      listOfWhiteListedLocks: [...thousand, 'L-1000'],
    });
    await fake.reportState({ state: { whitelistedLocksCount: 1 }, listOfWhiteListedLocks: ['Lock 1'] });
    await fake.reportState({ state: { currentState: 'IdleState', whitelistedLocksCount: 999 } });
    const after = await until(fake.mac, (g) => g.liveState?.whitelistedLocksCount === 999);
    expect(after.reportedWhitelist).toEqual(thousand);
  });

  it('the simulated gateway reports the list it was sent', async () => {
    await waitFor(async () => (await listed(simulated)).reportedWhitelist !== null);
    const sent = ['Sim-Lock-A', 'Sim-Lock-B'];
    const response = await injectAs(portal, alphaCookie, 'PUT', `/api/gateway/${simulated}/whitelist`, {
      payload: { listOfWhiteListedLocks: sent },
    });
    expect(response.statusCode).toBe(200);
    const gateway = await until(simulated, (g) => same(g.reportedWhitelist, sent));
    expect(gateway.listOfWhiteListedLocks).toEqual(sent);
  });
});
