import {
  cardAssignedMessage,
  type createLockUserBody,
  LOCK_USERS_CSV_MAX_ROWS,
  type LockDeviceUser,
  type LockUser,
  type LockUserSaved,
  type LockUsersLiveMessage,
  type LockUsersPage,
  live,
  type lockDeviceUsersQuery,
  lockUserDeleteBlockedMessage,
  lockUserMergedName,
  lockUserMessages,
  type lockUsersCsvQuery,
  type lockUsersQuery,
  type updateLockUserBody,
} from '@portal/contract';
import type { z } from 'zod';
import { digest } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import { type LockUserUpdateOutcome, type LockUserUpdates, planLockUserUpdate } from './lock-user-update.ts';
import { type LockUserRow, type LockUsersRepository, uniqueViolation } from './lock-users.repository.ts';
import { lockUsersCsv, type UserLockCell } from './lock-users-csv.ts';

export interface LockUsersDependencies {
  repo: LockUsersRepository;
  tenants: Pick<TenantsService, 'scopeWithin' | 'subtreeWithin' | 'reachableTenantIds'>;
  live: LivePublisher;
  /** The one update path (lock-user-update.ts), shared with the CSV import. */
  updates: LockUserUpdates;
}

const normalise = (search: string) => search.toLowerCase().replace(/\s+/g, '');
/** What the lock apps know a user by without the address (spec: emailHash): SHA-256 of the e-mail, hex. */
export const emailHash = (email: string) => digest(email.toLowerCase());

export function toLockUser(row: LockUserRow): LockUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    mergedName: lockUserMergedName(row.first_name, row.last_name),
    email: row.email,
    emailHash: row.email_hash,
    division: row.division,
    employeeId: row.employee_id,
    mobileNo: row.mobile_no,
    cardCSN: row.card_csn,
    status: row.status,
    passcode: row.passcode,
    role: row.role,
    scopeId: row.tenant_id,
    lockCount: row.lock_count,
  };
}

/**
 * Lock users (docs/locks.md): people who open locks, in one customer each. Every call is tenant-walled: a user
 * or scope outside the caller's reach answers 404 and nothing changes. The e-mail and the card are unique among
 * a customer's lock users; the e-mail is fixed once created.
 */
export class LockUsersService {
  constructor(private readonly deps: LockUsersDependencies) {}

  private async tenantIds(principal: Principal, scopeId?: string): Promise<string[] | null> {
    if (scopeId) return this.deps.tenants.subtreeWithin(principal, scopeId);
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    return reachable && [...reachable];
  }

  /** The user when the principal reaches its customer; 404 otherwise, as for one that does not exist. */
  private async reachableUser(principal: Principal, id: string): Promise<LockUserRow> {
    const user = isUuid(id) ? await this.deps.repo.findById(id) : undefined;
    if (!user) throw notFound('Lock user');
    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    if (reachable && !reachable.has(user.tenant_id)) throw notFound('Lock user');
    return user;
  }

  async list(principal: Principal, query: z.output<typeof lockUsersQuery>): Promise<LockUsersPage> {
    const tenantIds = await this.tenantIds(principal, query.scopeId);
    const { rows, total } = await this.deps.repo.page(
      tenantIds,
      normalise(query.search),
      query.page * query.pageSize,
      query.pageSize,
    );
    return { users: rows.map(toLockUser), total };
  }

  /** LockUsers.csv: the list's users (same filters, unpaged, at most LOCK_USERS_CSV_MAX_ROWS), with their locks. */
  async csv(principal: Principal, query: z.output<typeof lockUsersCsvQuery>): Promise<string> {
    const tenantIds = await this.tenantIds(principal, query.scopeId);
    const users = await this.deps.repo.all(tenantIds, normalise(query.search), LOCK_USERS_CSV_MAX_ROWS);
    const byUser = new Map<string, UserLockCell[]>();
    for (const row of await this.deps.repo.locksOfUsers(users.map((u) => u.id))) {
      const cells = byUser.get(row.user_id) ?? [];
      cells.push({
        macId: row.mac,
        name: row.name,
        type: row.type,
        status: row.status,
        passcode: row.passcode,
        role: row.role,
        time: row.created_at.getTime(),
      });
      byUser.set(row.user_id, cells);
    }
    return lockUsersCsv(users.map((row) => ({ user: toLockUser(row), locks: byUser.get(row.id) ?? [] })));
  }

  /** The users with access to one lock (the lock's MAC) within the scope; 404 for a lock outside it. */
  async usersOfLock(
    principal: Principal,
    query: z.output<typeof lockDeviceUsersQuery>,
  ): Promise<LockDeviceUser[]> {
    const scoped = await this.tenantIds(principal, query.scopeId);
    const lockIds = await this.deps.repo.lockIds(query.macId, scoped);
    if (lockIds.length === 0) throw notFound('Lock');
    // Without a scope, `scoped` already is every tenant the principal reaches.
    const rows = await this.deps.repo.usersOfLock(
      lockIds,
      query.scopeId ? await this.tenantIds(principal) : scoped,
    );
    return rows.map((row) => ({
      ...toLockUser(row),
      access: {
        passcode: row.access_passcode,
        cardCSN: row.access_card_csn,
        role: row.access_role,
        state: row.access_state,
        reason: row.access_reason,
        revoking: row.access_revoke_requested_at !== null,
      },
    }));
  }

  async create(principal: Principal, body: z.output<typeof createLockUserBody>): Promise<LockUserSaved> {
    const scope = await this.deps.tenants.scopeWithin(principal, body.scopeId);
    if (await this.deps.repo.findByEmail(scope.id, body.email)) {
      throw new AppError('CONFLICT', lockUserMessages.emailTaken);
    }
    if (body.cardCSN) await this.assertCardFree(scope.id, body.cardCSN);
    let row: LockUserRow;
    try {
      row = await this.deps.repo.insert({
        tenant_id: scope.id,
        first_name: body.firstName,
        last_name: body.lastName,
        email: body.email,
        email_hash: emailHash(body.email),
        division: body.division,
        employee_id: body.employeeId,
        mobile_no: body.mobileNo,
        card_csn: body.cardCSN,
        passcode: body.passcode,
        role: body.role,
      });
    } catch (error) {
      throw await this.conflict(error, scope.id, body.cardCSN);
    }
    const user = toLockUser(row);
    this.publish(user.scopeId, { type: 'newUser', user });
    return { user };
  }

  /**
   * Update: names, ids, mobile, card, passcode, role and status; the e-mail is fixed (a different one is
   * refused), the customer cannot change. The rules are the one update path's (lock-user-update.ts, shared with
   * the CSV import): a card of another user of the customer is refused with the spec's message; a new card while
   * locks hold the old one is saved with the spec's warning naming those locks.
   */
  async update(
    principal: Principal,
    id: string,
    body: z.output<typeof updateLockUserBody>,
  ): Promise<LockUserSaved> {
    const current = await this.reachableUser(principal, id);
    const planned = planLockUserUpdate(current, {
      email: body.email,
      first_name: body.firstName,
      last_name: body.lastName,
      division: body.division,
      employee_id: body.employeeId,
      mobile_no: body.mobileNo,
      card_csn: body.cardCSN,
      passcode: body.passcode,
      role: body.role,
      status: body.status,
    });
    let outcome: LockUserUpdateOutcome = {};
    if (planned) {
      try {
        outcome = (await this.deps.updates.save([planned])).get(current.id) ?? {};
      } catch (error) {
        throw await this.conflict(error, current.tenant_id, body.cardCSN ?? null);
      }
      if (outcome.refused) throw new AppError('CONFLICT', outcome.refused);
    }
    const row = planned ? await this.deps.repo.findById(current.id) : current;
    if (!row) throw notFound('Lock user');
    const user = toLockUser(row);
    this.publish(user.scopeId, { type: 'updateUser', user });
    return outcome.warning ? { user, warning: outcome.warning } : { user };
  }

  /**
   * Delete. Refused (409, the spec's message, the locks in `details.locks`) while the user's credentials are on
   * (or on their way to) a lock whose gateway is not connected: nobody could take them off. Otherwise the user
   * goes; locks that hold it get their removal asked (the delivery ledger carries it out).
   */
  async remove(principal: Principal, id: string): Promise<{ id: string; revoking: number }> {
    const user = await this.reachableUser(principal, id);
    const access = await this.deps.repo.accessOf(user.id);
    const stranded = access.filter(
      (a) => (a.state === 'sent' || a.state === 'confirmed') && !a.gateway_connected,
    );
    if (stranded.length > 0) {
      throw new AppError(
        'CONFLICT',
        lockUserDeleteBlockedMessage(lockUserMergedName(user.first_name, user.last_name)),
        { locks: stranded.map((a) => ({ macId: a.lock_mac, name: a.lock_name })) },
      );
    }
    const revoking = await this.deps.repo.deleteUser(user.id);
    this.publish(user.tenant_id, { type: 'deleteUser', id: user.id });
    return { id: user.id, revoking };
  }

  private async assertCardFree(tenantId: string, card: string): Promise<void> {
    const [refused] = await this.deps.updates.cardRefusals([{ tenantId, card }]);
    if (refused) throw new AppError('CONFLICT', refused);
  }

  /** A unique index refused a concurrent write: the same answers as the checks before it. */
  private async conflict(error: unknown, tenantId: string, card: string | null): Promise<unknown> {
    const which = uniqueViolation(error);
    if (which === 'email') return new AppError('CONFLICT', lockUserMessages.emailTaken);
    if (which === 'card' && card) {
      const holder = await this.deps.repo.findByCard(tenantId, card);
      return new AppError('CONFLICT', cardAssignedMessage(holder?.email ?? ''));
    }
    return error;
  }

  private publish(tenantId: string, message: LockUsersLiveMessage): void {
    this.deps.live.publish(live.lockUsers(tenantId), message);
  }
}
