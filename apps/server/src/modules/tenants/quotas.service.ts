import { type CustomerQuotas, type CustomerQuotaUse, quotaMessages, TENANT_KIND } from '@portal/contract';
import { AppError, forbidden } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Principal } from '../../lib/principal.ts';
import type { QuotaRow, QuotasRepository } from './quotas.repository.ts';
import type { TenantsService } from './tenants.service.ts';

/** How long an instance keeps the quotas it read (a change made on another instance applies within it). */
export const QUOTA_CACHE_MS = 10_000;

/** SQLSTATEs of migration 0041's trigger: the insert would pass a gateway or lock-user quota. */
const REFUSALS = {
  QU001: quotaMessages.gatewaysReached,
  QU002: quotaMessages.lockUsersReached,
} as const;

/**
 * The user's error for a database error of the quota trigger (migration 0041), to throw instead of it;
 * undefined for any other error. The repositories adding gateways and lock users call it.
 */
export function quotaRefusal(error: unknown): AppError | undefined {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  const message = REFUSALS[code as keyof typeof REFUSALS];
  return message ? new AppError('CONFLICT', message(Number(detail))) : undefined;
}

/** Rethrows a database error, as the user's error when it is the quota trigger's: `.catch(refuseOverQuota)`. */
export function refuseOverQuota(error: unknown): never {
  throw quotaRefusal(error) ?? error;
}

/** The quota rows by every tenant they cover: a tenant's own and its ancestors'. */
type Coverage = Map<string, QuotaRow[]>;

/**
 * Per-customer quotas (docs/quotas.md): root sets them, root's Customers screen shows them with their use, and
 * a customer's Dashboard its own.
 * The gateway and lock-user quotas are enforced by the database (migration 0041); the API calls per minute
 * here (`countApiCall`, from the access hook); messages per second by ingest (`messageRates`); stored days
 * by the telemetry retention job (`storedDays`). The rows are kept in memory for QUOTA_CACHE_MS, so that a
 * customer without a quota costs nothing per call or message.
 */
export class QuotasService {
  private coverage: Coverage = new Map();
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<Coverage> | undefined;
  /** Raised by a change here: a read begun before it does not keep its (older) rows. */
  private changes = 0;

  constructor(
    private readonly repo: QuotasRepository,
    private readonly tenants: TenantsService,
  ) {}

  /** The quotas and use of reachable customers (root only): the Customers screen's figures. */
  async quotasOf(principal: Principal, ids: string[]): Promise<CustomerQuotaUse[]> {
    if (!principal.isRoot) throw forbidden();
    return this.useOf(ids.filter(isUuid));
  }

  /**
   * One customer's quotas and use, for root and for the users of that customer or one above it (its Dashboard:
   * what it may still add); a customer out of the user's reach is 404.
   */
  async quotasOfCustomer(principal: Principal, tenantId: string): Promise<CustomerQuotaUse> {
    const tenant = await this.tenants.scopeWithin(principal, tenantId);
    const [use] = await this.useOf([tenant.id]);
    return use!;
  }

  private async useOf(ids: string[]): Promise<CustomerQuotaUse[]> {
    const rows = await this.repo.useOf(ids);
    return rows.map((row) => ({
      tenantId: row.tenantId,
      quotas: row.quotas,
      use: { gateways: row.gateways, lockUsers: row.lockUsers, apiCallsPerMinute: row.api },
    }));
  }

  /** Root sets a customer's quotas (all five; null: unlimited). Another tenant's id: 404; not root: 403. */
  async setQuotas(principal: Principal, tenantId: string, quotas: CustomerQuotas): Promise<CustomerQuotaUse> {
    const tenant = await this.tenants.scopeWithin(principal, tenantId);
    if (!principal.isRoot) throw forbidden();
    if (tenant.kind === TENANT_KIND.root) throw new AppError('VALIDATION_ERROR', quotaMessages.rootHasNone);
    await this.repo.set(tenant.id, quotas);
    this.changes++;
    this.readAt = Number.NEGATIVE_INFINITY;
    const [use] = await this.useOf([tenant.id]);
    return use!;
  }

  /**
   * Counts a call of a user or API key against the API quota of its customer and of each customer above it
   * that has one; over a quota, 429 with the seconds to wait (`details.retryAfter`). Root is never limited.
   */
  async countApiCall(principal: Principal): Promise<void> {
    if (principal.isRoot) return;
    const covering = (await this.current()).get(principal.tenantId) ?? [];
    const limited = covering.filter((row) => row.apiCallsPerMinute !== null).map((row) => row.tenantId);
    if (limited.length === 0) return;
    const over = (await this.repo.countApiCall(limited)).find((count) => count.calls > count.quota);
    if (over)
      throw new AppError('RATE_LIMITED', quotaMessages.apiCallsReached(over.quota, over.secondsLeft), {
        retryAfter: over.secondsLeft,
      });
  }

  /**
   * The message rates a gateway of this tenant counts against: its customer's and each ancestor's with one.
   * From memory (the hot path of every device message); a read older than QUOTA_CACHE_MS starts a new one.
   */
  messageRates(tenantId: string): { tenantId: string; perSecond: number }[] {
    if (Date.now() - this.readAt > QUOTA_CACHE_MS) void this.current().catch(() => {});
    const covering = this.coverage.get(tenantId) ?? [];
    return covering.flatMap((row) =>
      row.messagesPerSecond === null ? [] : [{ tenantId: row.tenantId, perSecond: row.messagesPerSecond }],
    );
  }

  /** Customers with a stored-days quota: the tenants of each subtree and the days their samples are kept. */
  async storedDays(): Promise<{ tenantIds: string[]; days: number }[]> {
    const rows = await this.repo.limited();
    return rows.flatMap((row) =>
      row.storedDays === null ? [] : [{ tenantIds: row.subtree, days: row.storedDays }],
    );
  }

  /** The quota rows by covered tenant, read again when older than QUOTA_CACHE_MS (one read at a time). */
  private async current(): Promise<Coverage> {
    if (Date.now() - this.readAt <= QUOTA_CACHE_MS) return this.coverage;
    this.reading ??= (async () => {
      const startedAt = Date.now();
      const changes = this.changes;
      try {
        const coverage: Coverage = new Map();
        for (const row of await this.repo.limited()) {
          for (const id of row.subtree) coverage.set(id, [...(coverage.get(id) ?? []), row]);
        }
        if (changes === this.changes) {
          this.coverage = coverage;
          this.readAt = startedAt;
        }
        return coverage;
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }
}
