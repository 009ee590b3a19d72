import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { UsersRepository } from './users.repository.ts';
import { UsersService } from './users.service.ts';

/** Users: the one owner of the `users` table, the low module sign-in, passwords, portal users and social use. */
export function createUsersModule(options: { db: Kysely<Database> }) {
  const users = new UsersService(new UsersRepository(options.db));
  return { users } satisfies ModuleParts & Record<string, unknown>;
}
