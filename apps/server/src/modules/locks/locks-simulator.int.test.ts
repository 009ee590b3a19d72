import {
  type CreateInstructionResult,
  DEFAULT_PERMISSIONS,
  type LockAccessLedger,
  type LockHistory,
  type LockHistoryEntry,
  type LockMode,
  type LocksPage,
} from '@portal/contract';
import { type Simulation, startSimulation } from '@portal/gateway-sim';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';

/**
 * The device side of locks end to end: simulated gateways (apps/gateway-sim, the reference implementation of
 * docs/mqtt.md 2.6, 2.7 and 3.6) report their locks and history to a real portal, and carry out its lock-mode
 * instructions.
 */
describe(`locks from simulated gateways (${backend} backend)`, () => {
  let portal: TestPortal;
  let simulation: Simulation | undefined;
  let cookie: string;
  let scopeId: string;
  const macs = [randomMac(), randomMac()];
  const credentials: { mac: string; password: string; scopeId: string; whitelist: '*' }[] = [];
  /** The simulated gateways, started afresh (a restarted simulator remembers only its seed). */
  const simulate = async () => {
    simulation = startSimulation({
      brokerUrl: portal.deviceBrokerUrl,
      gateways: credentials,
      telemetryIntervalMs: 60_000,
      seed: 15,
      locks: { openingsPerHour: 3600, unreachableRate: 0, rejectRate: 0, jamRate: 0, outOfRangePerHour: 0 },
    });
    await simulation.whenConnected();
  };

  beforeAll(async () => {
    portal = await sharedPortal();
    const alpha = await createCustomerWithUser(portal, 'SimLocks', {
      permissions: [
        ...DEFAULT_PERMISSIONS,
        'IOT_DEVICE_READ',
        'IOT_DEVICE_WRITE',
        'IOT_USER_READ',
        'IOT_USER_WRITE',
        'GATEWAY_INSTRUCTIONS_WRITE',
      ],
    });
    scopeId = alpha.tenant.id;
    cookie = await signIn(portal, alpha.email, alpha.password);
    for (const mac of macs) {
      const { password } = await portal.services.gateways.provision(scopeId, mac, `Gateway ${mac}`, {
        registered: true,
      });
      // Every lock near it: a drawn whitelist names one lock or none now and then (random MACs), and the
      // unlock-stamping test needs two.
      credentials.push({ mac, password, scopeId, whitelist: '*' });
    }
    await simulate();
  });
  afterAll(async () => {
    await simulation?.stop();
  });

  it("lists the locks the gateways report, in the gateways' customer", async () => {
    const page = await waitFor(async () => {
      const response = await injectAs(portal, cookie, 'GET', '/api/iot-service/get-all-locks', {
        query: { scopeId, pageSize: 100 },
      });
      const body = response.json<LocksPage>();
      const gateways = new Set(body.locks.map((l) => l.gatewayMacId));
      return gateways.size === macs.length ? body : null;
    }, 20_000);
    expect(page.total).toBeGreaterThan(0);
    for (const lock of page.locks) {
      expect(macs).toContain(lock.gatewayMacId);
      expect(lock).toMatchObject({ scopeId, gatewayConnected: true });
      expect(lock.type).not.toBeNull();
      expect(lock.batteryLevel).not.toBeNull();
      expect(['LOCKED', 'UNLOCKED']).toContain(lock.status);
    }
  });

  it('keeps the history the locks record', async () => {
    const count = async () => {
      const row = await portal.database.db
        .selectFrom('lock_events')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('gateway_mac', 'in', macs)
        .executeTakeFirstOrThrow();
      return row.n;
    };
    await waitFor(async () => (await count()) > 0, 30_000);
  });

  it('switches the mode of a type of locks through LOCK_DEVICE_MODE, confirmed by the gateways', async () => {
    const { locks } = (
      await injectAs(portal, cookie, 'GET', '/api/iot-service/get-all-locks', {
        query: { scopeId, pageSize: 100 },
      })
    ).json<LocksPage>();
    const lock = locks.find((l) => l.type && l.mode)!;
    const mode: LockMode = lock.mode === 'shared' ? 'residential' : 'shared';
    const response = await injectAs(
      portal,
      cookie,
      'POST',
      `/api/lock-mode-instruction/instruction/lockType/${encodeURIComponent(lock.type!)}`,
      { payload: { mode, macIds: [lock.macId] } },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().instructions).toHaveLength(1);
    const confirmed = await waitFor(async () => {
      const row = await portal.database.db
        .selectFrom('locks')
        .select(['mode', 'requested_mode'])
        .where('gateway_mac', '=', lock.gatewayMacId)
        .where('mac', '=', lock.macId)
        .executeTakeFirst();
      return row?.mode === mode && row.requested_mode === null ? row : null;
    }, 20_000);
    expect(confirmed.mode).toBe(mode);
  });

  // Its waits (the inventory report, then each lock's answer) take about 20 s on a quiet machine and add up past
  // the project's 60 s beside three busy workers: its own limit holds them.
  it("stamps a portal unlock's lock entry after the portal's 'Unlock Initiated', both naming who asked (issue 30.5)", {
    timeout: 180_000,
  }, async () => {
    // Every lock of a gateway: their clocks start up to 90 s off the true time (some behind, some ahead).
    const { locks } = await waitFor(async () => {
      const response = await injectAs(portal, cookie, 'GET', '/api/iot-service/get-all-locks', {
        query: { scopeId, macId: macs[1]!, pageSize: 100 },
      });
      const page = response.json<LocksPage>();
      return page.locks.length > 1 ? page : null;
      // The gateway's inventory report: seconds when quiet, longer beside three other busy test workers.
    }, 60_000);
    const start = Date.now() - 5 * 60_000;
    const asked: { lock: (typeof locks)[number]; uid: string }[] = [];
    const seen: { lock: string; initiated: LockHistoryEntry; unlocked: LockHistoryEntry }[] = [];
    for (const lock of locks) {
      const response = await injectAs(portal, cookie, 'PUT', '/api/generic/create-instruction', {
        payload: { type: 'lock-unlock', macId: lock.macId, gatewayMacId: macs[1]!, locked: false, scopeId },
      });
      expect(response.statusCode, response.body).toBe(200);
      asked.push({ lock, uid: response.json<CreateInstructionResult>().uid });
    }
    for (const { lock, uid } of asked) {
      const entries = await waitFor(async () => {
        const response = await injectAs(
          portal,
          cookie,
          'GET',
          `/api/lock-history/start/${start}/end/${Date.now() + 60_000}/macId/${lock.macId}/scopeId/${scopeId}`,
        );
        const { entries } = response.json<LockHistory>();
        return entries.some((e) => e.kind === 'UNLOCKED' && e.method === 'remote') ? entries : null;
      }, 60_000);
      const initiated = entries.find((e) => e.id === `portal-${uid}`)!;
      const unlocked = entries.find((e) => e.kind === 'UNLOCKED' && e.method === 'remote')!;
      seen.push({ lock: lock.macId, initiated, unlocked });
    }
    // Newest first: each lock's entry is above the portal's, its time not earlier.
    const outOfOrder = seen.filter(({ initiated, unlocked }) => unlocked.TI < initiated.TI);
    expect(outOfOrder.map((s) => `${s.lock}: ${s.unlocked.TI - s.initiated.TI} ms`)).toEqual([]);
    for (const { initiated, unlocked } of seen) {
      expect(initiated.userName).toBe('SimLocks User');
      expect(unlocked.userName).toBe('SimLocks User');
    }
  });

  it('gives access to a simulated lock, and gives it again when a restarted simulator has forgotten it', async () => {
    const { locks } = (
      await injectAs(portal, cookie, 'GET', '/api/iot-service/get-all-locks', {
        query: { scopeId, macId: macs[0]!, pageSize: 100 },
      })
    ).json<LocksPage>();
    const lock = locks[0]!;
    const created = await injectAs(portal, cookie, 'POST', '/api/create-new-iot-lock-user', {
      payload: { firstName: 'Sim', lastName: 'User', email: `sim-${randomMac()}@example.com`, scopeId },
    });
    const userId = created.json<{ user: { id: string } }>().user.id;
    const granted = await injectAs(portal, cookie, 'POST', '/api/lock-user-access', {
      payload: { userId, lockIds: [lock.id], passcode: '482913' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const ledger = async () =>
      (
        await injectAs(portal, cookie, 'GET', `/api/lock-user-access/userId/${userId}`)
      ).json<LockAccessLedger>().access[0];
    const first = await waitFor(async () => {
      const row = await ledger();
      return row?.state === 'confirmed' ? row : null;
    }, 20_000);
    const sent = () =>
      portal.database.db
        .selectFrom('instructions')
        .select('uid')
        .where('mac', '=', macs[0]!)
        .where('type', '=', 'ADD_LOCKDEVICE_USER')
        .execute();
    expect(await sent()).toHaveLength(1);

    // The simulator restarts: its locks hold their seed only. Its full inventory names the users each lock
    // holds; the portal sees this one missing and sends the credential again, confirmed anew.
    await simulation?.stop();
    await simulate();
    const again = await waitFor(async () => {
      const row = await ledger();
      return row?.state === 'confirmed' && row.confirmedAt! > first.confirmedAt! ? row : null;
    }, 20_000);
    expect(again.attempts).toBe(1);
    expect(await sent()).toHaveLength(2);
  });
});
