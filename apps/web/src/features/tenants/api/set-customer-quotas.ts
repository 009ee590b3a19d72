import { type CustomerQuotas, customerQuotaUse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { CUSTOMER_QUOTAS_KEY } from './get-customer-quotas.ts';

/** PUT /api/customers/{id}/quotas: all five (null: unlimited); answers them with their use (root only). */
export function setCustomerQuotas(id: string, quotas: CustomerQuotas) {
  return apiRequest(`/api/customers/${encodeURIComponent(id)}/quotas`, {
    method: 'PUT',
    body: quotas,
    schema: customerQuotaUse,
  });
}

export function useSetCustomerQuotas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quotas }: { id: string; quotas: CustomerQuotas }) => setCustomerQuotas(id, quotas),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMER_QUOTAS_KEY }),
  });
}
