import type { LockEventsMessage, LockReport } from '@portal/contract';
import type { Logger } from 'pino';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { AlertRule } from './alert-rules.port.ts';
import type { IncidentAnnouncer } from './announcer.ts';
import { batteryLow, DAY_MS, routingTimers } from './conditions.ts';
import type { IncidentStart, IncidentsRepository } from './incidents.repository.ts';
import type { RulesCache } from './rules-cache.ts';

/** What a lock incident starts from: the rule's type, threshold, recovery and repeat interval. */
export function lockStart(rule: AlertRule) {
  const repeat = rule.repeatIntervalDays;
  return {
    kind: 'lock' as const,
    ruleTenantId: rule.tenantId,
    alertType: rule.type.toUpperCase(),
    sensor: null,
    level: 0,
    threshold: rule.threshold,
    recoveryMs: Math.max(0, rule.waitingSeconds) * 1000,
    repeatMs: repeat && repeat > 0 ? Math.round(repeat * DAY_MS) : null,
    value: null,
    ...routingTimers(rule),
  };
}

/** What the lock alerts ask of the engine (alert-engine.service.ts). */
export interface LockAlertHost {
  evaluate(
    device: DeviceIdentity,
    rule: AlertRule,
    subject: string,
    holds: boolean,
    value: number,
    start: Omit<
      IncidentStart,
      'tenantId' | 'ruleId' | 'ruleName' | 'gatewayMac' | 'subject' | 'now' | 'fireAt'
    >,
  ): Promise<boolean>;
  isOffline(mac: string): boolean;
  tick(): Promise<void>;
}

/** The RFID rule's default window when it names none: a day. */
const RFID_DEFAULT_WINDOW_MS = DAY_MS;

/**
 * Lock alerts (docs/alert-engine.md): battery low per lock (a state, with repeats), an unlock (an event: fired
 * and over at once), one card opening more shared lockers than the RFID rule's threshold within its schedule
 * window (one incident per card, open until the window has passed).
 */
export class LockAlerts {
  constructor(
    private readonly engine: LockAlertHost,
    private readonly repo: IncidentsRepository,
    private readonly rules: RulesCache,
    private readonly announcer: IncidentAnnouncer,
    private readonly logger: Logger,
    private readonly staleMs: number,
  ) {}

  async locks(device: DeviceIdentity, report: LockReport): Promise<void> {
    try {
      const rules = this.rules.peek(device.tenantId) ?? (await this.rules.get(device.tenantId));
      if (rules.battery.length === 0) return;
      let due = false;
      for (const lock of report.locks) {
        if (lock.batteryLevel === undefined) continue;
        for (const rule of rules.battery) {
          const holds = batteryLow(rule, lock.batteryLevel);
          const opened = await this.engine.evaluate(
            device,
            rule,
            lock.MAC,
            holds,
            lock.batteryLevel,
            lockStart(rule),
          );
          due = opened || due;
        }
      }
      if (due) await this.engine.tick();
    } catch (error) {
      this.logger.warn({ err: error, mac: device.mac }, 'alert engine: lock report not evaluated');
    }
  }

  async lockEvents(device: DeviceIdentity, message: LockEventsMessage): Promise<void> {
    try {
      const rules = this.rules.peek(device.tenantId) ?? (await this.rules.get(device.tenantId));
      const levels = new Map<string, number>();
      for (const event of message.events)
        if (event.batteryLevel !== undefined) levels.set(event.MAC, event.batteryLevel);
      if (rules.battery.length > 0 && levels.size > 0) {
        const locks = [...levels].map(([MAC, batteryLevel]) => ({ MAC, batteryLevel }));
        await this.locks(device, { kind: 'update', TI: Date.now(), locks, removed: [] });
      }
      if (this.engine.isOffline(device.mac)) return;
      const recent = Date.now() - this.staleMs;
      const unlocks = message.events.filter((e) => e.kind === 'UNLOCKED' && e.TI >= recent);
      for (const event of unlocks)
        for (const rule of rules.unlock) await this.unlocked(device, rule, event.MAC);
      const cards = new Set(unlocks.flatMap((e) => (e.cardCSN ? [e.cardCSN.toUpperCase()] : [])));
      for (const card of cards) for (const rule of rules.rfid) await this.cardOpened(device, rule, card);
    } catch (error) {
      this.logger.warn({ err: error, mac: device.mac }, 'alert engine: lock events not evaluated');
    }
  }

  /** An unlock is an incident that fires and is over at once: its receivers hear of each. */
  private async unlocked(device: DeviceIdentity, rule: AlertRule, lockMac: string): Promise<void> {
    const now = new Date();
    const incident = await this.repo.openFiring({
      ...lockStart(rule),
      tenantId: device.tenantId,
      ruleId: rule.id,
      ruleName: rule.name,
      gatewayMac: device.mac,
      subject: lockMac,
      now,
      fireAt: now,
      repeatMs: null,
    });
    if (!incident) return;
    await this.repo.resolveNow(rule.id, lockMac, now);
    await this.announcer.announce(incident, 'fired');
  }

  /** The card opened a shared locker: past the threshold of distinct shared lockers in the window, it fires. */
  private async cardOpened(device: DeviceIdentity, rule: AlertRule, card: string): Promise<void> {
    const now = new Date();
    const windowMs =
      rule.scheduleDays && rule.scheduleDays > 0 ? rule.scheduleDays * DAY_MS : RFID_DEFAULT_WINDOW_MS;
    const opened = await this.repo.sharedLockersOpenedBy(device.tenantId, card, now.getTime() - windowMs);
    if (opened <= (rule.threshold ?? 2)) return;
    const incident = await this.repo.openFiring({
      ...lockStart(rule),
      tenantId: device.tenantId,
      ruleId: rule.id,
      ruleName: rule.name,
      gatewayMac: device.mac,
      subject: `card:${card}`,
      value: opened,
      now,
      fireAt: now,
      repeatMs: null,
      clearAt: new Date(now.getTime() + windowMs),
    });
    if (incident) await this.announcer.announce(incident, 'fired');
  }
}
