import type { Language } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class EmailTemplatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The templates root changed in one language. */
  all(language: Language) {
    return this.db.selectFrom('email_templates').selectAll().where('language', '=', language).execute();
  }

  find(name: string, language: Language) {
    return this.db
      .selectFrom('email_templates')
      .selectAll()
      .where('name', '=', name)
      .where('language', '=', language)
      .executeTakeFirst();
  }

  upsert(row: { name: string; language: Language; subject: string; body: string; updatedBy: string }) {
    const values = {
      subject: row.subject,
      body: row.body,
      updated_at: new Date(),
      updated_by: row.updatedBy,
    };
    return this.db
      .insertInto('email_templates')
      .values({ name: row.name, language: row.language, ...values })
      .onConflict((oc) => oc.columns(['name', 'language']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The customer's name, colours and logo, for mails to its users. */
  branding(tenantId: string) {
    return this.db
      .selectFrom('tenants')
      .select(['name', 'primary_theme_color', 'secondary_theme_color', 'logo_url'])
      .where('id', '=', tenantId)
      .executeTakeFirst();
  }
}
