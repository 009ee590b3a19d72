import {
  DEFAULT_PERMISSIONS,
  deviceDown,
  deviceUp,
  GATEWAY_LOCK_QUEUE_MIN,
  type LockModeResult,
  lockCommandMessages,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';

const WRITER = [
  ...DEFAULT_PERMISSIONS,
  'IOT_DEVICE_READ',
  'IOT_DEVICE_WRITE',
  'IOT_USER_READ',
  'IOT_USER_WRITE',
  'GATEWAY_INSTRUCTIONS_WRITE',
];
const LOCKS = GATEWAY_LOCK_QUEUE_MIN + 6;

// The lock-mode queue: beyond 50 per gateway, requests wait and go as slots free (lock-mode-queue.ts).
describe(`lock mode queue (${backend} backend)`, () => {
  let portal: TestPortal;
  let cookie: string;
  let tenantId: string;
  let gateway: MqttClient;
  let mac: string;
  const received: {
    uid: string;
    type: string;
    value: { lockMac: string; mode: string; userId?: string };
  }[] = [];
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
    portal = await sharedPortal();
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
    // The last answer's slot frees just after its lock's mode is confirmed (the statement after).
    const slotsLeft = () =>
      portal.database.db.selectFrom('lock_mode_slots').selectAll().where('gateway_mac', '=', mac).execute();
    await waitFor(
      async () => (await slotsLeft()).length === 0,
      5_000,
      () => 'a slot is still taken',
    );
  });

  it('shares the 50 slots with lock/unlock and the ledger: a full queue refuses a toggle and holds a grant', async () => {
    const answered = new Set<string>();
    const outstanding = () => received.filter((r) => !answered.has(r.uid)).length;
    const reply = async (i: (typeof received)[number]) => {
      answered.add(i.uid);
      if (i.type === 'LOCK_DEVICE_MODE') return answer(i, true);
      if (i.type === 'LOCK_DEVICE_LOCK_UNLOCK') {
        return publish(deviceUp.response(mac, 'instruction', i.uid), {
          uid: i.uid,
          type: i.type,
          status: 'SUCCESS',
          TI: Date.now(),
          value: { lockMac: i.value.lockMac, status: 'UNLOCKED' },
        });
      }
      return publish(deviceUp.response(mac, 'instruction', i.uid), {
        uid: i.uid,
        type: i.type,
        status: 'SUCCESS',
        TI: Date.now(),
        value: { lockMac: i.value.lockMac, userId: i.value.userId, passcodeSlot: 1 },
      });
    };
    for (const r of received) answered.add(r.uid); // the first test's, all answered
    const before = received.length;
    const asked = await injectAs(
      portal,
      cookie,
      'POST',
      '/api/lock-mode-instruction/instruction/lockType/BLE-Q',
      {
        payload: { mode: 'shared', scopeId: tenantId },
      },
    );
    expect(asked.json<LockModeResult>().instructions).toHaveLength(GATEWAY_LOCK_QUEUE_MIN);
    await waitFor(async () => received.length === before + GATEWAY_LOCK_QUEUE_MIN);

    // 50 out: a lock/unlock is refused with our text, nothing sent.
    const toggle = () =>
      injectAs(portal, cookie, 'PUT', '/api/generic/create-instruction', {
        payload: { type: 'lock-unlock', macId: macs[0], gatewayMacId: mac, locked: false, scopeId: tenantId },
      });
    const refused = await toggle();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(lockCommandMessages.queueFull);

    // A grant waits for a slot: its row stays pending, nothing reaches the gateway.
    const created = await injectAs(portal, cookie, 'POST', '/api/create-new-iot-lock-user', {
      payload: { firstName: 'Queue', lastName: 'Holder', email: `q-${mac}@example.com`, scopeId: tenantId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = created.json<{ user: { id: string } }>().user.id;
    const lock = await portal.database.db
      .selectFrom('locks')
      .select('id')
      .where('mac', '=', macs[1]!)
      .executeTakeFirstOrThrow();
    const granted = await injectAs(portal, cookie, 'POST', '/api/lock-user-access', {
      payload: { userId, lockIds: [lock.id], passcode: '4321' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    await new Promise((r) => setTimeout(r, 2_500)); // the ledger's worker runs every second
    expect(received.length).toBe(before + GATEWAY_LOCK_QUEUE_MIN);
    expect(outstanding()).toBe(GATEWAY_LOCK_QUEUE_MIN);

    // Answered one by one: the waiting modes and the grant go, never more than 50 out at once.
    let most = 0;
    await waitFor(async () => {
      for (const r of received.filter((x) => !answered.has(x.uid))) await reply(r);
      most = Math.max(most, outstanding());
      return received.some((r) => r.type === 'ADD_LOCKDEVICE_USER') && outstanding() === 0 ? true : null;
    }, 60_000);
    expect(most).toBeLessThanOrEqual(GATEWAY_LOCK_QUEUE_MIN);
    expect(received.filter((r) => r.type === 'ADD_LOCKDEVICE_USER')).toHaveLength(1);

    // The queue free again: the toggle goes, and its slot frees when it is answered.
    const accepted = await toggle();
    expect(accepted.statusCode, accepted.body).toBe(200);
    await waitFor(async () => received.some((r) => r.type === 'LOCK_DEVICE_LOCK_UNLOCK'));
    await reply(received.find((r) => r.type === 'LOCK_DEVICE_LOCK_UNLOCK')!);
    await waitFor(async () => {
      const left = await portal.database.db
        .selectFrom('lock_mode_slots')
        .select('slot')
        .where('gateway_mac', '=', mac)
        .execute();
      return left.length === 0;
    });
  });
});
