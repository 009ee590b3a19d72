import { type Language, SIGN_UP_PERMISSIONS, type signUpBody, signUpMessages } from '@portal/contract';
import type { z } from 'zod';
import type { NewUser, Tenant } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { PasswordsService } from '../passwords/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { ThrottleService } from '../throttle/index.ts';
import type { PortalUserRow, UsersService } from '../users/index.ts';
import { activationTarget, publishUsers, toPortalUser } from './portal-user.ts';

type SignUpBody = z.output<typeof signUpBody>;

export interface SignUpDependencies {
  users: Pick<UsersService, 'insertPortalUser'>;
  tenants: Pick<TenantsService, 'findByKind'>;
  throttle: ThrottleService;
  passwords: Pick<PasswordsService, 'sendActivationLink'>;
  activities: ActivityRecorder;
  live: LivePublisher;
}

/**
 * Self-service sign-up (spec 000 sections 3-8): always into the general users (free-tier) scope with the
 * sign-up permissions. Social sign-up enrols its users here too.
 */
export class SignUpService {
  constructor(private readonly deps: SignUpDependencies) {}

  /**
   * Signs up whatever scope or permissions the body asks for. Every attempt counts against the address
   * (5 per 15 minutes).
   */
  async signUp(body: SignUpBody, request: { address: string; language: Language | null }): Promise<void> {
    const keys = ThrottleService.keys('signup', undefined, request.address);
    await this.deps.throttle.reserve(keys);
    const row = await this.enrol({
      email: body.email,
      first_name: body.firstName,
      last_name: body.lastName,
      phone_number: body.phoneNumber.trim(),
      country_short_code: body.countryShortCode,
      password_hash: null,
    });
    await this.deps.passwords.sendActivationLink(activationTarget(row), request.language);
  }

  /** Id of the general users (free-tier) scope, which the sign-up form sends. */
  async generalUsersScopeId(): Promise<string> {
    return (await this.generalScope()).id;
  }

  /**
   * A new member of the general users scope with the sign-up permissions: a 'signUp' activity, and the
   * scope's users list hears of it. 409 'This user already exists!' for an e-mail already taken.
   */
  async enrol(user: Omit<NewUser, 'tenant_id' | 'permissions'>): Promise<PortalUserRow> {
    const scope = await this.generalScope();
    const row = await this.deps.users.insertPortalUser({
      ...user,
      tenant_id: scope.id,
      permissions: [...SIGN_UP_PERMISSIONS],
    });
    if (!row) throw new AppError('CONFLICT', signUpMessages.exists);
    await this.deps.activities.record('signUp', {
      tenantId: row.tenant_id,
      userId: row.id,
      email: row.email,
    });
    publishUsers(this.deps.live, row.tenant_id, { type: 'newUser', user: toPortalUser(row) });
    return row;
  }

  private async generalScope(): Promise<Tenant> {
    const scope = await this.deps.tenants.findByKind('free_tier');
    if (!scope) throw new Error('general users scope missing: seedFirstStart must run first');
    return scope;
  }
}
