import {
  AGENT_CONFIG_LIMITS,
  type AgentConfigHistory,
  type AgentConfigInput,
  type AgentConfigResponse,
  type AgentConfigValues,
  type AgentConfigDelivery as DeliveryView,
  live,
  agentConfigMessages as messages,
} from '@portal/contract';
import type { Logger } from 'pino';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { AgentConfigRepository } from './agent-config.repository.ts';
import type { AgentConfigDelivery } from './agent-config-delivery.ts';
import {
  type AgentConfigChange,
  changesBetween,
  DEFAULT_AGENT_CONFIG,
  mapSecrets,
  maskSecret,
  mergeInput,
  withSecretsOf,
} from './agent-config-values.ts';
import type { SecretBox } from './secret-box.ts';

const HISTORY_LIMIT = 100;
const DELIVERY_LIST_LIMIT = 500;

/** Who changed it, for the history: the e-mail of a user id. */
export type EmailOf = (userId: string) => Promise<string | null>;

/**
 * Agent configuration per customer (spec 002; docs/agent-config.md). Reading needs ALERTS_READ (the route);
 * changing needs IOT_DEVICE_WRITE (the route) and ALERTS_READ (here: one changes only what one can see).
 */
export class AgentConfigService {
  readonly delivery: AgentConfigDelivery;

  constructor(
    private readonly repo: AgentConfigRepository,
    private readonly tenants: TenantsService,
    private readonly live: LivePublisher,
    private readonly box: SecretBox,
    private readonly emailOf: EmailOf,
    makeDelivery: (current: AgentConfigService['current']) => AgentConfigDelivery,
    private readonly logger: Logger,
  ) {
    this.delivery = makeDelivery((scopeId) => this.current(scopeId));
  }

  /** The customer's current configuration, secrets in clear: for the gateways only. */
  async current(scopeId: string): Promise<{ cfv: number; values: AgentConfigValues; stored: boolean }> {
    const head = await this.repo.head(scopeId);
    if (!head) return { cfv: 1, values: structuredClone(DEFAULT_AGENT_CONFIG), stored: false };
    return { cfv: head.cfv, values: this.unseal(head.cfg), stored: true };
  }

  async get(principal: Principal, sid: string): Promise<AgentConfigResponse> {
    const scope = await this.tenants.scopeWithin(principal, sid);
    const { cfv, values } = await this.current(scope.id);
    return { SID: scope.id, cfg: { cfv, ...mapSecrets(values, maskSecret) } };
  }

  async update(principal: Principal, sid: string, input: AgentConfigInput): Promise<number> {
    const { scopeId, current } = await this.forChange(principal, sid, input.cfv);
    const next = mergeInput(input, current.values);
    const changes = changesBetween(current.values, next);
    if (changes.length === 0) throw new AppError('VALIDATION_ERROR', messages.nothingChanged);
    return this.write(principal, scopeId, current.cfv, next, 'update', null, changes);
  }

  /** Back to the documented defaults; the secrets, which have none, are kept. */
  async reset(principal: Principal, sid: string, base: number): Promise<number> {
    const { scopeId, current } = await this.forChange(principal, sid, base);
    if (current.cfv <= 1) throw new AppError('VALIDATION_ERROR', messages.resetAtDefault);
    const next = withSecretsOf(DEFAULT_AGENT_CONFIG, current.values);
    return this.write(
      principal,
      scopeId,
      current.cfv,
      next,
      'reset',
      null,
      changesBetween(current.values, next),
    );
  }

  /** A new version holding what version `to` held (version 1: the defaults, with the current secrets). */
  async revert(principal: Principal, sid: string, base: number, to: number): Promise<number> {
    const { scopeId, current } = await this.forChange(principal, sid, base);
    if (to >= current.cfv) throw new AppError('NOT_FOUND', messages.unknownVersion);
    let target: AgentConfigValues;
    if (to === 1) target = withSecretsOf(DEFAULT_AGENT_CONFIG, current.values);
    else {
      const row = await this.repo.version(scopeId, to);
      if (!row) throw new AppError('NOT_FOUND', messages.unknownVersion);
      target = this.unseal(row.cfg);
    }
    return this.write(
      principal,
      scopeId,
      current.cfv,
      target,
      'revert',
      to,
      changesBetween(current.values, target),
    );
  }

  async history(principal: Principal, sid: string): Promise<AgentConfigHistory> {
    const scope = await this.tenants.scopeWithin(principal, sid);
    const rows = await this.repo.history(scope.id, HISTORY_LIMIT);
    const versions: AgentConfigHistory['versions'] = rows.map((row) => ({
      cfv: row.cfv,
      action: row.action as 'update' | 'reset' | 'revert',
      revertedTo: row.reverted_to,
      changedBy: row.changed_by_email,
      changedAt: new Date(row.created_at).toISOString(),
      changes: row.changes as AgentConfigChange[],
    }));
    if (versions.length < HISTORY_LIMIT)
      versions.push({
        cfv: 1,
        action: 'default',
        revertedTo: null,
        changedBy: null,
        changedAt: '',
        changes: [],
      });
    return { SID: scope.id, versions };
  }

  async deliveryStatus(principal: Principal, sid: string): Promise<DeliveryView> {
    const scope = await this.tenants.scopeWithin(principal, sid);
    const { cfv } = await this.current(scope.id);
    const [counts, rows] = await Promise.all([
      this.repo.deliveryCounts(scope.id, cfv),
      this.repo.deliveryRows(scope.id, cfv, DELIVERY_LIST_LIMIT),
    ]);
    return {
      SID: scope.id,
      cfv,
      ...counts,
      gateways: rows.map((row) => ({
        macId: row.mac,
        name: row.name,
        connected: row.connected,
        appliedCfv: row.applied_cfv,
        appliedAt: row.applied_at ? new Date(row.applied_at).toISOString() : null,
        rejected: row.rejected,
        state:
          row.applied_cfv === cfv
            ? 'current'
            : row.applied_cfv !== null && row.applied_cfv < cfv
              ? 'older'
              : 'unconfirmed',
      })),
    };
  }

  private async forChange(principal: Principal, sid: string, base: number) {
    if (!principal.permissions.has('ALERTS_READ')) throw forbidden();
    const scope = await this.tenants.scopeWithin(principal, sid);
    const current = await this.current(scope.id);
    if (base !== current.cfv) throw new AppError('CONFLICT', messages.changedMeanwhile);
    if (current.cfv >= AGENT_CONFIG_LIMITS.cfvMax)
      throw new AppError('VALIDATION_ERROR', messages.versionLimit);
    return { scopeId: scope.id, current };
  }

  private async write(
    principal: Principal,
    scopeId: string,
    base: number,
    next: AgentConfigValues,
    action: 'update' | 'reset' | 'revert',
    revertedTo: number | null,
    changes: AgentConfigChange[],
  ): Promise<number> {
    const cfv = await this.repo.write({
      scopeId,
      base,
      cfg: mapSecrets(next, (value) => this.box.seal(value)),
      action,
      revertedTo,
      changes,
      userId: principal.userId,
      email: await this.emailOf(principal.userId),
    });
    if (cfv === undefined) throw new AppError('CONFLICT', messages.changedMeanwhile);
    this.live.publish(live.agentConfig(scopeId), { type: 'version', SID: scopeId, cfv });
    void this.delivery
      .toCustomer(scopeId)
      .catch((error) => this.logger.warn({ err: error, scopeId }, 'agent config: delivery failed'));
    return cfv;
  }

  private unseal(cfg: unknown): AgentConfigValues {
    return mapSecrets(cfg as AgentConfigValues, (value) => this.box.open(value));
  }
}
