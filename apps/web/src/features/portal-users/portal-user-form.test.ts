import {
  ADMIN_PRESET,
  DEFAULT_PERMISSIONS,
  peopleMessages,
  portalUserMessages,
  superAdminPreset,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  canCreate,
  canUpdate,
  checkableEmail,
  chooseRole,
  createBody,
  createErrorText,
  createFormValues,
  type PortalUserFormValues,
  portalUserFormSchema,
  roleOptions,
  togglePermission,
  updateBody,
  updateFormValues,
  visiblePermissionGroups,
} from './portal-user-form.ts';
import { portalUserFixture } from './test-users.ts';

const valid = (overrides: Partial<PortalUserFormValues> = {}): PortalUserFormValues => ({
  ...createFormValues(),
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  ...overrides,
});
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
const phoneWithDigits = (count: number) => `+49 ${'1'.repeat(count)}`;
const issueFor = (values: PortalUserFormValues, field: keyof PortalUserFormValues) =>
  portalUserFormSchema.safeParse(values).error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('role from the permission count', () => {
  const withCount = (count: number) => {
    const codes = superAdminPreset(true);
    return updateFormValues(portalUserFixture({ permissions: codes.slice(0, count) })).role;
  };

  it('is Custom at 12, Admin at exactly 13, Custom at 14 and 26, Super Admin from 27', () => {
    expect(withCount(12)).toBe('Custom');
    expect(withCount(13)).toBe('Admin');
    expect(withCount(14)).toBe('Custom');
    expect(withCount(26)).toBe('Custom');
    expect(withCount(27)).toBe('Super Admin');
    expect(withCount(29)).toBe('Super Admin');
  });
});

describe('role choice', () => {
  it('Super Admin gives the full set: 27 in a customer, 29 in the root tenant', () => {
    expect(chooseRole('Super Admin', [], false)).toEqual({
      role: 'Super Admin',
      permissions: superAdminPreset(false),
    });
    expect(chooseRole('Super Admin', [], false).permissions).toHaveLength(27);
    expect(chooseRole('Super Admin', [], true).permissions).toHaveLength(29);
  });

  it('Admin gives the admin set of 13', () => {
    const next = chooseRole('Admin', superAdminPreset(false), false);
    expect(next).toEqual({ role: 'Admin', permissions: [...ADMIN_PRESET] });
    expect(next.permissions).toHaveLength(13);
  });

  it('gives only what the signed-in user may give, and keeps what the edited user already holds', () => {
    const holds = new Set<string>([...ADMIN_PRESET, 'IOT_DEVICE_WRITE']);
    const grantable = (code: string) => holds.has(code);
    const chosen = chooseRole('Super Admin', ['SCOPE_WRITE'], false, grantable);
    expect(chosen.permissions).toHaveLength(15);
    expect(chosen.permissions).toEqual(expect.arrayContaining(['IOT_DEVICE_WRITE', 'SCOPE_WRITE']));
    expect(chosen.permissions).not.toContain('PORTAL_USER_DELETE');
    expect(chosen.role).toBe('Custom');
    // The default of a new user: the Admin preset, less what the creator does not hold.
    const few = (code: string) => code !== 'ALERTS_READ';
    expect(createFormValues(few)).toMatchObject({
      role: 'Custom',
      permissions: expect.not.arrayContaining(['ALERTS_READ']),
    });
    expect(createFormValues(few).permissions).toHaveLength(12);
    expect(createFormValues().role).toBe('Admin');
  });

  it('Custom keeps the current set', () => {
    expect(chooseRole('Custom', [...ADMIN_PRESET], false)).toEqual({
      role: 'Custom',
      permissions: [...ADMIN_PRESET],
    });
  });

  it('offers Custom on update only; on create it shows, not choosable, only when the checkboxes made it', () => {
    expect(roleOptions('update', 'Admin')).toEqual([
      { role: 'Super Admin', disabled: false },
      { role: 'Admin', disabled: false },
      { role: 'Custom', disabled: false },
    ]);
    expect(roleOptions('create', 'Admin').map((option) => option.role)).toEqual(['Super Admin', 'Admin']);
    expect(roleOptions('create', 'Custom')).toContainEqual({ role: 'Custom', disabled: true });
  });
});

describe('permission checkboxes', () => {
  it('switch Admin (13) to Custom at 12 and 14, and back to Admin', () => {
    const admin = [...ADMIN_PRESET];
    const twelve = togglePermission(admin, 'ALERTS_READ', false);
    expect(twelve.permissions).toHaveLength(12);
    expect(twelve.role).toBe('Custom');
    const fourteen = togglePermission(admin, 'ALERTS_WRITE', true);
    expect(fourteen.permissions).toHaveLength(14);
    expect(fourteen.role).toBe('Custom');
    expect(togglePermission(fourteen.permissions, 'ALERTS_WRITE', false).role).toBe('Admin');
  });

  it('switch Super Admin (27) to Custom at 26, and back', () => {
    const twentySix = togglePermission(superAdminPreset(false), 'ALERTS_WRITE', false);
    expect(twentySix.permissions).toHaveLength(26);
    expect(twentySix.role).toBe('Custom');
    const back = togglePermission(twentySix.permissions, 'ALERTS_WRITE', true);
    expect(back.permissions).toHaveLength(27);
    expect(back.role).toBe('Super Admin');
  });

  it('take what a permission also grants with it', () => {
    const without = togglePermission(superAdminPreset(false), 'GATEWAY_WRITE', false);
    expect(without.permissions).not.toContain('GENERATE_GATEWAY_TOKEN');
    expect(without.permissions).toHaveLength(25);
    const withIt = togglePermission(without.permissions, 'GATEWAY_WRITE', true);
    expect(withIt.permissions).toEqual(expect.arrayContaining(['GATEWAY_WRITE', 'GENERATE_GATEWAY_TOKEN']));
  });

  it('never touch the defaults', () => {
    expect(togglePermission([...ADMIN_PRESET], 'IOT_USER_READ', false).permissions).toEqual(
      expect.arrayContaining([...DEFAULT_PERMISSIONS]),
    );
  });

  it('offer the admin-tenant-only entries only when asked', () => {
    const codes = (show: boolean) =>
      visiblePermissionGroups(show).flatMap((group) => group.permissions.map((entry) => entry.code));
    expect(codes(true)).toEqual(expect.arrayContaining(['FIRMWARE_WRITE', 'TOP_LEVEL_SCOPE_READ']));
    expect(codes(false)).not.toContain('FIRMWARE_WRITE');
    expect(codes(false)).not.toContain('TOP_LEVEL_SCOPE_READ');
    expect(visiblePermissionGroups(false).map((group) => group.group)).not.toContain('Tenants');
  });
});

describe('create enablement', () => {
  it('holds for valid names and email without a phone', () => {
    expect(canCreate(valid(), false)).toBe(true);
  });

  it('names: 20 characters pass, 21 fail, empty fails', () => {
    expect(canCreate(valid({ firstName: 'a'.repeat(20), lastName: 'b'.repeat(20) }), false)).toBe(true);
    expect(canCreate(valid({ firstName: 'a'.repeat(21) }), false)).toBe(false);
    expect(canCreate(valid({ lastName: 'b'.repeat(21) }), false)).toBe(false);
    expect(canCreate(valid({ firstName: '' }), false)).toBe(false);
    expect(canCreate(valid({ lastName: '  ' }), false)).toBe(false);
    expect(issueFor(valid({ firstName: 'a'.repeat(21) }), 'firstName')).toBe(peopleMessages.invalidFirstName);
    expect(issueFor(valid({ lastName: '' }), 'lastName')).toBe(peopleMessages.invalidLastName);
  });

  it('email: 40 characters pass, 41 fail, empty and malformed fail', () => {
    expect(canCreate(valid({ email: emailOfLength(40) }), false)).toBe(true);
    expect(canCreate(valid({ email: emailOfLength(41) }), false)).toBe(false);
    expect(canCreate(valid({ email: '' }), false)).toBe(false);
    expect(canCreate(valid({ email: 'ada@example' }), false)).toBe(false);
    expect(issueFor(valid({ email: '' }), 'email')).toBe(peopleMessages.emailRequired);
  });

  it('phone: 7 and 15 digits pass, 6 and 16 fail', () => {
    const withPhone = (phoneNumber: string) => valid({ phoneNumber, countryShortCode: 'DE' });
    expect(canCreate(withPhone(phoneWithDigits(6)), false)).toBe(false);
    expect(canCreate(withPhone(phoneWithDigits(7)), false)).toBe(true);
    expect(canCreate(withPhone(phoneWithDigits(15)), false)).toBe(true);
    expect(canCreate(withPhone(phoneWithDigits(16)), false)).toBe(false);
  });

  it('phone: a number needs a code and a code needs a number', () => {
    expect(canCreate(valid({ phoneNumber: '1234567' }), false)).toBe(false);
    expect(canCreate(valid({ phoneNumber: '+49', countryShortCode: 'DE' }), false)).toBe(false);
    expect(issueFor(valid({ phoneNumber: '1234567' }), 'phoneNumber')).toBe(peopleMessages.countryRequired);
    expect(issueFor(valid({ phoneNumber: '+49', countryShortCode: 'DE' }), 'phoneNumber')).toBe(
      peopleMessages.mobileRequired,
    );
  });

  it('does not hold while the email is taken', () => {
    expect(canCreate(valid(), true)).toBe(false);
  });
});

describe('update enablement', () => {
  const loaded = portalUserFixture({ permissions: [...ADMIN_PRESET] });
  const start = updateFormValues(loaded);

  it('does not hold until something differs', () => {
    expect(canUpdate(start, loaded)).toBe(false);
    expect(canUpdate({ ...start, permissions: [...start.permissions].reverse() }, loaded)).toBe(false);
  });

  it('holds after a change of names, phone or permissions', () => {
    expect(canUpdate({ ...start, firstName: 'Augusta' }, loaded)).toBe(true);
    expect(canUpdate({ ...start, lastName: 'King' }, loaded)).toBe(true);
    expect(canUpdate({ ...start, phoneNumber: '+44 7700900123', countryShortCode: 'GB' }, loaded)).toBe(true);
    expect(
      canUpdate({ ...start, ...togglePermission(start.permissions, 'ALERTS_WRITE', true) }, loaded),
    ).toBe(true);
  });

  it('does not hold while a name is empty or a field is invalid', () => {
    expect(canUpdate({ ...start, firstName: '' }, loaded)).toBe(false);
    expect(canUpdate({ ...start, lastName: '' }, loaded)).toBe(false);
    expect(canUpdate({ ...start, firstName: 'a'.repeat(21) }, loaded)).toBe(false);
    expect(canUpdate({ ...start, phoneNumber: phoneWithDigits(16), countryShortCode: 'DE' }, loaded)).toBe(
      false,
    );
  });

  it('bounds: 20-character names and a 15-digit phone are accepted', () => {
    expect(canUpdate({ ...start, firstName: 'a'.repeat(20), lastName: 'b'.repeat(20) }, loaded)).toBe(true);
    expect(canUpdate({ ...start, phoneNumber: phoneWithDigits(15), countryShortCode: 'DE' }, loaded)).toBe(
      true,
    );
  });
});

describe('request bodies', () => {
  it('create: the checked values, the scope and no owner', () => {
    const output = portalUserFormSchema.parse(valid({ email: ' Ada@Example.com ', role: 'Admin' }));
    expect(createBody(output, 'scope-9')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '',
      countryShortCode: '',
      permissions: [...ADMIN_PRESET],
      scopeId: 'scope-9',
      owner: false,
    });
  });

  it('update: the loaded id, email and scope', () => {
    const loaded = portalUserFixture({ id: 'u-7', scopeId: 'scope-3', email: 'ada@example.com' });
    const output = portalUserFormSchema.parse({ ...updateFormValues(loaded), firstName: 'Augusta' });
    expect(updateBody(output, loaded)).toEqual({
      id: 'u-7',
      email: 'ada@example.com',
      scopeId: 'scope-3',
      firstName: 'Augusta',
      lastName: 'Lovelace',
      phoneNumber: '',
      countryShortCode: '',
      permissions: [],
    });
  });
});

describe('checkableEmail', () => {
  it('is the valid address, lower-cased, or nothing', () => {
    expect(checkableEmail('Ada@Example.com')).toBe('ada@example.com');
    expect(checkableEmail('ada@')).toBe('');
    expect(checkableEmail(emailOfLength(41))).toBe('');
  });
});

describe('createErrorText', () => {
  it('shows the server’s duplicate message for a 409', () => {
    const message =
      'The email ada@example.com is already registered for Acme tenant and hence cannot be used.';
    expect(createErrorText(new ApiError(409, 'CONFLICT', message))).toBe(message);
  });

  it('shows Failed to create user otherwise', () => {
    expect(createErrorText(new ApiError(500, 'INTERNAL', 'boom'))).toBe(portalUserMessages.createFailed);
    expect(createErrorText(new Error('offline'))).toBe('Failed to create user');
  });
});
