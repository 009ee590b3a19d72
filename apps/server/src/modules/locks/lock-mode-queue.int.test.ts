import {
  DEFAULT_PERMISSIONS,
  deviceDown,
  deviceUp,
  GATEWAY_LOCK_QUEUE_MIN,
  type LockModeResult,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const WRITER = [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'IOT_DEVICE_WRITE'];
const LOCKS = GATEWAY_LOCK_QUEUE_MIN + 6;

// The lock-mode queue: beyond 50 per gateway, requests wait and go as slots free (lock-mode-queue.ts).
describe(`lock mode queue (${backend} backend)`, () => {
  let portal: TestPortal;
  let cookie: string;
  let tenantId: string;
  let gateway: MqttClient;
  let mac: string;
  const received: { uid: string; type: string; value: { lockMac: string; mode: string } }[] = [];
  const macs = Array.from({ length: LOCKS }, () => randomMac());

  const publish = (topic: string, body: unknown) =>
    gateway.publishAsync(topic, JSON.stringify(body), { qos: 1 });
  const answer = (i: (typeof received)[number], ok: boolean) =>
    publish(deviceUp.response(mac, 'instruction', i.uid), {
      uid: i.uid,
      type: i.type,
      status: ok ? 'SUCCESS' : 'ERROR',
      TI: Date.now(),
      value: ok ? { lockMac: i.value.lockMac, mode: i.value.mode } : { reason: 'LOCK_UNREACHABLE' },
    });
  const rows = () =>
    portal.database.db
      .selectFrom('locks')
      .select(['mac', 'mode', 'requested_mode'])
      .where('gateway_mac', '=', mac)
      .execute();
  const pendingModes = () =>
    portal.database.db
      .selectFrom('instructions')
      .select(['uid'])
      .where('mac', '=', mac)
      .where('type', '=', 'LOCK_DEVICE_MODE')
      .where('status', '=', 'PENDING')
      .execute();

  beforeAll(async () => {
    portal = await startPortal();
    const alpha = await createCustomerWithUser(portal, 'ModeQueue', { permissions: WRITER });
    tenantId = alpha.tenant.id;
    cookie = await signIn(portal, alpha.email, alpha.password);
    mac = randomMac();
    const { password } = await portal.services.gateways.provision(tenantId, mac, 'Mode gateway', {
      registered: true,
    });
    gateway = await connectMqtt(portal.deviceBrokerUrl, { clientId: mac, username: mac, password });
    gateway.on('message', (_t, payload) => received.push(JSON.parse(payload.toString())));
    await gateway.subscribeAsync(deviceDown.instruction(mac), { qos: 1 });
    await publish(deviceUp.status(mac), { CS: 1, TI: Date.now() });
    await publish(deviceUp.locks(mac), {
      kind: 'full',
      TI: Date.now(),
      part: 1,
      parts: 1,
      total: LOCKS,
      locks: macs.map((MAC, i) => ({ MAC, name: `Q-${i}`, type: 'BLE-Q', mode: 'shared' })),
    });
    await waitFor(async () => (await rows()).length === LOCKS);
  });
  afterAll(async () => {
    await gateway?.endAsync(true);
    await portal?.close();
  });

  it('sends 50 at once, the others wait and go as answers free slots; a failure drops its request', async () => {
    const response = await injectAs(
      portal,
      cookie,
      'POST',
      '/api/lock-mode-instruction/instruction/lockType/BLE-Q',
      {
        payload: { mode: 'residential', scopeId: tenantId },
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<LockModeResult>();
    expect(result.locks).toBe(LOCKS);
    expect(result.instructions).toHaveLength(GATEWAY_LOCK_QUEUE_MIN);
    expect(result.waiting).toHaveLength(LOCKS - GATEWAY_LOCK_QUEUE_MIN);
    await waitFor(async () => received.length === GATEWAY_LOCK_QUEUE_MIN);
    expect((await pendingModes()).length).toBe(GATEWAY_LOCK_QUEUE_MIN);

    // Asked again while they wait: no lock is sent twice, nothing beyond the 50.
    const again = await injectAs(
      portal,
      cookie,
      'POST',
      '/api/lock-mode-instruction/instruction/lockType/BLE-Q',
      {
        payload: { mode: 'residential', scopeId: tenantId },
      },
    );
    expect(again.json<LockModeResult>().instructions).toHaveLength(0);
    expect((await pendingModes()).length).toBe(GATEWAY_LOCK_QUEUE_MIN);

    // Two answers (one success, one failure) free two slots: two waiting locks go.
    await answer(received[0]!, true);
    await answer(received[1]!, false);
    await waitFor(async () => received.length === GATEWAY_LOCK_QUEUE_MIN + 2);
    expect((await pendingModes()).length).toBe(GATEWAY_LOCK_QUEUE_MIN);
    const byMac = new Map((await rows()).map((r) => [r.mac, r]));
    expect(byMac.get(received[0]!.value.lockMac)).toMatchObject({
      mode: 'residential',
      requested_mode: null,
    });
    expect(byMac.get(received[1]!.value.lockMac)).toMatchObject({ mode: 'shared', requested_mode: null });

    // Every other answered: the queue drains, each lock sent once, all switched but the failed one.
    for (let next = 2; next < LOCKS; next++) {
      await waitFor(async () => received.length > next);
      await answer(received[next]!, true);
    }
    await waitFor(async () => (await rows()).filter((r) => r.mode === 'residential').length === LOCKS - 1);
    expect(new Set(received.map((r) => r.value.lockMac)).size).toBe(LOCKS);
    expect(received).toHaveLength(LOCKS);
    expect((await rows()).every((r) => r.requested_mode === null)).toBe(true);
    expect((await pendingModes()).length).toBe(0);
    const slots = await portal.database.db
      .selectFrom('lock_mode_slots')
      .selectAll()
      .where('gateway_mac', '=', mac)
      .execute();
    expect(slots).toEqual([]);
  });
});
