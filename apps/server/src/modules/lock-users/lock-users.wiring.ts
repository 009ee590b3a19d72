import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EventEmitting } from '../../lib/events.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { TemplatedMail } from '../email-templates/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { PasswordsService } from '../passwords/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { ThrottleService } from '../throttle/index.ts';
import { LockUserPasswordService, lockUserPasswordRoutes } from './lock-user-password.ts';
import { LockUserUpdates } from './lock-user-update.ts';
import { type AccessRevocations, LockUsersRepository } from './lock-users.repository.ts';
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
  /** Lock users' app-password links (lock-user-password.ts). */
  passwords: Pick<PasswordsService, 'issueLockUserResetLink' | 'consumeLockUserResetLink'>;
  mailer: Pick<Mailer, 'send'>;
  /** Lock users' link mails, from their templates. */
  mail: Pick<TemplatedMail, 'sendTemplate'>;
  throttle: ThrottleService;
  origin: () => string;
  /** The delivery ledger's port: a deleted user's access rows (modules/lock-access). */
  revocations: AccessRevocations;
  /** The portal's event bus: a finished import is told as `notable` (docs/webhooks.md). */
  events?: EventEmitting;
}) {
  const repo = new LockUsersRepository(options.db, options.revocations);
  // The one update path of a lock user: the panel's update and the CSV import both save through it.
  const updates = new LockUserUpdates(repo);
  const lockUsers = new LockUsersService({ repo, tenants: options.tenants, live: options.live, updates });
  const lockUsersImport = new LockUsersImportService({
    repo: new LockUsersImportRepository(options.db),
    tenants: options.tenants,
    live: options.live,
    updates,
    ...(options.events ? { events: options.events } : {}),
  });
  const passcodes = new PasscodeHistoryService({
    repo: new PasscodeHistoryRepository(options.db),
    tenants: options.tenants,
  });
  const lockUserPasswords = new LockUserPasswordService({
    db: options.db,
    tenants: options.tenants,
    passwords: options.passwords,
    mailer: options.mailer,
    mail: options.mail,
    throttle: options.throttle,
    origin: options.origin,
  });
  return {
    lockUsers,
    routes: async (app) => {
      await app.register(lockUsersRoutes, { lockUsers });
      await app.register(lockUsersImportRoutes, { lockUsersImport });
      await app.register(passcodeHistoryRoutes, { passcodes });
      await app.register(lockUserPasswordRoutes, { lockUserPasswords });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
