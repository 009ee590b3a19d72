import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import type { PasswordsService } from '../passwords/passwords.service.ts';
import type { TenantsService } from '../tenants/tenants.service.ts';

// STUB: the portal-users work fills this in.
export class PortalUsersService {
  constructor(
    readonly db: Kysely<Database>,
    readonly deps: {
      tenants: TenantsService;
      passwords: PasswordsService;
      activities: ActivitiesService;
      live: LivePublisher;
    },
  ) {}
}
