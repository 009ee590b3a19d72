import { describe, expect, it } from 'vitest';
import {
  ADMIN_PRESET,
  ADMIN_TENANT_ONLY,
  DEFAULT_PERMISSIONS,
  effectivePermissions,
  inferRole,
  normalisePermissions,
  PERMISSIONS,
  SIGN_UP_PERMISSIONS,
  superAdminPreset,
} from './permissions.ts';

const known = new Set<string>(PERMISSIONS);

/** The set's size, after checking it repeats nothing and holds only known codes. */
function distinctKnown(codes: readonly string[]): number {
  expect(new Set(codes).size).toBe(codes.length);
  for (const code of codes) expect(known.has(code), code).toBe(true);
  return codes.length;
}

/** `n` distinct known codes. */
const codes = (n: number) => PERMISSIONS.slice(0, n);

describe('permission presets (spec 000 / 002 section 6)', () => {
  it('Admin is 13: the eight read permissions and the 5 defaults', () => {
    expect(distinctKnown(ADMIN_PRESET)).toBe(13);
    for (const code of DEFAULT_PERMISSIONS) expect(ADMIN_PRESET).toContain(code);
  });

  it('a sign-up user holds 15', () => {
    expect(distinctKnown(SIGN_UP_PERMISSIONS)).toBe(15);
    expect(SIGN_UP_PERMISSIONS).toContain('PORTAL_USER_WRITE');
    expect(SIGN_UP_PERMISSIONS).toContain('ALERTS_WRITE');
  });

  it('Super Admin is 27, and 29 in the admin tenant with FIRMWARE_WRITE and TOP_LEVEL_SCOPE_READ', () => {
    const tenant = superAdminPreset(false);
    const admin = superAdminPreset(true);
    expect(distinctKnown(tenant)).toBe(27);
    expect(distinctKnown(admin)).toBe(29);
    for (const code of ADMIN_TENANT_ONLY) {
      expect(tenant).not.toContain(code);
      expect(admin).toContain(code);
    }
    for (const code of SIGN_UP_PERMISSIONS) expect(tenant).toContain(code);
  });
});

describe('role inferred from the permission count', () => {
  it('is Admin at exactly 13 and Custom at 12 and 14', () => {
    expect(inferRole(codes(12))).toBe('Custom');
    expect(inferRole(codes(13))).toBe('Admin');
    expect(inferRole(codes(14))).toBe('Custom');
  });

  it('is Super Admin from 27: Custom at 26, Super Admin at 27 and 29', () => {
    expect(inferRole(codes(26))).toBe('Custom');
    expect(inferRole(codes(27))).toBe('Super Admin');
    expect(inferRole(codes(29))).toBe('Super Admin');
  });

  it('counts a repeated code once', () => {
    expect(inferRole([...codes(12), codes(12)[0]!])).toBe('Custom');
  });

  it('gives each preset its role', () => {
    expect(inferRole(ADMIN_PRESET)).toBe('Admin');
    expect(inferRole(SIGN_UP_PERMISSIONS)).toBe('Custom');
    expect(inferRole(superAdminPreset(false))).toBe('Super Admin');
    expect(inferRole(superAdminPreset(true))).toBe('Super Admin');
  });
});

describe('normalisePermissions', () => {
  it('always keeps the 5 defaults', () => {
    expect(normalisePermissions([], false).sort()).toEqual([...DEFAULT_PERMISSIONS].sort());
    expect(normalisePermissions(['GATEWAY_READ'], true)).toEqual(
      expect.arrayContaining([...DEFAULT_PERMISSIONS, 'GATEWAY_READ']),
    );
  });

  it('drops the admin-tenant-only codes outside the admin tenant and keeps them in it', () => {
    const requested = ['FIRMWARE_WRITE', 'TOP_LEVEL_SCOPE_READ', 'FIRMWARE_READ'];
    const outside = normalisePermissions(requested, false);
    expect(outside).not.toContain('FIRMWARE_WRITE');
    expect(outside).not.toContain('TOP_LEVEL_SCOPE_READ');
    expect(outside).toContain('FIRMWARE_READ');
    expect(normalisePermissions(requested, true)).toEqual(expect.arrayContaining(requested));
  });

  it('drops unknown codes and repeats nothing', () => {
    const result = normalisePermissions(
      ['GATEWAY_READ', 'GATEWAY_READ', 'MAKE_COFFEE', 'APP_DETAILS'],
      false,
    );
    expect(result).not.toContain('MAKE_COFFEE');
    expect(distinctKnown(result)).toBe(6);
  });
});

describe('effectivePermissions', () => {
  it('adds what a held permission also grants', () => {
    for (const [held, granted] of [
      ['SCOPE_WRITE', 'SCOPE_UPDATE'],
      ['GATEWAY_WRITE', 'GENERATE_GATEWAY_TOKEN'],
      ['IOT_DEVICE_WRITE', 'IOT_DEVICE_BULK_WRITE'],
    ] as const) {
      expect([...effectivePermissions([held])].sort()).toEqual([granted, held].sort());
      // The grant goes one way only.
      expect([...effectivePermissions([granted])]).toEqual([granted]);
    }
  });

  it('leaves other permissions as they are', () => {
    expect([...effectivePermissions(['GATEWAY_READ', 'ALERTS_READ'])].sort()).toEqual([
      'ALERTS_READ',
      'GATEWAY_READ',
    ]);
  });
});
