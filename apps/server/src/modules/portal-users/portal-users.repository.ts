import { type Kysely, sql, type Updateable } from 'kysely';
import type { Database, NewUser, UsersTable } from '../../db/schema.ts';

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

export interface PortalUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  country_short_code: string;
  tenant_id: string;
  owner: boolean;
  status: string;
  permissions: string[];
  two_factor_enabled: boolean;
  social_login: boolean;
  is_root: boolean;
}

export interface ListOptions {
  search: string;
  offset: number;
  limit: number;
  sortBy: 'name' | 'email' | 'secureAuthentication';
  sortOrder: 'asc' | 'desc';
}

export type PortalUserChanges = Pick<
  Updateable<UsersTable>,
  | 'first_name'
  | 'last_name'
  | 'phone_number'
  | 'country_short_code'
  | 'tenant_id'
  | 'status'
  | 'owner'
  | 'permissions'
>;

/** LIKE pattern matching `term` anywhere, with its own % _ and \ taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

export class PortalUsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
    const { n } = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const direction = options.sortOrder;
    const name = sql`lower(users.first_name || ' ' || users.last_name)`;
    let ordered = query.select(PUBLIC_COLUMNS);
    if (options.sortBy === 'email') ordered = ordered.orderBy('users.email', direction);
    if (options.sortBy === 'secureAuthentication')
      ordered = ordered.orderBy('users.two_factor_enabled', direction);
    const rows = await ordered
      .orderBy(name, direction)
      .orderBy('users.id')
      .offset(options.offset)
      .limit(options.limit)
      .execute();
    return { rows, total: Number(n) };
  }

  findById(id: string): Promise<PortalUserRow | undefined> {
    return this.db.selectFrom('users').select(PUBLIC_COLUMNS).where('users.id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<PortalUserRow | undefined> {
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
  insert(user: NewUser): Promise<PortalUserRow | undefined> {
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
}
