import { effectivePermissions } from '@portal/contract';
import type { Session } from '../../lib/session.ts';

export interface StatusDialogAccess {
  /** IOT_DEVICE_WRITE: commands, scan settings, whitelist. */
  canWrite: boolean;
  /** TOP_LEVEL_SCOPE_READ: Force Probe and the scan threshold. */
  topLevel: boolean;
  /** The Activity Feed: vendor staff (configured e-mail domains) and root users. */
  showActivityFeed: boolean;
}

type AccessSession = Pick<Session, 'isRootUser' | 'permissions' | 'vendorStaff'>;

export function statusDialogAccess(session: AccessSession): StatusDialogAccess {
  const held = effectivePermissions(session.permissions);
  return {
    canWrite: held.has('IOT_DEVICE_WRITE'),
    topLevel: held.has('TOP_LEVEL_SCOPE_READ'),
    showActivityFeed: session.isRootUser || session.vendorStaff,
  };
}

/** Abort in the pending instructions list: GATEWAY_INSTRUCTIONS_WRITE. */
export const canAbortInstructions = (session: Pick<Session, 'permissions'>) =>
  effectivePermissions(session.permissions).has('GATEWAY_INSTRUCTIONS_WRITE');
