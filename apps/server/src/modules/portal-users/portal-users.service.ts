import {
  type createCustomerBody,
  type createPortalUserBody,
  customerMessages,
  DEFAULT_PERMISSIONS,
  type DuplicateEmailResponse,
  duplicateEmailMessage,
  normalisePermissions,
  type PortalUser,
  type PortalUsersLiveMessage,
  type PortalUsersPage,
  portalUserMessages,
  type portalUsersQuery,
  superAdminPreset,
  type updatePortalUserBody,
} from '@portal/contract';
import type { z } from 'zod';
import type { NewUser, Tenant } from '../../db/schema.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import type { PasswordsService } from '../passwords/index.ts';
import type { NewCustomers, TenantsService } from '../tenants/index.ts';
import type { PortalUserRow, UserIdentity, UsersService } from '../users/index.ts';
import { activationTarget, publishUsers, toPortalUser } from './portal-user.ts';

type ListQuery = z.output<typeof portalUsersQuery>;
type CreateBody = z.output<typeof createPortalUserBody>;
type CreateCustomerBody = z.output<typeof createCustomerBody>;
type UpdateBody = z.output<typeof updatePortalUserBody>;

export interface PortalUsersDependencies {
  users: Pick<
    UsersService,
    | 'list'
    | 'findPortalUserById'
    | 'findPortalUserByEmail'
    | 'insertPortalUser'
    | 'update'
    | 'delete'
    | 'identityByEmail'
    | 'within'
  >;
  tenants: Pick<TenantsService, 'findById' | 'scopeWithin' | 'reachableTenantIds'>;
  /** Creating a customer, with its super admin written in the same transaction (createCustomer). */
  customers: Pick<NewCustomers, 'create'>;
  passwords: Pick<PasswordsService, 'sendActivationLink'>;
  live: LivePublisher;
}

/**
 * Portal users of a scope, managed by its administrators (spec 002 sections 2-8). A user manages the users
 * of its own tenant and the tenants below it; root everywhere.
 */
export class PortalUsersService {
  constructor(private readonly deps: PortalUsersDependencies) {}

  async list(principal: Principal, query: ListQuery): Promise<PortalUsersPage> {
    this.assertManager(principal);
    const scope = await this.scopeWithin(principal, query.scopeId);
    const { rows, total } = await this.deps.users.list(scope.id, {
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
    const caller = await this.manager(principal);
    const scope = await this.scopeWithin(principal, body.scopeId);
    if (scope.status === 'DELETE_PENDING') throw new AppError('CONFLICT', customerMessages.beingDeleted);
    const user = newPortalUser(principal, caller, body, scope.kind === 'root');
    const row = await this.deps.users.insertPortalUser({ ...user, tenant_id: scope.id });
    if (!row) throw await this.duplicateEmail(principal, body.email);
    return this.welcome(row);
  }

  /**
   * POST /api/createCustomer (issue 30.4): the customer and its super admin (owner, Super Admin preset) in one
   * transaction, both or neither. What would refuse the super admin is checked before anything is written (the
   * caller may create portal users and grant that preset, the e-mail is free); an e-mail taken meanwhile by
   * another request is refused by the users' unique key inside the transaction, which takes the customer back.
   */
  async createCustomer(principal: Principal, body: CreateCustomerBody): Promise<{ id: string }> {
    const caller = await this.manager(principal);
    if (!principal.permissions.has('PORTAL_USER_WRITE')) throw forbidden();
    const { superAdmin, ...scope } = body;
    const owner = newPortalUser(
      principal,
      caller,
      {
        ...superAdmin,
        permissions: superAdminPreset(false),
        owner: true,
        phoneNumber: '',
        countryShortCode: '',
      },
      false,
    );
    if (await this.deps.users.findPortalUserByEmail(owner.email))
      throw await this.duplicateEmail(principal, owner.email);
    const emailTaken = new Error('the super admin e-mail was taken meanwhile');
    try {
      const { tenant, alongside: row } = await this.deps.customers.create(
        principal,
        scope,
        async (trx, tenant) => {
          const inserted = await this.deps.users
            .within(trx)
            .insertPortalUser({ ...owner, tenant_id: tenant.id });
          if (!inserted) throw emailTaken;
          return inserted;
        },
      );
      if (row) await this.welcome(row);
      return { id: tenant.id };
    } catch (error) {
      throw error === emailTaken ? await this.duplicateEmail(principal, owner.email) : error;
    }
  }

  /** A new user's activation mail, and the users list of its scope told. */
  private async welcome(row: PortalUserRow): Promise<PortalUser> {
    await this.deps.passwords.sendActivationLink(activationTarget(row));
    const user = toPortalUser(row);
    this.publish(row.tenant_id, { type: 'newUser', user });
    return user;
  }

  async update(principal: Principal, body: UpdateBody): Promise<PortalUser> {
    const caller = await this.manager(principal);
    const target = await this.userWithin(principal, body.id);
    assertChangeable(principal, target, 'edit');
    if (body.email !== target.email) throw new AppError('VALIDATION_ERROR', portalUserMessages.emailReadOnly);
    const scope = await this.scopeWithin(principal, body.scopeId);
    const permissions = normalisePermissions(body.permissions, scope.kind === 'root');
    const owner = body.owner ?? target.owner;
    assertMayGrant(principal, caller, { permissions, owner }, target);
    const row = await this.deps.users.update(target.id, {
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
    this.assertManager(principal);
    const scope = await this.scopeWithin(principal, scopeId);
    const target = isUuid(userId) ? await this.deps.users.findPortalUserById(userId) : undefined;
    if (!target || target.tenant_id !== scope.id) throw notFound('User');
    assertChangeable(principal, target, 'delete');
    if (!(await this.deps.users.delete(target.id))) throw notFound('User');
    this.publish(scope.id, { type: 'deleteUser', id: target.id });
  }

  /** E-mails are unique across all tenants; a tenant the caller does not reach is not named. */
  async checkDuplicateEmail(principal: Principal, email: string): Promise<DuplicateEmailResponse> {
    this.assertManager(principal);
    const address = email.trim().toLowerCase();
    if (!(await this.deps.users.findPortalUserByEmail(address))) return { exists: false };
    return { exists: true, message: (await this.duplicateEmail(principal, address)).message };
  }

  /** The identity of the user with this e-mail (any tenant, any case); null when there is none. */
  findByEmail(email: string): Promise<UserIdentity | null> {
    return this.deps.users.identityByEmail(email);
  }

  /**
   * Members of the general users scope are strangers to each other: whatever their permissions say, they
   * do not list or manage one another. The session resolved the caller's tenant kind with the caller.
   */
  private assertManager(principal: Principal): void {
    if (principal.freeTierMember) throw new AppError('FORBIDDEN', portalUserMessages.generalScope);
  }

  /** The manager's own record, for what it may grant. */
  private async manager(principal: Principal): Promise<PortalUserRow> {
    this.assertManager(principal);
    const caller = await this.deps.users.findPortalUserById(principal.userId);
    if (!caller) throw notFound('User');
    return caller;
  }

  /** The scope when the principal reaches it; otherwise 404, as for a scope that does not exist. */
  private scopeWithin(principal: Principal, scopeId: string): Promise<Tenant> {
    return this.deps.tenants.scopeWithin(principal, scopeId);
  }

  private async userWithin(principal: Principal, userId: string): Promise<PortalUserRow> {
    const user = isUuid(userId) ? await this.deps.users.findPortalUserById(userId) : undefined;
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    if (!user || (reachable && !reachable.has(user.tenant_id))) throw notFound('User');
    return user;
  }

  /** The refusal of a taken e-mail, naming the holder's tenant only when the caller reaches it. */
  private async duplicateEmail(principal: Principal, email: string): Promise<AppError> {
    const existing = await this.deps.users.findPortalUserByEmail(email);
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    const named = existing && (!reachable || reachable.has(existing.tenant_id));
    const tenant = named ? await this.deps.tenants.findById(existing.tenant_id) : undefined;
    return new AppError('CONFLICT', duplicateEmailMessage(email, tenant?.name ?? 'another'), {
      field: 'email',
    });
  }

  private publish(scopeId: string, message: PortalUsersLiveMessage): void {
    publishUsers(this.deps.live, scopeId, message);
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

/** A new portal user's record (its scope aside), with the permissions the caller may grant (assertMayGrant). */
function newPortalUser(
  principal: Principal,
  caller: PortalUserRow,
  body: Omit<CreateBody, 'scopeId'>,
  rootScope: boolean,
): Omit<NewUser, 'tenant_id'> & { email: string } {
  const permissions = normalisePermissions(body.permissions, rootScope);
  assertMayGrant(principal, caller, { permissions, owner: body.owner }, { permissions: [], owner: false });
  return {
    email: body.email,
    first_name: body.firstName,
    last_name: body.lastName,
    phone_number: body.phoneNumber.trim(),
    country_short_code: body.countryShortCode,
    permissions,
    owner: body.owner,
    password_hash: null,
  };
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
