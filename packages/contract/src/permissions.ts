/** Permission codes of spec 000 section 6. */
export const PERMISSIONS = [
  'IOT_DEVICE_READ',
  'IOT_DEVICE_WRITE',
  'IOT_DEVICE_BULK_WRITE',
  'IOT_DEVICE_SCOPE_MIGRATE',
  'IOT_USER_READ',
  'IOT_USER_WRITE',
  'PORTAL_USER_READ',
  'PORTAL_USER_WRITE',
  'PORTAL_USER_DELETE',
  'CAN_BE_SCOPE_OWNER',
  'ALERTS_READ',
  'ALERTS_WRITE',
  'SCOPE_READ',
  'SCOPE_WRITE',
  'SCOPE_UPDATE',
  'SCOPE_DELETE',
  'FIRMWARE_READ',
  'FIRMWARE_WRITE',
  'FIRMWARE_DOWNLOAD',
  'GATEWAY_READ',
  'GATEWAY_WRITE',
  'GENERATE_GATEWAY_TOKEN',
  'GATEWAY_INSTRUCTIONS_READ',
  'GATEWAY_INSTRUCTIONS_WRITE',
  'TOP_LEVEL_SCOPE_READ',
  'IOT_SERVICE_DATABASE_RESET',
  // Ours (issue 31, docs/api-keys.md): create and revoke the customer's API keys. In no preset.
  'API_KEY_WRITE',
  // Ours (issue 31, docs/webhooks.md): see, add, change and delete the customer's outbound webhooks. In no preset.
  'WEBHOOK_WRITE',
  // Defaults every user holds.
  'APP_DETAILS',
  'MQTT_AUTH',
  'PORTAL_USER_DETAILS',
  'PORTAL_USER_PASSWORD_CHANGE',
  'HIERARCHY_READ',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const DEFAULT_PERMISSIONS: readonly Permission[] = [
  'APP_DETAILS',
  'MQTT_AUTH',
  'PORTAL_USER_DETAILS',
  'PORTAL_USER_PASSWORD_CHANGE',
  'HIERARCHY_READ',
];

/** Holding the key also grants the values. */
export const GRANTS_ALSO: Partial<Record<Permission, Permission>> = {
  SCOPE_WRITE: 'SCOPE_UPDATE',
  GATEWAY_WRITE: 'GENERATE_GATEWAY_TOKEN',
  IOT_DEVICE_WRITE: 'IOT_DEVICE_BULK_WRITE',
};

/** Effective permissions: the held ones plus what they grant. */
export function effectivePermissions(held: Iterable<string>): Set<string> {
  const out = new Set<string>(held);
  for (const p of out) {
    const extra = GRANTS_ALSO[p as Permission];
    if (extra) out.add(extra);
  }
  return out;
}

/**
 * Route-level access marker: a permission code, 'authenticated' (any signed-in user) or 'public'.
 * Every route declares one; a route without it is refused at start-up.
 */
export type RouteAccess = Permission | 'authenticated' | 'public';

/** Spec 000/002 section 6: the Admin preset (13), also the read-only preset. */
export const ADMIN_PRESET: readonly Permission[] = [
  'IOT_USER_READ',
  'IOT_DEVICE_READ',
  'PORTAL_USER_READ',
  'ALERTS_READ',
  'SCOPE_READ',
  'GATEWAY_READ',
  'FIRMWARE_READ',
  'GATEWAY_INSTRUCTIONS_READ',
  ...DEFAULT_PERMISSIONS,
];

/** Spec 000 section 6: what a self-service sign-up user holds (15). */
export const SIGN_UP_PERMISSIONS: readonly Permission[] = [
  'IOT_DEVICE_READ',
  'PORTAL_USER_READ',
  'IOT_USER_READ',
  'ALERTS_READ',
  'ALERTS_WRITE',
  'SCOPE_READ',
  'FIRMWARE_READ',
  'GATEWAY_INSTRUCTIONS_READ',
  'GATEWAY_READ',
  ...DEFAULT_PERMISSIONS,
  'PORTAL_USER_WRITE',
];

/** Only a user of the top (admin) tenant may hold these. */
export const ADMIN_TENANT_ONLY: readonly Permission[] = ['FIRMWARE_WRITE', 'TOP_LEVEL_SCOPE_READ'];

/**
 * Spec 002 section 6, 'Full set': the sign-up set plus every tenant-level write permission (27); in the
 * admin tenant FIRMWARE_WRITE and TOP_LEVEL_SCOPE_READ are added (29).
 */
export function superAdminPreset(inAdminTenant: boolean): Permission[] {
  const tenantLevel: Permission[] = [
    ...SIGN_UP_PERMISSIONS,
    'IOT_DEVICE_WRITE',
    'IOT_DEVICE_BULK_WRITE',
    'PORTAL_USER_DELETE',
    'IOT_USER_WRITE',
    'SCOPE_WRITE',
    'SCOPE_UPDATE',
    'SCOPE_DELETE',
    'FIRMWARE_DOWNLOAD',
    'CAN_BE_SCOPE_OWNER',
    'GATEWAY_INSTRUCTIONS_WRITE',
    'GATEWAY_WRITE',
    'GENERATE_GATEWAY_TOKEN',
  ];
  return inAdminTenant ? [...tenantLevel, ...ADMIN_TENANT_ONLY] : tenantLevel;
}

/** Not in the spec: said when an address the user may not open (typed or bookmarked) sends them home. */
export const accessMessages = {
  refusedAddress: 'Your account may not open that page, so the portal brought you home.',
} as const;

export const ROLES = ['Super Admin', 'Admin', 'Custom'] as const;
export type Role = (typeof ROLES)[number];
export const SUPER_ADMIN_THRESHOLD = 27;
export const ADMIN_COUNT = 13;

/** Spec 000 section 6: 27 or more permissions is Super Admin, exactly 13 is Admin, otherwise Custom. */
export function inferRole(permissions: readonly string[]): Role {
  const count = new Set(permissions).size;
  if (count >= SUPER_ADMIN_THRESHOLD) return 'Super Admin';
  if (count === ADMIN_COUNT) return 'Admin';
  return 'Custom';
}

/** The permission set a role choice gives (Custom keeps the current set). */
export function permissionsForRole(role: Role, current: readonly string[], inAdminTenant: boolean): string[] {
  if (role === 'Super Admin') return superAdminPreset(inAdminTenant);
  if (role === 'Admin') return [...ADMIN_PRESET];
  return [...current];
}

export interface PermissionGroup {
  group: string;
  permissions: { code: Permission; label: string; adminTenantOnly?: boolean }[];
}

/** The permission grid of spec 002 section 6, in its groups and order. */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  {
    group: 'Devices',
    permissions: [
      { code: 'IOT_DEVICE_READ', label: 'Read' },
      { code: 'IOT_DEVICE_WRITE', label: 'Write' },
      { code: 'IOT_DEVICE_SCOPE_MIGRATE', label: 'Migrate' },
    ],
  },
  {
    group: 'Locks Users',
    permissions: [
      { code: 'IOT_USER_READ', label: 'Read' },
      { code: 'IOT_USER_WRITE', label: 'Write' },
    ],
  },
  {
    group: 'Gateways',
    permissions: [
      { code: 'GATEWAY_READ', label: 'Read' },
      { code: 'GATEWAY_WRITE', label: 'Write' },
    ],
  },
  {
    group: 'Instructions',
    permissions: [
      { code: 'GATEWAY_INSTRUCTIONS_READ', label: 'Read' },
      { code: 'GATEWAY_INSTRUCTIONS_WRITE', label: 'Write' },
    ],
  },
  {
    group: 'Portal Users',
    permissions: [
      { code: 'PORTAL_USER_READ', label: 'Read' },
      { code: 'PORTAL_USER_WRITE', label: 'Write' },
      { code: 'PORTAL_USER_DELETE', label: 'Delete' },
      { code: 'CAN_BE_SCOPE_OWNER', label: 'Eligible to be Root Admin' },
    ],
  },
  {
    group: 'Alerts',
    permissions: [
      { code: 'ALERTS_READ', label: 'Read' },
      { code: 'ALERTS_WRITE', label: 'Write' },
    ],
  },
  {
    group: 'Firmware',
    permissions: [
      { code: 'FIRMWARE_READ', label: 'Read' },
      { code: 'FIRMWARE_DOWNLOAD', label: 'Download' },
      { code: 'FIRMWARE_WRITE', label: 'Upload', adminTenantOnly: true },
    ],
  },
  {
    group: 'Hierarchy',
    permissions: [
      { code: 'SCOPE_READ', label: 'Read' },
      { code: 'SCOPE_WRITE', label: 'Write' },
      { code: 'SCOPE_DELETE', label: 'Delete' },
    ],
  },
  {
    group: 'Tenants',
    permissions: [{ code: 'TOP_LEVEL_SCOPE_READ', label: 'Manage Customers', adminTenantOnly: true }],
  },
  {
    group: 'API Keys',
    permissions: [{ code: 'API_KEY_WRITE', label: 'Create and revoke' }],
  },
  {
    group: 'Webhooks',
    permissions: [{ code: 'WEBHOOK_WRITE', label: 'Manage' }],
  },
];

/**
 * What a user may be given: known codes only, the defaults always there, and the admin-tenant-only codes
 * only in the admin tenant. (Grants-also pairs are applied when checking, by effectivePermissions.)
 */
export function normalisePermissions(requested: readonly string[], inAdminTenant: boolean): Permission[] {
  const known = new Set<string>(PERMISSIONS);
  const out = new Set<Permission>(DEFAULT_PERMISSIONS);
  for (const code of requested) if (known.has(code)) out.add(code as Permission);
  if (!inAdminTenant) for (const code of ADMIN_TENANT_ONLY) out.delete(code);
  return PERMISSIONS.filter((code) => out.has(code));
}
