import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { ThrottleRepository } from './throttle.repository.ts';
import { ThrottleService } from './throttle.service.ts';

/** Guess limits shared by sign-in, two-factor, forgotten passwords and sign-up: one count per key. */
export function createThrottleModule(options: { db: Kysely<Database> }) {
  const throttle = new ThrottleService(new ThrottleRepository(options.db));
  return { throttle } satisfies ModuleParts & Record<string, unknown>;
}
