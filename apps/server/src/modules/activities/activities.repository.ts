import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface NewActivity {
  tenantId: string | null;
  userId: string | null;
  email: string;
  kind: string;
  subject?: string | null;
  providedKey?: string | null;
  at?: Date;
}

export class ActivitiesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A repeated provided key changes nothing (a retried call records the activity once). */
  insert(activity: NewActivity) {
    return this.db
      .insertInto('activities')
      .values({
        tenant_id: activity.tenantId,
        user_id: activity.userId,
        email: activity.email,
        kind: activity.kind,
        subject: activity.subject ?? null,
        provided_key: activity.providedKey ?? null,
        at: activity.at ?? new Date(),
      })
      .onConflict((oc) => oc.column('provided_key').doNothing())
      .execute();
  }

  listForUser(userId: string) {
    return this.db
      .selectFrom('activities')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  listForEmail(email: string) {
    return this.db
      .selectFrom('activities')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .orderBy('at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }
}
