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
