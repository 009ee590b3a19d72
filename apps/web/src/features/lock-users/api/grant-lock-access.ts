import { type grantLockAccessBody, lockAccessLedger, lockAccessRevoked } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';
import { userLedgerKey } from './get-lock-access.ts';

/** POST /api/lock-user-access: give the user access to locks; the ledger sends it to each lock. */
export function grantLockAccess(body: z.input<typeof grantLockAccessBody>) {
  return apiRequest('/api/lock-user-access', { method: 'POST', body, schema: lockAccessLedger });
}

/** DELETE /api/lock-user-access/userId/{u}/lockId/{l}: take the access away (revoked on the lock). */
export function revokeLockAccess({ userId, lockId }: { userId: string; lockId: string }) {
  return apiRequest(
    `/api/lock-user-access/userId/${encodeURIComponent(userId)}/lockId/${encodeURIComponent(lockId)}`,
    { method: 'DELETE', schema: lockAccessRevoked },
  );
}

export function useGrantLockAccess(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantLockAccess,
    onSuccess: (ledger) => queryClient.setQueryData(userLedgerKey(userId), ledger),
  });
}

export function useRevokeLockAccess(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeLockAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userLedgerKey(userId) }),
  });
}
