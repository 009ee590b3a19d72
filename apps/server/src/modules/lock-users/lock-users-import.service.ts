import {
  type BulkLockUserRow,
  type BulkLockUsersResponse,
  controlCharacterMessage,
  duplicateRowMessage,
  findControlCharacter,
  LOCK_USERS_IMPORT_BATCH_SIZE,
  type LockUserImportResult,
  type LockUserImportRow,
  type LockUsersLiveMessage,
  live,
  lockUserImportRow,
  lockUsersImportMessages,
} from '@portal/contract';
import { AppError } from '../../lib/errors.ts';
import type { EventEmitting } from '../../lib/events.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import {
  type LockUserUpdate,
  type LockUserUpdateOutcome,
  type LockUserUpdates,
  planLockUserUpdate,
} from './lock-user-update.ts';
import { uniqueViolation } from './lock-users.repository.ts';
import { emailHash } from './lock-users.service.ts';
import type {
  ImportInsert,
  ImportStoredUser,
  LockUsersImportRepository,
} from './lock-users-import.repository.ts';

export interface LockUsersImportDependencies {
  repo: LockUsersImportRepository;
  tenants: Pick<TenantsService, 'reachableTenantIds'>;
  live: LivePublisher;
  /** The one update path (lock-user-update.ts), shared with the panel's update. */
  updates: LockUserUpdates;
  /** Tells user_import.finished to the outbound webhooks (docs/webhooks.md). */
  events?: EventEmitting;
}

interface ValidRow {
  row: number;
  scopeId: string;
  value: LockUserImportRow;
}

const key = (scopeId: string, value: string) => `${scopeId}\u0000${value}`;

/**
 * Bulk lock-user import (spec 002 sections 5 and 7, docs/locks.md 'Bulk import'): a batch of at most 500 CSV
 * rows, each checked on its own (customer within the caller's reach, the lock user's rules, the text rule,
 * e-mail and card repeated in the batch, a card of another stored user) and answered with its outcome. A row
 * whose e-mail the customer already has updates that user through the panel's own update path
 * (lock-user-update.ts: the same rules, the same ledger effect, the same card warning on the row) when a value
 * differs, and is unchanged otherwise, so re-running a file changes nothing. In card mode an empty card leaves
 * the stored card as it is. The batch is written in one transaction: all of its changes or none. One
 * bulkUpdate live message per customer changed.
 */
export class LockUsersImportService {
  constructor(private readonly deps: LockUsersImportDependencies) {}

  async importBatch(
    principal: Principal,
    rows: BulkLockUserRow[],
    isCardUsers: boolean,
  ): Promise<BulkLockUsersResponse> {
    if (rows.length > LOCK_USERS_IMPORT_BATCH_SIZE) {
      throw new AppError('VALIDATION_ERROR', lockUsersImportMessages.batchTooLarge);
    }
    const results: LockUserImportResult[] = [];
    const refuse = (row: number, field: string, reason: string) =>
      results.push({ row, outcome: 'refused', field, reason });

    const reachable = await this.deps.tenants.reachableTenantIds(principal);
    const scopeIds = [...new Set(rows.map((r) => r.scopeId))].filter(
      (id) => isUuid(id) && (!reachable || reachable.has(id)),
    );
    const scopes = await this.deps.repo.existingTenants(scopeIds);

    // Each row on its own: customer, text rule, field rules; then repeats within the batch.
    const valid: ValidRow[] = [];
    const firstOfEmail = new Map<string, number>();
    const firstOfCard = new Map<string, number>();
    for (const [index, given] of rows.entries()) {
      const row = given.row ?? index + 1;
      if (!scopes.has(given.scopeId)) {
        refuse(row, 'scopeId', lockUsersImportMessages.scopeNotReached);
        continue;
      }
      const cells = {
        firstName: given.firstName ?? '',
        lastName: given.lastName ?? '',
        email: given.email ?? '',
        division: given.division ?? null,
        employeeId: given.employeeId ?? null,
        mobileNo: given.mobileNo ?? null,
        cardCSN: isCardUsers ? (given.cardCSN ?? null) : null,
      };
      const control = findControlCharacter(cells);
      if (control) {
        const field = control.join('.');
        refuse(row, field, controlCharacterMessage(field));
        continue;
      }
      const parsed = lockUserImportRow.safeParse(cells);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        refuse(row, String(issue?.path[0] ?? ''), issue?.message ?? '');
        continue;
      }
      const value = parsed.data;
      const emailKey = key(given.scopeId, value.email);
      const sameEmail = firstOfEmail.get(emailKey);
      if (sameEmail !== undefined) {
        refuse(row, 'email', duplicateRowMessage(sameEmail));
        continue;
      }
      if (value.cardCSN) {
        const sameCard = firstOfCard.get(key(given.scopeId, value.cardCSN));
        if (sameCard !== undefined) {
          refuse(row, 'cardCSN', duplicateRowMessage(sameCard));
          continue;
        }
        firstOfCard.set(key(given.scopeId, value.cardCSN), row);
      }
      firstOfEmail.set(emailKey, row);
      valid.push({ row, scopeId: given.scopeId, value });
    }

    // Against the stored users of those customers: a new user, or an update by the one update path.
    const stored = await this.deps.repo.matching(
      [...new Set(valid.map((v) => v.scopeId))],
      [...new Set(valid.map((v) => v.value.email))],
    );
    const byEmail = new Map<string, ImportStoredUser>();
    for (const user of stored) byEmail.set(key(user.tenant_id, user.email.toLowerCase()), user);

    const creates: { row: number; insert: ImportInsert }[] = [];
    const updates: { row: number; update: LockUserUpdate }[] = [];
    for (const { row, scopeId, value } of valid) {
      const current = byEmail.get(key(scopeId, value.email));
      const values = {
        first_name: value.firstName,
        last_name: value.lastName,
        division: value.division,
        employee_id: value.employeeId,
        mobile_no: value.mobileNo,
      };
      if (!current) {
        const insert = {
          tenant_id: scopeId,
          email: value.email,
          email_hash: emailHash(value.email),
          ...values,
          card_csn: value.cardCSN,
        };
        creates.push({ row, insert });
        continue;
      }
      // A file does not take cards away: an empty card (or none, outside card mode) keeps the stored one.
      const update = planLockUserUpdate(current, { ...values, card_csn: value.cardCSN ?? undefined });
      if (update) updates.push({ row, update });
      else results.push({ row, outcome: 'unchanged' });
    }

    // The card rule for new users (updates: the update path checks it); a refused row is not written.
    const createRefusals = await this.deps.updates.cardRefusals(
      creates.map(({ insert }) => ({ tenantId: insert.tenant_id, card: insert.card_csn })),
    );
    const inserts: ImportInsert[] = [];
    for (const [i, { row, insert }] of creates.entries()) {
      const refused = createRefusals[i];
      if (refused) refuse(row, 'cardCSN', refused);
      else inserts.push(insert);
    }

    let outcomes: Map<string, LockUserUpdateOutcome>;
    try {
      outcomes = await this.deps.updates.save(
        updates.map((u) => u.update),
        inserts.length > 0 ? (trx) => this.deps.repo.insert(trx, inserts) : undefined,
      );
    } catch (error) {
      // Another writer took an e-mail or card of the batch meanwhile: nothing of the batch was written.
      if (uniqueViolation(error)) throw new AppError('CONFLICT', lockUsersImportMessages.batchFailed);
      throw error;
    }

    const changed = new Map<string, { created: number; updated: number }>();
    const count = (scopeId: string, what: 'created' | 'updated') => {
      const counts = changed.get(scopeId) ?? { created: 0, updated: 0 };
      counts[what]++;
      changed.set(scopeId, counts);
    };
    for (const { row, insert } of creates) {
      if (!inserts.includes(insert)) continue;
      results.push({ row, outcome: 'created' });
      count(insert.tenant_id, 'created');
    }
    for (const { row, update } of updates) {
      const outcome = outcomes.get(update.user.id) ?? {};
      if (outcome.refused) {
        refuse(row, 'cardCSN', outcome.refused);
        continue;
      }
      // The same card warning as the panel's update answers.
      results.push({ row, outcome: 'updated', ...(outcome.warning ? { warning: outcome.warning } : {}) });
      count(update.user.tenant_id, 'updated');
    }
    for (const [scopeId, counts] of changed) {
      const message: LockUsersLiveMessage = { type: 'bulkUpdate', ...counts };
      this.deps.live.publish(live.lockUsers(scopeId), message);
    }
    results.sort((a, b) => a.row - b.row);
    const tally = (outcome: LockUserImportResult['outcome']) =>
      results.filter((r) => r.outcome === outcome).length;
    const answer = {
      created: tally('created'),
      updated: tally('updated'),
      unchanged: tally('unchanged'),
      refused: tally('refused'),
      results,
    };
    const { results: _rows, ...counts } = answer;
    const data = {
      ...counts,
      rows: rows.length,
      cardUsers: isCardUsers,
      customerIds: [...changed.keys()],
      importedBy: principal.userId,
    };
    await this.deps.events?.emit('notable', {
      tenantId: principal.tenantId,
      type: 'user_import.finished',
      occurredAt: Date.now(),
      data,
    });
    return answer;
  }
}
