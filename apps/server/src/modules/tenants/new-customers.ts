import { type createScopeBody, customerMessages, live, THEME_DEFAULTS } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, Tenant } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import { toScope } from './scope-view.ts';
import { TenantsRepository } from './tenants.repository.ts';
import type { TenantsService } from './tenants.service.ts';

type CreateBody = z.output<typeof createScopeBody>;

export function assertNotBeingDeleted(scope: Tenant): void {
  if (scope.status === 'DELETE_PENDING') throw new AppError('CONFLICT', customerMessages.beingDeleted);
}

/** Stored lower-case without surrounding spaces; empty means none. */
export const emailDomain = (value: string | undefined) => value?.trim().toLowerCase() || null;

/**
 * A new customer below `parent` (default: the caller's own tenant), written once for POST /api/createScope and
 * for a customer made with its super admin (portal-users, POST /api/createCustomer): every check first (the
 * parent within reach and not being deleted, the customer id free), then the row in one transaction with what
 * the caller writes beside it (`alongside`: nothing of either stays when it throws), then scopeCreated to the
 * parent's browsers and every level above.
 */
export class NewCustomers {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      tenants: Pick<TenantsService, 'scopeWithin'>;
      live: LivePublisher;
    },
  ) {}

  async create<T = undefined>(
    principal: Principal,
    body: CreateBody,
    alongside?: (trx: Kysely<Database>, tenant: Tenant) => Promise<T>,
  ): Promise<{ tenant: Tenant; alongside: T | undefined }> {
    const parent = await this.deps.tenants.scopeWithin(principal, body.parent ?? principal.tenantId);
    assertNotBeingDeleted(parent);
    if (await new TenantsRepository(this.deps.db).findByCustomerIdIgnoringCase(body.customerId))
      throw new AppError('CONFLICT', customerMessages.customerIdTaken);
    const created = await this.deps.db.transaction().execute(async (trx) => {
      const repo = new TenantsRepository(trx);
      const tenant = await repo.insertUnique({
        name: body.name,
        customer_id: body.customerId,
        kind: 'customer',
        parent_id: parent.id,
        ancestors: [...parent.ancestors, parent.id],
        email_domain: emailDomain(body.emailDomain),
        primary_theme_color: body.primaryThemeColor ?? THEME_DEFAULTS.primary,
        secondary_theme_color: body.secondaryThemeColor ?? THEME_DEFAULTS.secondary,
        ...(body.dashboardVariant ? { dashboard_variant: body.dashboardVariant } : {}),
      });
      if (!tenant) {
        const labelTaken = await repo.findSiblingByLabel(parent.id, body.name);
        throw new AppError(
          'CONFLICT',
          labelTaken ? customerMessages.labelTaken : customerMessages.customerIdTaken,
        );
      }
      return { tenant, alongside: alongside ? await alongside(trx, tenant) : undefined };
    });
    const row = await new TenantsRepository(this.deps.db).scopeById(created.tenant.id);
    if (!row) throw notFound('Customer');
    const scope = toScope(row);
    for (const id of created.tenant.ancestors)
      this.deps.live.publish(live.scopes(id), { type: 'scopeCreated', scope });
    return created;
  }
}
