import {
  type CreateInstructionResult,
  DEFAULT_PERMISSIONS,
  deviceDown,
  deviceUp,
  LOCK_HISTORY_MAX_RANGE_MS,
  type LockHistory,
  type LockResultMessage,
  type LocksLiveMessage,
  live,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectLive,
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  subscribeCodes,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';

const OPERATOR = [
  ...DEFAULT_PERMISSIONS,
  'IOT_DEVICE_READ',
  'IOT_USER_READ',
  'IOT_DEVICE_WRITE',
  'GATEWAY_INSTRUCTIONS_WRITE',
];
const prefix = randomMac().slice(0, 8);
const lockMac = (i: number) => `${prefix}${i.toString(16).toUpperCase().padStart(4, '0')}`;

interface SentInstruction {
  type: string;
  uid: string;
  value: { lockMac: string; locked: boolean };
}

describe(`lock and unlock, lock history (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaCookie: string;
  let betaCookie: string;
  let device: { mac: string; password: string };
  let gateway: MqttClient;
  const sent: SentInstruction[] = [];
  /** What the gateway answers next: SUCCESS with the lock's new status, or ERROR with a reason. */
  let answer: 'SUCCESS' | 'JAMMED' | 'SILENT' = 'SUCCESS';
  const now = Date.now();

  const publish = (topic: string, body: unknown) =>
    gateway.publishAsync(topic, JSON.stringify(body), { qos: 1 });
  const toggle = (cookie: string, body: Record<string, unknown>) =>
    injectAs(portal, cookie, 'PUT', '/api/generic/create-instruction', {
      payload: { type: 'lock-unlock', time: Date.now(), ...body },
    });
  const history = (cookie: string, s: number, e: number, m: string, id: string) =>
    injectAs(portal, cookie, 'GET', `/api/lock-history/start/${s}/end/${e}/macId/${m}/scopeId/${id}`);

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await createCustomerWithUser(portal, 'ToggleAlpha', { permissions: OPERATOR });
    beta = await createCustomerWithUser(portal, 'ToggleBeta', { permissions: OPERATOR });
    alphaCookie = await signIn(portal, alpha.email, alpha.password);
    betaCookie = await signIn(portal, beta.email, beta.password);
    device = await portal.services.gateways.provision(alpha.tenant.id, randomMac(), 'Toggle gateway');
    gateway = await connectMqtt(portal.deviceBrokerUrl, {
      clientId: device.mac,
      username: device.mac,
      password: device.password,
    });
    gateway.on('message', (topic, payload) => {
      if (topic !== deviceDown.instruction(device.mac)) return;
      const message = JSON.parse(payload.toString()) as SentInstruction;
      sent.push(message);
      if (answer === 'SILENT') return;
      const ok = answer === 'SUCCESS';
      void publish(deviceUp.response(device.mac, 'instruction', message.uid), {
        uid: message.uid,
        type: message.type,
        status: ok ? 'SUCCESS' : 'ERROR',
        TI: Date.now(),
        value: ok
          ? {
              lockMac: message.value.lockMac,
              status: message.value.locked ? 'LOCKED' : 'UNLOCKED',
              TI: Date.now(),
            }
          : { reason: answer, detail: 'bolt stuck' },
      });
    });
    await gateway.subscribeAsync(deviceDown.instruction(device.mac), { qos: 1 });
    await publish(deviceUp.status(device.mac), { CS: 1, TI: now });
    await publish(deviceUp.locks(device.mac), {
      kind: 'full',
      TI: now,
      part: 1,
      parts: 1,
      total: 2,
      locks: [0, 1].map((i) => ({ MAC: lockMac(i), name: `Door-${i}`, status: 'LOCKED', reachable: true })),
    });
    await waitFor(async () =>
      portal.database.db.selectFrom('locks').select('id').where('mac', '=', lockMac(1)).executeTakeFirst(),
    );
  });
  afterAll(async () => {
    await gateway?.endAsync(true);
  });

  it('unlocks through the gateway: instructionId back, the history entry, the result on the tenant channel, the row', async () => {
    const results = await watchLive<LockResultMessage>(
      portal,
      alphaCookie,
      live.lockResults(alpha.tenant.id, device.mac, lockMac(0), '+'),
    );
    const locks = await watchLive<LocksLiveMessage>(portal, alphaCookie, live.locks(alpha.tenant.id));
    // Another customer's browser may not listen to alpha's results, and hears nothing on its own.
    const stranger = await connectLive(portal, betaCookie);
    const strangerHeard: string[] = [];
    stranger.on('message', (topic) => strangerHeard.push(topic));
    try {
      expect(
        await subscribeCodes(stranger, [live.lockResults(alpha.tenant.id, device.mac, lockMac(0), '+')]),
      ).toEqual([128]);
      expect(
        await subscribeCodes(stranger, [live.lockResults(beta.tenant.id, device.mac, lockMac(0), '+')]),
      ).toEqual([1]);
      const response = await toggle(alphaCookie, {
        macId: lockMac(0),
        gatewayMacId: device.mac,
        locked: false,
        name: 'Door-0',
        scopeId: alpha.tenant.id,
      });
      expect(response.statusCode).toBe(200);
      const created = response.json<CreateInstructionResult>();
      expect(created.instructionId).toMatch(/[0-9a-f-]{36}/);
      expect(created.status).toBe('PENDING');
      await waitFor(async () => results.messages.length > 0);
      expect(results.messages[0]).toEqual({
        uid: created.uid,
        macId: lockMac(0),
        gatewayMacId: device.mac,
        status: 'SUCCESS',
        lockStatus: 'UNLOCKED',
        reason: null,
      });
      expect(sent.find((s) => s.uid === created.uid)).toMatchObject({
        type: 'LOCK_DEVICE_LOCK_UNLOCK',
        value: { lockMac: lockMac(0), locked: false },
      });
      await waitFor(async () =>
        locks.messages.some(
          (m) => m.type === 'lockStatus' && m.macId === lockMac(0) && m.status === 'UNLOCKED',
        ),
      );
      // The history entry is told apart from the status: either may arrive first (seen on the real backend).
      await waitFor(async () => locks.messages.some((m) => m.type === 'history' && m.macId === lockMac(0)));
      expect(locks.messages).toContainEqual(
        expect.objectContaining({
          type: 'history',
          macId: lockMac(0),
          entries: [expect.objectContaining({ kind: 'PORTAL', message: 'Door-0 Unlock Initiated' })],
        }),
      );
      const row = await portal.database.db
        .selectFrom('locks')
        .select('status')
        .where('mac', '=', lockMac(0))
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('UNLOCKED');
      const stored = await history(alphaCookie, now - 60_000, Date.now() + 1000, lockMac(0), alpha.tenant.id);
      expect(stored.json<LockHistory>().entries[0]).toMatchObject({
        kind: 'PORTAL',
        method: 'remote',
        message: 'Door-0 Unlock Initiated',
        gatewayMacId: device.mac,
      });
      expect(strangerHeard).toEqual([]);
    } finally {
      await Promise.all([
        results.client.endAsync(true),
        locks.client.endAsync(true),
        stranger.endAsync(true),
      ]);
    }
  });

  it('tells a failure with its reason; a lock instruction is LOCK with the Lock Initiated entry', async () => {
    const results = await watchLive<LockResultMessage>(
      portal,
      alphaCookie,
      live.lockResults(alpha.tenant.id, device.mac, lockMac(1), '+'),
    );
    try {
      answer = 'JAMMED';
      const created = (
        await toggle(alphaCookie, { macId: lockMac(1), gatewayMacId: device.mac, locked: true })
      ).json<CreateInstructionResult>();
      await waitFor(async () => results.messages.length > 0);
      expect(results.messages[0]).toMatchObject({
        uid: created.uid,
        status: 'FAILED',
        lockStatus: null,
        reason: 'JAMMED',
      });
      const entries = (
        await history(alphaCookie, now - 60_000, Date.now() + 1000, lockMac(1), alpha.tenant.id)
      ).json<LockHistory>().entries;
      expect(entries.map((e) => e.message)).toContain('Door-1 Lock Initiated');
    } finally {
      answer = 'SUCCESS';
      await results.client.endAsync(true);
    }
  });

  it('waits for an offline gateway and sends when it is back (never lost)', async () => {
    answer = 'SILENT';
    await publish(deviceUp.status(device.mac), { CS: 0, TI: Date.now() });
    await waitFor(async () => {
      const gw = await portal.database.db
        .selectFrom('gateways')
        .select('connected')
        .where('mac', '=', device.mac)
        .executeTakeFirst();
      return gw?.connected === false;
    });
    const response = await toggle(alphaCookie, {
      macId: lockMac(1),
      gatewayMacId: device.mac,
      locked: false,
    });
    expect(response.statusCode).toBe(200);
    const { uid } = response.json<CreateInstructionResult>();
    const before = sent.filter((s) => s.uid === uid).length;
    answer = 'SUCCESS';
    await publish(deviceUp.status(device.mac), { CS: 1, TI: Date.now() });
    await waitFor(async () => sent.filter((s) => s.uid === uid).length > before);
    await waitFor(async () => {
      const row = await portal.database.db
        .selectFrom('instructions')
        .select('status')
        .where('uid', '=', uid)
        .executeTakeFirst();
      return row?.status === 'SUCCESS';
    });
  });

  it("refuses another customer's lock with 404 and sends nothing", async () => {
    const count = sent.length;
    for (const body of [
      { macId: lockMac(0), gatewayMacId: device.mac, locked: false },
      { macId: lockMac(0), gatewayMacId: device.mac, locked: false, scopeId: beta.tenant.id },
      { macId: lockMac(0), gatewayMacId: device.mac, locked: false, scopeId: alpha.tenant.id },
    ]) {
      expect((await toggle(betaCookie, body)).statusCode).toBe(404);
    }
    // A lock no gateway reported, without a gateway named: 404.
    expect((await toggle(alphaCookie, { macId: lockMac(9), locked: false })).statusCode).toBe(404);
    expect((await toggle(alphaCookie, { macId: lockMac(0), gatewayMacId: device.mac })).statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    expect(sent.length).toBe(count);
    expect((await history(betaCookie, now - 1000, now, lockMac(0), alpha.tenant.id)).statusCode).toBe(404);
    expect((await history(betaCookie, now - 1000, now, lockMac(0), beta.tenant.id)).statusCode).toBe(404);
    // A lock its own gateway has not reported yet: the gateway carries the instruction (it knows its locks).
    const unreported = await toggle(alphaCookie, {
      macId: lockMac(9),
      gatewayMacId: device.mac,
      locked: true,
    });
    expect(unreported.statusCode).toBe(200);
    const { uid } = unreported.json<CreateInstructionResult>();
    await waitFor(async () => sent.find((s) => s.uid === uid));
    // It names who asked: the lock records that portal user on its entry (docs/mqtt.md 3.6).
    const asker = await portal.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', alpha.email)
      .executeTakeFirstOrThrow();
    expect(sent.find((s) => s.uid === uid)?.value).toEqual({
      lockMac: lockMac(9),
      locked: true,
      userId: asker.id,
    });
  });

  it("keeps the lock's history with who and how, refusals and alarms, within a bounded range", async () => {
    const [user] = await portal.database.db
      .insertInto('lock_users')
      .values({
        tenant_id: alpha.tenant.id,
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: `ada-${prefix.toLowerCase()}@test.com`,
        email_hash: prefix,
        card_csn: '04A1B2C3D4',
      })
      .returning('id')
      .execute();
    const t = now - 3600_000;
    const locks = await watchLive<LocksLiveMessage>(portal, alphaCookie, live.locks(alpha.tenant.id));
    try {
      await publish(deviceUp.lockEvents(device.mac), {
        events: [
          { id: 'h-1', MAC: lockMac(0), TI: t, kind: 'UNLOCKED', method: 'passcode', userId: user!.id },
          {
            id: 'h-2',
            MAC: lockMac(0),
            TI: t + 1000,
            kind: 'UNLOCKED',
            method: 'card',
            cardCSN: '04A1B2C3D4',
          },
          {
            id: 'h-3',
            MAC: lockMac(0),
            TI: t + 2000,
            kind: 'REFUSED',
            method: 'card',
            cardCSN: '0000000000',
            reason: 'UNKNOWN_CARD',
          },
          { id: 'h-4', MAC: lockMac(0), TI: t + 3000, kind: 'ALARM', alarm: 'JAMMED' },
          { id: 'h-5', MAC: lockMac(0), TI: t + 4000, kind: 'LOCKED', method: 'auto' },
        ],
      });
      await waitFor(async () => locks.messages.some((m) => m.type === 'history' && m.entries.length === 5));
      const live5 = locks.messages.find((m) => m.type === 'history' && m.entries.length === 5);
      expect(live5?.type === 'history' && live5.entries.map((e) => e.id)).toEqual([
        'h-5',
        'h-4',
        'h-3',
        'h-2',
        'h-1',
      ]);
    } finally {
      await locks.client.endAsync(true);
    }
    const range = await history(alphaCookie, t, t + 4000, lockMac(0), alpha.tenant.id);
    expect(range.statusCode).toBe(200);
    const { entries, truncated } = range.json<LockHistory>();
    expect(truncated).toBe(false);
    expect(entries.map((e) => e.id)).toEqual(['h-5', 'h-4', 'h-3', 'h-2', 'h-1']);
    expect(entries[4]).toMatchObject({ method: 'passcode', userName: 'Ada Lovelace', userId: user!.id });
    expect(entries[3]).toMatchObject({ method: 'card', userName: 'Ada Lovelace', cardCSN: '04A1B2C3D4' });
    expect(entries[2]).toMatchObject({ kind: 'REFUSED', reason: 'UNKNOWN_CARD', userName: null });
    expect(entries[1]).toMatchObject({ kind: 'ALARM', alarm: 'JAMMED' });
    // Bounds: both ends included; a range of one millisecond; end before start; the longest range and beyond.
    expect(
      (await history(alphaCookie, t + 1000, t + 1000, lockMac(0), alpha.tenant.id)).json<LockHistory>()
        .entries,
    ).toHaveLength(1);
    expect((await history(alphaCookie, t + 1, t, lockMac(0), alpha.tenant.id)).statusCode).toBe(400);
    expect(
      (await history(alphaCookie, t - LOCK_HISTORY_MAX_RANGE_MS, t, lockMac(0), alpha.tenant.id)).statusCode,
    ).toBe(200);
    expect(
      (await history(alphaCookie, t - LOCK_HISTORY_MAX_RANGE_MS - 1, t, lockMac(0), alpha.tenant.id))
        .statusCode,
    ).toBe(400);
    expect((await history(alphaCookie, t, t + 4000, 'NOTAMAC', alpha.tenant.id)).statusCode).toBe(400);
    // Another customer's user: 404 for alpha's scope, 404 for alpha's lock under its own scope; nothing read.
    expect((await history(betaCookie, t, t + 4000, lockMac(0), alpha.tenant.id)).statusCode).toBe(404);
    expect((await history(betaCookie, t, t + 4000, lockMac(0), beta.tenant.id)).statusCode).toBe(404);
  });
});
