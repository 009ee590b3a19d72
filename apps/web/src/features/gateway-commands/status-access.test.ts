import { describe, expect, it } from 'vitest';
import { canAbortInstructions, statusDialogAccess } from './status-access.ts';

describe('statusDialogAccess', () => {
  it('gives commands with IOT_DEVICE_WRITE and force probe with TOP_LEVEL_SCOPE_READ', () => {
    expect(
      statusDialogAccess({ isRootUser: false, vendorStaff: false, permissions: ['IOT_DEVICE_READ'] }),
    ).toEqual({
      canWrite: false,
      topLevel: false,
      showActivityFeed: false,
    });
    const access = statusDialogAccess({
      isRootUser: false,
      vendorStaff: false,
      permissions: ['IOT_DEVICE_WRITE', 'TOP_LEVEL_SCOPE_READ'],
    });
    expect(access.canWrite && access.topLevel).toBe(true);
  });

  it('shows the activity feed to vendor staff and root users only', () => {
    const feed = (isRootUser: boolean, vendorStaff: boolean) =>
      statusDialogAccess({ isRootUser, vendorStaff, permissions: [] }).showActivityFeed;
    expect(feed(false, true)).toBe(true);
    expect(feed(true, false)).toBe(true);
    expect(feed(false, false)).toBe(false);
  });
});

describe('canAbortInstructions', () => {
  it('needs GATEWAY_INSTRUCTIONS_WRITE', () => {
    expect(canAbortInstructions({ permissions: ['GATEWAY_INSTRUCTIONS_READ'] })).toBe(false);
    expect(canAbortInstructions({ permissions: ['GATEWAY_INSTRUCTIONS_WRITE'] })).toBe(true);
  });
});
