import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AlertIncidentsTable, IncidentKind } from '../../db/schema-alert-engine.ts';

export type Incident = Selectable<AlertIncidentsTable>;

/** What opens an incident: pending until `fireAt`. */
export interface IncidentStart {
  tenantId: string;
  ruleId: string;
  /** The rule's own tenant (the gateway's or a parent's); null for no-data and offline incidents. */
  ruleTenantId: string | null;
  ruleName: string;
  kind: IncidentKind;
  alertType: string;
  gatewayMac: string;
  subject: string;
  sensor: string | null;
  level: number | null;
  value: number | null;
  threshold: number | null;
  recoveryMs: number;
  repeatMs: number | null;
  now: Date;
  fireAt: Date;
  /** Set: the incident resolves then (an RFID incident's window). */
  clearAt?: Date;
  /** The rule's routing (issue 31): a reminder every so often while firing and unacknowledged. */
  reminderMs?: number | null;
  /** ... and its escalation after so long firing and unacknowledged. */
  escalationMs?: number | null;
}

/** A lock incident carries the lock's name (as it is when the incident opens), read in the same statement. */
const lockName = (start: IncidentStart) =>
  start.kind === 'lock' ? sql<string | null>`(SELECT name FROM locks WHERE mac = ${start.subject})` : null;

/** The open incidents as the engine's cache holds them. */
export interface OpenIncident {
  id: string;
  rule_id: string;
  subject: string;
  state: 'pending' | 'firing';
  clearing: boolean;
  kind: IncidentKind;
  gateway_mac: string;
}

/** An open incident as read from the database: with when its next timer runs out (see `open`). */
export type OpenIncidentRow = OpenIncident & { due_at: Date | null };

const CLAIM_BATCH = 200;

/** A resolution ends the lifecycle's timers (reminders, escalation). */
const NO_TIMERS = { next_reminder_at: null, escalate_at: null };

const after = (now: Date, ms: number | null | undefined) =>
  ms == null ? null : new Date(now.getTime() + ms);

/**
 * The incidents' state. Every transition is one statement that names the state it leaves, so two portal
 * instances (or a message and a tick) racing on one incident change it once: timers are claimed with
 * FOR UPDATE SKIP LOCKED and the unique index on (rule_id, subject) of open incidents keeps one per rule.
 */
export class IncidentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The condition holds: opens a pending incident, or, when one is open, stops its clearing (the value went
   * back past the threshold before the recovery time was over). Returns the incident opened, if any.
   */
  async conditionHolds(start: IncidentStart, value: number | null): Promise<Incident | null> {
    const row = await this.db
      .insertInto('alert_incidents')
      .values({
        tenant_id: start.tenantId,
        rule_id: start.ruleId,
        rule_tenant_id: start.ruleTenantId,
        rule_name: start.ruleName,
        kind: start.kind,
        alert_type: start.alertType,
        gateway_mac: start.gatewayMac,
        subject: start.subject,
        sensor: start.sensor,
        level: start.level,
        state: 'pending',
        value,
        threshold: start.threshold,
        recovery_ms: start.recoveryMs,
        repeat_ms: start.repeatMs,
        reminder_ms: start.reminderMs ?? null,
        escalation_ms: start.escalationMs ?? null,
        subject_name: lockName(start),
        started_at: start.now,
        fire_at: start.fireAt,
      })
      .onConflict((oc) =>
        oc
          .columns(['rule_id', 'subject'])
          .where('state', '<>', 'resolved')
          .doUpdateSet({ clear_at: null, value })
          .where('alert_incidents.state', '=', 'firing'),
      )
      .returningAll()
      .executeTakeFirst();
    return row?.state === 'pending' ? row : null;
  }

  /**
   * The condition no longer holds: a pending incident is dropped (a spike shorter than the waiting time
   * fires nothing); a firing one starts clearing, resolved by the tick at `clearAt` unless it holds again.
   */
  async conditionEnded(ruleId: string, subject: string, value: number | null, now: Date): Promise<void> {
    await this.db
      .deleteFrom('alert_incidents')
      .where('rule_id', '=', ruleId)
      .where('subject', '=', subject)
      .where('state', '=', 'pending')
      .execute();
    await this.db
      .updateTable('alert_incidents')
      .set({ clear_at: sql`${now}::timestamptz + recovery_ms * interval '1 millisecond'`, value })
      .where('rule_id', '=', ruleId)
      .where('subject', '=', subject)
      .where('state', '=', 'firing')
      .where('clear_at', 'is', null)
      .execute();
  }

  /** Opens an incident already firing (gateway offline, no data, an unlock): returns it when it opened. */
  async openFiring(start: IncidentStart): Promise<Incident | null> {
    const row = await this.db
      .insertInto('alert_incidents')
      .values({
        tenant_id: start.tenantId,
        rule_id: start.ruleId,
        rule_tenant_id: start.ruleTenantId,
        rule_name: start.ruleName,
        kind: start.kind,
        alert_type: start.alertType,
        gateway_mac: start.gatewayMac,
        subject: start.subject,
        sensor: start.sensor,
        level: start.level,
        state: 'firing',
        value: start.value,
        threshold: start.threshold,
        recovery_ms: start.recoveryMs,
        repeat_ms: start.repeatMs,
        reminder_ms: start.reminderMs ?? null,
        escalation_ms: start.escalationMs ?? null,
        next_reminder_at: after(start.now, start.reminderMs),
        escalate_at: after(start.now, start.escalationMs),
        subject_name: lockName(start),
        started_at: start.now,
        fire_at: start.now,
        fired_at: start.now,
        clear_at: start.clearAt ?? null,
      })
      .onConflict((oc) => oc.columns(['rule_id', 'subject']).where('state', '<>', 'resolved').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Pending incidents whose waiting time is over become firing; each is returned to one caller only. */
  claimDueFirings(now: Date): Promise<Incident[]> {
    return this.db
      .updateTable('alert_incidents')
      .set({
        state: 'firing',
        fired_at: now,
        next_repeat_at: sql`CASE WHEN repeat_ms IS NULL THEN NULL
          ELSE ${now}::timestamptz + repeat_ms * interval '1 millisecond' END`,
        next_reminder_at: sql`CASE WHEN reminder_ms IS NULL THEN NULL
          ELSE ${now}::timestamptz + reminder_ms * interval '1 millisecond' END`,
        escalate_at: sql`CASE WHEN escalation_ms IS NULL THEN NULL
          ELSE ${now}::timestamptz + escalation_ms * interval '1 millisecond' END`,
      })
      .where('id', 'in', (db) =>
        db
          .selectFrom('alert_incidents')
          .select('id')
          .where('state', '=', 'pending')
          .where('fire_at', '<=', now)
          .orderBy('fire_at')
          .limit(CLAIM_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .where('state', '=', 'pending')
      .returningAll()
      .execute();
  }

  /** Firing incidents whose recovery time is over are resolved; each is returned to one caller only. */
  claimDueClears(now: Date): Promise<Incident[]> {
    return this.db
      .updateTable('alert_incidents')
      .set({ state: 'resolved', resolved_at: now, ...NO_TIMERS })
      .where('id', 'in', (db) =>
        db
          .selectFrom('alert_incidents')
          .select('id')
          .where('state', '=', 'firing')
          .where('clear_at', '<=', now)
          .orderBy('clear_at')
          .limit(CLAIM_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .where('state', '=', 'firing')
      .returningAll()
      .execute();
  }

  /** Firing incidents with a repeat interval due again (battery alerts): their next time is moved on. */
  claimDueRepeats(now: Date): Promise<Incident[]> {
    return this.db
      .updateTable('alert_incidents')
      .set({ next_repeat_at: sql`${now}::timestamptz + repeat_ms * interval '1 millisecond'` })
      .where('id', 'in', (db) =>
        db
          .selectFrom('alert_incidents')
          .select('id')
          .where('state', '=', 'firing')
          .where('clear_at', 'is', null)
          .where('next_repeat_at', '<=', now)
          .limit(CLAIM_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .where('state', '=', 'firing')
      .returningAll()
      .execute();
  }

  /**
   * Firing, unacknowledged incidents whose reminder is due: the next one is moved on by the interval. Each is
   * returned to one caller only; an acknowledgement (which clears next_reminder_at) stops them.
   */
  claimDueReminders(now: Date): Promise<Incident[]> {
    return this.db
      .updateTable('alert_incidents')
      .set({ next_reminder_at: sql`${now}::timestamptz + reminder_ms * interval '1 millisecond'` })
      .where('id', 'in', (db) =>
        db
          .selectFrom('alert_incidents')
          .select('id')
          .where('state', '=', 'firing')
          .where('acknowledged_at', 'is', null)
          .where('next_reminder_at', '<=', now)
          .limit(CLAIM_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .where('state', '=', 'firing')
      .where('acknowledged_at', 'is', null)
      .where('reminder_ms', 'is not', null)
      .returningAll()
      .execute();
  }

  /**
   * Firing, unacknowledged incidents whose escalation time is over: escalated once (escalated_at set in the
   * claiming statement), whichever instance claims it.
   */
  claimDueEscalations(now: Date): Promise<Incident[]> {
    return this.db
      .updateTable('alert_incidents')
      .set({ escalated_at: now, escalate_at: null })
      .where('id', 'in', (db) =>
        db
          .selectFrom('alert_incidents')
          .select('id')
          .where('state', '=', 'firing')
          .where('acknowledged_at', 'is', null)
          .where('escalated_at', 'is', null)
          .where('escalate_at', '<=', now)
          .limit(CLAIM_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .where('state', '=', 'firing')
      .where('acknowledged_at', 'is', null)
      .where('escalated_at', 'is', null)
      .returningAll()
      .execute();
  }

  /**
   * Acknowledges a firing, unacknowledged incident, deciding in one statement (two users or instances at once:
   * one wins): stamps it, stops its reminders and escalation, and records the acknowledgement (an audited
   * row). Undefined when it was not firing or already acknowledged (`find` tells which).
   */
  async acknowledge(id: string, userId: string, now: Date): Promise<Incident | undefined> {
    const result = await sql<Incident>`
      WITH ack AS (
        UPDATE alert_incidents SET
          acknowledged_at = ${now},
          acknowledged_by = ${userId},
          acknowledged_by_name = (SELECT trim(first_name || ' ' || last_name) FROM users WHERE id = ${userId}),
          next_reminder_at = NULL,
          escalate_at = NULL
        WHERE id = ${id} AND state = 'firing' AND acknowledged_at IS NULL
        RETURNING *
      ), logged AS (
        INSERT INTO alert_acknowledgements (incident_id, tenant_id, user_id, rule_name, acknowledged_at)
        SELECT id, tenant_id, ${userId}, rule_name, ${now} FROM ack
      )
      SELECT * FROM ack`.execute(this.db);
    return result.rows[0];
  }

  find(id: string): Promise<Incident | undefined> {
    return this.db.selectFrom('alert_incidents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Resolves one open incident now (gateway back, data back, rule gone); returned when this call did it. */
  resolveNow(ruleId: string, subject: string, now: Date): Promise<Incident | undefined> {
    return this.db
      .updateTable('alert_incidents')
      .set({ state: 'resolved', resolved_at: now, ...NO_TIMERS })
      .where('rule_id', '=', ruleId)
      .where('subject', '=', subject)
      .where('state', '=', 'firing')
      .returningAll()
      .executeTakeFirst();
  }

  /** Drops the pending incidents of a gateway and of the locks behind it; returns how many. */
  async dropPendingOf(gatewayMac: string): Promise<number> {
    const rows = await this.db
      .deleteFrom('alert_incidents')
      .where('gateway_mac', '=', gatewayMac)
      .where('state', '=', 'pending')
      .where('kind', 'in', ['sensor', 'lock'])
      .returning('id')
      .execute();
    return rows.length;
  }

  /** Counts alerts suppressed by a gateway's open offline incident. */
  async countSuppressed(offlineRuleId: string, gatewayMac: string, count: number): Promise<void> {
    if (count <= 0) return;
    await this.db
      .updateTable('alert_incidents')
      .set((eb) => ({ suppressed_count: eb('suppressed_count', '+', count) }))
      .where('rule_id', '=', offlineRuleId)
      .where('subject', '=', gatewayMac)
      .where('state', '=', 'firing')
      .execute();
  }

  /**
   * Every open incident (the engine's cache, refreshed each tick), with when its next timer runs out: a pending
   * incident's waiting time, else the soonest of a firing one's recovery, repeat, reminder and escalation (null:
   * none running). The tick runs its five claiming statements only when one has.
   */
  open(): Promise<OpenIncidentRow[]> {
    return this.db
      .selectFrom('alert_incidents')
      .select(['id', 'rule_id', 'subject', 'state', 'kind', 'gateway_mac'])
      .select(sql<boolean>`clear_at IS NOT NULL`.as('clearing'))
      .select(
        sql<Date | null>`CASE WHEN state = 'pending' THEN fire_at
          ELSE least(clear_at, next_repeat_at, next_reminder_at, escalate_at) END`.as('due_at'),
      )
      .where('state', '<>', 'resolved')
      .execute() as Promise<OpenIncidentRow[]>;
  }

  /**
   * Drops pending and resolves firing incidents of rules of these tenants (the rules' own tenants, whichever
   * sub-customer's gateway the incident is on) that no longer exist; returns those resolved.
   */
  async endOrphans(ruleIds: readonly string[], tenantIds: readonly string[], now: Date): Promise<Incident[]> {
    if (tenantIds.length === 0) return [];
    const orphan = (qb: ReturnType<typeof this.scoped>) =>
      ruleIds.length > 0 ? qb.where('rule_id', 'not in', ruleIds) : qb;
    await orphan(this.scoped(tenantIds)).where('state', '=', 'pending').execute();
    return this.db
      .updateTable('alert_incidents')
      .set({ state: 'resolved', resolved_at: now, ...NO_TIMERS })
      .where('rule_tenant_id', 'in', tenantIds)
      .where('kind', 'in', ['sensor', 'lock'])
      .where('state', '=', 'firing')
      .$if(ruleIds.length > 0, (qb) => qb.where('rule_id', 'not in', ruleIds))
      .returningAll()
      .execute();
  }

  private scoped(tenantIds: readonly string[]) {
    return this.db
      .deleteFrom('alert_incidents')
      .where('rule_tenant_id', 'in', tenantIds)
      .where('kind', 'in', ['sensor', 'lock']);
  }

  /**
   * Connected gateways of these tenants that sent no sample since `since` and have been online since before
   * it: the no-data candidates.
   */
  silentGateways(
    tenantIds: readonly string[],
    since: Date,
  ): Promise<{ mac: string; tenant_id: string; name: string }[]> {
    if (tenantIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('gateways as g')
      .select(['g.mac', 'g.tenant_id', 'g.name'])
      .where('g.tenant_id', 'in', tenantIds)
      .where('g.connected', '=', true)
      .where('g.last_online_at', '<', since)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('telemetry as t')
              .select(sql`1`.as('one'))
              .whereRef('t.mac', '=', 'g.mac')
              .where('t.ti', '>', since.getTime()),
          ),
        ),
      )
      .execute();
  }

  /** Tenants with a connected gateway (the tenants whose rules the no-data check reads). */
  async tenantsOnline(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('gateways')
      .select('tenant_id')
      .distinct()
      .where('connected', '=', true)
      .execute();
    return rows.map((r) => r.tenant_id);
  }

  /** Distinct shared lockers of the tenant the card opened since `since` (epoch ms, the locks' clock). */
  async sharedLockersOpenedBy(tenantId: string, card: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('lock_events as e')
      .innerJoin('locks as l', 'l.mac', 'e.lock_mac')
      .select(sql<string>`count(DISTINCT e.lock_mac)`.as('n'))
      .where('l.tenant_id', '=', tenantId)
      .where('l.mode', '=', 'shared')
      .where('l.removed_at', 'is', null)
      .where('e.kind', '=', 'UNLOCKED')
      .where(sql`upper(e.card_csn)`, '=', card)
      .where('e.ti', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The customers above the tenant, root first (`tenants.ancestors`): whose alerts channels also carry its
   * incidents. Empty for a tenant that no longer exists.
   */
  ancestorsOf(tenantId: string): Promise<string[]> {
    return this.db
      .selectFrom('tenants')
      .select('ancestors')
      .where('id', '=', tenantId)
      .executeTakeFirst()
      .then((row) => row?.ancestors ?? []);
  }

  gatewayName(mac: string): Promise<string | undefined> {
    return this.db
      .selectFrom('gateways')
      .select('name')
      .where('mac', '=', mac)
      .executeTakeFirst()
      .then((row) => row?.name);
  }
}
