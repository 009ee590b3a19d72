import { deviceUp, type RolloutView } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, connectMqtt, type TestPortal, waitFor } from '../../../test/harness.ts';
import { RolloutEngineRepository } from './rollout-engine.repository.ts';
import { osPatchName, zipFile } from './test-files.ts';
import { type RolloutFixture, useRolloutPortal } from './test-helpers.ts';

/**
 * A gateway's boot, confirmed by its `booted` report or, when that report is lost, by its state carrying the
 * new version (docs/rollouts.md 'A lost booted report').
 */
describe(`rollout boot confirmation (${backend} backend)`, () => {
  const fixture = useRolloutPortal();
  const { fleet, rollouts, pause } = fixture;
  let portal: TestPortal;
  let root: string;
  let calls: RolloutFixture['calls'];
  let fileId: string;
  beforeAll(() => {
    ({ portal, root, calls, fileId } = fixture);
  });

  // Both gateways boot the new version and never send `booted`; the time-out (60 s) is far off. The customer app
  // is not in a state, so only its `booted` confirms it.
  it.each([
    ['gateway firmware', 'FW', 'firmware', '20250304'],
    ['an OS patch', 'OS', 'osPatch', '07.02'],
  ] as const)(
    "counts %s whose booted report was lost once the state's %s carries its version",
    async (_name, _field, kind, version) => {
      const { customer, macs } = await fleet(`LostBooted ${kind}`, 2, { bootedReportLost: 1 });
      let file = fileId;
      if (kind === 'osPatch') {
        const uploaded = await calls.upload(root, 'osPatch', osPatchName(version), zipFile());
        expect(uploaded.statusCode, uploaded.body).toBe(200);
        file = uploaded.json().id;
      }
      const applied = await calls.apply(root, kind, file, customer.tenant.id, {
        rollout: { waves: [{ percent: 100 }], updateTimeoutMs: 60_000 },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      let lastSeen: RolloutView | undefined;
      const done = await waitFor(
        async () => {
          const [rollout] = await rollouts(customer.tenant.id, kind);
          lastSeen = rollout;
          return rollout?.status === 'completed' ? rollout : null;
        },
        25_000,
        () => JSON.stringify(lastSeen),
      );
      expect(done.total).toMatchObject({ eligible: 2, verified: 2, failed: 0, rolledBack: 0 });
      expect(done.failures).toEqual([]);
      const targets = await portal.database.db
        .selectFrom('firmware_rollout_targets')
        .select(['gateway_mac', 'state', 'reported_version'])
        .where('rollout_id', '=', applied.json().rolloutId)
        .orderBy('gateway_mac')
        .execute();
      expect(targets).toEqual(
        [...macs].sort().map((mac) => ({ gateway_mac: mac, state: 'verified', reported_version: version })),
      );
    },
  );

  it('takes the state as the boot only after installing, keeps the health check, and counts it once', async () => {
    const { customer, macs, credentials } = await fleet('StateBoot', 0, {}, 1);
    const [mac] = macs as [string];
    const client = await connectMqtt(portal.deviceBrokerUrl, {
      clientId: mac,
      username: mac,
      password: (credentials[0] as { password: string }).password,
    });
    const publish = (topic: string, message: object) =>
      client.publishAsync(topic, JSON.stringify({ ...message, TI: Date.now() }), { qos: 1 });
    await client.subscribeAsync(`gateways/${mac}/receive/update`, { qos: 1 });
    let uid = '';
    client.on('message', (_topic, payload) => {
      uid = (JSON.parse(payload.toString()) as { uid: string }).uid;
    });
    await publish(deviceUp.status(mac), { CS: 1 });
    await publish(deviceUp.state(mac), { FW: 'v2025-01-01', OS: '0' });
    const applied = await calls.apply(root, 'firmware', fileId, customer.tenant.id, {
      rollout: { waves: [{ percent: 100 }], failureThresholdPercent: 100, updateTimeoutMs: 60_000 },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    await waitFor(async () => uid !== '');
    const target = async () =>
      portal.database.db
        .selectFrom('firmware_rollout_targets')
        .select(['state', 'booted_at'])
        .where('uid', '=', uid)
        .executeTakeFirstOrThrow();
    const step = async (message: object, state: string) => {
      await publish(deviceUp.update(mac), message);
      await waitFor(async () => (await target()).state === state);
    };
    // A state handled: the portal stored what it carries, then nothing of the gateway's is in hand.
    const stateHandled = async (state: { FW: string; OS: string }) => {
      await publish(deviceUp.state(mac), state);
      await waitFor(async () => {
        const row = await portal.database.db
          .selectFrom('gateways')
          .select(['firmware', 'os_version'])
          .where('mac', '=', mac)
          .executeTakeFirstOrThrow();
        return row.firmware === state.FW && row.os_version === state.OS;
      });
      await portal.inbox.drain();
    };
    await step({ uid, status: 'downloading', percent: 0 }, 'downloading');
    // The new firmware in a state before the image is even installed is not its boot.
    await stateHandled({ FW: 'v2025-03-04', OS: '1' });
    expect(await target()).toEqual({ state: 'downloading', booted_at: null });
    await step({ uid, status: 'downloaded', percent: 100 }, 'downloaded');
    await step({ uid, status: 'installing' }, 'installing');
    await step({ uid, status: 'rebooting' }, 'rebooting');
    // Back with the old firmware: not booted (nor rolled back: only the gateway's report says that).
    await stateHandled({ FW: 'v2025-01-01', OS: '2' });
    expect(await target()).toEqual({ state: 'rebooting', booted_at: null });
    // Its state carries the new firmware (as a state writes it, 'v2025-03-04'); no `booted` comes.
    await stateHandled({ FW: 'v2025-03-04', OS: '3' });
    const confirmed = await target();
    expect(confirmed.state).toBe('verifying');
    expect(confirmed.booted_at).not.toBeNull();
    // A late `booted` is taken as a repeat (not refused) and changes nothing.
    const rejected = portal.inbox.counters.rejected;
    await publish(deviceUp.update(mac), { uid, status: 'booted', version: '20250304' });
    await stateHandled({ FW: 'v2025-03-04', OS: '4' });
    expect(portal.inbox.counters.rejected).toBe(rejected);
    expect(await target()).toEqual(confirmed);
    // The health check still holds: no telemetry since the boot fails it, naming why.
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

  it('decides the boot from a state in one statement: of two instances taking it at once, one counts it', async () => {
    const { customer, macs } = await fleet('StateRace', 0, {}, 1);
    const [mac] = macs as [string];
    const applied = await calls.apply(root, 'firmware', fileId, customer.tenant.id);
    await pause(applied.json().rolloutId);
    await portal.database.db
      .updateTable('firmware_rollout_targets')
      .set({ state: 'rebooting', notified_at: new Date() })
      .where('rollout_id', '=', applied.json().rolloutId)
      .execute();
    // Two portal instances' repositories on the same database, each handling a copy of the state.
    const a = new RolloutEngineRepository(portal.database.db);
    const b = new RolloutEngineRepository(portal.database.db);
    const results = await Promise.all([
      a.confirmBootFromState(mac, { FW: 'v2025-03-04' }),
      b.confirmBootFromState(mac, { FW: '20250304', OS: '5.15.1' }),
      a.recordProgress(mac, {
        uid: (
          await portal.database.db
            .selectFrom('firmware_rollout_targets')
            .select('uid')
            .where('gateway_mac', '=', mac)
            .executeTakeFirstOrThrow()
        ).uid,
        status: 'booted',
        version: '20250304',
        TI: Date.now(),
      }),
    ]);
    const counted = results[0].length + results[1].length + (results[2] ? 1 : 0);
    expect(counted).toBe(1);
    const row = await portal.database.db
      .selectFrom('firmware_rollout_targets')
      .select(['state', 'reported_version'])
      .where('gateway_mac', '=', mac)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'verifying' });
  });
});
