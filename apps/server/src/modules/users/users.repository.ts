import type { Language } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, User } from '../../db/schema.ts';
import type { ListOptions, PortalUserChanges, PortalUserRow } from './users.types.ts';

/** Columns a portal-user answer is made of: never the password hash or the TOTP secrets. */
const PUBLIC_COLUMNS = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.phone_number',
  'users.country_short_code',
  'users.tenant_id',
  'users.owner',
  'users.status',
  'users.permissions',
  'users.two_factor_enabled',
  'users.social_login',
  'users.is_root',
] as const;

/** LIKE pattern matching `term` anywhere, with its own % _ and \ taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The one owner of the `users` table's queries. Elsewhere, only read-model joins that would cost a second
 * round trip (a session with its user, the global gateway search) and the customer deletion's steps (one
 * statement in the step's transaction) name the table; each says why where it does.
 */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Deletes a customer's users (its deletion's step); sessions, tokens, trusted devices and links cascade. */
  async deleteOfTenant(tenantId: string): Promise<number> {
    const result = await this.db.deleteFrom('users').where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /* ---------- Whole records (sign-in, credentials) ---------- */

  findById(id: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  insert(user: NewUser): Promise<User> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  updatePasswordHash(userId: string, passwordHash: string) {
    return this.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
  }

  /** Sets the password from a link and makes the account Active. */
  setPassword(userId: string, passwordHash: string) {
    return this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, status: 'Active' })
      .where('id', '=', userId)
      .execute();
  }

  /* ---------- Two-factor state ---------- */

  /**
   * Records `step` as the last accepted one unless it is not newer than the last (a replay); in one
   * statement, so two requests with the same code cannot both pass.
   */
  async acceptTotpStep(userId: string, step: number): Promise<boolean> {
    const row = await this.db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  setPendingTotpSecret(userId: string, secret: string) {
    return this.db
      .updateTable('users')
      .set({ totp_pending_secret: secret })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * Turns 2FA on with the pending secret the code was checked against (unless it changed meanwhile); false
   * when nothing changed. The code's step counts as used, so it cannot sign in; steps used with an earlier
   * secret do not matter for a new one.
   */
  async enableTwoFactor(userId: string, pendingSecret: string, step: number): Promise<boolean> {
    const row = await this.db
      .updateTable('users')
      .set({
        totp_secret: pendingSecret,
        totp_pending_secret: null,
        totp_last_step: step,
        two_factor_enabled: true,
      })
      .where('id', '=', userId)
      .where('totp_pending_secret', '=', pendingSecret)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Turns 2FA off and forgets its secrets. */
  async disableTwoFactor(userId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        two_factor_enabled: false,
      })
      .where('id', '=', userId)
      .execute();
  }

  /* ---------- Portal users (public columns only) ---------- */

  /**
   * One page of a tenant's users and the count of all that match. The search term (spaces already
   * removed) is matched ignoring case and spaces, in the full name or the e-mail.
   */
  async list(tenantId: string, options: ListOptions): Promise<{ rows: PortalUserRow[]; total: number }> {
    let query = this.db.selectFrom('users').where('users.tenant_id', '=', tenantId);
    if (options.search) {
      const pattern = containsPattern(options.search);
      query = query.where(
        sql<boolean>`(replace(lower(users.first_name || users.last_name), ' ', '') like lower(${pattern}) escape '\\'
          or lower(users.email) like lower(${pattern}) escape '\\')`,
      );
    }
    const direction = options.sortOrder;
    const name = sql`lower(users.first_name || ' ' || users.last_name)`;
    // The page and the count of the whole list in one statement; only a page past the end asks for the count.
    let ordered = query.select(PUBLIC_COLUMNS).select(sql<string>`count(*) over ()`.as('total'));
    if (options.sortBy === 'email') ordered = ordered.orderBy('users.email', direction);
    if (options.sortBy === 'secureAuthentication')
      ordered = ordered.orderBy('users.two_factor_enabled', direction);
    const page = await ordered
      .orderBy(name, direction)
      .orderBy('users.id')
      .offset(options.offset)
      .limit(options.limit)
      .execute();
    const rows = page.map(({ total: _, ...row }) => row);
    if (page.length > 0) return { rows, total: Number(page[0]!.total) };
    if (options.offset === 0) return { rows, total: 0 };
    const { n } = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { rows, total: Number(n) };
  }

  findPortalUserById(id: string): Promise<PortalUserRow | undefined> {
    return this.db.selectFrom('users').select(PUBLIC_COLUMNS).where('users.id', '=', id).executeTakeFirst();
  }

  findPortalUserByEmail(email: string): Promise<PortalUserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(PUBLIC_COLUMNS)
      .where('users.email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  findBySocialSubject(subject: string): Promise<PortalUserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(PUBLIC_COLUMNS)
      .where('users.social_subject', '=', subject)
      .executeTakeFirst();
  }

  /** Inserts the user; undefined when the e-mail is already taken. */
  insertPortalUser(user: NewUser): Promise<PortalUserRow | undefined> {
    return this.db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(PUBLIC_COLUMNS)
      .executeTakeFirst();
  }

  update(id: string, changes: PortalUserChanges): Promise<PortalUserRow | undefined> {
    return this.db
      .updateTable('users')
      .set(changes)
      .where('users.id', '=', id)
      .returning(PUBLIC_COLUMNS)
      .executeTakeFirst();
  }

  async setSocialSubject(id: string, subject: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ social_subject: subject })
      .where('users.id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Deletes the user; sessions, trusted devices and links go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('users.id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Sets the user's own language choice (docs/i18n.md). */
  async setLanguage(userId: string, language: Language): Promise<void> {
    await this.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
  }

  /** The chosen language of the user with this address (any case); null when none is chosen or no such user. */
  async languageOfEmail(email: string): Promise<Language | null> {
    const user = await this.db
      .selectFrom('users')
      .select('language')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return user?.language ?? null;
  }

  /** A user's e-mail address; '' when there is no such user. */
  async emailOf(userId: string): Promise<string> {
    const user = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    return user?.email ?? '';
  }

  /** The addresses of a customer's users holding `permission` (root users hold every one). */
  async emailsHolding(tenantId: string, permission: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('email')
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('is_root', '=', true), eb(eb.val(permission), '=', eb.fn.any('permissions'))]))
      .orderBy('email')
      .execute();
    return rows.map((row) => row.email);
  }
}
