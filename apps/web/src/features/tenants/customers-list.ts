import {
  CUSTOMER_STATUS,
  CUSTOMERS_PAGE_SIZES,
  type CustomersQuery,
  type customersQuery,
  effectivePermissions,
  type Scope,
  TENANT_KIND,
} from '@portal/contract';
import type { z } from 'zod';
import type { ColumnSort } from '../../lib/list-paging.ts';

/** What a cached list page was asked for. */
export type CustomerListParams = z.output<typeof customersQuery>;
export type CustomerSortBy = CustomerListParams['sortBy'];
export type CustomerSort = ColumnSort<CustomerSortBy>;

/** The session key of the remembered rows-per-page choice (DESIGN.md section 8). */
export const CUSTOMERS_LIST_NAME = 'customers';
export const CUSTOMERS_DEFAULT_PAGE_SIZE = 10;
/** The list asks the server again this long after typing in the search box stops. */
export const SEARCH_DELAY_MS = 500;
/** Spec 000 section 2: the list is sorted by name. */
export const DEFAULT_SORT: CustomerSort = { sortBy: 'name', sortOrder: 'asc' };

/** The remembered rows-per-page when it is one of 10, 25, 50, 100, else 10. */
export function pageSizeFrom(remembered: number): number {
  return (CUSTOMERS_PAGE_SIZES as readonly number[]).includes(remembered)
    ? remembered
    : CUSTOMERS_DEFAULT_PAGE_SIZE;
}

/** The query string of the list and of its CSV export (the CSV takes the filter and order, not the page). */
export function customersSearchParams(params: CustomersQuery, withPage = true): URLSearchParams {
  const query = new URLSearchParams({
    search: params.search ?? '',
    sortBy: params.sortBy ?? DEFAULT_SORT.sortBy,
    sortOrder: params.sortOrder ?? DEFAULT_SORT.sortOrder,
  });
  if (withPage) {
    query.set('page', String(params.page ?? 0));
    query.set('pageSize', String(params.pageSize ?? CUSTOMERS_DEFAULT_PAGE_SIZE));
  }
  return query;
}

export const isDeletePending = (scope: Pick<Scope, 'status'>) =>
  scope.status === CUSTOMER_STATUS.deletePending;

/** The default root customer: the root tenant's id, or a tenant of the root kind. */
export function isRootCustomer(scope: Pick<Scope, 'id' | 'kind'>, rootTenantId: string | undefined): boolean {
  return scope.id === rootTenantId || scope.kind === TENANT_KIND.root;
}

/** Tenants the server never deletes: the root customer, the free-tier scope and the support tenant. */
const FIXED_KINDS: readonly string[] = [TENANT_KIND.root, TENANT_KIND.freeTier, TENANT_KIND.support];
export const isFixedTenant = (scope: Pick<Scope, 'id' | 'kind'>, rootTenantId: string | undefined) =>
  isRootCustomer(scope, rootTenantId) || FIXED_KINDS.includes(scope.kind);

export interface CustomerViewer {
  permissions: readonly string[];
  rootTenantId: string | undefined;
}

export interface CustomerRowAccess {
  /** Whether choosing the row opens the customer. */
  open: boolean;
  /** Whether the row is being deleted (a spinner shows). */
  pending: boolean;
  edit: { visible: boolean; enabled: boolean };
  /** Disabled with the tooltip 'customer is being deleted' while the deletion runs. */
  delete: { visible: boolean; enabled: boolean };
}

/** Add needs SCOPE_WRITE. */
export function canAddCustomer(viewer: Pick<CustomerViewer, 'permissions'>): boolean {
  return effectivePermissions(viewer.permissions).has('SCOPE_WRITE');
}

/**
 * Spec 000 section 2: a DELETE_PENDING customer cannot be opened or edited and its delete is disabled; the root
 * customer (and the other fixed tenants) have no delete. Edit needs SCOPE_UPDATE (granted by SCOPE_WRITE too), delete SCOPE_DELETE.
 */
export function customerRowAccess(viewer: CustomerViewer, scope: Scope): CustomerRowAccess {
  const held = effectivePermissions(viewer.permissions);
  const pending = isDeletePending(scope);
  return {
    open: !pending,
    pending,
    edit: { visible: held.has('SCOPE_UPDATE'), enabled: !pending },
    delete: {
      visible: held.has('SCOPE_DELETE') && !isFixedTenant(scope, viewer.rootTenantId),
      enabled: !pending,
    },
  };
}
