import type { LockDevice } from '@portal/contract';
import type { ReactNode } from 'react';

/**
 * Places left for what other features add to a lock row (docs/ui.md 'Locks and lock users'): the lock/unlock toggle and the
 * credential ledger come later, from their own features, through these; nothing is shown while they are absent.
 */
export interface LockRowSlots {
  /** An action in the row's last cell (e.g. the lock/unlock toggle). */
  renderLockAction?: (lock: LockDevice) => ReactNode;
}
