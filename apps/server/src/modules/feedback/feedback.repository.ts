import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class FeedbackRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: { tenantId: string; userId: string; email: string; body: string }) {
    return this.db
      .insertInto('feedback')
      .values({ tenant_id: row.tenantId, user_id: row.userId, email: row.email, body: row.body })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  /** Newest first, with the sender's tenant name (null once the tenant is gone). */
  async page(offset: number, limit: number) {
    const [items, count] = await Promise.all([
      this.db
        .selectFrom('feedback as f')
        .leftJoin('tenants as t', 't.id', 'f.tenant_id')
        .select(['f.id', 'f.email', 'f.body', 'f.created_at', 't.name as tenant_name'])
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.n) };
  }
}
