/**
 * What other features use of the locks (its page is in pages.ts): a gateway's locks dialog (the gateways page
 * lists it among a gateway's actions), the list it shows, the places left for the lock/unlock toggle and the
 * credential ledger, and the display rules of a lock's state (the lock users' assigned locks use them).
 */
export type { GrantLockAccess } from './components/AddUserDialog.tsx';
export { GatewayLocksDialog, type GatewayLocksDialogProps } from './components/GatewayLocksDialog.tsx';
export { LockStatusChip } from './components/LockStatusChip.tsx';
export { LocksList, type LocksListProps } from './components/LocksList.tsx';
export type { LockRowSlots } from './components/lock-row-slots.ts';
export { batteryText, lockModeText, lockName, lockStatusText, NO_VALUE } from './lock-display.ts';
export { useLiveLocks } from './use-live-locks.ts';
