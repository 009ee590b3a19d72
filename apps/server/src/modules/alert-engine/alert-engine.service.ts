import type { DeviceStateMessage, LockEventsMessage, LockReport, TelemetrySample } from '@portal/contract';
import type { Logger } from 'pino';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { AlertRule } from './alert-rules.port.ts';
import type { IncidentAnnouncer } from './announcer.ts';
import type { CameraStatesRepository } from './camera-states.repository.ts';
import { breaches, newestValues, routingTimers, type SensorCondition } from './conditions.ts';
import type {
  Incident,
  IncidentStart,
  IncidentsRepository,
  OpenIncident,
  OpenIncidentRow,
} from './incidents.repository.ts';
import { LockAlerts } from './lock-alerts.ts';
import { type IncidentEvent, NO_DATA_RULE_ID, OFFLINE_RULE_ID } from './messages.ts';
import type { AlertNotifier } from './notifications/notifier.ts';
import type { RulesCache } from './rules-cache.ts';

export interface AlertEngineSettings {
  /** How often timers (waiting, recovery, repeats) are claimed. */
  tickMs: number;
  /** A connected gateway that sends no sample for this long is a no-data incident. */
  noDataMs: number;
  /** Samples older than this when they arrive (a backlog) say nothing about now: not evaluated. */
  staleMs: number;
  /** The digest window per rule and recipient (docs/alert-engine.md, Digest); 10 minutes by default. */
  digestMs?: number;
}

export const DEFAULT_DIGEST_MS = 10 * 60_000;

export const key = (ruleId: string, subject: string) => `${ruleId}|${subject}`;

/**
 * The alert engine (docs/alert-engine.md). Messages move conditions (a value past a rule's threshold opens a
 * pending incident, a value back starts its recovery); time moves the rest (the tick fires pending incidents
 * whose waiting time is over, resolves those whose recovery time is over, repeats battery alerts, notices
 * silent gateways). State lives in alert_incidents; the in-memory copy of the open incidents only spares a
 * query per message and is read again from the database on every tick.
 */
/** Waiting times up to this long get a pass at their end (wakeAt); longer ones are claimed by the tick. */
const WAKE_WITHIN_MS = 10 * 60_000;

export class AlertEngine {
  private open = new Map<string, OpenIncident>();
  private offline = new Set<string>();
  /** Per offline gateway, the rules and subjects already counted as suppressed during this outage. */
  private readonly suppressed = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | null = null;
  /** A one-shot pass at the end of the nearest waiting time this instance opened (see wakeAt). */
  private wake: { at: number; timer: NodeJS.Timeout } | null = null;
  /** When the incidents this instance opened come due (waiting times running). */
  private dueTimes: number[] = [];
  private ticking: Promise<void> | null = null;
  private lastNoDataCheck = 0;
  private stopped = false;
  /** Counts this instance's own changes to `open` and `offline`. */
  private changes = 0;
  private readonly lockAlerts: LockAlerts;
  private skippedRefreshes = 0;

  constructor(
    private readonly repo: IncidentsRepository,
    private readonly cameras: CameraStatesRepository,
    private readonly rules: RulesCache,
    private readonly announcer: IncidentAnnouncer,
    private readonly notifier: Pick<AlertNotifier, 'sendDigests'>,
    private readonly logger: Logger,
    private readonly settings: AlertEngineSettings,
  ) {
    this.lockAlerts = new LockAlerts(this, repo, rules, announcer, logger, settings.staleMs);
  }

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), this.settings.tickMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.wake) clearTimeout(this.wake.timer);
    this.wake = null;
    this.dueTimes = [];
    await this.ticking;
  }

  /** One pass over the timers; concurrent calls share the pass in flight. */
  tick(): Promise<void> {
    this.ticking ??= this.runTick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /**
   * A pass right when an incident this instance opened comes due, instead of up to a tick later (the mail then
   * leaves within milliseconds of the waiting time's end). The periodic tick still claims whatever is due, on
   * whichever instance: this only comes earlier. Two passes, since one already under way started before `at`.
   */
  private wakeAt(at: number): void {
    if (this.stopped) return;
    this.dueTimes.push(at);
    this.scheduleWake();
  }

  private scheduleWake(): void {
    if (this.stopped || this.dueTimes.length === 0) return;
    const next = Math.min(...this.dueTimes);
    if (this.wake && this.wake.at <= next) return;
    if (this.wake) clearTimeout(this.wake.timer);
    const timer = setTimeout(
      () => {
        this.wake = null;
        const now = Date.now();
        this.dueTimes = this.dueTimes.filter((t) => t > now);
        void this.tick()
          .then(() => this.tick())
          .finally(() => this.scheduleWake());
      },
      Math.max(0, next - Date.now()) + 5,
    );
    timer.unref();
    this.wake = { at: next, timer };
  }

  private async runTick(): Promise<void> {
    try {
      const now = new Date();
      // The open incidents first: the claims below run only when one of their timers has run out.
      const due = (await this.refresh()).some((row) => row.due_at && new Date(row.due_at) <= now);
      let changed = await this.endOrphans(now);
      if (due) {
        const claimed = [
          ...(await this.announceAll(await this.repo.claimDueFirings(now), 'fired')),
          ...(await this.announceAll(await this.repo.claimDueClears(now), 'resolved')),
          ...(await this.announceAll(await this.repo.claimDueRepeats(now), 'repeat')),
          ...(await this.announceAll(await this.repo.claimDueReminders(now), 'reminder')),
          ...(await this.announceAll(await this.repo.claimDueEscalations(now), 'escalation')),
        ];
        changed ||= claimed.length > 0;
      }
      await this.notifier.sendDigests(now);
      if (now.getTime() - this.lastNoDataCheck >= Math.min(30_000, this.settings.noDataMs / 4)) {
        this.lastNoDataCheck = now.getTime();
        await this.checkNoData(now);
      }
      // What this pass changed, in the cache now rather than a tick later.
      if (changed) await this.refresh();
    } catch (error) {
      if (!this.stopped) this.logger.warn({ err: error }, 'alert engine tick failed');
    }
  }

  private async announceAll(incidents: Incident[], event: IncidentEvent): Promise<Incident[]> {
    for (const incident of incidents) await this.announcer.announce(incident, event);
    return incidents;
  }

  /**
   * Incidents of rules deleted since the last tick: pending ones are dropped, firing ones resolved (in the
   * panels and on the channel; there is no rule left to notify the receivers of).
   */
  private async endOrphans(now: Date): Promise<boolean> {
    const tenants = this.rules.takeChanged();
    if (tenants.length === 0) return false;
    const current = await this.rules.load(tenants);
    // Rule ids are unique across tenants: one pair of statements for every tenant that changed.
    const ids = [...current.values()].flatMap((rules) => rules.all.map((rule) => rule.id));
    const ended = await this.announceAll(await this.repo.endOrphans(ids, tenants, now), 'resolved');
    return ended.length > 0;
  }

  /** The open incidents again from the database (another instance may have changed them); returns the rows read. */
  private async refresh(): Promise<OpenIncidentRow[]> {
    const open = new Map<string, OpenIncident>();
    const offline = new Set<string>();
    const changes = this.changes;
    const rows = await this.repo.open();
    // Changed here while reading: the copy read may be older than this instance's own change; next tick.
    if (changes !== this.changes && ++this.skippedRefreshes < 10) return rows;
    this.skippedRefreshes = 0;
    for (const row of rows) {
      open.set(key(row.rule_id, row.subject), row);
      if (row.kind === 'offline') offline.add(row.subject);
    }
    this.open = open;
    this.offline = offline;
    for (const mac of this.suppressed.keys()) if (!offline.has(mac)) this.suppressed.delete(mac);
    return rows;
  }

  /** Connected gateways of tenants with sensor rules that sent nothing for the no-data time. */
  private async checkNoData(now: Date): Promise<void> {
    const tenants = await this.repo.tenantsOnline();
    const rules = await this.rules.load(tenants);
    const watched = tenants.filter((id) => (rules.get(id)?.sensors.length ?? 0) > 0);
    const since = new Date(now.getTime() - this.settings.noDataMs);
    for (const gateway of await this.repo.silentGateways(watched, since)) {
      if (this.offline.has(gateway.mac) || this.open.has(key(NO_DATA_RULE_ID, gateway.mac))) continue;
      const incident = await this.repo.openFiring({
        ...this.systemStart(gateway.tenant_id, gateway.mac, NO_DATA_RULE_ID, 'No data', 'nodata', now),
        value: Math.round(this.settings.noDataMs / 1000),
      });
      if (!incident) continue;
      this.mark().open.set(key(NO_DATA_RULE_ID, gateway.mac), {
        ...incident,
        state: 'firing',
        clearing: false,
      });
      await this.announcer.announce(incident, 'fired');
    }
  }

  private systemStart(
    tenantId: string,
    mac: string,
    ruleId: string,
    name: string,
    kind: 'offline' | 'nodata',
    now: Date,
  ): IncidentStart {
    return {
      tenantId,
      ruleId,
      ruleTenantId: null,
      ruleName: name,
      kind,
      alertType: kind === 'offline' ? 'GATEWAY_OFFLINE' : 'NO_DATA',
      gatewayMac: mac,
      subject: mac,
      sensor: null,
      level: 1,
      value: null,
      threshold: null,
      recoveryMs: 0,
      repeatMs: null,
      now,
      fireAt: now,
    };
  }

  // ------------------------------------------------------------------ what the gateways send

  /** Samples stored: each sensor rule of the tenant looks at the newest value of its key. */
  async samples(device: DeviceIdentity, samples: readonly TelemetrySample[]): Promise<void> {
    try {
      const now = Date.now();
      if (this.open.has(key(NO_DATA_RULE_ID, device.mac))) await this.resolve(NO_DATA_RULE_ID, device.mac);
      const rules = this.rules.peek(device.tenantId) ?? (await this.rules.get(device.tenantId));
      if (rules.sensors.length === 0) return;
      const newest = newestValues(samples);
      let due = false;
      for (const condition of rules.sensors) {
        const reading = newest.get(condition.key);
        if (!reading || reading.ti < now - this.settings.staleMs) continue;
        const holds = breaches(condition, reading.value);
        due =
          (await this.evaluate(
            device,
            condition.rule,
            device.mac,
            holds,
            reading.value,
            sensorStart(condition),
          )) || due;
      }
      if (due) await this.tick();
    } catch (error) {
      this.logger.warn({ err: error, mac: device.mac }, 'alert engine: samples not evaluated');
    }
  }

  /**
   * A state message: its CMS (camera module fitted) is recorded in the database, whoever's rules cover the
   * gateway, and moves the camera rules (CAMERA_MODULE_ALERT) covering it. The camera is missing from the
   * report of 0 that follows a 1 until the next 1: while missing, each report holds the condition (an
   * incident dropped meanwhile, as by an outage, opens again); back, each camera rule's incident ends. The
   * end goes to the database rather than through the copy of the open incidents: the camera's return is
   * one message, and the copy may not yet know an incident opened before a restart or by another instance.
   */
  async gatewayState(device: DeviceIdentity, message: DeviceStateMessage): Promise<void> {
    if (message.CMS === undefined) return;
    try {
      const changed = await this.cameras.recordCamera(device.mac, message.CMS, new Date());
      const rules = (this.rules.peek(device.tenantId) ?? (await this.rules.get(device.tenantId))).camera;
      if (rules.length === 0) return;
      const missing = changed ?? (await this.cameras.cameraMissing(device.mac));
      let due = false;
      for (const rule of rules) {
        if (missing)
          due = (await this.evaluate(device, rule, device.mac, true, message.CMS, cameraStart(rule))) || due;
        else await this.cameraBack(rule, device.mac, message.CMS);
      }
      if (due) await this.tick();
    } catch (error) {
      this.logger.warn({ err: error, mac: device.mac }, 'alert engine: camera state not evaluated');
    }
  }

  private async cameraBack(rule: AlertRule, mac: string, cms: number): Promise<void> {
    await this.repo.conditionEnded(rule.id, mac, cms, new Date());
    const id = key(rule.id, mac);
    const known = this.open.get(id);
    if (known?.state === 'pending') this.mark().open.delete(id);
    else if (known) this.mark().open.set(id, { ...known, clearing: true });
  }

  /** Lock reports: battery levels against the tenant's battery alerts. */
  locks(device: DeviceIdentity, report: LockReport): Promise<void> {
    return this.lockAlerts.locks(device, report);
  }

  /** Lock history: battery levels, unlocks, one card opening several shared lockers. */
  lockEvents(device: DeviceIdentity, message: LockEventsMessage): Promise<void> {
    return this.lockAlerts.lockEvents(device, message);
  }

  isOffline(mac: string): boolean {
    return this.offline.has(mac);
  }

  /** The gateway said it is offline (its will): one incident; its pending children are dropped, counted. */
  async gatewayDown(device: DeviceIdentity): Promise<void> {
    try {
      const now = new Date();
      const dropped = await this.repo.dropPendingOf(device.mac);
      const incident = await this.repo.openFiring(
        this.systemStart(device.tenantId, device.mac, OFFLINE_RULE_ID, 'Gateway offline', 'offline', now),
      );
      this.mark().offline.add(device.mac);
      if (!incident) return;
      this.mark().open.set(key(OFFLINE_RULE_ID, device.mac), {
        ...incident,
        state: 'firing',
        clearing: false,
      });
      await this.repo.countSuppressed(OFFLINE_RULE_ID, device.mac, dropped);
      await this.announcer.announce({ ...incident, suppressed_count: dropped }, 'fired');
    } catch (error) {
      this.logger.warn({ err: error, mac: device.mac }, 'alert engine: gateway offline not recorded');
    }
  }

  /** The gateway is back: its offline incident resolves, with the count of alerts it suppressed. */
  async gatewayUp(device: DeviceIdentity): Promise<void> {
    try {
      this.mark().offline.delete(device.mac);
      this.suppressed.delete(device.mac);
      await this.resolve(OFFLINE_RULE_ID, device.mac);
    } catch (error) {
      this.logger.warn({ err: error, mac: device.mac }, 'alert engine: gateway back not recorded');
    }
  }

  private async resolve(ruleId: string, subject: string): Promise<void> {
    this.mark().open.delete(key(ruleId, subject));
    const incident = await this.repo.resolveNow(ruleId, subject, new Date());
    if (incident) await this.announcer.announce(incident, 'resolved');
  }

  /**
   * One rule's condition on one subject now: returns true when an incident was opened that may already be
   * due (waiting time 0). Opening is refused while the gateway is offline (suppressed, counted once per
   * rule and subject); an open incident still moves towards its resolution.
   */
  /** For the lock alerts (lock-alerts.ts) as for sensors. */
  async evaluate(
    device: DeviceIdentity,
    rule: AlertRule,
    subject: string,
    holds: boolean,
    value: number,
    start: Omit<
      IncidentStart,
      'tenantId' | 'ruleId' | 'ruleName' | 'gatewayMac' | 'subject' | 'now' | 'fireAt'
    >,
  ): Promise<boolean> {
    const id = key(rule.id, subject);
    const known = this.open.get(id);
    if (holds) {
      if (known && (known.state === 'pending' || !known.clearing)) return false;
      if (!known && this.offline.has(device.mac)) {
        await this.countSuppressed(device.mac, id);
        return false;
      }
      const now = new Date();
      const waitingMs = Math.max(0, rule.waitingSeconds) * 1000;
      const opened = await this.repo.conditionHolds(
        {
          ...start,
          value,
          tenantId: device.tenantId,
          ruleId: rule.id,
          ruleName: rule.name,
          gatewayMac: device.mac,
          subject,
          now,
          fireAt: new Date(now.getTime() + waitingMs),
        },
        value,
      );
      if (opened) {
        this.mark().open.set(id, { ...opened, state: 'pending', clearing: false });
        // Short waits only: a timer for a wait of days would outlive the process or overflow setTimeout.
        if (waitingMs > 0 && waitingMs <= WAKE_WITHIN_MS) this.wakeAt(now.getTime() + waitingMs);
      } else if (known) this.mark().open.set(id, { ...known, clearing: false });
      return opened !== null && waitingMs === 0;
    }
    if (!known) return false;
    if (known.state === 'firing' && known.clearing) return false;
    await this.repo.conditionEnded(rule.id, subject, value, new Date());
    if (known.state === 'pending') this.mark().open.delete(id);
    else this.mark().open.set(id, { ...known, clearing: true });
    return false;
  }

  private mark(): this {
    this.changes++;
    return this;
  }

  async countSuppressed(mac: string, id: string): Promise<void> {
    const counted = this.suppressed.get(mac) ?? new Set<string>();
    this.suppressed.set(mac, counted);
    if (counted.has(id)) return;
    counted.add(id);
    await this.repo.countSuppressed(OFFLINE_RULE_ID, mac, 1);
  }
}

function sensorStart(condition: SensorCondition) {
  const waitingMs = Math.max(0, condition.rule.waitingSeconds) * 1000;
  return {
    kind: 'sensor' as const,
    ruleTenantId: condition.rule.tenantId,
    alertType: condition.rule.type,
    sensor: condition.key,
    level: condition.high ? 1 : 0,
    threshold: condition.threshold,
    recoveryMs: waitingMs,
    repeatMs: null,
    value: null,
    ...routingTimers(condition.rule),
  };
}

/** A camera rule's incident: on the gateway, no sensor key (System Alerts), no threshold. */
function cameraStart(rule: AlertRule) {
  const waitingMs = Math.max(0, rule.waitingSeconds) * 1000;
  return {
    kind: 'sensor' as const,
    ruleTenantId: rule.tenantId,
    alertType: rule.type,
    sensor: null,
    level: 1,
    threshold: null,
    recoveryMs: waitingMs,
    repeatMs: null,
    value: null,
    ...routingTimers(rule),
  };
}
