import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type GlobalSearchSort = 'customerName' | 'name' | 'osVersion' | 'fwVersion' | 'status';

export interface GlobalSearchOptions {
  /** Tenants whose gateways may be listed; null means every tenant (root). */
  tenantIds: string[] | null;
  /** Lower case, spaces removed. */
  term: string;
  offset: number;
  limit: number;
  sortBy: GlobalSearchSort;
  sortOrder: 'asc' | 'desc';
}

export interface GlobalSearchHit {
  scopeId: string;
  customerName: string;
  macId: string;
  name: string;
  osVersion: string | null;
  fwVersion: string | null;
  connected: boolean;
}

/**
 * Fields of the stored gateway state (docs/mqtt.md section 2.2) searched when a gateway reports them: serial
 * number, device type and app version. The protocol does not define them yet; a gateway that sends them is
 * found by them.
 */
export const SEARCHED_STATE_FIELDS = ['SN', 'TYPE', 'APPV'] as const;

/** LIKE pattern matching `term` anywhere, with its own % _ and \ taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** `value`, lower case without spaces, contains the pattern. */
const contains = (value: Expression<unknown> | RawBuilder<unknown>, pattern: string) =>
  sql<boolean>`replace(lower(coalesce(${value}, '')), ' ', '') like ${pattern} escape '\\'`;

const connection = sql<string>`case when g.connected then 'online' else 'offline' end`;

export class GlobalSearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Gateways matching the term in any of: customer name; e-mail, name or phone number of one of the
   * customer's users; gateway name, OS version, firmware (app) version, MAC (separators ignored), the state's
   * serial number, type and app version; connection status ('online' / 'offline'). One page and the count.
   */
  async search(options: GlobalSearchOptions): Promise<{ rows: GlobalSearchHit[]; total: number }> {
    if (options.tenantIds?.length === 0) return { rows: [], total: 0 };
    const pattern = containsPattern(options.term);
    const macPattern = containsPattern(options.term.replace(/[:-]/g, ''));
    let query = this.db.selectFrom('gateways as g').innerJoin('tenants as t', 't.id', 'g.tenant_id');
    if (options.tenantIds) query = query.where('g.tenant_id', 'in', options.tenantIds);
    query = query.where((eb) =>
      eb.or([
        contains(eb.ref('t.name'), pattern),
        contains(eb.ref('g.name'), pattern),
        contains(eb.ref('g.os_version'), pattern),
        contains(eb.ref('g.firmware'), pattern),
        contains(eb.ref('g.mac'), macPattern),
        ...SEARCHED_STATE_FIELDS.map((field) => contains(sql`g.state ->> ${sql.lit(field)}`, pattern)),
        contains(connection, pattern),
        // A read-model join on the users table, left here rather than in the users module: asking that module
        // for matching users first would cost a second round trip and break the single count-and-page query.
        eb.exists(
          eb
            .selectFrom('users as u')
            .select(sql.lit(1).as('one'))
            .whereRef('u.tenant_id', '=', 'g.tenant_id')
            .where((users) =>
              users.or([
                contains(users.ref('u.email'), pattern),
                contains(sql`u.first_name || u.last_name`, pattern),
                contains(users.ref('u.phone_number'), pattern),
              ]),
            ),
        ),
      ]),
    );

    const { n } = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const key = {
      customerName: sql`lower(t.name)`,
      name: sql`lower(g.name)`,
      osVersion: sql`g.os_version`,
      fwVersion: sql`g.firmware`,
      status: sql`g.connected`,
    }[options.sortBy];
    const direction = options.sortOrder;
    const rows = await query
      .select([
        'g.tenant_id as scopeId',
        't.name as customerName',
        'g.mac as macId',
        'g.name',
        'g.os_version as osVersion',
        'g.firmware as fwVersion',
        'g.connected',
      ])
      .orderBy(key, (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy(sql`lower(g.name)`)
      .orderBy('g.mac')
      .offset(options.offset)
      .limit(options.limit)
      .execute();
    return { rows, total: Number(n) };
  }
}
