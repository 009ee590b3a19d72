import {
  CUSTOMER_STATUS,
  type CustomersPage,
  customerMessages,
  deletionStepLabels,
  type Scope,
  type ScopesLiveMessage,
  scopesLiveMessage,
} from '@portal/contract';
import type { Notice } from '../../lib/use-notify.ts';
import type { CustomerListParams, CustomerSortBy } from './customers-list.ts';

/** A cached page after a live message: the page to show now, and whether to ask the server again. */
export interface CachedPageUpdate {
  page: CustomersPage;
  refetch: boolean;
}

const keep = (page: CustomersPage): CachedPageUpdate => ({ page, refetch: false });
const refetch = (page: CustomersPage): CachedPageUpdate => ({ page, refetch: true });
const contains = (page: CustomersPage, id: string) => page.customers.some((scope) => scope.id === id);
/** Whether the list has rows on other pages (so removing or adding one shifts this page). */
const hasOtherPages = (page: CustomersPage, params: CustomerListParams) =>
  params.page > 0 || page.total > page.customers.length;

function mapScope(page: CustomersPage, id: string, change: (scope: Scope) => Scope): CustomersPage {
  let changed = false;
  const customers = page.customers.map((scope) => {
    if (scope.id !== id) return scope;
    const next = change(scope);
    if (next !== scope) changed = true;
    return next;
  });
  return changed ? { ...page, customers } : page;
}

const nameKey = (scope: Scope) => scope.name.toLowerCase();
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The name order of the server (case-insensitive, then the id), in the list's direction. */
function compareByName(a: Scope, b: Scope, params: CustomerListParams): number {
  const order = compareText(nameKey(a), nameKey(b));
  return (params.sortOrder === 'desc' ? -order : order) || compareText(a.id, b.id);
}

/** The fields the server's search looks in (spec 000 section 2). */
const SEARCHED: (keyof Scope)[] = ['name', 'firmwareVersion', 'customerId', 'osVersion', 'osPatch'];

function sortValue(scope: Scope, sortBy: CustomerSortBy): string | number | null {
  return sortBy === 'name' ? nameKey(scope) : scope[sortBy];
}

/**
 * A new customer goes where the name order puts it when that place is on this page; when it belongs to a later
 * page only the total grows. When the list is searched or sorted by another column, the server decides.
 */
function withCreated(page: CustomersPage, params: CustomerListParams, scope: Scope): CachedPageUpdate {
  if (contains(page, scope.id)) return keep(mapScope(page, scope.id, () => scope));
  if (params.search.trim() !== '' || params.sortBy !== 'name') return refetch(page);
  const before = page.customers.findIndex((existing) => compareByName(scope, existing, params) < 0);
  if (before === 0 && params.page > 0) return refetch(page);
  if (before === -1 && page.customers.length >= params.pageSize)
    return keep({ ...page, total: page.total + 1 });
  const at = before === -1 ? page.customers.length : before;
  const customers = [...page.customers.slice(0, at), scope, ...page.customers.slice(at)].slice(
    0,
    params.pageSize,
  );
  return keep({ customers, total: page.total + 1 });
}

/**
 * An updated customer is replaced in place, unless the change may move it (its sort value changed) or take it
 * out of a search. One not on this page only matters when it may have moved into it.
 */
function withUpdated(page: CustomersPage, params: CustomerListParams, scope: Scope): CachedPageUpdate {
  const searched = params.search.trim() !== '';
  const old = page.customers.find((existing) => existing.id === scope.id);
  if (!old) {
    // Names cannot change, so in the unsearched name order an absent customer stays where it was.
    if (!searched && params.sortBy === 'name') return keep(page);
    return hasOtherPages(page, params) || searched ? refetch(page) : keep(page);
  }
  const moved = sortValue(old, params.sortBy) !== sortValue(scope, params.sortBy);
  const searchedFieldChanged = searched && SEARCHED.some((field) => old[field] !== scope[field]);
  // Live messages carry no version-mismatch count (the list's own figure): the row keeps the one it has.
  const next =
    scope.versionMismatchCount === undefined && old.versionMismatchCount !== undefined
      ? { ...scope, versionMismatchCount: old.versionMismatchCount }
      : scope;
  const replaced = mapScope(page, scope.id, () => next);
  return moved || searchedFieldChanged ? refetch(replaced) : keep(replaced);
}

/** A deleted customer leaves the page at once; when other pages exist, the page is asked for again to refill. */
function withoutScope(page: CustomersPage, id: string): CachedPageUpdate {
  const remaining: CustomersPage = {
    customers: page.customers.filter((scope) => scope.id !== id),
    total: Math.max(0, page.total - 1),
  };
  return remaining.total > remaining.customers.length ? refetch(remaining) : keep(remaining);
}

const withStatus = (page: CustomersPage, id: string, status: Scope['status']) =>
  mapScope(page, id, (scope) => (scope.status === status ? scope : { ...scope, status }));

type DeletionMessage = Extract<ScopesLiveMessage, { type: 'deletion' }>;

/**
 * A failed deletion is told in two messages: the failure ('Failed to delete {name} customer {step}'), then
 * the revert ('Reverted customer status to Active', or 'Failed to Change customer status to Active').
 */
const isRevertMessage = (change: DeletionMessage) =>
  change.message === customerMessages.reverted || change.message === customerMessages.revertFailed;

/** Whether the message ends the deletion's story: done, or the revert after a failure. */
export const deletionFinished = (change: DeletionMessage) =>
  change.state === 'done' || (change.state === 'failed' && isRevertMessage(change));

/**
 * A deletion message names the customer by its id, or by its deletion job's id when the server answers that;
 * `customerIdOf` maps a job id known here to its customer id.
 */
export function withCustomerId(message: unknown, customerIdOf: (id: string) => string | undefined): unknown {
  const change = deletionOf(message);
  const customerId = change && customerIdOf(change.id);
  return change && customerId && customerId !== change.id ? { ...change, id: customerId } : message;
}

/** One message of the root tenant's scopes channel applied to one cached page of the customers list. */
export function applyScopesMessage(
  page: CustomersPage,
  params: CustomerListParams,
  message: unknown,
): CachedPageUpdate {
  const parsed = scopesLiveMessage.safeParse(message);
  if (!parsed.success) return keep(page);
  const change = parsed.data;
  switch (change.type) {
    case 'scopeCreated':
      return withCreated(page, params, change.scope);
    case 'scopeUpdated':
      return withUpdated(page, params, change.scope);
    case 'deletion': {
      // A customer not on this page may still shift it, and a deletion named by a job id unknown here (the
      // server's messages may carry the job's id) can only be placed by asking again.
      if (!contains(page, change.id)) return refetch(page);
      if (change.state === 'done') return withoutScope(page, change.id);
      const stillPending =
        change.state === 'running' ||
        (change.state === 'failed' && change.message === customerMessages.revertFailed);
      return keep(
        withStatus(page, change.id, stillPending ? CUSTOMER_STATUS.deletePending : CUSTOMER_STATUS.active),
      );
    }
  }
}

/** The Admin card's scope after a message: a newer copy of itself, or unchanged. */
export function applyScopesMessageToScope(scope: Scope, message: unknown): Scope {
  const parsed = scopesLiveMessage.safeParse(message);
  if (!parsed.success || parsed.data.type !== 'scopeUpdated' || parsed.data.scope.id !== scope.id)
    return scope;
  return parsed.data.scope;
}

/** The deletion message, when the message is one. */
export function deletionOf(message: unknown): DeletionMessage | null {
  const parsed = scopesLiveMessage.safeParse(message);
  return parsed.success && parsed.data.type === 'deletion' ? parsed.data : null;
}

/**
 * What to tell about a deletion's progress (spec 000 section 4): 'deleted successfully' when done; on failure
 * the server's text (or 'Failed to delete {name} customer {step}'), then its revert message as it comes.
 */
export function deletionNotices(change: DeletionMessage, name: string): Notice[] {
  if (change.state === 'done') return [{ variant: 'success', text: customerMessages.deleted }];
  if (change.state === 'running') return [];
  if (change.message === customerMessages.reverted) return [{ variant: 'success', text: change.message }];
  if (change.message === customerMessages.revertFailed) return [{ variant: 'error', text: change.message }];
  return [
    {
      variant: 'error',
      text: change.message || customerMessages.deleteFailed(name, deletionStepLabels[change.step]),
    },
  ];
}
