import {
  type CustomersPage,
  type createScopeBody,
  customerMessages,
  type customersQuery,
  type HierarchyNode,
  live,
  pumpMessages,
  type Scope,
  type ScopesLiveMessage,
  type updateScopeBody,
} from '@portal/contract';
import type { z } from 'zod';
import type { Tenant } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import type { PublicFiles } from '../files/index.ts';
import { type ImageExtension, sniffImage } from '../files/index.ts';
import { customersCsv } from './customers-csv.ts';
import { assertNotBeingDeleted, emailDomain, type NewCustomers } from './new-customers.ts';
import { toScope } from './scope-view.ts';
import { isUniqueViolation, type TenantsRepository } from './tenants.repository.ts';
import type { TenantsService } from './tenants.service.ts';

type CreateBody = z.output<typeof createScopeBody>;
type UpdateBody = z.output<typeof updateScopeBody>;
type ListQuery = z.output<typeof customersQuery>;

export interface UploadedImages {
  scopeId: string;
  logo?: Uint8Array;
  favIcon?: Uint8Array;
}

/**
 * Customers (spec 000 sections 2-5): the hierarchy, the root's customers list and its CSV, creating and
 * updating a customer (label read-only, unique customer id, theme colours), and its logo and favicon.
 * Every call acts within the principal's reach (its own tenant and below; root everywhere); a scope
 * outside it answers 404.
 */
export class CustomersService {
  constructor(
    private readonly repo: TenantsRepository,
    private readonly tenants: TenantsService,
    private readonly live: LivePublisher,
    private readonly files: PublicFiles,
    private readonly newCustomers: NewCustomers,
  ) {}

  /** GET /api/hirarchy: the caller's own tenant as a tree (root: the whole tree from the root tenant). */
  ownHierarchy(principal: Principal): Promise<HierarchyNode> {
    return this.tree(principal.tenantId);
  }

  /** GET /api/hierarchy/scope: a reachable scope's subtree. */
  async hierarchy(principal: Principal, scopeId: string): Promise<HierarchyNode> {
    const scope = await this.tenants.scopeWithin(principal, scopeId);
    return this.tree(scope.id);
  }

  async scope(principal: Principal, scopeId: string): Promise<Scope> {
    const scope = await this.tenants.scopeWithin(principal, scopeId);
    return this.load(scope.id);
  }

  async rootTenantId(): Promise<string> {
    const root = await this.repo.findByKind('root');
    if (!root) throw new Error('root tenant missing: seedFirstStart must run first');
    return root.id;
  }

  /** The customers list: every tenant in reach but the root tenant, searched, sorted and paged. */
  async customers(principal: Principal, query: ListQuery): Promise<CustomersPage> {
    const { rows, total } = await this.repo.customers(this.customersFilter(principal, query), {
      offset: query.page * query.pageSize,
      limit: query.pageSize,
    });
    return { customers: rows.map(toScope), total };
  }

  /** Customers.csv: exactly the rows of the list for the same search and sort, unpaged. */
  async customersCsv(principal: Principal, query: ListQuery): Promise<string> {
    const { rows } = await this.repo.customers(this.customersFilter(principal, query));
    return customersCsv(rows.map(toScope));
  }

  /**
   * A new customer below `parent` (default: the caller's own tenant), which the caller must reach
   * (new-customers.ts). Its super admin comes with POST /api/createCustomer (portal-users), or afterwards.
   */
  async create(principal: Principal, body: CreateBody): Promise<{ id: string }> {
    const { tenant } = await this.newCustomers.create(principal, body);
    return { id: tenant.id };
  }

  /** Colours, e-mail domain and customer id may change; the label may not. */
  async update(principal: Principal, body: UpdateBody): Promise<Scope> {
    const current = await this.tenants.scopeWithin(principal, body.id);
    assertNotBeingDeleted(current);
    if (body.name !== current.name) throw new AppError('VALIDATION_ERROR', customerMessages.labelReadOnly);
    if (body.customerId.toLowerCase() !== current.customer_id.toLowerCase())
      await this.assertCustomerIdFree(body.customerId);
    const variantChanges =
      body.dashboardVariant !== undefined && body.dashboardVariant !== current.dashboard_variant;
    // A customer is given its dashboard by the customer above it (root: any); not by its own users.
    if (variantChanges && !principal.isRoot && current.id === principal.tenantId)
      throw new AppError('FORBIDDEN', pumpMessages.ownVariant);
    let row: Tenant | undefined;
    try {
      row = await this.repo.update(current.id, {
        customer_id: body.customerId,
        ...(body.emailDomain !== undefined ? { email_domain: emailDomain(body.emailDomain) } : {}),
        ...(body.primaryThemeColor ? { primary_theme_color: body.primaryThemeColor } : {}),
        ...(body.secondaryThemeColor ? { secondary_theme_color: body.secondaryThemeColor } : {}),
        ...(variantChanges ? { dashboard_variant: body.dashboardVariant } : {}),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', customerMessages.customerIdTaken);
      throw error;
    }
    if (!row) throw notFound('Customer');
    return this.announceUpdate(row);
  }

  /**
   * Logo and/or favicon of a reachable scope: at most IMAGE_MAX_BYTES each (checked by the route while
   * reading), a PNG, JPEG, GIF, WebP or ICO by its content. Stored under new random names; the files
   * they replace are removed.
   */
  async uploadImages(
    principal: Principal,
    upload: UploadedImages,
  ): Promise<{ logoUrl: string | null; favIconUrl: string | null }> {
    const scope = await this.tenants.scopeWithin(principal, upload.scopeId);
    assertNotBeingDeleted(scope);
    const logoType = upload.logo && imageType(upload.logo);
    const favIconType = upload.favIcon && imageType(upload.favIcon);
    if (!upload.logo && !upload.favIcon) return { logoUrl: scope.logo_url, favIconUrl: scope.fav_icon_url };

    const stored: { logo_url?: string; fav_icon_url?: string } = {};
    let replaced: { logo_url: string | null; fav_icon_url: string | null } | undefined;
    try {
      if (upload.logo && logoType) stored.logo_url = await this.files.storeImage(upload.logo, logoType);
      if (upload.favIcon && favIconType)
        stored.fav_icon_url = await this.files.storeImage(upload.favIcon, favIconType);
      replaced = await this.repo.setImages(scope.id, stored);
    } finally {
      // Files of an update that did not happen are not kept.
      if (!replaced) {
        await this.files.removeByUrl(stored.logo_url);
        await this.files.removeByUrl(stored.fav_icon_url);
      }
    }
    if (!replaced) throw notFound('Customer');
    if (stored.logo_url) await this.files.removeByUrl(replaced.logo_url);
    if (stored.fav_icon_url) await this.files.removeByUrl(replaced.fav_icon_url);
    const row = await this.repo.findById(scope.id);
    if (!row) throw notFound('Customer');
    await this.announceUpdate(row);
    return { logoUrl: row.logo_url, favIconUrl: row.fav_icon_url };
  }

  private customersFilter(principal: Principal, query: ListQuery) {
    return {
      within: principal.isRoot ? null : principal.tenantId,
      search: query.search,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
    };
  }

  private async assertCustomerIdFree(customerId: string): Promise<void> {
    if (await this.repo.findByCustomerIdIgnoringCase(customerId))
      throw new AppError('CONFLICT', customerMessages.customerIdTaken);
  }

  private async tree(rootId: string): Promise<HierarchyNode> {
    const rows = await this.repo.subtreeScopes(rootId);
    const nodes = new Map(
      rows.map((row) => [row.id, { scope: toScope(row), children: [] as HierarchyNode[] }]),
    );
    // Rows come sorted by name, so every child list is too.
    for (const row of rows) {
      if (row.id !== rootId && row.parent_id) nodes.get(row.parent_id)?.children.push(nodes.get(row.id)!);
    }
    const top = nodes.get(rootId);
    if (!top) throw notFound('Customer');
    return top;
  }

  private async load(id: string): Promise<Scope> {
    const row = await this.repo.scopeById(id);
    if (!row) throw notFound('Customer');
    return toScope(row);
  }

  /** scopeUpdated on the scope's own channel and on every ancestor's. */
  private async announceUpdate(row: Tenant): Promise<Scope> {
    const scope = await this.load(row.id);
    this.publish([row.id, ...row.ancestors], { type: 'scopeUpdated', scope });
    return scope;
  }

  private publish(scopeIds: string[], message: ScopesLiveMessage): void {
    for (const id of new Set(scopeIds)) this.live.publish(live.scopes(id), message);
  }
}

function imageType(bytes: Uint8Array): ImageExtension {
  const type = sniffImage(bytes);
  if (!type) throw new AppError('VALIDATION_ERROR', customerMessages.imageType);
  return type;
}
