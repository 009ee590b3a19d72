import type { LockAccessEntry, LockAccessReason, LockCommandQueue } from '@portal/contract';

/** The ledger's reasons as people read them. */
export const ACCESS_REASON_TEXT: Record<LockAccessReason, string> = {
  LOCK_UNREACHABLE: 'lock unreachable',
  LOCK_MEMORY_FULL: 'lock memory full',
  LOCK_UNKNOWN: 'lock unknown to the gateway',
  LOW_BATTERY: 'lock battery low',
  JAMMED: 'lock jammed',
  REJECTED: 'rejected by the lock',
  GATEWAY_BUSY: 'gateway busy',
  GATEWAY_REBOOTED: 'gateway rebooted',
  GATEWAY_OFFLINE: 'gateway offline',
  TIMED_OUT: 'timed out',
  ABORTED: 'aborted',
};

/** Where a credential is: 'Confirmed on the lock', 'Failed: lock memory full', 'Removal sent'... */
export function accessStateText(entry: Pick<LockAccessEntry, 'state' | 'reason' | 'operation'>): string {
  const removal = entry.operation === 'revoke';
  const reason = entry.reason ? `: ${ACCESS_REASON_TEXT[entry.reason]}` : '';
  switch (entry.state) {
    case 'pending':
      return removal ? 'Removal pending' : 'Pending';
    case 'sent':
      return removal ? 'Removal sent' : 'Sent';
    case 'confirmed':
      return removal ? 'Removed from the lock' : 'Confirmed on the lock';
    case 'failed':
      return `${removal ? 'Removal failed' : 'Failed'}${reason}`;
  }
}

/** What a failed row waits for: 'retry at 14:02:10', or nothing. */
export function retryText(
  entry: Pick<LockAccessEntry, 'state' | 'nextAttemptAt'>,
  format: (ms: number) => string,
) {
  return entry.state === 'failed' && entry.nextAttemptAt !== null
    ? `retry at ${format(entry.nextAttemptAt)}`
    : '';
}

/** A gateway's queue: '3 waiting, 1 in progress'. */
export function queueText(queue: LockCommandQueue): string {
  return `${queue.depth} waiting${queue.inFlight ? ', 1 in progress' : ''}`;
}
