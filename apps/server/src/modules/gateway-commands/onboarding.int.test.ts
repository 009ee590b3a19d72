import { deviceDown, deviceUp, LIVE_ROOT, live, type OnboardingLiveMessage } from '@portal/contract';
import type { Simulation } from '@portal/gateway-sim';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectLive,
  endClients,
  injectAs,
  signIn,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import {
  type Customer,
  type FakeGateway,
  fakeGateway,
  sharedCommandsPortal,
  simulateGateways,
} from './test-helpers.ts';

describe(`onboarding (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let beta: Customer;
  let alphaCookie: string;
  let betaCookie: string;
  let simulation: Simulation;
  let simulatedMacs: string[];
  let fake: FakeGateway;
  /** What root's browser hears on every live channel, in order. */
  const heard: { topic: string; body: OnboardingLiveMessage }[] = [];
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    ({ portal, alpha, beta, alphaCookie, betaCookie } = await sharedCommandsPortal());
    const started = await simulateGateways(portal, alpha.tenant.id, 2);
    simulation = started.simulation;
    simulatedMacs = started.macs;
    fake = await fakeGateway(portal, alpha.tenant.id);
    const root = await connectLive(portal, await signIn(portal));
    clients.push(root);
    root.on('message', (topic, payload) => heard.push({ topic, body: JSON.parse(payload.toString()) }));
    await root.subscribeAsync(`${LIVE_ROOT}/+/onboarding/+`, { qos: 1 });
  });
  afterAll(async () => {
    await endClients(clients);
    await simulation?.stop();
    await fake?.close();
  });

  const start = (cookie: string, payload: Record<string, unknown>) =>
    injectAs(portal, cookie, 'POST', '/api/gateway/onboarding/start', { payload });
  const stop = (cookie: string, macIds: string[]) =>
    injectAs(portal, cookie, 'POST', '/api/gateway/onboarding/stop', { payload: { macIds } });
  const progressOf = (mac: string) =>
    heard.filter((m) => m.topic === live.onboarding(alpha.tenant.id, mac)).map((m) => m.body);

  it("runs N scans on each gateway and relays each one's progress to the browsers", async () => {
    const response = await start(alphaCookie, { macIds: simulatedMacs, totalScanCycles: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: simulatedMacs.map((macId) => ({ macId, ok: true })) });
    for (const mac of simulatedMacs) {
      await waitFor(async () => progressOf(mac).some((m) => m.status === 'COMPLETED'));
      const progress = progressOf(mac);
      expect(progress.map((m) => [m.status, m.pass, m.totalScanCycles])).toEqual([
        ['SCANNING', 1, 2],
        ['COMPLETED', 2, 2],
      ]);
      for (const message of progress) {
        expect(message.macId).toBe(mac);
        expect(message.scannedLocks).toBe(message.locksDetails.length);
        for (const lock of message.locksDetails) expect(lock.lockName).toBe(`Lock-${lock.macId.slice(-4)}`);
      }
    }
  });

  it('sends SCAN with 5 scans by default on gateways/{scope}/onboarding/command/{mac}', async () => {
    const from = fake.received.length;
    expect((await start(alphaCookie, { macIds: [fake.mac] })).statusCode).toBe(200);
    const sent = await fake.next(
      (topic) => topic === deviceDown.onboardingCommand(alpha.tenant.id, fake.mac),
      from,
    );
    expect(sent.body).toEqual({ command: 'SCAN', totalScanCycles: 5 });
  });

  it('holds the scans to 1..5', async () => {
    for (const [totalScanCycles, status] of [
      [1, 200],
      [5, 200],
      [0, 400],
      [6, 400],
    ] as const) {
      const response = await start(alphaCookie, { macIds: [fake.mac], totalScanCycles });
      expect(response.statusCode, String(totalScanCycles)).toBe(status);
      if (status === 400)
        expect(response.json().message).toContain('Number of scans must be between 1 and 5');
    }
  });

  it("refuses an offline gateway in the answer, with the spec's text, and starts the others", async () => {
    const offline = await fakeGateway(portal, alpha.tenant.id, { online: false });
    const response = await start(alphaCookie, { macIds: [offline.mac, fake.mac], totalScanCycles: 1 });
    expect(response.json()).toEqual({
      results: [
        { macId: offline.mac, ok: false, message: 'Gateway is offline...' },
        { macId: fake.mac, ok: true },
      ],
    });
    expect(offline.received).toEqual([]);
    await offline.close();
  });

  it('stops a run: the scope-wide stop goes out and the gateway answers STOPPED', async () => {
    const [mac] = simulatedMacs as [string];
    await start(alphaCookie, { macIds: [mac], totalScanCycles: 5 });
    await waitFor(async () => progressOf(mac).filter((m) => m.status === 'SCANNING').length >= 2);
    const from = fake.received.length;
    const response = await stop(alphaCookie, [mac]);
    expect(response.json()).toEqual({ results: [{ macId: mac, ok: true }] });
    await waitFor(async () => progressOf(mac).at(-1)?.status === 'STOPPED');
    const sent = await fake.next((topic) => topic === deviceDown.onboardingStop(alpha.tenant.id), from);
    expect(sent.body).toEqual({ command: 'STOP' });
  });

  it('gives a user of another tenant a 404 and sends nothing', async () => {
    const from = fake.received.length;
    expect((await start(betaCookie, { macIds: [fake.mac] })).statusCode).toBe(404);
    expect((await stop(betaCookie, [fake.mac])).statusCode).toBe(404);
    await start(alphaCookie, { macIds: [fake.mac], totalScanCycles: 3 });
    expect((await fake.next(() => true, from)).body).toEqual({ command: 'SCAN', totalScanCycles: 3 });
  });

  it("relays a gateway's progress only from its own customer's topic", async () => {
    const status = { TI: Date.now(), status: 'COMPLETED', cycle: 1, totalScanCycles: 1, scannedLocks: [] };
    const stray = await fakeGateway(portal, alpha.tenant.id);
    const rejected = portal.inbox.counters.rejected;
    // The embedded broker refuses the publish (ACL); behind an external broker the portal rejects it.
    stray.client.publish(deviceUp.onboardingStatus(beta.tenant.id, stray.mac), JSON.stringify(status), {
      qos: 0,
    });
    if (backend === 'real') await waitFor(async () => portal.inbox.counters.rejected > rejected);
    await fake.publish(deviceUp.onboardingStatus(alpha.tenant.id, fake.mac), status);
    await waitFor(async () => progressOf(fake.mac).length > 0);
    expect(heard.some((m) => m.topic === live.onboarding(beta.tenant.id, stray.mac))).toBe(false);
    await stray.close();
  });
});
