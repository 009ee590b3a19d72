import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { PumpRepository } from './pump.repository.ts';
import { pumpRoutes } from './pump.routes.ts';
import { type PumpDeps, PumpService } from './pump.service.ts';

/**
 * The demo pump dashboard (docs/dashboards.md, "Pump dashboard"): its screen's call, the pump command, and
 * the gateways' pump reports (the ingest port `inbox`).
 */
export function createPumpModule(options: { db: Kysely<Database> } & PumpDeps) {
  const { db, ...deps } = options;
  const pump = new PumpService(new PumpRepository(db), deps);
  return {
    pump,
    inbox: { record: (device, report) => pump.record(device, report) } satisfies Pick<PumpService, 'record'>,
    routes: async (app) => {
      await app.register(pumpRoutes, { pump });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
