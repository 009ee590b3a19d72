import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { PortalUsersService } from '../portal-users/portal-users.service.ts';

// STUB: the social sign-in work fills this in (OpenID Connect with state, nonce and PKCE).
export class SocialService {
  constructor(
    readonly db: Kysely<Database>,
    readonly config: Config,
    readonly deps: { auth: AuthService; portalUsers: PortalUsersService; activities: ActivitiesService },
  ) {}
}
