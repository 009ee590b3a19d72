import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { GatewayRegistryService } from '../gateways/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { CustomerDeletionRepository } from './customer-deletion.repository.ts';
import { customerDeletionRoutes } from './customer-deletion.routes.ts';
import { DeletionRunner } from './customer-deletion.runner.ts';
import { CustomerDeletionService } from './customer-deletion.service.ts';

/**
 * Customer deletion, a resumable background job (DESIGN.md section 7): its routes and its runner. The
 * customer's gateways move to the root tenant; the registry announces them and drops their connections.
 */
export function createCustomerDeletionModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  logger: Logger;
  tenants: TenantsService;
  registry: Pick<GatewayRegistryService, 'gatewaysMoved'>;
}) {
  const repo = new CustomerDeletionRepository(options.db);
  const logger = options.logger.child({ component: 'customer-deletion' });
  const runner = new DeletionRunner(repo, options.live, logger, {
    onGatewaysMoved: (moved, move) =>
      void options.registry
        .gatewaysMoved(moved, move, null)
        .catch((error: Error) => logger.warn({ err: error }, 'announcing moved gateways failed')),
  });
  const deletion = new CustomerDeletionService(repo, options.tenants, runner);
  return {
    runner,
    routes: (app) => app.register(customerDeletionRoutes, { deletion }),
    start: () => runner.start(),
    stop: () => runner.stop(),
  } satisfies ModuleParts & Record<string, unknown>;
}
