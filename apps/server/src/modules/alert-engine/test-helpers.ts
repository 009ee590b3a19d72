import { DEFAULT_PERMISSIONS, deviceUp } from '@portal/contract';
import pino from 'pino';
import { createCustomerWithUser, randomMac, startPortal, type TestPortal } from '../../../test/harness.ts';
import { EventBus } from '../../lib/events.ts';
import { JobQueue } from '../../lib/jobs.ts';
import { createAlertEngineModule } from './alert-engine.wiring.ts';
import type { AlertReceiver, AlertRule, AlertRulesReader } from './alert-rules.port.ts';

/** The rules port over a plain array (until the alerts module lands, and to set exact rules in tests). */
export class ArrayRules implements AlertRulesReader {
  private rules: AlertRule[] = [];
  private readonly listeners: ((tenantId: string) => void)[] = [];

  async rulesForTenants(tenantIds: readonly string[]): Promise<AlertRule[]> {
    return this.rules.filter((rule) => tenantIds.includes(rule.tenantId));
  }

  /** Each tenant's own rules (these tests set no parent's rules; the alerts module's reader reads the tree). */
  async rulesReaching(tenantIds: readonly string[]): Promise<Map<string, AlertRule[]>> {
    return new Map(tenantIds.map((id) => [id, this.rules.filter((rule) => rule.tenantId === id)]));
  }

  onChanged(listener: (tenantId: string) => void): void {
    this.listeners.push(listener);
  }

  /** Adds (or replaces by id) rules and tells the engine their tenants changed. */
  put(...rules: AlertRule[]): void {
    const ids = new Set(rules.map((r) => r.id));
    this.rules = [...this.rules.filter((r) => !ids.has(r.id)), ...rules];
    for (const tenantId of new Set(rules.map((r) => r.tenantId))) for (const l of this.listeners) l(tenantId);
  }

  remove(id: string): void {
    const rule = this.rules.find((r) => r.id === id);
    this.rules = this.rules.filter((r) => r.id !== id);
    if (rule) for (const l of this.listeners) l(rule.tenantId);
  }
}

let ruleCount = 0;

export function receiver(overrides: Partial<AlertReceiver> = {}): AlertReceiver {
  const n = ++ruleCount;
  return {
    userId: `user-${n}`,
    name: `Receiver ${n}`,
    email: `receiver-${n}-${Date.now()}@alerts.test`,
    phone: null,
    email_on: true,
    sms_on: false,
    ...overrides,
  };
}

export function sensorRule(tenantId: string, overrides: Partial<AlertRule> = {}): AlertRule {
  const n = ++ruleCount;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    tenantId,
    name: `CO2 rule ${n}`,
    kind: 'sensor',
    type: 'HIGH_CO2',
    thresholdType: 'HIGH',
    threshold: 1000,
    waitingSeconds: 0.3,
    repeatIntervalDays: null,
    scheduleDays: null,
    receivers: [],
    emailAlert: true,
    smsAlert: false,
    ...overrides,
  };
}

/** A portal whose engine ticks every 50 ms, with an array of rules attached. */
export async function startAlertPortal(env: Record<string, string> = {}) {
  const portal = await startPortal({ ALERT_TICK_MS: '50', ALERT_NO_DATA_SECONDS: '30', ...env });
  const rules = new ArrayRules();
  portal.alertEngine.attachRules(rules);
  return { portal, rules };
}

/** A customer with one online gateway, driven through the ingest entry point as the broker would. */
export async function customerWithGateway(portal: TestPortal, label: string) {
  const customer = await createCustomerWithUser(portal, label, {
    permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'ALERTS_READ'],
  });
  const tenantId = customer.tenant.id;
  const mac = randomMac();
  await portal.services.gateways.provision(tenantId, mac, `${label} gateway`);
  const device = { mac, tenantId };
  const send = (topic: string, body: unknown) =>
    portal.inbox.handle(device, topic, Buffer.from(JSON.stringify(body)));
  const gateway = {
    ...customer,
    tenantId,
    mac,
    device,
    send,
    online: () => send(deviceUp.status(mac), { CS: 1, TI: Date.now() }),
    offline: () => send(deviceUp.status(mac), { CS: 0, TI: Date.now() }),
    sample: (values: Record<string, number>) =>
      send(deviceUp.telemetry(mac), { samples: [{ TI: Date.now(), ...values }] }),
    locks: (locks: { MAC: string; batteryLevel: number }[]) =>
      send(deviceUp.locks(mac), { kind: 'update', TI: Date.now(), locks }),
    /** The SA items of the gateway's panels, oldest first. */
    alertItems: async () => {
      const rows = await portal.database.db
        .selectFrom('gateway_events')
        .select(['ti', 'items'])
        .where('mac', '=', mac)
        .where('kind', '=', 'SA')
        .orderBy('ti')
        .execute();
      return rows.flatMap(
        (row) => row.items as { nme: string; val: unknown; val2?: unknown; alrt?: number; sr?: string }[],
      );
    },
  };
  await gateway.online();
  return gateway;
}

export type AlertGateway = Awaited<ReturnType<typeof customerWithGateway>>;

export const incidentsOf = (portal: TestPortal, ruleId: string) =>
  portal.database.db
    .selectFrom('alert_incidents')
    .selectAll()
    .where('rule_id', '=', ruleId)
    .orderBy('started_at')
    .execute();

/**
 * Runs `body` with the portal's own engine stopped and two fresh engine instances on its database, each with a
 * job queue of its own as a portal has, ticking every 20 ms and hearing no device message (timers only); then
 * stops them and starts the portal's engine again.
 */
export async function withEngineInstances(
  portal: TestPortal,
  rules: AlertRulesReader,
  body: () => Promise<void>,
): Promise<void> {
  await portal.alertEngine.engine.stop();
  const queues = [1, 2].map(() => new JobQueue(portal.database, pino({ level: 'silent' })));
  for (const queue of queues) await queue.start();
  const instances = queues.map((jobs) =>
    createAlertEngineModule({
      db: portal.database.db,
      jobs,
      live: { publish: () => {} },
      logger: pino({ level: 'silent' }),
      mail: portal.services.templates,
      events: portal.services.telemetry,
      bus: new EventBus(),
      tenants: portal.services.tenants,
      rules,
      settings: { tickMs: 20, noDataMs: 600_000, staleMs: 600_000 },
    }),
  );
  try {
    for (const instance of instances) instance.start();
    await body();
  } finally {
    for (const instance of instances) await instance.stop();
    for (const queue of queues) await queue.stop();
    portal.alertEngine.engine.start();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export { randomMac };
