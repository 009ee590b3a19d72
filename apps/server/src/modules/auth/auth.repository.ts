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
  takeMqttToken(tokenHash: string, now: Date) {
    return this.db
      .deleteFrom('mqtt_tokens')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }
}
