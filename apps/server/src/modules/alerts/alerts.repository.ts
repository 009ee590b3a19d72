import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Tenant } from '../../db/schema.ts';
import { hostOf } from '../../lib/masked-url.ts';
import { type AlertRoutingTable, type AlertsDatabase, type AlertsTable, alertsDb } from './alerts.schema.ts';

export type AlertRow = Selectable<AlertsTable>;
export type RoutingRow = Selectable<AlertRoutingTable>;

/** A receiver as read: the row joined with its user. `phone` is the alert's number, else the profile's. */
export interface ReceiverRow {
  alert_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  email_on: boolean;
  sms_on: boolean;
}

/** A portal user who may receive an alert of a tenant (a user of it or of a tenant above it). */
export interface CandidateUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
}

export interface ReceiverInsert {
  user_id: string;
  email_on: boolean;
  sms_on: boolean;
  phone_number: string | null;
  country_short_code: string | null;
}

export type AlertValues = Omit<AlertsTable, 'id' | 'created_at' | 'updated_at' | 'waiting_time'> & {
  waiting_time: number;
};

/** Postgres' unique_violation, as thrown by pg and PGlite alike. */
export const uniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** The only place with the alerts' SQL. */
export class AlertsRepository {
  private readonly db: Kysely<AlertsDatabase>;
  constructor(db: Kysely<Database>) {
    this.db = alertsDb(db);
  }

  findTenant(id: string): Promise<Tenant | undefined> {
    return this.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Each of these tenants with the tenants above it (root first); an unknown id has none. */
  async ancestorsOf(tenantIds: readonly string[]): Promise<Map<string, string[]>> {
    if (tenantIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('tenants')
      .select(['id', 'ancestors'])
      .where('id', 'in', tenantIds)
      .execute();
    return new Map(rows.map((row) => [row.id, row.ancestors]));
  }

  userEmail(userId: string): Promise<string | undefined> {
    return this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst()
      .then((row) => row?.email);
  }

  find(id: string): Promise<AlertRow | undefined> {
    return this.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The alert of this type of a tenant's slot: the owner's own (a free-tier user), or the tenant's (null). */
  findOfType(tenantId: string, type: string, ownerId: string | null): Promise<AlertRow | undefined> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('alert_type', '=', type)
      .where('owner_id', ownerId === null ? 'is' : '=', ownerId)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  /** Alerts of tenants (of one kind), oldest first; `createdBy` narrows them to one creator's. */
  list(tenantIds: readonly string[], kind?: 'lock' | 'sensor', createdBy?: string): Promise<AlertRow[]> {
    if (tenantIds.length === 0) return Promise.resolve([]);
    let query = this.db.selectFrom('alerts').selectAll().where('tenant_id', 'in', tenantIds);
    if (kind) query = query.where('kind', '=', kind);
    if (createdBy) query = query.where('created_by', '=', createdBy);
    return query.orderBy('created_at').orderBy('id').execute();
  }

  receivers(alertIds: readonly string[]): Promise<ReceiverRow[]> {
    if (alertIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('alert_receivers as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.alert_id',
        'r.user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'r.email_on',
        'r.sms_on',
        (eb) =>
          eb.fn
            .coalesce('r.phone_number', eb.fn('nullif', ['u.phone_number', eb.val('')]))
            .$castTo<string | null>()
            .as('phone'),
      ])
      .where('r.alert_id', 'in', alertIds)
      .orderBy('u.first_name')
      .orderBy('u.last_name')
      .orderBy('u.email')
      .execute();
  }

  /** Users of these tenants among `ids` or `emails` (the alert's tenant and those above it). */
  candidates(
    tenantIds: readonly string[],
    by: { ids?: string[]; emails?: string[] },
  ): Promise<CandidateUser[]> {
    const ids = by.ids ?? [];
    const emails = by.emails ?? [];
    if (ids.length === 0 && emails.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'phone_number'])
      .where('tenant_id', 'in', tenantIds);
    query = ids.length > 0 ? query.where('id', 'in', ids) : query.where('email', 'in', emails);
    return query.execute();
  }

  /** The users of a tenant, and `alsoId` (the caller) wherever it is, by name. */
  tenantUsers(tenantId: string, alsoId: string, onlyAlso: boolean): Promise<CandidateUser[]> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'phone_number'])
      .where((eb) =>
        onlyAlso ? eb('id', '=', alsoId) : eb.or([eb('tenant_id', '=', tenantId), eb('id', '=', alsoId)]),
      )
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('email')
      .limit(1000)
      .execute();
  }

  /**
   * Inserts the alert and its receivers; null when its slot (the tenant's, or its owner's in the free tier)
   * already has its one alert of that type. The conflict target is the index alerts_one_per_type.
   */
  insert(values: AlertValues, receivers: ReceiverInsert[]): Promise<AlertRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('alerts')
        .values(values)
        .onConflict((oc) =>
          oc
            .expression(sql`tenant_id, alert_type, (coalesce(owner_id, tenant_id))`)
            .where('unique_type', '=', true)
            .doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await this.writeReceivers(trx, row.id, receivers);
      return row;
    });
  }

  /**
   * Updates the alert and, when given, replaces its receivers. Null when it was deleted meanwhile; a type taken
   * by another alert of its slot (the tenant's, or the owner's) throws the unique violation.
   */
  update(id: string, values: Partial<AlertValues>, receivers?: ReceiverInsert[]): Promise<AlertRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('alerts')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      if (receivers) {
        await trx.deleteFrom('alert_receivers').where('alert_id', '=', id).execute();
        await this.writeReceivers(trx, id, receivers);
      }
      return row;
    });
  }

  delete(id: string): Promise<AlertRow | undefined> {
    return this.db.deleteFrom('alerts').where('id', '=', id).returningAll().executeTakeFirst();
  }

  /**
   * One user on or off one channel of an alert, in one statement each way: subscribing upserts the row (a
   * phone given replaces the one kept), unsubscribing clears the flag and drops a row left with no channel.
   */
  async subscribe(
    alertId: string,
    userId: string,
    channel: 'email' | 'sms',
    phone: { number: string | null; country: string | null },
  ): Promise<void> {
    const email = channel === 'email';
    await this.db
      .insertInto('alert_receivers')
      .values({
        alert_id: alertId,
        user_id: userId,
        email_on: email,
        sms_on: !email,
        phone_number: phone.number,
        country_short_code: phone.country,
      })
      .onConflict((oc) =>
        oc.columns(['alert_id', 'user_id']).doUpdateSet((eb) =>
          email
            ? { email_on: true }
            : {
                sms_on: true,
                phone_number: eb.fn.coalesce(
                  eb.ref('excluded.phone_number'),
                  eb.ref('alert_receivers.phone_number'),
                ),
                country_short_code: eb.fn.coalesce(
                  eb.ref('excluded.country_short_code'),
                  eb.ref('alert_receivers.country_short_code'),
                ),
              },
        ),
      )
      .execute();
  }

  async unsubscribe(alertId: string, userId: string, channel: 'email' | 'sms'): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('alert_receivers')
        .set(channel === 'email' ? { email_on: false } : { sms_on: false })
        .where('alert_id', '=', alertId)
        .where('user_id', '=', userId)
        .execute();
      await trx
        .deleteFrom('alert_receivers')
        .where('alert_id', '=', alertId)
        .where('user_id', '=', userId)
        .where('email_on', '=', false)
        .where('sms_on', '=', false)
        .execute();
    });
  }

  /** The routing rows of these alerts (those that have one). */
  routings(alertIds: readonly string[]): Promise<RoutingRow[]> {
    if (alertIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('alert_routing').selectAll().where('alert_id', 'in', alertIds).execute();
  }

  /** Portal users by id (the escalation receivers), keyed by id; ids no longer users are absent. */
  async usersById(
    ids: readonly string[],
  ): Promise<Map<string, { email: string; first_name: string; last_name: string }>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', 'in', unique)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Writes an alert's routing in one statement (insert or replace); null when the alert is gone. */
  saveRouting(
    alert: { id: string; tenant_id: string },
    values: Pick<
      RoutingRow,
      'reminder_minutes' | 'escalation_minutes' | 'escalation_receivers' | 'hook_secrets'
    >,
  ): Promise<RoutingRow | undefined> {
    const row = {
      reminder_minutes: values.reminder_minutes,
      escalation_minutes: values.escalation_minutes,
      escalation_receivers: values.escalation_receivers,
      // The audited column says which hooks (format and host); the full addresses go to the redacted one.
      hooks: JSON.stringify(
        values.hook_secrets.map((hook) => ({ format: hook.format, host: hostOf(hook.url) })),
      ),
      hook_secrets: JSON.stringify(values.hook_secrets),
      updated_at: new Date(),
    };
    return this.db
      .insertInto('alert_routing')
      .values({ alert_id: alert.id, tenant_id: alert.tenant_id, ...row })
      .onConflict((oc) => oc.column('alert_id').doUpdateSet(row))
      .returningAll()
      .executeTakeFirst();
  }

  /** The MACs of a tenant's gateways (the published command goes to each). */
  gatewayMacs(tenantId: string): Promise<string[]> {
    return this.db
      .selectFrom('gateways')
      .select('mac')
      .where('tenant_id', '=', tenantId)
      .execute()
      .then((rows) => rows.map((row) => row.mac));
  }

  private async writeReceivers(
    trx: Transaction<AlertsDatabase>,
    alertId: string,
    receivers: ReceiverInsert[],
  ) {
    if (receivers.length === 0) return;
    await trx
      .insertInto('alert_receivers')
      .values(receivers.map((receiver) => ({ ...receiver, alert_id: alertId })))
      .execute();
  }
}
