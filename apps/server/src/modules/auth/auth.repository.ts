import type { Kysely } from 'kysely';
import type { Database, NewUser } from '../../db/schema.ts';

export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUserByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  findUserById(id: string) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  countUsers() {
    return this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  insertUser(user: NewUser) {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  updatePasswordHash(userId: string, passwordHash: string) {
    return this.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
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

  /** The session with its user, when neither idle nor absolute expiry has passed. */
  findLiveSession(idHash: string, idleSince: Date, now: Date) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id_hash',
        'sessions.last_seen_at',
        'users.id as user_id',
        'users.email',
        'users.tenant_id',
        'users.is_root',
        'users.permissions',
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

  deleteUser(userId: string) {
    return this.db.deleteFrom('users').where('id', '=', userId).execute();
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
   * Turns 2FA on with the pending secret the code was checked against (unless it changed meanwhile) and
   * revokes the user's trusted devices; false when nothing changed. The code's step counts as used, so it
   * cannot sign in; steps used with an earlier secret do not matter for a new one.
   */
  enableTwoFactor(userId: string, pendingSecret: string, step: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
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
      if (!row) return false;
      await trx.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
      return true;
    });
  }

  /** Turns 2FA off, forgets its secrets and revokes the user's trusted devices. */
  disableTwoFactor(userId: string) {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          totp_secret: null,
          totp_pending_secret: null,
          totp_last_step: null,
          two_factor_enabled: false,
        })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
      await trx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
    });
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

  /** A token is good for one connection: taking it deletes it. */
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
        'users.is_root',
        'users.permissions',
        'tenants.kind as tenant_kind',
      ])
      .where('sessions.id_hash', 'in', idHashes)
      .where('sessions.last_seen_at', '>', idleSince)
      .where('sessions.expires_at', '>', now)
      .execute();
  }

  takeMqttToken(tokenHash: string, now: Date) {
    return this.db
      .deleteFrom('mqtt_tokens')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }
}
