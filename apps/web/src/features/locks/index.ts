/**
 * What other features use of the locks (its page is in pages.ts): a gateway's locks dialog (the gateways page
 * lists it among a gateway's actions) and the display rules of a lock's state (the lock users' assigned locks
 * use them).
 */
export { GatewayLocksDialog } from './components/GatewayLocksDialog.tsx';
export { LockStatusChip } from './components/LockStatusChip.tsx';
export { batteryText, lockModeText, lockName, NO_VALUE } from './lock-display.ts';
