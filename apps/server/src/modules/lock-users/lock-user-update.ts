import { cardAssignedMessage, cardReconfigureMessage, lockUserMessages } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { LockUsersRepository } from './lock-users.repository.ts';

/** The values of a lock user an update may change: the e-mail and the customer are fixed. */
export interface LockUserValues {
  first_name: string;
  last_name: string;
  division: string | null;
  employee_id: string | null;
  mobile_no: string | null;
  card_csn: string | null;
  passcode: string | null;
  role: 'USER' | 'ADMIN';
  status: 'ACTIVE' | 'INACTIVE';
}

const VALUES = [
  'first_name',
  'last_name',
  'division',
  'employee_id',
  'mobile_no',
  'card_csn',
  'passcode',
  'role',
  'status',
] as const satisfies readonly (keyof LockUserValues)[];

/** A stored lock user as the update rules read it. */
export interface StoredLockUser extends LockUserValues {
  id: string;
  tenant_id: string;
  email: string;
}

/** What a caller asks: the values given (a value left out is kept) and, when given, the e-mail (the stored one). */
export type LockUserChange = Partial<LockUserValues> & { email?: string };

/** One user's planned update: only the values that differ from the stored ones. */
export interface LockUserUpdate {
  user: StoredLockUser;
  set: Partial<LockUserValues>;
}

/** What became of one planned update: refused (the card is another user's) or saved (with the card warning). */
export interface LockUserUpdateOutcome {
  /** The card rule's refusal: nothing of this user was written. */
  refused?: string;
  /** Saved, and locks hold another card of the user (cardReconfigureMessage). */
  warning?: string;
}

/**
 * The update rules of a lock user, written once (docs/locks.md 'One update path'): the e-mail is fixed (a
 * different one is refused); only values that differ are written; null when none does.
 */
export function planLockUserUpdate(user: StoredLockUser, change: LockUserChange): LockUserUpdate | null {
  if (change.email !== undefined && change.email !== user.email) {
    throw new AppError('VALIDATION_ERROR', lockUserMessages.emailFixed);
  }
  const set: Partial<LockUserValues> = {};
  for (const key of VALUES) {
    const wanted = change[key];
    if (wanted !== undefined && wanted !== user[key]) Object.assign(set, { [key]: wanted });
  }
  return Object.keys(set).length > 0 ? { user, set } : null;
}

/**
 * The one lock-user update path, used by the panel's update (PUT /api/update-iot-device-users/userId/{id},
 * LockUsersService.update) and by the CSV import (LockUsersImportService): the card is unique among the
 * customer's live lock users ('This card is already assigned to {email} ...'); the updates are written in one
 * transaction (with what the caller adds to it: the import's new users), all of them or none; credentials
 * already on locks are left as the delivery ledger has them (a lock keeps the card it was given until access
 * is given again), and a user whose card changed while locks hold another card is answered with the spec's
 * warning naming those locks. The audit trigger records the writes of both (docs/audit.md).
 */
export class LockUserUpdates {
  constructor(private readonly repo: LockUsersRepository) {}

  /** The card rule: for each claim, the refusal when another live user of the same customer holds its card. */
  async cardRefusals(
    claims: readonly { tenantId: string; card: string | null; userId?: string }[],
  ): Promise<(string | null)[]> {
    const asked = claims.filter((c) => c.card !== null);
    if (asked.length === 0) return claims.map(() => null);
    const holders = await this.repo.cardHolders(
      [...new Set(asked.map((c) => c.tenantId))],
      [...new Set(asked.map((c) => c.card as string))],
    );
    return claims.map((claim) => {
      const holder = holders.find(
        (h) => h.tenant_id === claim.tenantId && h.card_csn === claim.card && h.id !== claim.userId,
      );
      return holder ? cardAssignedMessage(holder.email) : null;
    });
  }

  /**
   * Saves the updates: those whose new card another user holds are refused and not written; the others are
   * written in one transaction together with `alongside` (nothing of either when any statement fails: a unique
   * index refusing a concurrent writer's card is thrown). Answers each update's outcome, by user id.
   */
  async save(
    updates: readonly LockUserUpdate[],
    alongside?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<Map<string, LockUserUpdateOutcome>> {
    const refusals = await this.cardRefusals(
      updates.map(({ user, set }) => ({
        tenantId: user.tenant_id,
        card: set.card_csn ?? null,
        userId: user.id,
      })),
    );
    const outcomes = new Map<string, LockUserUpdateOutcome>();
    const saved = updates.filter((update, i) => {
      const refused = refusals[i];
      if (refused) outcomes.set(update.user.id, { refused });
      return !refused;
    });
    await this.repo.updateMany(
      saved.map(({ user, set }) => ({ id: user.id, set })),
      alongside,
    );
    const warnings = await this.cardWarnings(saved);
    for (const { user } of saved) {
      const warning = warnings.get(user.id);
      outcomes.set(user.id, warning ? { warning } : {});
    }
    return outcomes;
  }

  /**
   * The card warning (spec 002 section 8): a user whose card changed while locks hold (or are being given)
   * another card of it, and are not having it taken away, gets 'This user has been configured to lock(s) ...
   * with a different card. ...' naming those locks.
   */
  private async cardWarnings(updates: readonly LockUserUpdate[]): Promise<Map<string, string>> {
    const changed = updates.filter((u) => u.set.card_csn !== undefined);
    const warnings = new Map<string, string>();
    if (changed.length === 0) return warnings;
    const access = await this.repo.accessOfUsers(changed.map((u) => u.user.id));
    for (const { user, set } of changed) {
      const holding = access.filter(
        (a) =>
          a.user_id === user.id &&
          a.card_csn !== null &&
          a.card_csn !== set.card_csn &&
          a.revoke_requested_at === null,
      );
      if (holding.length > 0)
        warnings.set(user.id, cardReconfigureMessage(holding.map((a) => a.lock_name ?? a.lock_mac)));
    }
    return warnings;
  }
}
