import { describe, expect, it } from 'vitest';
import { isVendorStaff } from './vendor-staff.ts';

describe('vendor staff', () => {
  it('matches the whole domain, ignoring case', () => {
    expect(isVendorStaff('ann@Vendor.com', ['vendor.com'])).toBe(true);
    expect(isVendorStaff('ann@vendor.com', ['other.com', 'VENDOR.COM'])).toBe(true);
    expect(isVendorStaff('ann@notvendor.com', ['vendor.com'])).toBe(false);
    expect(isVendorStaff('ann@vendor.com.evil.io', ['vendor.com'])).toBe(false);
  });

  it('is nobody when no domain is configured', () => {
    expect(isVendorStaff('ann@vendor.com', [])).toBe(false);
  });
});
