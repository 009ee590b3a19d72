import type { LivePublisher } from '../../lib/live.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { ThrottleService } from '../throttle/index.ts';
import type { UsersService } from '../users/index.ts';

/** What sign-in, two-factor, account and MQTT-token services need from the modules below them. */
export interface AuthDependencies {
  users: Pick<
    UsersService,
    | 'findById'
    | 'findByEmail'
    | 'sessionUser'
    | 'updatePasswordHash'
    | 'acceptTotpStep'
    | 'setPendingTotpSecret'
    | 'within'
    | 'delete'
    | 'setLanguage'
  >;
  tenants: Pick<TenantsService, 'findById' | 'reachableTenantIds'>;
  throttle: ThrottleService;
  activities: ActivityRecorder;
  live: LivePublisher;
  /** Vendor staff e-mail domains (STAFF_EMAIL_DOMAINS): user details say whether the user is staff. */
  staffDomains?: readonly string[];
}
