import type { LockAccessEntry, LockAccessReason, LockCommandQueue } from '@portal/contract';
import { formatNumber, i18n } from '../../lib/i18n/index.ts';

/** The ledger's reasons as people read them (the 'lock-users' namespace, loaded by the ledger's component). */
const accessReasonText = (reason: LockAccessReason) => i18n.t(`lock-users:ledger.reason.${reason}`);

const STATE_KEY = {
  pending: ['pending', 'removalPending'],
  sent: ['sent', 'removalSent'],
  confirmed: ['confirmed', 'removed'],
  failed: ['failed', 'removalFailed'],
} as const;

/** Where a credential is: 'Confirmed on the lock', 'Failed: lock memory full', 'Removal sent'... */
export function accessStateText(entry: Pick<LockAccessEntry, 'state' | 'reason' | 'operation'>): string {
  const removal = entry.operation === 'revoke';
  const state = i18n.t(`lock-users:ledger.state.${STATE_KEY[entry.state][removal ? 1 : 0]}`);
  return entry.state === 'failed' && entry.reason
    ? i18n.t('lock-users:ledger.state.withReason', { state, reason: accessReasonText(entry.reason) })
    : state;
}

/** What a failed row waits for: 'retry at 14:02:10', or nothing. */
export function retryText(
  entry: Pick<LockAccessEntry, 'state' | 'nextAttemptAt'>,
  format: (ms: number) => string,
) {
  return entry.state === 'failed' && entry.nextAttemptAt !== null
    ? i18n.t('lock-users:ledger.retryAt', { time: format(entry.nextAttemptAt) })
    : '';
}

/** A gateway's queue: '3 waiting, 1 in progress'. */
export function queueText(queue: LockCommandQueue): string {
  return `${i18n.t('lock-users:ledger.waiting', { depth: formatNumber(queue.depth) })}${
    queue.inFlight ? i18n.t('lock-users:ledger.inProgress') : ''
  }`;
}
