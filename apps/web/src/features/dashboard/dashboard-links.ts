/**
 * Where the dashboards' numbers lead (docs/dashboards.md): the gateways page of the scope, filtered to exactly
 * the gateways a slice, column or cluster counts, with the spec's 'Filtered by :' banner.
 */
export type GatewaysFilter =
  | { status: 'online' | 'offline' }
  | { enrollment: 'registered' | 'unregistered' }
  | { firmware: string }
  | { os: string }
  | { tenant: string; tenantName: string }
  | { area: [number, number, number, number] }
  | Record<string, never>;

export function gatewaysLink(scopeId: string, filter: GatewaysFilter = {}): string {
  const query = new URLSearchParams({ scopeId });
  for (const [key, value] of Object.entries(filter)) {
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return `/cli/gateways/list_view?${query}`;
}

/** The locks list's filters the lock figures open it with: low battery, credentials in a delivery state. */
export type LocksFilter =
  | { battery: 'low' }
  | { access: 'pending' | 'sent' | 'failed' }
  | Record<string, never>;

export function locksLink(scopeId: string, filter: LocksFilter = {}): string {
  return `/cli/locks?${new URLSearchParams({ scopeId, ...filter })}`;
}

/** A share of a whole, as the charts label it ('33 %'); none of nothing is 0 %. */
export function percent(count: number, total: number): string {
  return `${total === 0 ? 0 : Math.round((count / total) * 100)} %`;
}

/** The legend's text of a distribution value: '' is a gateway that reported none. */
export const valueLabel = (value: string) => value || 'Not reported';
