import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { CustomerNames, ScopeDevices } from './catalogue.ts';
import { graphGeneratorRoutes } from './graph-generator.routes.ts';
import { GraphGeneratorService } from './graph-generator.service.ts';
import { ReadingsRepository } from './readings.repository.ts';

/**
 * The graph generator (issue 18 items 4-5): sentences read over the scope's gateways, which the gateways
 * module's query gives (reach checked there), charts from the telemetry rollups.
 */
export function createGraphGeneratorModule(options: {
  db: Kysely<Database>;
  devices: ScopeDevices;
  /** The customers' names ("temperature for Demo Customer"): the tenants module. */
  customers?: CustomerNames;
  clock?: () => number;
}) {
  const graphs = new GraphGeneratorService(
    options.devices,
    new ReadingsRepository(options.db),
    options.clock,
    options.customers,
  );
  return {
    graphs,
    routes: (app) => app.register(graphGeneratorRoutes, { graphs }),
  } satisfies ModuleParts & Record<string, unknown>;
}
