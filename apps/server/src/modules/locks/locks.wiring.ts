import type { LockEventsMessage, LockReport } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { EventEmitting } from '../../lib/events.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { InstructionsService } from '../instructions/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { LockHistoryRepository } from './lock-history.repository.ts';
import { lockHistoryRoutes } from './lock-history.routes.ts';
import { LockModeQueue } from './lock-mode-queue.ts';
import { LockReportsRepository } from './lock-reports.repository.ts';
import { LockToggleService } from './lock-toggle.service.ts';
import { LocksRepository } from './locks.repository.ts';
import { locksRoutes } from './locks.routes.ts';
import { LocksService } from './locks.service.ts';

/**
 * Locks: the registry the gateways' lock reports keep (`reports`, the ingest's LockReports port), the lists,
 * counts, CSV and lock-mode request (routes), and what follows a gateway (`gatewayMoved`, for
 * registry.onMoved). Lock instructions' answers reach it through instructions.onEnded, wired here.
 */
export function createLocksModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  tenants: TenantsService;
  instructions: Pick<InstructionsService, 'issue' | 'onEnded' | 'takeCreation'>;
  logger: Logger;
  /** The portal's event bus: lock history entries are told as `notable` (docs/webhooks.md). */
  events?: EventEmitting;
}) {
  const modeQueue = new LockModeQueue(options.db);
  const locks = new LocksService({
    repo: new LocksRepository(options.db),
    reports: new LockReportsRepository(options.db),
    tenants: options.tenants,
    live: options.live,
    instructions: options.instructions,
    modeQueue,
    logger: options.logger.child({ component: 'locks' }),
    ...(options.events ? { events: options.events } : {}),
  });
  options.instructions.onEnded((ended) => locks.instructionEnded(ended));
  // Lock and unlock (create-instruction of LOCK_DEVICE_LOCK_UNLOCK) and the locks' history.
  const toggle = new LockToggleService({
    repo: new LockHistoryRepository(options.db),
    tenants: options.tenants,
    live: options.live,
    instructions: options.instructions,
    slots: modeQueue,
    logger: options.logger.child({ component: 'lock-toggle' }),
  });
  options.instructions.takeCreation('LOCK_DEVICE_LOCK_UNLOCK', (principal, body) =>
    toggle.create(principal, body),
  );
  options.instructions.onEnded((ended) => toggle.instructionEnded(ended));
  locks.onLockEvents((device, events) => toggle.publishLockEvents(device.tenantId, device.mac, events));
  locks.onUnknownUsers((device, unknown) => toggle.recordUnknownUsers(device.tenantId, device.mac, unknown));
  return {
    locks,
    reports: {
      recordLocks: (device: DeviceIdentity, report: LockReport) => locks.recordLocks(device, report),
      recordLockEvents: (device: DeviceIdentity, message: LockEventsMessage) =>
        locks.recordLockEvents(device, message),
      gatewayOffline: (device: DeviceIdentity) => locks.gatewayOffline(device),
    },
    gatewayMoved: (mac: string, change: { to: string }) => locks.gatewayMoved(mac, change),
    routes: async (app) => {
      await app.register(locksRoutes, { locks });
      await app.register(lockHistoryRoutes, { toggle });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
