import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A live session's user, with the user's own tenant whole: a call scoped to it needs no read of its own. */
const SESSION_USER_COLUMNS = [
  'users.is_root',
  'users.permissions',
  'tenants.kind as tenant_kind',
  'tenants.name as tenant_name',
  'tenants.customer_id as tenant_customer_id',
  'tenants.parent_id as tenant_parent_id',
  'tenants.ancestors as tenant_ancestors',
  'tenants.email_domain as tenant_email_domain',
  'tenants.primary_theme_color as tenant_primary_theme_color',
  'tenants.secondary_theme_color as tenant_secondary_theme_color',
  'tenants.logo_url as tenant_logo_url',
  'tenants.fav_icon_url as tenant_fav_icon_url',
  'tenants.status as tenant_status',
  'tenants.created_at as tenant_created_at',
  'tenants.dashboard_variant as tenant_dashboard_variant',
] as const;

/**
 * Sign-in's own tables: sessions, login challenges, trusted devices and MQTT tokens. The users table is the
 * users module's; two reads here join it (a session with its user) because they run on every request and
 * every broker check, where a second round trip to the users module would double the cost of each.
 */
export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction with a repository bound to it (and `trx`, for the users module). */
  transaction<T>(work: (repo: AuthRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AuthRepository(trx), trx));
  }

  /** Ends every session of the user but one (the one making the change). */
  deleteOtherSessions(userId: string, keepIdHash: string) {
    return this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id_hash', '!=', keepIdHash)
      .execute();
  }

  insertSession(idHash: string, userId: string, now: Date, expiresAt: Date) {
    return this.db
      .insertInto('sessions')
      .values({ id_hash: idHash, user_id: userId, last_seen_at: now, expires_at: expiresAt })
      .execute();
  }

  /** The session with its user and the kind of the user's tenant, when neither idle nor absolute expiry has passed. */
  findLiveSession(idHash: string, idleSince: Date, now: Date) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
      .select([
        'sessions.id_hash',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'users.id as user_id',
        'users.email',
        'users.tenant_id',
        ...SESSION_USER_COLUMNS,
      ])
      .where('sessions.id_hash', '=', idHash)
      .where('sessions.last_seen_at', '>', idleSince)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
  }

  touchSession(idHash: string, now: Date) {
    return this.db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
  }

  deleteSession(idHash: string) {
    return this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  /* ---------- Two-factor authentication ---------- */

  async isTrustedDevice(userId: string, fingerprintHash: string, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('trusted_devices')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('fingerprint_hash', '=', fingerprintHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  trustDevice(userId: string, fingerprintHash: string, expiresAt: Date) {
    return this.db
      .insertInto('trusted_devices')
      .values({ user_id: userId, fingerprint_hash: fingerprintHash, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(['user_id', 'fingerprint_hash']).doUpdateSet({ expires_at: expiresAt }))
      .execute();
  }

  /** Signs the user out everywhere: sessions, trusted devices and pending code steps. */
  async endSignIns(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  }

  /** Revokes the user's trusted devices (2FA switched on: a new secret trusts no device yet). */
  async revokeTrustedDevices(userId: string): Promise<void> {
    await this.db.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
  }

  /** Revokes the user's trusted devices and drops the challenges waiting for a code (2FA switched off). */
  async forgetTwoFactorSignIns(userId: string): Promise<void> {
    await this.revokeTrustedDevices(userId);
    await this.db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  }

  /** Stores (or renews, for a repeated sign-in with the same key) a challenge; drops expired ones. */
  async saveLoginChallenge(row: {
    key_hash: string;
    user_id: string;
    fingerprint_hash: string | null;
    expires_at: Date;
    now: Date;
  }) {
    const { now, ...challenge } = row;
    await this.db.deleteFrom('login_challenges').where('expires_at', '<=', now).execute();
    await this.db
      .insertInto('login_challenges')
      .values(challenge)
      .onConflict((oc) =>
        oc.column('key_hash').doUpdateSet({
          user_id: challenge.user_id,
          fingerprint_hash: challenge.fingerprint_hash,
          expires_at: challenge.expires_at,
        }),
      )
      .execute();
  }

  findLoginChallenge(keyHash: string, now: Date) {
    return this.db
      .selectFrom('login_challenges')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  deleteLoginChallenge(keyHash: string) {
    return this.db.deleteFrom('login_challenges').where('key_hash', '=', keyHash).execute();
  }

  insertMqttToken(row: {
    token_hash: string;
    user_id: string;
    session_id_hash: string;
    client_id: string;
    expires_at: Date;
  }) {
    return this.db.insertInto('mqtt_tokens').values(row).execute();
  }

  /** These sessions, when still live, with their user's current tenant, tenant kind and permissions. */
  liveSessionUsers(idHashes: string[], idleSince: Date, now: Date) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
      .select([
        'sessions.id_hash',
        'users.id as user_id',
        'users.email',
        'users.tenant_id',
        ...SESSION_USER_COLUMNS,
      ])
      .where('sessions.id_hash', 'in', idHashes)
      .where('sessions.last_seen_at', '>', idleSince)
      .where('sessions.expires_at', '>', now)
      .execute();
  }

  /** A token is good for one connection: taking it deletes it. */
  takeMqttToken(tokenHash: string, now: Date) {
    return this.db
      .deleteFrom('mqtt_tokens')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }
}
