import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { TenantsService } from '../tenants/index.ts';
import { LockUsersRepository } from './lock-users.repository.ts';
import { lockUsersRoutes } from './lock-users.routes.ts';
import { LockUsersService } from './lock-users.service.ts';
import { LockUsersImportRepository } from './lock-users-import.repository.ts';
import { lockUsersImportRoutes } from './lock-users-import.routes.ts';
import { LockUsersImportService } from './lock-users-import.service.ts';
import { PasscodeHistoryRepository } from './passcode-history.repository.ts';
import { PasscodeHistoryService, passcodeHistoryRoutes } from './passcode-history.ts';

/** Lock users: people who open locks (not portal users), their access to locks, their passcode history. */
export function createLockUsersModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  tenants: TenantsService;
}) {
  const lockUsers = new LockUsersService({
    repo: new LockUsersRepository(options.db),
    tenants: options.tenants,
    live: options.live,
  });
  const lockUsersImport = new LockUsersImportService({
    repo: new LockUsersImportRepository(options.db),
    tenants: options.tenants,
    live: options.live,
  });
  const passcodes = new PasscodeHistoryService({
    repo: new PasscodeHistoryRepository(options.db),
    tenants: options.tenants,
  });
  return {
    lockUsers,
    routes: async (app) => {
      await app.register(lockUsersRoutes, { lockUsers });
      await app.register(lockUsersImportRoutes, { lockUsersImport });
      await app.register(passcodeHistoryRoutes, { passcodes });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
