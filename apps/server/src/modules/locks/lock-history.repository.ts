import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A lock as the toggle needs it: the row behind one gateway, with the gateway's connection. */
export interface ToggleLockRow {
  id: string;
  tenant_id: string;
  mac: string;
  name: string | null;
  gateway_mac: string;
  app_version: number | null;
  connected: boolean;
}

/**
 * One stored history entry with the name of whoever it names: a lock user of the lock's customer (by id, else by
 * card), or the portal user of a portal lock/unlock.
 */
export interface HistoryRow {
  lock_mac: string;
  event_id: string;
  gateway_mac: string;
  ti: number | string;
  kind: string;
  method: string | null;
  user_id: string | null;
  card_csn: string | null;
  passcode_slot: number | null;
  reason: string | null;
  alarm: string | null;
  battery_level: number | null;
  message: string | null;
  user_name: string | null;
}

/** A portal user's name in the history, of `users` as `p`: first and last name, else the e-mail. */
const PORTAL_USER_NAME = sql<string>`coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email)`;

/** SQL of lock and unlock and of the locks' history (docs/locks.md). */
export class LockHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The lock `lockMac` behind `gatewayMac` (or its first gateway when none is named), not removed, in these
   * tenants (null: any), whose gateway is in the same tenant.
   */
  async findLock(
    lockMac: string,
    gatewayMac: string | undefined,
    tenantIds: string[] | null,
  ): Promise<ToggleLockRow | undefined> {
    if (tenantIds?.length === 0) return undefined;
    let query = this.db
      .selectFrom('locks')
      .innerJoin('gateways', (join) =>
        join
          .onRef('gateways.mac', '=', 'locks.gateway_mac')
          .onRef('gateways.tenant_id', '=', 'locks.tenant_id'),
      )
      .select([
        'locks.id',
        'locks.tenant_id',
        'locks.mac',
        'locks.name',
        'locks.gateway_mac',
        'gateways.app_version',
        'gateways.connected',
      ])
      .where('locks.mac', '=', lockMac)
      .where('locks.removed_at', 'is', null);
    if (gatewayMac) query = query.where('locks.gateway_mac', '=', gatewayMac);
    if (tenantIds) query = query.where('locks.tenant_id', 'in', tenantIds);
    return (await query.orderBy('locks.gateway_mac').limit(1).executeTakeFirst()) as
      | ToggleLockRow
      | undefined;
  }

  /** A gateway in these tenants (null: any), for a lock it has not reported yet. */
  async findGateway(
    gatewayMac: string,
    tenantIds: string[] | null,
  ): Promise<Pick<ToggleLockRow, 'tenant_id' | 'gateway_mac' | 'app_version' | 'connected'> | undefined> {
    if (tenantIds?.length === 0) return undefined;
    let query = this.db
      .selectFrom('gateways')
      .select(['tenant_id', 'mac as gateway_mac', 'app_version', 'connected'])
      .where('mac', '=', gatewayMac);
    if (tenantIds) query = query.where('tenant_id', 'in', tenantIds);
    return query.executeTakeFirst();
  }

  /** The value an instruction was sent with (a lock/unlock's lock, when its end is told without it). */
  async instructionValue(uid: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('instructions')
      .select('value')
      .where('uid', '=', uid)
      .executeTakeFirst();
    return row?.value;
  }

  /** A portal user's name as the history shows it (first and last), null when there is none. */
  async portalUserName(id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('users as p')
      .select(PORTAL_USER_NAME.as('name'))
      .where('p.id', '=', id)
      .executeTakeFirst();
    return row?.name ?? null;
  }

  /** The portal's own entry (kind PORTAL), once per id; answers whether it is new. */
  async insertPortalEntry(entry: {
    lockMac: string;
    gatewayMac: string;
    id: string;
    ti: number;
    message: string;
    /** Default 'remote' (a lock/unlock); null for an entry about the lock's memory. */
    method?: 'remote' | null;
    userId?: string;
  }): Promise<boolean> {
    const result = await this.db
      .insertInto('lock_events')
      .values({
        lock_mac: entry.lockMac,
        event_id: entry.id,
        gateway_mac: entry.gatewayMac,
        ti: entry.ti,
        kind: 'PORTAL',
        method: entry.method === undefined ? 'remote' : entry.method,
        user_id: entry.userId ?? null,
        message: entry.message,
      })
      .onConflict((oc) => oc.columns(['lock_mac', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Entries of lock `lockMac` from `start` to `end` (lock time), newest first, at most `limit`, recorded through
   * the gateways that hold the lock in `tenantId` (a lock heard by another customer's gateway keeps that
   * customer's history apart). The user's name comes from its id, else from the card, among the customer's users;
   * a portal lock/unlock (its PORTAL entry and the lock's `remote` one) names the portal user who asked.
   */
  async history(
    lockMac: string,
    tenantId: string,
    range: { start: number; end: number },
    limit: number,
  ): Promise<HistoryRow[]> {
    const rows = await this.db
      .selectFrom('lock_events as e')
      .leftJoin('lock_users as u', (join) =>
        join
          .on('u.tenant_id', '=', tenantId)
          .on((eb) =>
            eb.or([
              eb(sql`u.id::text`, '=', eb.ref('e.user_id')),
              eb.and([eb('e.user_id', 'is', null), eb('u.card_csn', '=', eb.ref('e.card_csn'))]),
            ]),
          ),
      )
      .leftJoin('users as p', (join) =>
        join.on((eb) =>
          eb.and([eb('e.method', '=', 'remote'), eb(sql`p.id::text`, '=', eb.ref('e.user_id'))]),
        ),
      )
      .select([
        'e.lock_mac',
        'e.event_id',
        'e.gateway_mac',
        'e.ti',
        'e.kind',
        'e.method',
        'e.user_id',
        'e.card_csn',
        'e.passcode_slot',
        'e.reason',
        'e.alarm',
        'e.battery_level',
        'e.message',
        sql<string | null>`coalesce(min(u.first_name || ' ' || u.last_name), min(${PORTAL_USER_NAME}))`.as(
          'user_name',
        ),
      ])
      .where('e.lock_mac', '=', lockMac)
      .where('e.ti', '>=', range.start)
      .where('e.ti', '<=', range.end)
      .where('e.gateway_mac', 'in', (eb) =>
        eb
          .selectFrom('locks')
          .select('locks.gateway_mac')
          .where('locks.mac', '=', lockMac)
          .where('locks.tenant_id', '=', tenantId),
      )
      .groupBy([
        'e.lock_mac',
        'e.event_id',
        'e.gateway_mac',
        'e.ti',
        'e.kind',
        'e.method',
        'e.user_id',
        'e.card_csn',
        'e.passcode_slot',
        'e.reason',
        'e.alarm',
        'e.battery_level',
        'e.message',
      ])
      .orderBy('e.ti', 'desc')
      .orderBy('e.event_id', 'desc')
      .limit(limit)
      .execute();
    return rows as HistoryRow[];
  }
}
