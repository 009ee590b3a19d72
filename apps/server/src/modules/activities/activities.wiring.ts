import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModuleParts } from '../../lib/module.ts';
import { ActivitiesRepository } from './activities.repository.ts';
import { activitiesRoutes } from './activities.routes.ts';
import { ActivitiesService, type SessionUsers } from './activities.service.ts';

/** Activity records: those the server sees as they happen, and the calls browsers report theirs through. */
export function createActivitiesModule(options: { db: Kysely<Database>; users: SessionUsers }) {
  const activities = new ActivitiesService(new ActivitiesRepository(options.db));
  return {
    activities,
    routes: (app) => app.register(activitiesRoutes, { activities, users: options.users }),
  } satisfies ModuleParts & Record<string, unknown>;
}
