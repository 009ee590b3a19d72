import type { Scope } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateScope } from '../../../api/update-scope.ts';
import { sessionStore } from '../../../lib/session.ts';
import { sessionTenantOf } from '../../../lib/session-tenant.ts';
import { withUpdatedCustomer } from '../theme-form.ts';

/**
 * Updates a customer; the dropdown's lists take the new version, and when it is the tenant being viewed the
 * session takes its new colours at once (the live push that follows repeats them).
 */
export function useUpdateScope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScope,
    onSuccess: (updated) => {
      queryClient.setQueriesData<Scope[]>({ queryKey: ['themeConfig', 'customers'] }, (customers) =>
        withUpdatedCustomer(customers, updated),
      );
      if (sessionStore.get().tenantId === updated.id) sessionStore.openTenant(sessionTenantOf(updated));
    },
  });
}
