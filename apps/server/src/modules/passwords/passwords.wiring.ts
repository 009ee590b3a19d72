import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { PasswordsRepository } from './passwords.repository.ts';
import { passwordsRoutes } from './passwords.routes.ts';
import { PasswordsService } from './passwords.service.ts';

/** Password links: forgot / reset, first-password (activation) and lock-user reset links. */
export function createPasswordsModule(options: PasswordsService['deps'] & { db: Kysely<Database> }) {
  const { db, ...deps } = options;
  const passwords = new PasswordsService(new PasswordsRepository(db), deps);
  return {
    passwords,
    routes: (app) => app.register(passwordsRoutes, { passwords }),
  } satisfies ModuleParts & Record<string, unknown>;
}
