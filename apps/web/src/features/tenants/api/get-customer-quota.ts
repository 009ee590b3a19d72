import { customerQuotaUse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { CUSTOMER_QUOTAS_KEY } from './get-customer-quotas.ts';

/**
 * GET /api/customers/{id}/quotas: one customer's quotas and use, for root and that customer's users (and those
 * of customers above it). Under CUSTOMER_QUOTAS_KEY, so root's save refreshes it.
 */
export function useCustomerQuota(scopeId: string) {
  return useQuery({
    queryKey: [...CUSTOMER_QUOTAS_KEY, 'one', scopeId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/customers/${encodeURIComponent(scopeId)}/quotas`, {
        schema: customerQuotaUse,
        signal,
      }),
  });
}
