import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AuthRepository } from './auth.repository.ts';

/**
 * The port other modules use to sign a user out everywhere (sessions, trusted devices, pending code steps),
 * inside their own transaction: a password reset ends the user's sign-ins in the statement set that changes
 * the password (modules/passwords).
 */
export interface SignIns {
  within(trx: Kysely<Database>): { endSignIns(userId: string): Promise<void> };
}

export const signIns: SignIns = {
  within: (trx) => new AuthRepository(trx),
};
