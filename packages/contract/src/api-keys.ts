import { z } from 'zod';
import { effectivePermissions, PERMISSIONS, type Permission } from './permissions.ts';

/**
 * API keys (issue 31, docs/api-keys.md): a machine's credential for the REST API of one customer, made by a
 * holder of API_KEY_WRITE with a chosen subset of that user's own permissions and an expiry, shown once, sent
 * as `Authorization: Bearer <key>`. Never valid on the browser live channel.
 */

/** Every key starts with this, then its id (32 hex digits, the lookup), '_' and the secret. */
export const API_KEY_PREFIX = 'iotp_';

/**
 * Permissions a key is never given, whatever its creator holds: the live channel's (keys never open it), the
 * password change and the key management itself (session-only calls: a key cannot make or extend keys).
 */
export const API_KEY_EXCLUDED_PERMISSIONS: readonly Permission[] = [
  'MQTT_AUTH',
  'PORTAL_USER_PASSWORD_CHANGE',
  'API_KEY_WRITE',
];

/** What a user holding `held` may give a key, in the permission table's order. */
export function apiKeyGrantable(held: Iterable<string>): Permission[] {
  const effective = effectivePermissions(held);
  return PERMISSIONS.filter((code) => effective.has(code) && !API_KEY_EXCLUDED_PERMISSIONS.includes(code));
}

export const API_KEY_NAME_MAX = 100;
/** The longest a key may live. */
export const API_KEY_MAX_DAYS = 366;
/** The expiries the screen offers, in days. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;
/** Keys neither revoked nor expired, per customer. */
export const API_KEYS_PER_CUSTOMER = 50;
/** A key's last use (and its audit row) is written at most this often. */
export const API_KEY_USE_RECORD_MS = 60_000;

export const apiKeyMessages = {
  created: 'API key created',
  revoked: 'API key revoked',
  tooMany: `A customer may have at most ${API_KEYS_PER_CUSTOMER} active API keys: revoke one first`,
  notHeld: (codes: string) =>
    `An API key can only get permissions you hold; not held or not for keys: ${codes}`,
  expiryPast: 'The expiry must be in the future',
  expiryTooFar: `An API key lives at most ${API_KEY_MAX_DAYS} days`,
  sessionOnly: 'This call needs a signed-in session: API keys may not make it',
} as const;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** One key as its list shows it (never its secret). */
export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** 'iotp_1a2b3c4d': how the key starts, to tell it from others. */
  prefix: z.string(),
  tenantId: z.string(),
  permissions: z.array(z.string()),
  createdBy: z.object({ email: z.string().nullable(), name: z.string().nullable() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
});
export type ApiKey = z.infer<typeof apiKey>;

/** GET /api/api-keys?scopeId=: the keys of a customer within reach (the caller's own when not given). */
export const apiKeysQuery = z.object({ scopeId: z.string().max(100).optional() });
export const apiKeyList = z.object({ items: z.array(apiKey) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

/** POST /api/api-keys: a key of the caller's own customer, acting as the caller with these permissions. */
export const createApiKeyBody = z.object({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
  permissions: z
    .array(z.enum(PERMISSIONS))
    .min(1)
    .max(PERMISSIONS.length)
    .transform((codes) => [...new Set(codes)]),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** The answer to a creation: the key and its secret, shown this once. */
export const createdApiKey = z.object({ key: apiKey, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyParams = z.object({ id: z.string().max(100) });
