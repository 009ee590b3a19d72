import { type LockUser, lockAccessLedger } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';

/**
 * Add User's grant (POST /api/lock-user-access): the chosen user's own passcode and card (whichever it has) and
 * role go to the selected locks through the delivery ledger (docs/locks.md). A user with neither is refused with
 * the server's message.
 */
export async function grantWithUserDefaults(
  user: LockUser,
  locks: { id?: string; macId: string }[],
): Promise<void> {
  await apiRequest('/api/lock-user-access', {
    method: 'POST',
    body: {
      userId: user.id,
      lockIds: locks.flatMap((lock) => (lock.id ? [lock.id] : [])),
      passcode: user.passcode ?? null,
      card: Boolean(user.cardCSN),
      role: user.role ?? 'USER',
    },
    schema: lockAccessLedger,
  });
}
