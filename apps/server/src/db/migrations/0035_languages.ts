import { type Kysely, sql } from 'kysely';

/**
 * A second language (docs/i18n.md). `users.language` is the user's own choice ('en', 'de'), null until one is
 * made: the web app then follows the browser, mails the request's Accept-Language or English. A template root
 * changes is kept per language, so an edited English mail leaves the German one as it was (and the reverse);
 * the rows stored so far are English, the only language there was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text`.execute(db);
  await sql`ALTER TABLE email_templates ADD COLUMN language text NOT NULL DEFAULT 'en'`.execute(db);
  await sql`ALTER TABLE email_templates DROP CONSTRAINT email_templates_pkey`.execute(db);
  await sql`ALTER TABLE email_templates ADD PRIMARY KEY (name, language)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM email_templates WHERE language <> 'en'`.execute(db);
  await sql`ALTER TABLE email_templates DROP CONSTRAINT email_templates_pkey`.execute(db);
  await sql`ALTER TABLE email_templates ADD PRIMARY KEY (name)`.execute(db);
  await sql`ALTER TABLE email_templates DROP COLUMN IF EXISTS language`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS language`.execute(db);
}
