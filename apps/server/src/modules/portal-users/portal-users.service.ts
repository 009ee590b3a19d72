import {
  type createPortalUserBody,
  customerMessages,
  DEFAULT_PERMISSIONS,
  type DuplicateEmailResponse,
  duplicateEmailMessage,
  live,
  NAME_MAX_LENGTH,
  normalisePermissions,
  type PortalUser,
  type PortalUsersLiveMessage,
  type PortalUsersPage,
  portalUserMessages,
  type portalUsersQuery,
  SIGN_UP_PERMISSIONS,
  type signUpBody,
  signUpMessages,
  stripLeadingSpace,
  type updatePortalUserBody,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, NewUser, Tenant } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import type { PasswordsService } from '../passwords/passwords.service.ts';
import { TenantsRepository } from '../tenants/tenants.repository.ts';
import type { TenantsService } from '../tenants/tenants.service.ts';
import { ThrottleRepository } from '../throttle/throttle.repository.ts';
import { ThrottleService } from '../throttle/throttle.service.ts';
import { type PortalUserRow, PortalUsersRepository } from './portal-users.repository.ts';

type ListQuery = z.output<typeof portalUsersQuery>;
type CreateBody = z.output<typeof createPortalUserBody>;
type UpdateBody = z.output<typeof updatePortalUserBody>;
type SignUpBody = z.output<typeof signUpBody>;

/** Our wording for refusals the spec does not word. */
/** What another module needs to know of a user (social sign-in). */
export interface UserIdentity {
  id: string;
  tenantId: string;
  email: string;
  twoFactorEnabled: boolean;
}

/**
 * Portal users of a scope (spec 002 sections 2-8) and self-service sign-up (spec 000 sections 3-8).
 * A user manages the users of its own tenant and the tenants below it; root everywhere.
 */
export class PortalUsersService {
  private readonly repo: PortalUsersRepository;
  private readonly tenantsRepo: TenantsRepository;
  private readonly throttle: ThrottleService;

  constructor(
    readonly db: Kysely<Database>,
    readonly deps: {
      tenants: TenantsService;
      passwords: PasswordsService;
      activities: ActivitiesService;
      live: LivePublisher;
    },
  ) {
    this.repo = new PortalUsersRepository(db);
    this.tenantsRepo = new TenantsRepository(db);
    this.throttle = new ThrottleService(new ThrottleRepository(db));
  }

  async list(principal: Principal, query: ListQuery): Promise<PortalUsersPage> {
    await this.assertManager(principal);
    const scope = await this.scopeWithin(principal, query.scopeId);
    const { rows, total } = await this.repo.list(scope.id, {
      search: query.search.replace(/\s+/g, ''),
      offset: query.page * query.pageSize,
      limit: query.pageSize,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
    });
    return { users: rows.map(toPortalUser), total };
  }

  /** A new user without a password; the set-password link goes out by mail. */
  async create(principal: Principal, body: CreateBody): Promise<PortalUser> {
    const caller = await this.assertManager(principal);
    const scope = await this.scopeWithin(principal, body.scopeId);
    if (scope.status === 'DELETE_PENDING') throw new AppError('CONFLICT', customerMessages.beingDeleted);
    const permissions = normalisePermissions(body.permissions, scope.kind === 'root');
    assertMayGrant(principal, caller, { permissions, owner: body.owner }, { permissions: [], owner: false });
    const row = await this.repo.insert({
      tenant_id: scope.id,
      email: body.email,
      first_name: body.firstName,
      last_name: body.lastName,
      phone_number: body.phoneNumber.trim(),
      country_short_code: body.countryShortCode,
      permissions,
      owner: body.owner,
      password_hash: null,
    });
    if (!row) throw await this.duplicateEmail(principal, body.email);
    await this.deps.passwords.sendActivationLink(activationTarget(row));
    const user = toPortalUser(row);
    this.publish(scope.id, { type: 'newUser', user });
    return user;
  }

  async update(principal: Principal, body: UpdateBody): Promise<PortalUser> {
    const caller = await this.assertManager(principal);
    const target = await this.userWithin(principal, body.id);
    assertChangeable(principal, target, 'edit');
    if (body.email !== target.email) throw new AppError('VALIDATION_ERROR', portalUserMessages.emailReadOnly);
    const scope = await this.scopeWithin(principal, body.scopeId);
    const permissions = normalisePermissions(body.permissions, scope.kind === 'root');
    const owner = body.owner ?? target.owner;
    assertMayGrant(principal, caller, { permissions, owner }, target);
    const row = await this.repo.update(target.id, {
      tenant_id: scope.id,
      first_name: body.firstName,
      last_name: body.lastName,
      phone_number: body.phoneNumber.trim(),
      country_short_code: body.countryShortCode,
      permissions,
      owner,
      status: body.status ?? target.status,
    });
    if (!row) throw notFound('User');
    const user = toPortalUser(row);
    if (scope.id === target.tenant_id) {
      this.publish(scope.id, { type: 'updateUser', user });
    } else {
      // Moved: it leaves one scope's list and joins the other's.
      this.publish(target.tenant_id, { type: 'deleteUser', id: user.id });
      this.publish(scope.id, { type: 'newUser', user });
    }
    return user;
  }

  /** Deletes a user of the scope; the user's sessions end with it. */
  async remove(principal: Principal, userId: string, scopeId: string): Promise<void> {
    await this.assertManager(principal);
    const scope = await this.scopeWithin(principal, scopeId);
    const target = isUuid(userId) ? await this.repo.findById(userId) : undefined;
    if (!target || target.tenant_id !== scope.id) throw notFound('User');
    assertChangeable(principal, target, 'delete');
    if (!(await this.repo.delete(target.id))) throw notFound('User');
    this.publish(scope.id, { type: 'deleteUser', id: target.id });
  }

  /** E-mails are unique across all tenants; a tenant the caller does not reach is not named. */
  async checkDuplicateEmail(principal: Principal, email: string): Promise<DuplicateEmailResponse> {
    await this.assertManager(principal);
    const address = email.trim().toLowerCase();
    if (!(await this.repo.findByEmail(address))) return { exists: false };
    return { exists: true, message: (await this.duplicateEmail(principal, address)).message };
  }

  /**
   * Self-service sign-up: always into the general users scope with the sign-up permissions, whatever the
   * body asks. Every attempt counts against the address (5 per 15 minutes).
   */
  async signUp(body: SignUpBody, request: { address: string }): Promise<void> {
    const keys = ThrottleService.keys('signup', undefined, request.address);
    await this.throttle.reserve(keys);
    const scope = await this.generalScope();
    const row = await this.insertSignUp({
      tenant_id: scope.id,
      email: body.email,
      first_name: body.firstName,
      last_name: body.lastName,
      phone_number: body.phoneNumber.trim(),
      country_short_code: body.countryShortCode,
      permissions: [...SIGN_UP_PERMISSIONS],
      password_hash: null,
    });
    await this.deps.passwords.sendActivationLink(activationTarget(row));
  }

  /** Id of the general users (free-tier) scope, which the sign-up form sends. */
  async generalUsersScopeId(): Promise<string> {
    return (await this.generalScope()).id;
  }

  /** A user signing up through the social identity provider: no password, the provider's subject kept. */
  async createSocialUser(person: {
    email: string;
    firstName: string;
    lastName: string;
    subject: string;
  }): Promise<UserIdentity> {
    if (await this.repo.findBySocialSubject(person.subject))
      throw new AppError('CONFLICT', signUpMessages.exists);
    const scope = await this.generalScope();
    const row = await this.insertSignUp({
      tenant_id: scope.id,
      email: person.email.trim().toLowerCase(),
      first_name: providerName(person.firstName),
      last_name: providerName(person.lastName),
      permissions: [...SIGN_UP_PERMISSIONS],
      password_hash: null,
      social_login: true,
      social_subject: person.subject,
    });
    return identity(row);
  }

  async findBySocialSubject(subject: string): Promise<UserIdentity | null> {
    const row = await this.repo.findBySocialSubject(subject);
    return row ? identity(row) : null;
  }

  async findByEmail(email: string): Promise<UserIdentity | null> {
    const row = await this.repo.findByEmail(email);
    return row ? identity(row) : null;
  }

  /** Lets an existing user sign in with the provider from now on. */
  async linkSocialSubject(userId: string, subject: string): Promise<void> {
    const holder = await this.repo.findBySocialSubject(subject);
    if (holder && holder.id !== userId) throw new AppError('CONFLICT', signUpMessages.exists);
    if (!(await this.repo.setSocialSubject(userId, subject))) throw notFound('User');
  }

  private async insertSignUp(user: NewUser): Promise<PortalUserRow> {
    const row = await this.repo.insert(user);
    if (!row) throw new AppError('CONFLICT', signUpMessages.exists);
    await this.deps.activities.record('signUp', {
      tenantId: row.tenant_id,
      userId: row.id,
      email: row.email,
    });
    this.publish(row.tenant_id, { type: 'newUser', user: toPortalUser(row) });
    return row;
  }

  private async generalScope(): Promise<Tenant> {
    const scope = await this.tenantsRepo.findByKind('free_tier');
    if (!scope) throw new Error('general users scope missing: seedFirstStart must run first');
    return scope;
  }

  /**
   * The caller's own record. Members of the general users scope are strangers to each other: whatever
   * their permissions say, they do not list or manage one another.
   */
  private async assertManager(principal: Principal): Promise<PortalUserRow> {
    const caller = await this.repo.findById(principal.userId);
    const tenant = await this.deps.tenants.findById(principal.tenantId);
    if (!caller || !tenant) throw notFound('User');
    if (tenant.kind === 'free_tier' && !principal.isRoot)
      throw new AppError('FORBIDDEN', portalUserMessages.generalScope);
    return caller;
  }

  /** The scope when the principal reaches it; otherwise 404, as for a scope that does not exist. */
  private scopeWithin(principal: Principal, scopeId: string): Promise<Tenant> {
    return this.deps.tenants.scopeWithin(principal, scopeId);
  }

  private async userWithin(principal: Principal, userId: string): Promise<PortalUserRow> {
    const user = isUuid(userId) ? await this.repo.findById(userId) : undefined;
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    if (!user || (reachable && !reachable.has(user.tenant_id))) throw notFound('User');
    return user;
  }

  /** The refusal of a taken e-mail, naming the holder's tenant only when the caller reaches it. */
  private async duplicateEmail(principal: Principal, email: string): Promise<AppError> {
    const existing = await this.repo.findByEmail(email);
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    const named = existing && (!reachable || reachable.has(existing.tenant_id));
    const tenant = named ? await this.deps.tenants.findById(existing.tenant_id) : undefined;
    return new AppError('CONFLICT', duplicateEmailMessage(email, tenant?.name ?? 'another'));
  }

  private publish(scopeId: string, message: PortalUsersLiveMessage): void {
    this.deps.live.publish(live.portalUsers(scopeId), message);
  }
}

/**
 * Spec 002 section 6: nobody changes oneself or an owner here; the root tenant's main user (the seeded
 * root user, itself an owner) may edit, not delete, the owners of other scopes.
 */
function assertChangeable(principal: Principal, target: PortalUserRow, action: 'edit' | 'delete'): void {
  const ownerEditable = action === 'edit' && principal.isRoot && target.tenant_id !== principal.tenantId;
  if (target.id === principal.userId || (target.owner && !ownerEditable))
    throw new AppError('FORBIDDEN', portalUserMessages.cannotEditSelfOrOwner);
}

/**
 * Spec 002 section 6: root grants anything; anyone else grants only what it holds (the defaults everybody
 * has excepted) and makes owners only when it is one. An owner must be eligible to be one.
 */
function assertMayGrant(
  principal: Principal,
  caller: PortalUserRow,
  next: { permissions: readonly string[]; owner: boolean },
  current: { permissions: readonly string[]; owner: boolean },
): void {
  if (!principal.isRoot) {
    const added = next.permissions.filter(
      (code) =>
        !current.permissions.includes(code) && !(DEFAULT_PERMISSIONS as readonly string[]).includes(code),
    );
    const newOwner = next.owner && !current.owner;
    if (added.some((code) => !principal.permissions.has(code)) || (newOwner && !caller.owner))
      throw new AppError('FORBIDDEN', portalUserMessages.cannotGrant);
  }
  if (next.owner && !next.permissions.includes('CAN_BE_SCOPE_OWNER'))
    throw new AppError('VALIDATION_ERROR', portalUserMessages.ownerNotEligible);
}

/** A name from the identity provider, cut to the portal's rule (leading spaces off, at most 20). */
const providerName = (name: string) => stripLeadingSpace(name).slice(0, NAME_MAX_LENGTH);

const activationTarget = (row: PortalUserRow) => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
});

const identity = (row: PortalUserRow): UserIdentity => ({
  id: row.id,
  tenantId: row.tenant_id,
  email: row.email,
  twoFactorEnabled: row.two_factor_enabled,
});

export function toPortalUser(row: PortalUserRow): PortalUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    countryShortCode: row.country_short_code,
    scopeId: row.tenant_id,
    owner: row.owner,
    status: row.status,
    permissions: row.permissions,
    secureAuthentication: row.two_factor_enabled,
    socialLogin: row.social_login,
    isRootUser: row.is_root,
  };
}
