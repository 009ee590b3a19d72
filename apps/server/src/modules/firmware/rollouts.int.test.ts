import { createHash } from 'node:crypto';
import { deviceUp, live, type RolloutView, rolloutMessages } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  signIn,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';
import { type RolloutFixture, useRolloutPortal } from './test-helpers.ts';

describe(`staged rollouts (${backend} backend)`, () => {
  const fixture = useRolloutPortal();
  const { fleet, rollouts, pause } = fixture;
  let portal: TestPortal;
  let root: string;
  let calls: RolloutFixture['calls'];
  let image: Buffer;
  let fileId: string;
  beforeAll(() => {
    ({ portal, root, calls, image, fileId } = fixture);
  });

  it('updates a fleet in waves: each gateway verified only once it runs the version and stays healthy', async () => {
    const { customer, macs } = await fleet('Waves', 3, { downloadCut: 1 });
    const watch = await watchLive<{ type: string; macId?: string }>(
      portal,
      root,
      live.firmwareUpgraded(customer.tenant.id),
    );
    const applied = await calls.apply(root, 'firmware', fileId, customer.tenant.id, {
      type: 'RASPI',
      rollout: { waves: [{ count: 1 }, { percent: 100 }], concurrency: 2, updateTimeoutMs: 60_000 },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().gateways).toBe(3);
    let lastSeen: RolloutView | undefined;
    const done = await waitFor(
      async () => {
        const [rollout] = await rollouts(customer.tenant.id);
        lastSeen = rollout;
        return rollout?.status === 'completed' ? rollout : null;
      },
      25_000,
      () => JSON.stringify(lastSeen),
    );
    expect(done.total).toMatchObject({ eligible: 3, verified: 3, unreached: 0, failed: 0, rolledBack: 0 });
    expect(done.waves.map((w) => w.eligible)).toEqual([1, 2]);
    expect(done.failures).toEqual([]);
    // The version each gateway reports is what the portal shows.
    const reported = await portal.database.db
      .selectFrom('gateways')
      .select(['mac', 'firmware'])
      .where('mac', 'in', macs.slice(0, 3))
      .execute();
    expect(reported.map((r) => r.firmware)).toEqual(['20250304', '20250304', '20250304']);
    await waitFor(async () => watch.messages.filter((m) => m.type === 'gatewayUpdated').length === 3);
    expect(watch.messages.some((m) => m.type === 'rolloutEnded')).toBe(true);
    watch.client.end(true);
  });

  it('counts a gateway offline for the whole wave as never reached', async () => {
    const { customer, macs } = await fleet('Offline', 0, {}, 1);
    await calls.apply(root, 'firmware', fileId, customer.tenant.id, {
      rollout: { updateTimeoutMs: 1000, failureThresholdPercent: 100 },
    });
    const done = await waitFor(async () => {
      const [rollout] = await rollouts(customer.tenant.id);
      return rollout?.status === 'completed' ? rollout : null;
    }, 20_000);
    expect(done.total).toMatchObject({ eligible: 1, unreached: 1, verified: 0 });
    expect(done.failures).toEqual([
      { macId: macs[0], state: 'unreached', reason: 'Offline for the whole wave', wave: 0 },
    ]);
  });

  it('lets a gateway moved to another customer leave the rollout cleanly', async () => {
    const { customer, macs } = await fleet('Movers', 0, {}, 1);
    const other = await createCustomerWithUser(portal, 'Elsewhere');
    await calls.apply(root, 'firmware', fileId, customer.tenant.id, { rollout: { updateTimeoutMs: 60_000 } });
    await portal.database.db
      .updateTable('gateways')
      .set({ tenant_id: other.tenant.id })
      .where('mac', '=', macs[0] as string)
      .execute();
    const done = await waitFor(async () => {
      const [rollout] = await rollouts(customer.tenant.id);
      return rollout?.status === 'completed' ? rollout : null;
    }, 20_000);
    expect(done.total).toMatchObject({ left: 1, eligible: 0, verified: 0, failed: 0 });
  });

  it('lets a gateway deleted during the rollout leave it cleanly', async () => {
    const { customer, macs } = await fleet('Deleted', 0, {}, 1);
    await calls.apply(root, 'firmware', fileId, customer.tenant.id, { rollout: { updateTimeoutMs: 60_000 } });
    await waitFor(async () => ((await rollouts(customer.tenant.id))[0]?.total.eligible === 1 ? true : null));
    const deleted = await injectAs(portal, root, 'PUT', '/api/deleteOfflineGateways', {
      payload: { offlineGateways: [macs[0]], scopeId: customer.tenant.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ deleted: string[] }>().deleted).toEqual([macs[0]]);
    const done = await waitFor(async () => {
      const [rollout] = await rollouts(customer.tenant.id);
      return rollout?.status === 'completed' ? rollout : null;
    }, 20_000);
    expect(done.total).toMatchObject({ left: 1, eligible: 0, verified: 0, failed: 0, unreached: 0 });
    expect(done.failures).toEqual([]);
  });

  it('holds the maintenance window rules at both bounds, and only root writes it', async () => {
    const customer = await createCustomerWithUser(portal, 'WindowRules');
    const put = (window: Record<string, unknown> | null, cookie = root) =>
      injectAs(portal, cookie, 'PUT', '/api/firmware-maintenance-window', {
        query: { scopeId: customer.tenant.id },
        payload: { window },
      });
    const ok = { timeZone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], startMinute: 120, endMinute: 300 };
    const status = async (change: Record<string, unknown>) => (await put({ ...ok, ...change })).statusCode;
    expect(await status({ days: [-1] })).toBe(400);
    expect(await status({ days: [7] })).toBe(400);
    expect(await status({ days: [] })).toBe(400);
    expect(await status({ days: [0, 1, 2, 3, 4, 5, 6, 6] })).toBe(400);
    expect(await status({ startMinute: -1 })).toBe(400);
    expect(await status({ startMinute: 1440 })).toBe(400);
    expect(await status({ endMinute: 0 })).toBe(400);
    expect(await status({ endMinute: 1441 })).toBe(400);
    expect(await status({ startMinute: 300, endMinute: 300 })).toBe(400); // empty
    const zone = await put({ ...ok, timeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({ message: 'Unknown time zone.' });
    const read = async () =>
      (
        await injectAs(portal, root, 'GET', '/api/firmware-maintenance-window', {
          query: { scopeId: customer.tenant.id },
        })
      ).json<{ window: unknown }>().window;
    expect(await read()).toBeNull(); // nothing refused was stored
    expect(await status({ days: [0, 1, 2, 3, 4, 5, 6], startMinute: 0, endMinute: 1440 })).toBe(200);
    expect(await status({ days: [6], startMinute: 1439, endMinute: 1 })).toBe(200); // over midnight
    expect(await read()).toEqual({ ...ok, days: [6], startMinute: 1439, endMinute: 1 });
    // A customer's own user (no FIRMWARE_WRITE) changes nothing; null removes the window.
    const own = await signIn(portal, customer.email, customer.password);
    expect((await put(ok, own)).statusCode).toBe(403);
    expect(await read()).toEqual({ ...ok, days: [6], startMinute: 1439, endMinute: 1 });
    expect((await put(null)).statusCode).toBe(200);
    expect(await read()).toBeNull();
  });

  it('waits for the maintenance window: nothing starts outside it, the update starts once inside', async () => {
    const { customer, macs } = await fleet('Window', 1);
    const window = (startMinute: number, endMinute: number) =>
      injectAs(portal, root, 'PUT', '/api/firmware-maintenance-window', {
        query: { scopeId: customer.tenant.id },
        payload: { window: { timeZone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], startMinute, endMinute } },
      });
    // Two to three hours from now (UTC): the gateway, online, is not notified.
    const nowMinute = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    const later = (minutes: number) => (nowMinute + minutes) % 1440 || 1440;
    expect((await window((nowMinute + 120) % 1440, later(180))).statusCode).toBe(200);
    const applied = await calls.apply(root, 'firmware', fileId, customer.tenant.id, {
      rollout: { updateTimeoutMs: 60_000 },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000)); // ten ticks of the worker
    const [waiting] = await rollouts(customer.tenant.id);
    expect(waiting?.status).toBe('running');
    expect(waiting?.total).toMatchObject({
      eligible: 1,
      notified: 0,
      downloading: 0,
      verified: 0,
      pending: 1,
    });
    const target = await portal.database.db
      .selectFrom('firmware_rollout_targets')
      .select(['state', 'notified_at'])
      .where('gateway_mac', '=', macs[0] as string)
      .executeTakeFirstOrThrow();
    expect(target).toEqual({ state: 'pending', notified_at: null });

    // The whole day: the update starts and the gateway is verified.
    expect((await window(0, 1440)).statusCode).toBe(200);
    const done = await waitFor(async () => {
      const [rollout] = await rollouts(customer.tenant.id);
      return rollout?.status === 'completed' ? rollout : null;
    }, 25_000);
    expect(done.total).toMatchObject({ eligible: 1, verified: 1, failed: 0 });
  });

  it('pauses a wave whose failures pass the threshold, with the reason; resumes, and cancels', async () => {
    const { customer } = await fleet('Failing', 3, { installError: 1 });
    const applied = await calls.apply(root, 'firmware', fileId, customer.tenant.id, {
      rollout: { waves: [{ count: 2 }, { count: 1 }], failureThresholdPercent: 20 },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const paused = await waitFor(async () => {
      const [rollout] = await rollouts(customer.tenant.id);
      return rollout?.status === 'paused' ? rollout : null;
    }, 10_000);
    expect(paused.pauseReason).toMatch(/^Wave 1: [12] of 2 gateways failed \(more than 20 %\)$/);
    expect(paused.total.pending).toBe(1);
    await waitFor(async () => (await rollouts(customer.tenant.id))[0]?.total.failed === 2);
    const [settled] = await rollouts(customer.tenant.id);
    expect(settled?.failures.map((f) => f.reason)).toEqual([
      'Install error: image could not be written',
      'Install error: image could not be written',
    ]);
    // A customer's user may not control it; an unknown id answers 404.
    const resume = await injectAs(portal, root, 'PUT', `/api/firmware-rollouts/${paused.id}`, {
      payload: { action: 'resume' },
    });
    expect(resume.statusCode, resume.body).toBe(200);
    // Resumed: the accepted failures no longer count; wave 2's one gateway fails too and pauses it again.
    const again = await waitFor(async () => {
      const [rollout] = await rollouts(customer.tenant.id);
      return rollout?.status === 'paused' && rollout.currentWave === 1 ? rollout : null;
    }, 10_000);
    expect(again.pauseReason).toBe('Wave 2: 1 of 1 gateways failed (more than 20 %)');
    const cancel = await injectAs(portal, root, 'PUT', `/api/firmware-rollouts/${paused.id}`, {
      payload: { action: 'cancel' },
    });
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    const twice = await injectAs(portal, root, 'PUT', `/api/firmware-rollouts/${paused.id}`, {
      payload: { action: 'cancel' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(rolloutMessages.cancelRefused);
    for (const action of ['pause', 'resume'] as const) {
      const refused = await injectAs(portal, root, 'PUT', `/api/firmware-rollouts/${paused.id}`, {
        payload: { action },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(rolloutMessages[`${action}Refused`]);
    }
  });

  it('serves the file only on a signed, unexpired URL, with range requests; a forged one gets nothing', async () => {
    const { customer, macs } = await fleet('Downloads', 0, {}, 1);
    const applied = await calls.apply(root, 'firmware', fileId, customer.tenant.id);
    await pause(applied.json().rolloutId);
    const target = await portal.database.db
      .selectFrom('firmware_rollout_targets')
      .select('uid')
      .where('rollout_id', '=', applied.json().rolloutId)
      .where('gateway_mac', '=', macs[0] as string)
      .executeTakeFirstOrThrow();
    const get = (uid: string, headers: Record<string, string> = {}) =>
      portal.app.inject({ method: 'GET', url: `/api/firmware-download/${uid}`, headers });
    // Not yet given to the gateway: as unknown as a forged one.
    expect((await get(target.uid)).statusCode).toBe(404);
    await portal.database.db
      .updateTable('firmware_rollout_targets')
      .set({ state: 'notified', notified_at: new Date(), download_expires_at: new Date(Date.now() + 60_000) })
      .where('uid', '=', target.uid)
      .execute();
    const whole = await get(target.uid);
    expect(whole.statusCode).toBe(200);
    expect(createHash('sha256').update(whole.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(image).digest('hex'),
    );
    const part = await get(target.uid, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${image.length}`);
    expect(part.rawPayload.equals(image.subarray(100, 200))).toBe(true);
    const tail = await get(target.uid, { range: `bytes=${image.length - 10}-` });
    expect(tail.rawPayload.equals(image.subarray(image.length - 10))).toBe(true);
    expect((await get(target.uid, { range: `bytes=${image.length}-` })).statusCode).toBe(416);
    expect((await get('0'.repeat(32))).statusCode).toBe(404);
    expect((await get(`${target.uid.slice(0, 31)}x`)).statusCode).toBe(404);
    await portal.database.db
      .updateTable('firmware_rollout_targets')
      .set({ download_expires_at: new Date(Date.now() - 1000) })
      .where('uid', '=', target.uid)
      .execute();
    expect((await get(target.uid)).statusCode).toBe(410);
  });

  it('fails a gateway that booted the version but sent no telemetry since, naming what was missing', async () => {
    const { customer, macs, credentials } = await fleet('Silent', 0, {}, 1);
    const [mac] = macs as [string];
    const client = await connectMqtt(portal.deviceBrokerUrl, {
      clientId: mac,
      username: mac,
      password: (credentials[0] as { password: string }).password,
    });
    const publish = (topic: string, message: object) =>
      client.publishAsync(topic, JSON.stringify({ ...message, TI: Date.now() }), { qos: 1 });
    await client.subscribeAsync(`gateways/${mac}/receive/update`, { qos: 1 });
    // A gateway that skips straight to its reboot report, online, and never sends a sample.
    client.on('message', (_topic, payload) => {
      const { uid } = JSON.parse(payload.toString()) as { uid: string };
      void publish(deviceUp.update(mac), { uid, status: 'booted', version: '20250304' });
    });
    await publish(deviceUp.status(mac), { CS: 1 });
    const applied = await calls.apply(root, 'firmware', fileId, customer.tenant.id, {
      rollout: { waves: [{ percent: 100 }], failureThresholdPercent: 100 },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const failed = await waitFor(async () => {
      const [rollout] = await rollouts(customer.tenant.id);
      return rollout?.failures.length ? rollout.failures : null;
    }, 15_000);
    expect(failed).toEqual([
      expect.objectContaining({
        macId: mac,
        state: 'failed',
        reason: 'Not healthy after the update (no telemetry since the reboot)',
      }),
    ]);
    client.end(true);
  });

  it("refuses a gateway's progress for an update it was never given, and another gateway's", async () => {
    const { customer, macs, credentials } = await fleet('Strangers', 0, {}, 2);
    const applied = await calls.apply(root, 'firmware', fileId, customer.tenant.id);
    await pause(applied.json().rolloutId);
    const [mine, other] = macs as [string, string];
    await portal.database.db
      .updateTable('firmware_rollout_targets')
      .set({ state: 'notified', notified_at: new Date() })
      .where('rollout_id', '=', applied.json().rolloutId)
      .execute();
    const otherUid = (
      await portal.database.db
        .selectFrom('firmware_rollout_targets')
        .select('uid')
        .where('gateway_mac', '=', other)
        .executeTakeFirstOrThrow()
    ).uid;
    const credential = credentials[0] as { password: string };
    const client = await connectMqtt(portal.deviceBrokerUrl, {
      clientId: mine,
      username: mine,
      password: credential.password,
    });
    const rejected = portal.inbox.counters.rejected;
    for (const uid of [otherUid, 'f'.repeat(32)])
      await client.publishAsync(
        deviceUp.update(mine),
        JSON.stringify({ uid, status: 'failed', reason: 'x' }),
        {
          qos: 1,
        },
      );
    await waitFor(async () => portal.inbox.counters.rejected >= rejected + 2);
    client.end(true);
    const states = await portal.database.db
      .selectFrom('firmware_rollout_targets')
      .select('state')
      .where('rollout_id', '=', applied.json().rolloutId)
      .execute();
    expect(states.map((s) => s.state)).toEqual(['notified', 'notified']);
  });
});
