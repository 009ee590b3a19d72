import type { Kysely } from 'kysely';
import type { Database, NewTenant, TenantKind } from '../../db/schema.ts';

export class TenantsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string) {
    return this.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByKind(kind: TenantKind) {
    return this.db.selectFrom('tenants').selectAll().where('kind', '=', kind).executeTakeFirst();
  }

  findByCustomerId(customerId: string) {
    return this.db.selectFrom('tenants').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
  }

  findByName(name: string) {
    return this.db.selectFrom('tenants').selectAll().where('name', '=', name).executeTakeFirst();
  }

  insert(tenant: NewTenant) {
    return this.db.insertInto('tenants').values(tenant).returningAll().executeTakeFirstOrThrow();
  }

  /** The tenant itself and every tenant below it. */
  async subtreeIds(id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tenants')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', id), eb(eb.val(id), '=', eb.fn.any('ancestors'))]))
      .execute();
    return rows.map((r) => r.id);
  }
}
