import type { InstructionResponse } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { DeviceIdentity } from '../../lib/principal.ts';
import type { FileStorage } from '../files/file-storage.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { TenantsService } from '../tenants/tenants.service.ts';
import { InstructionAnswers } from './instruction-answers.ts';
import { InstructionDeadlines } from './instruction-deadlines.ts';
import { InstructionOutcomes } from './instruction-outcomes.ts';
import { InstructionsRepository } from './instructions.repository.ts';
import { type DevicePublisher, InstructionsService } from './instructions.service.ts';

/** The instruction module's parts, wired: the service (routes), the inbox side (answers) and the deadlines. */
export function createInstructions(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  tenants: TenantsService;
  telemetry: TelemetryService;
  files: FileStorage;
  publish: DevicePublisher;
  logger: Logger;
  deadlineScale: number;
  staffDomains: readonly string[];
}) {
  const { logger } = options;
  const repo = new InstructionsRepository(options.db);
  const outcomes = new InstructionOutcomes(options.live, logger);
  const deadlines = new InstructionDeadlines(repo, outcomes, logger);
  const service = new InstructionsService({ ...options, repo, outcomes, deadlines });
  const answers = new InstructionAnswers(repo, outcomes, options.files, logger);
  return {
    service,
    deadlines,
    inbox: {
      record: (device: DeviceIdentity, answer: InstructionResponse) => answers.record(device, answer),
      gatewayOnline: (device: DeviceIdentity) => service.redeliverPending(device),
    },
  };
}
