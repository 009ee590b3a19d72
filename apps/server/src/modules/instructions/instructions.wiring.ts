import type { InstructionResponse } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { EventListening } from '../../lib/events.ts';
import type { DevicePublisher, LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { FileStorage } from '../files/index.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { UsersService } from '../users/index.ts';
import { InstructionAnswers } from './instruction-answers.ts';
import { InstructionDeadlines } from './instruction-deadlines.ts';
import { InstructionOutcomes } from './instruction-outcomes.ts';
import { InstructionsRepository } from './instructions.repository.ts';
import { instructionsRoutes } from './instructions.routes.ts';
import { InstructionsService } from './instructions.service.ts';

/**
 * Instructions: the service (routes; other modules issue instructions through it), the answers the device
 * side hands in (`inbox`), and the deadlines job that ends instructions no gateway answered.
 */
export function createInstructionsModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  devices: DevicePublisher;
  tenants: TenantsService;
  users: Pick<UsersService, 'emailOf'>;
  telemetry: Pick<TelemetryService, 'recordEvents'>;
  files: FileStorage;
  logger: Logger;
  deadlineScale: number;
  staffDomains: readonly string[];
  /** A gateway back (`gatewayOnline`): its pending instructions are sent again, first of the listeners. */
  events: EventListening;
}) {
  const { logger, devices } = options;
  const repo = new InstructionsRepository(options.db);
  const outcomes = new InstructionOutcomes(options.live, logger);
  const deadlines = new InstructionDeadlines(repo, outcomes, logger);
  const instructions = new InstructionsService({
    ...options,
    repo,
    outcomes,
    deadlines,
    // The spec's instruction publishes are QoS 2.
    publish: (topic, payload) => devices.publishToDevices(topic, payload, 2),
  });
  const answers = new InstructionAnswers(repo, outcomes, options.files, logger);
  options.events.on('gatewayOnline', (device) => instructions.redeliverPending(device));
  return {
    instructions,
    inbox: {
      record: (device: DeviceIdentity, answer: InstructionResponse) => answers.record(device, answer),
    },
    routes: (app) => app.register(instructionsRoutes, { instructions }),
    start: () => deadlines.start(),
    stop: () => deadlines.stop(),
  } satisfies ModuleParts & Record<string, unknown>;
}
