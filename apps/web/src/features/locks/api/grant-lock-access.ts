import { type LockUser, lockAccessLedger } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';
import type { LockCredential } from '../lock-selection.ts';

/**
 * Add User's grant (POST /api/lock-user-access): the passcode and card chosen in the dialog (the user's own to
 * start with) and the user's role go to the selected locks through the delivery ledger (docs/locks.md).
 */
export async function grantChosenCredential(
  user: LockUser,
  locks: { id?: string; macId: string }[],
  credential: LockCredential,
): Promise<void> {
  await apiRequest('/api/lock-user-access', {
    method: 'POST',
    body: {
      userId: user.id,
      lockIds: locks.flatMap((lock) => (lock.id ? [lock.id] : [])),
      passcode: credential.passcode || null,
      card: credential.card,
      role: user.role ?? 'USER',
    },
    schema: lockAccessLedger,
  });
}
