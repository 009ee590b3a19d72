import type { Scope } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';

/** The deletion job: its id, and (from our server) the customer's id as tenantId. */
const deletionAccepted = z.object({ id: z.string(), state: z.string(), tenantId: z.string().optional() });

/**
 * POST /api/customers/{id}/deletion: starts the resumable deletion job (202); its progress arrives as
 * 'deletion' messages on the root tenant's scopes channel.
 */
export function startCustomerDeletion(id: string): Promise<z.infer<typeof deletionAccepted>> {
  return apiRequest(`/api/customers/${encodeURIComponent(id)}/deletion`, {
    method: 'POST',
    schema: deletionAccepted,
  });
}

export function useStartCustomerDeletion() {
  return useMutation({ mutationFn: (scope: Pick<Scope, 'id' | 'name'>) => startCustomerDeletion(scope.id) });
}
