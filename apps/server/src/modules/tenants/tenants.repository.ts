import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database, NewTenant, Tenant, TenantKind } from '../../db/schema.ts';

/** A tenant with the figures of its subtree's gateways (its own and its sub-customers'). */
export interface ScopeRow extends Tenant {
  online: number;
  total: number;
  /** Most common firmware / OS version / OS patch among its gateways (ties: the greatest). */
  firmware: string | null;
  os_version: string | null;
  os_patch: string | null;
  /**
   * The customers list only (null elsewhere): how many of those gateways report a version other than the one
   * assigned to them (their own customer's latest applied one of a kind, docs/rollouts.md).
   */
  version_mismatches: number | null;
}

export type CustomerSortField =
  | 'name'
  | 'customerId'
  | 'onlineDevicesCount'
  | 'firmwareVersion'
  | 'osVersion'
  | 'osPatch';

export interface CustomersFilter {
  /** Only this tenant's subtree; null: every tenant. */
  within: string | null;
  search: string;
  sortBy: CustomerSortField;
  sortOrder: 'asc' | 'desc';
}

export type ScopeChanges = Partial<
  Pick<
    Tenant,
    'customer_id' | 'email_domain' | 'primary_theme_color' | 'secondary_theme_color' | 'dashboard_variant'
  >
>;

/** A unique index refused the write (PostgreSQL and PGlite both report SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505';

export class TenantsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A customer's status during its deletion (Active again when the job is given up). */
  async setStatus(tenantId: string, status: 'Active' | 'DELETE_PENDING'): Promise<number> {
    const result = await this.db
      .updateTable('tenants')
      .set({ status })
      .where('id', '=', tenantId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Deletes the tenant row; its portal configuration cascades, activity records stay (no foreign key). */
  async deleteTenant(tenantId: string): Promise<number> {
    const result = await this.db.deleteFrom('tenants').where('id', '=', tenantId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  findById(id: string) {
    return this.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByKind(kind: TenantKind) {
    return this.db.selectFrom('tenants').selectAll().where('kind', '=', kind).executeTakeFirst();
  }

  findByCustomerId(customerId: string) {
    return this.db.selectFrom('tenants').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
  }

  /** The tenant holding a customer id, compared without case (customer ids are unique that way). */
  findByCustomerIdIgnoringCase(customerId: string) {
    return this.db
      .selectFrom('tenants')
      .selectAll()
      .where(sql<SqlBool>`lower(customer_id) = lower(${customerId})`)
      .executeTakeFirst();
  }

  /** A child of `parentId` whose label equals `name` without case and white space (tenants_sibling_label_idx). */
  findSiblingByLabel(parentId: string, name: string) {
    return this.db
      .selectFrom('tenants')
      .select('id')
      .where('parent_id', '=', parentId)
      .where(
        sql<SqlBool>`lower(regexp_replace(name, '\\s', '', 'g')) = lower(regexp_replace(${name}, '\\s', '', 'g'))`,
      )
      .executeTakeFirst();
  }

  findByName(name: string) {
    return this.db.selectFrom('tenants').selectAll().where('name', '=', name).executeTakeFirst();
  }

  insert(tenant: NewTenant) {
    return this.db.insertInto('tenants').values(tenant).returningAll().executeTakeFirstOrThrow();
  }

  /** Inserts the tenant; undefined when its customer id, or its label among its siblings, is taken. */
  insertUnique(tenant: NewTenant) {
    return this.db
      .insertInto('tenants')
      .values(tenant)
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** The support tenant, created under root when missing (one per portal: tenants_single_root). */
  async ensureSupportTenant(): Promise<void> {
    const root = await this.db
      .selectFrom('tenants')
      .selectAll()
      .where('kind', '=', 'root')
      .executeTakeFirst();
    if (!root) return;
    await this.db
      .insertInto('tenants')
      .values({
        name: 'Support',
        customer_id: 'SUPPORT',
        kind: 'support',
        parent_id: root.id,
        ancestors: [...root.ancestors, root.id],
        primary_theme_color: root.primary_theme_color,
        secondary_theme_color: root.secondary_theme_color,
      })
      .onConflict((oc) => oc.column('kind').where('kind', 'in', ['root', 'free_tier', 'support']).doNothing())
      .execute();
  }

  /** Changes a tenant; undefined when it no longer exists. A taken customer id throws (isUniqueViolation). */
  update(id: string, changes: ScopeChanges) {
    return this.db.updateTable('tenants').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /**
   * Sets the logo and/or favicon URL, answering the URLs they replace (the row locked meanwhile, so two
   * uploads at once each learn exactly the file they replaced); undefined when the tenant is gone.
   */
  setImages(id: string, images: { logo_url?: string; fav_icon_url?: string }) {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('tenants')
        .select(['logo_url', 'fav_icon_url'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      await trx.updateTable('tenants').set(images).where('id', '=', id).execute();
      return before;
    });
  }

  /** The tenant itself and every tenant below it. */
  async subtreeIds(id: string): Promise<string[]> {
    const rows = await this.db.selectFrom('tenants').select('id').where(inSubtree(id)).execute();
    return rows.map((r) => r.id);
  }

  /**
   * The tenant `id` and every tenant below it, when `reacherId` is that tenant or one of its ancestors (null:
   * root, who reaches all); none otherwise, and none when `id` does not exist. One statement for the scope
   * check and the subtree of a list call.
   */
  async subtreeIdsReachedBy(id: string, reacherId: string | null): Promise<string[]> {
    let query = this.db.selectFrom('tenants').select('id').where(inSubtree(id));
    if (reacherId) {
      query = query.where(
        sql<SqlBool>`exists (select 1 from tenants scope where scope.id = ${id}
          and (scope.id = ${reacherId} or ${reacherId} = any(scope.ancestors)))`,
      );
    }
    const rows = await query.execute();
    return rows.map((r) => r.id);
  }

  /** A tenant with its gateway figures. */
  async scopeById(id: string): Promise<ScopeRow | undefined> {
    return this.scopes({ ids: [id] })
      .where('tenants.id', '=', id)
      .executeTakeFirst();
  }

  /** A tenant and every tenant below it, with their gateway figures, by name. */
  subtreeScopes(id: string): Promise<ScopeRow[]> {
    return this.scopes({ subtreeOf: id })
      .where(inSubtree(id))
      .orderBy(sql`lower(tenants.name)`)
      .orderBy('tenants.id')
      .execute();
  }

  /**
   * The customers list: every tenant but the root one (within a subtree when given), searched ignoring
   * case in name, customer id, firmware, OS version and OS patch; sorted; one page when `page` is given.
   * Gateway figures come from one grouped pass over the gateways, never a query per row.
   */
  async customers(
    filter: CustomersFilter,
    page?: { offset: number; limit: number },
  ): Promise<{ rows: ScopeRow[]; total: number }> {
    const term = filter.search.trim();
    // Without a search and sorted by a tenant column, a page needs the figures of its own rows only.
    if (page && !term && (filter.sortBy === 'name' || filter.sortBy === 'customerId'))
      return this.customersPageByTenant(filter, page);
    let query = this.scopes({ ...(filter.within ? { subtreeOf: filter.within } : {}), versions: true }).where(
      'tenants.kind',
      '<>',
      'root',
    );
    if (filter.within) query = query.where(inSubtree(filter.within));
    if (term) {
      const contains = (column: Expression<string | null>) =>
        sql<SqlBool>`strpos(lower(coalesce(${column}, '')), lower(${term})) > 0`;
      query = query.where((eb) =>
        eb.or([
          contains(sql.ref('tenants.name')),
          contains(sql.ref('tenants.customer_id')),
          contains(sql.ref('stats.firmware')),
          contains(sql.ref('stats.os_version')),
          contains(sql.ref('stats.os_patch')),
        ]),
      );
    }
    const ordered = orderCustomers(query.select(sql<number>`count(*) over ()`.as('total_rows')), filter);
    const rows = page
      ? await ordered.offset(page.offset).limit(page.limit).execute()
      : await ordered.execute();
    let total = Number(rows[0]?.total_rows ?? 0);
    if (rows.length === 0 && page && page.offset > 0) {
      // Past the last page: the window count has no row to ride on.
      const counted = await this.db
        .selectFrom(query.as('matching'))
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      total = Number(counted.n);
    }
    return { rows: rows.map(({ total_rows: _, ...row }) => row), total };
  }

  /** One page picked from the tenants alone, then the gateway figures of those rows only. */
  private async customersPageByTenant(
    filter: CustomersFilter,
    page: { offset: number; limit: number },
  ): Promise<{ rows: ScopeRow[]; total: number }> {
    let query = this.db.selectFrom('tenants').where('tenants.kind', '<>', 'root');
    if (filter.within) query = query.where(inSubtree(filter.within));
    const picked = await orderCustomers(
      query.select(['tenants.id', sql<number>`count(*) over ()`.as('total_rows')]),
      filter,
    )
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    if (picked.length === 0) {
      const counted = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return { rows: [], total: Number(counted.n) };
    }
    const ids = picked.map((r) => r.id);
    const rows = await this.scopes({ ids, versions: true }).where('tenants.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      rows: ids.map((id) => byId.get(id)).filter((row) => row !== undefined),
      total: Number(picked[0]!.total_rows),
    };
  }

  /**
   * Tenants joined with the figures of their subtree's gateways (its own and every sub-customer's: the set its
   * Gateways view lists, docs/decisions.md). Each gateway counts for its tenant and each of that tenant's
   * ancestors. `ids` / `subtreeOf` limit the grouped pass to those counting tenants (the caller still filters
   * the tenants themselves). `versions` adds the count of gateways whose versions differ from their assigned
   * ones, in the same grouped pass (the customers list).
   */
  private scopes(limit: { ids?: string[]; subtreeOf?: string; versions?: boolean }) {
    return this.db
      .with('stats', (db) => {
        let stats = db
          .selectFrom('gateways')
          .innerJoin('tenants as owner', 'owner.id', 'gateways.tenant_id')
          .crossJoin(sql<{ counted: string }>`unnest(array_append(owner.ancestors, owner.id))`.as('counted'))
          .select([
            sql<string>`counted`.as('tenant_id'),
            sql<number>`count(*)::int`.as('total'),
            sql<number>`(count(*) filter (where gateways.connected))::int`.as('online'),
            sql<string | null>`mode() within group (order by nullif(gateways.firmware, '') desc)`.as(
              'firmware',
            ),
            sql<string | null>`mode() within group (order by nullif(gateways.os_version, '') desc)`.as(
              'os_version',
            ),
            sql<string | null>`mode() within group (order by nullif(gateways.state->>'osPatch', '') desc)`.as(
              'os_patch',
            ),
            limit.versions
              ? sql<number>`(count(*) filter (where ${differsFromAssigned}))::int`.as('version_mismatches')
              : sql<number | null>`null::int`.as('version_mismatches'),
          ])
          .groupBy(sql`counted`);
        if (limit.ids) stats = stats.where(sql.ref('counted'), 'in', limit.ids);
        if (limit.subtreeOf) {
          const root = limit.subtreeOf;
          stats = stats.where(
            sql.ref('counted'),
            'in',
            db.selectFrom('tenants').select('tenants.id').where(inSubtree(root)),
          );
        }
        return stats;
      })
      .selectFrom('tenants')
      .leftJoin('stats', 'stats.tenant_id', 'tenants.id')
      .selectAll('tenants')
      .select([
        sql<number>`coalesce(stats.online, 0)`.as('online'),
        sql<number>`coalesce(stats.total, 0)`.as('total'),
        'stats.firmware',
        'stats.os_version',
        'stats.os_patch',
        limit.versions
          ? sql<number>`coalesce(stats.version_mismatches, 0)`.as('version_mismatches')
          : sql<number | null>`null::int`.as('version_mismatches'),
      ]);
  }
}

/**
 * A version as compared (the browser's normalVersion, features/gateways/version-mismatch.ts): trimmed, without
 * a leading 'v', and for firmware without the dashes of its date.
 */
const normal = (version: Expression<string | null>, firmware: boolean) => {
  const bare = sql`regexp_replace(btrim(coalesce(${version}, ''), E' \t\r\n'), '^[vV]', '')`;
  return firmware ? sql`replace(${bare}, '-', '')` : bare;
};

/**
 * Whether a gateway (the row of `gateways` in the grouped pass) runs something other than one of its assigned
 * versions: its own customer's latest applied firmware, OS patch or customer app that still exists
 * (firmware_assignments of a version not deleted), against the reported firmware, OS version and last reported
 * customer app (docs/rollouts.md). Nothing assigned, nothing to differ from; an assigned kind the gateway
 * reports nothing for differs.
 */
const differsFromAssigned = sql<SqlBool>`exists (
  select 1 from (
    select distinct on (a.kind) a.kind, f.version
    from firmware_assignments a join firmware_files f on f.id = a.file_id
    where a.tenant_id = gateways.tenant_id
    order by a.kind, f.version_order desc
  ) fl
  where btrim(fl.version) <> ''
    and (case fl.kind
           when 'firmware' then ${normal(sql.ref('gateways.firmware'), true)}
           when 'osPatch' then ${normal(sql.ref('gateways.os_version'), false)}
           else ${normal(
             sql`(select t.reported_version from firmware_rollout_targets t
                  join firmware_rollouts r on r.id = t.rollout_id
                  where r.kind = 'customerFw' and t.reported_version is not null and t.gateway_mac = gateways.mac
                  order by coalesce(t.booted_at, t.progress_at, r.created_at) desc limit 1)`,
             false,
           )}
         end
         <> case fl.kind when 'firmware' then ${normal(sql.ref('fl.version'), true)}
                         else ${normal(sql.ref('fl.version'), false)} end
         or ${normal(sql.ref('fl.version'), false)} = ''))`;

/** The tenant and those below it (ancestors hold every id from the top down to the parent). */
/** The tenant and those below it; `@>` lets the GIN index on ancestors find them (`= any()` cannot). */
const inSubtree = (id: string) =>
  sql<SqlBool>`(tenants.id = ${id} or tenants.ancestors @> array[${id}]::uuid[])`;

const SORT_KEYS: Record<CustomerSortField, Expression<unknown>> = {
  name: sql`lower(tenants.name)`,
  customerId: sql`lower(tenants.customer_id)`,
  onlineDevicesCount: sql`coalesce(stats.online, 0)`,
  firmwareVersion: sql`lower(stats.firmware)`,
  osVersion: sql`lower(stats.os_version)`,
  osPatch: sql`lower(stats.os_patch)`,
};

/** The list's order: the chosen key (empty values last), then the name, then the id (a stable order). */
function orderCustomers<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  filter: CustomersFilter,
): SelectQueryBuilder<DB, TB, O> {
  return query
    .orderBy(SORT_KEYS[filter.sortBy], (ob) =>
      (filter.sortOrder === 'desc' ? ob.desc() : ob.asc()).nullsLast(),
    )
    .orderBy(sql`lower(tenants.name)`, filter.sortOrder)
    .orderBy(sql.ref('tenants.id'));
}
