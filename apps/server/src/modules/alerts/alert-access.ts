import { TENANT_KIND } from '@portal/contract';
import type { Tenant } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { AlertRow, AlertsRepository } from './alerts.repository.ts';

/** Where an alert call acts, and what the caller may do there (spec 002 section 6). */
export interface AlertScope {
  tenant: Tenant;
  canRead: boolean;
  canWrite: boolean;
  /** The support tenant: simplified form, no duplicate check, no command, Email and SMS columns. */
  support: boolean;
  /** A member of the free-tier scope: strangers to each other, so each sees and receives only its own alerts. */
  generalUser: boolean;
  /** Tenants whose users may receive the alert: the tenant and every tenant above it. */
  receiverTenants: string[];
}

/**
 * The walls of every alert call: a tenant outside the caller's reach, or an alert in one, is a 404 as for one
 * that does not exist; reading needs ALERTS_READ and changing ALERTS_WRITE, or, on the support tenant, an
 * e-mail of SUPPORT_EMAILS.
 */
export class AlertAccess {
  constructor(
    private readonly deps: {
      repo: AlertsRepository;
      tenants: Pick<TenantsService, 'scopeWithin'>;
      supportEmails: readonly string[];
    },
  ) {}

  async scope(principal: Principal, scopeId: string, need: 'read' | 'write'): Promise<AlertScope> {
    const tenant = await this.deps.tenants.scopeWithin(principal, scopeId);
    const support = tenant.kind === TENANT_KIND.support;
    let listed = false;
    if (support && this.deps.supportEmails.length > 0) {
      const email = await this.deps.repo.userEmail(principal.userId);
      listed = !!email && this.deps.supportEmails.includes(email.toLowerCase());
    }
    const scope: AlertScope = {
      tenant,
      canRead: listed || principal.permissions.has('ALERTS_READ'),
      canWrite: listed || principal.permissions.has('ALERTS_WRITE'),
      support,
      generalUser:
        tenant.kind === TENANT_KIND.freeTier && !principal.isRoot && tenant.id === principal.tenantId,
      receiverTenants: [tenant.id, ...tenant.ancestors],
    };
    if (!scope.canRead || (need === 'write' && !scope.canWrite)) throw forbidden();
    return scope;
  }

  /** The alert of this kind and its scope; 404 when it does not exist, is of another kind or out of reach. */
  async alert(
    principal: Principal,
    id: string,
    kind: 'lock' | 'sensor' | 'any',
    need: 'read' | 'write',
  ): Promise<{ alert: AlertRow; scope: AlertScope }> {
    const alert = isUuid(id) ? await this.deps.repo.find(id) : undefined;
    if (!alert || (kind !== 'any' && alert.kind !== kind)) throw notFound('Alert');
    const scope = await this.scope(principal, alert.tenant_id, need).catch((error) => {
      throw error?.code === 'NOT_FOUND' ? notFound('Alert') : error;
    });
    if (scope.generalUser && alert.created_by !== principal.userId) throw notFound('Alert');
    return { alert, scope };
  }
}

/**
 * The owner of the alerts the caller creates in this scope: a free-tier user's are its own (one per type per
 * user, seen by it alone); anybody else's belong to the tenant (null: one per type per tenant).
 */
export const ownerOf = (principal: Principal, scope: AlertScope): string | null =>
  scope.generalUser ? principal.userId : null;
