import {
  type CreateInstructionBody,
  type LockDevice,
  type LockResultMessage,
  lockMessages,
  lockResultTexts,
} from '@portal/contract';
import { i18n } from '../../lib/i18n/index.ts';
import type { Notice } from '../../lib/use-notify.ts';
import { lockName } from './lock-display.ts';

/**
 * The lock/unlock toggle of a lock row (spec 001 section 4 'Lock toggle'): a LOCKED lock gets an unlock
 * instruction, any other (open, unknown) a lock instruction, through the spec's create-instruction call.
 */
export function lockToggleRequest(lock: LockDevice, now = Date.now()): CreateInstructionBody {
  return {
    type: 'LOCK_DEVICE_LOCK_UNLOCK',
    macId: lock.macId,
    gatewayMacId: lock.gatewayMacId,
    locked: lock.status !== 'LOCKED',
    name: lockName(lock),
    time: now,
    scopeId: lock.scopeId,
  };
}

/** The snackbar once the instruction is created (spec texts); an offline gateway's wait is said too. */
export function createdNotices(lock: LockDevice, locked: boolean): Notice[] {
  const created: Notice = {
    variant: 'success',
    text: locked ? lockMessages.lockCreated : lockMessages.unlockCreated,
  };
  return lock.gatewayConnected ? [created] : [created, { variant: 'info', text: lockResultTexts.queued }];
}

export const createFailedNotice: Notice = { variant: 'error', text: lockMessages.instructionFailed };

/**
 * The snackbar of the result channel's message. `unlocking`: whether it answers an unlock (the toggle knows
 * what it asked; by default what the lock's status asks for).
 */
export function resultNotice(
  lock: LockDevice,
  message: LockResultMessage,
  unlocking = lock.status === 'LOCKED',
): Notice | null {
  const name = lockName(lock);
  if (message.status === 'ABORTED') return null;
  if (message.status === 'SUCCESS') {
    return {
      variant: 'success',
      text: message.lockStatus === 'LOCKED' ? lockResultTexts.locked(name) : lockResultTexts.unlocked(name),
    };
  }
  return { variant: 'error', text: lockResultTexts.failed(name, unlocking, message.reason) };
}

/** What the toggle's button says for a lock (its accessible name). */
export function toggleLabel(lock: LockDevice): string {
  return i18n.t(lock.status === 'LOCKED' ? 'locks:toggle.unlock' : 'locks:toggle.lock', {
    name: lockName(lock),
  });
}
