import type { LockEvent } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { EventEmitting, EventListening } from '../../lib/events.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { InstructionsService } from '../instructions/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { LockAccessRepository } from './lock-access.repository.ts';
import { lockAccessRoutes } from './lock-access.routes.ts';
import { LockAccessService } from './lock-access.service.ts';
import { LockAccessDelivery } from './lock-access-delivery.ts';
import type { HeldUsers, UnknownCredential } from './lock-access-reconcile.ts';

/**
 * The delivery ledger: the calls that give and take access (routes), the worker that sends one lock command at a
 * time per gateway (start/stop), the answers it hears through instructions.onEnded (wired here), and
 * `gatewayOnline` for the device side (a gateway back resumes its queue).
 */
export function createLockAccessModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  tenants: TenantsService;
  instructions: Pick<InstructionsService, 'issue' | 'onEnded'>;
  logger: Logger;
  config: Pick<
    Config,
    | 'LOCK_ACCESS_RETRY_BASE_SECONDS'
    | 'LOCK_ACCESS_RETRY_MAX_SECONDS'
    | 'LOCK_ACCESS_MAX_ATTEMPTS'
    | 'LOCK_REVOKE_DEADLINE_MINUTES'
  >;
  /** A gateway back (`gatewayOnline`): the ledger's queue for it resumes. */
  events: EventListening & EventEmitting;
}) {
  const logger = options.logger.child({ component: 'lock-access' });
  const { config } = options;
  const settings = {
    retryBaseMs: config.LOCK_ACCESS_RETRY_BASE_SECONDS * 1000,
    retryMaxMs: config.LOCK_ACCESS_RETRY_MAX_SECONDS * 1000,
    maxAttempts: config.LOCK_ACCESS_MAX_ATTEMPTS,
    revokeDeadlineMs: config.LOCK_REVOKE_DEADLINE_MINUTES * 60_000,
  };
  const repo = new LockAccessRepository(options.db);
  const delivery = new LockAccessDelivery(repo, () => lockAccess, settings, logger);
  const lockAccess: LockAccessService = new LockAccessService({
    repo,
    tenants: options.tenants,
    instructions: options.instructions,
    live: options.live,
    logger,
    settings,
    wake: (at) => delivery.wake(at),
    events: options.events,
  });
  options.instructions.onEnded((ended) => lockAccess.instructionEnded(ended));
  options.events.on('gatewayOnline', (device) => lockAccess.gatewayOnline(device));
  return {
    lockAccess,
    delivery,
    /** For locks.onInventoryUsers: a full inventory's users compared with the ledger. */
    inventoryUsers: async (
      device: DeviceIdentity,
      TI: number,
      locks: HeldUsers[],
    ): Promise<UnknownCredential[]> => {
      // What the ledger confirmed but a lock lacks (a gateway reset, a simulator restarted), or still holds
      // after a confirmed removal, is sent again; a user the ledger never gave is taken away (or told).
      const now = new Date();
      const ids = await repo.reconcile(device.mac, new Date(TI), locks, now);
      const unknown = await repo.removeUnknown(device.mac, new Date(TI), locks, now);
      const removals = unknown.flatMap((u) => (u.accessId ? [u.accessId] : []));
      if (ids.length > 0)
        logger.info({ mac: device.mac, rows: ids.length }, 'lock credentials differ from the ledger: resent');
      if (unknown.length > 0)
        logger.warn({ mac: device.mac, unknown }, 'locks hold users the ledger never gave');
      if (ids.length + removals.length === 0) return unknown;
      await lockAccess.announce([...ids, ...removals]);
      delivery.wake();
      return unknown;
    },
    /** For locks.onLockEvents: passcodes changed at the keypads go to the passcode history and the ledger. */
    lockEvents: (device: DeviceIdentity, events: LockEvent[]) => {
      const changes = events.flatMap((e) =>
        e.kind === 'PASSCODE_CHANGED' && e.userId && e.passcode
          ? [{ lockMac: e.MAC, eventId: e.id, userId: e.userId, passcode: e.passcode, TI: e.TI }]
          : [],
      );
      if (changes.length === 0) return;
      void repo
        .recordKeypadChanges(device.mac, device.tenantId, changes)
        .then(
          (n) => n > 0 && logger.info({ mac: device.mac, changes: n }, 'keypad passcode changes recorded'),
        )
        .catch((error) =>
          logger.warn({ err: error, mac: device.mac }, 'keypad passcode changes not recorded'),
        );
    },
    routes: (app) => app.register(lockAccessRoutes, { lockAccess }),
    start: () => delivery.start(),
    stop: () => delivery.stop(),
  } satisfies ModuleParts & Record<string, unknown>;
}
