import type { DeletionStep } from '@portal/contract';
import { type ColumnType, type Generated, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ownerSteps } from './owner-steps.ts';

export type DeletionState = 'running' | 'done' | 'failed';
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** migrations/0005_customer_deletion.ts */
export interface CustomerDeletionsTable {
  id: Generated<string>;
  tenant_id: string;
  /** Kept for the messages: the tenant row is gone once the job is done. */
  tenant_name: string;
  parent_id: string | null;
  /** The tenant's ancestors when the job started: who may see the job after the tenant is gone. */
  ancestors: ColumnType<string[], string[] | undefined, string[]>;
  /** Where the gateways go. */
  root_id: string;
  requested_by: string | null;
  state: Generated<DeletionState>;
  /** While running, the next step to run; when failed, the step that failed; when done, the last. */
  step: Generated<DeletionStep>;
  /** How many times a runner has claimed the job. */
  attempts: Generated<number>;
  /** Set by the runner holding the job; progress is recorded only with it. */
  claim_token: string | null;
  locked_at: Date | null;
  /** Other runners leave the job alone until then; a runner that died lets it go when this passes. */
  claimed_until: Date | null;
  message: string | null;
  revert_message: string | null;
  last_error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: Timestamp;
  finished_at: Date | null;
}

export type DeletionJobRow = Selectable<CustomerDeletionsTable>;

type DeletionDatabase = Database & { customer_deletions: CustomerDeletionsTable };

export interface DeletionTenant {
  id: string;
  name: string;
  kind: string;
  parent_id: string | null;
  ancestors: string[];
  status: 'Active' | 'DELETE_PENDING';
}

const TENANT_COLUMNS = ['id', 'name', 'kind', 'parent_id', 'ancestors', 'status'] as const;

/**
 * The deletion jobs and the SQL of each deletion step. The steps touch tenants, users and gateways together
 * with the job's progress, in one transaction per step, so this repository holds them all.
 */
export class CustomerDeletionRepository {
  private readonly db: Kysely<DeletionDatabase>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<{ customer_deletions: CustomerDeletionsTable }>();
  }

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repo: CustomerDeletionRepository) => Promise<T>): Promise<T> {
    // The transaction holds every table of Database (and ours): a sound view of it as Kysely<Database>.
    return this.db
      .transaction()
      .execute((trx) => work(new CustomerDeletionRepository(trx as unknown as Kysely<Database>)));
  }

  // --- tenants ---------------------------------------------------------------------------------------

  findTenant(id: string): Promise<DeletionTenant | undefined> {
    return this.db.selectFrom('tenants').select(TENANT_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  findRootTenant(): Promise<DeletionTenant | undefined> {
    return this.db.selectFrom('tenants').select(TENANT_COLUMNS).where('kind', '=', 'root').executeTakeFirst();
  }

  /**
   * How many users, gateways and child tenants still hang on the tenant. The users count stays here rather
   * than in the users module: the three counts are one statement, and the last step reads them in its own
   * transaction, where a count from the users module would be a second round trip outside it.
   */
  async dependents(tenantId: string): Promise<{ users: number; gateways: number; children: number }> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('users')
          .select(eb.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', tenantId)
          .as('users'),
        eb
          .selectFrom('gateways')
          .select(eb.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', tenantId)
          .as('gateways'),
        eb
          .selectFrom('tenants')
          .select(eb.fn.countAll<string>().as('n'))
          .where('parent_id', '=', tenantId)
          .as('children'),
      ])
      .executeTakeFirstOrThrow();
    return { users: Number(row.users), gateways: Number(row.gateways), children: Number(row.children) };
  }

  // --- the steps (each idempotent: running one again changes nothing more) -----------------------------

  // The steps on other modules' tables go through their owners' ports, in this repository's transaction.
  private get owners() {
    return ownerSteps(this.db as unknown as Kysely<Database>);
  }

  setTenantStatus(tenantId: string, status: 'Active' | 'DELETE_PENDING'): Promise<number> {
    return this.owners.tenants.setStatus(tenantId, status);
  }

  /** Deletes the tenant's users (the users module's step); their sessions, tokens, trusted devices cascade. */
  deleteUsers(tenantId: string): Promise<number> {
    return this.owners.users.deleteOfTenant(tenantId);
  }

  /** Hands the tenant's gateways to `rootId`, unregistered; nothing is sent to the devices. */
  async gatewaysOf(tenantId: string): Promise<{ id: string; mac: string }[]> {
    return this.db.selectFrom('gateways').select(['id', 'mac']).where('tenant_id', '=', tenantId).execute();
  }

  moveGateways(tenantId: string, rootId: string): Promise<number> {
    return this.owners.gateways.moveAllOfTenant(tenantId, rootId);
  }

  /** Deletes the tenant row; its portal configuration cascades, activity records stay (no foreign key). */
  deleteTenant(tenantId: string): Promise<number> {
    return this.owners.tenants.deleteTenant(tenantId);
  }

  // --- jobs ------------------------------------------------------------------------------------------

  /** Inserts a running job, or nothing when one already runs for the tenant (unique partial index). */
  insertRunning(job: {
    tenant_id: string;
    tenant_name: string;
    parent_id: string | null;
    ancestors: string[];
    root_id: string;
    requested_by: string;
  }): Promise<DeletionJobRow | undefined> {
    return this.db
      .insertInto('customer_deletions')
      .values(job)
      .onConflict((oc) => oc.column('tenant_id').where(sql<boolean>`state = 'running'`).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findRunning(tenantId: string): Promise<DeletionJobRow | undefined> {
    return this.db
      .selectFrom('customer_deletions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'running')
      .executeTakeFirst();
  }

  findLatest(tenantId: string): Promise<DeletionJobRow | undefined> {
    return this.db
      .selectFrom('customer_deletions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  findById(id: string): Promise<DeletionJobRow | undefined> {
    return this.db.selectFrom('customer_deletions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Claims the oldest running job no other runner holds: FOR UPDATE SKIP LOCKED while this statement runs,
   * `claimed_until` after it, so several portal instances never run one job at the same time.
   */
  claimNext(token: string, claimMs: number): Promise<DeletionJobRow | undefined> {
    return this.db
      .with('due', (db) =>
        db
          .selectFrom('customer_deletions')
          .select('id')
          .where('state', '=', 'running')
          .where((eb) =>
            eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', sql<Date>`now()`)]),
          )
          .orderBy('created_at')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('customer_deletions')
      .from('due')
      .set((eb) => ({
        attempts: eb('customer_deletions.attempts', '+', 1),
        claim_token: token,
        locked_at: sql<Date>`now()`,
        claimed_until: until(claimMs),
        updated_at: sql<Date>`now()`,
      }))
      .whereRef('customer_deletions.id', '=', 'due.id')
      .returningAll('customer_deletions')
      .executeTakeFirst();
  }

  /**
   * Records a finished step and extends the claim; false when the claim was lost (another runner took the
   * job over), in which case the caller's transaction must not commit.
   */
  async recordProgress(
    id: string,
    token: string,
    progress: { step: DeletionStep; done: boolean; message?: string },
    claimMs: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('customer_deletions')
      .set({
        step: progress.step,
        updated_at: sql<Date>`now()`,
        ...(progress.done
          ? {
              state: 'done',
              message: progress.message ?? null,
              finished_at: sql<Date>`now()`,
              claim_token: null,
              claimed_until: null,
            }
          : { claimed_until: until(claimMs) }),
      })
      .where('id', '=', id)
      .where('claim_token', '=', token)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Marks the job failed at `step`; false when the claim was lost. */
  async markFailed(
    id: string,
    token: string,
    failure: { step: DeletionStep; message: string; lastError: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('customer_deletions')
      .set({
        state: 'failed',
        step: failure.step,
        message: failure.message,
        last_error: failure.lastError,
        finished_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
        claim_token: null,
        claimed_until: null,
      })
      .where('id', '=', id)
      .where('claim_token', '=', token)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setRevertMessage(id: string, message: string): Promise<void> {
    await this.db
      .updateTable('customer_deletions')
      .set({ revert_message: message, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Lets another runner take the job at once (this one is stopping between steps). */
  async releaseClaim(id: string, token: string): Promise<void> {
    await this.db
      .updateTable('customer_deletions')
      .set({ claim_token: null, claimed_until: null, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('claim_token', '=', token)
      .execute();
  }
}

/** The database's clock plus `ms`, so that instances with skewed clocks agree on when a claim ends. */
const until = (ms: number) => sql<Date>`now() + ${ms}::double precision * interval '1 millisecond'`;
