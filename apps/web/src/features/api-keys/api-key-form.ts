import {
  type API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX,
  apiKeyGrantable,
  type CreateApiKeyBody,
} from '@portal/contract';

const DAY_MS = 24 * 60 * 60_000;

export type ExpiryDays = (typeof API_KEY_EXPIRY_DAYS)[number];
export const DEFAULT_EXPIRY_DAYS: ExpiryDays = 90;

/** The create dialog's fields as typed and ticked. */
export interface ApiKeyDraft {
  name: string;
  permissions: readonly string[];
  expiryDays: ExpiryDays;
}

/** The permissions the dialog offers: the user's own, less what no key gets (MQTT_AUTH, API_KEY_WRITE ...). */
export const offeredPermissions = (held: readonly string[]) => apiKeyGrantable(held);

/** Create is enabled with a name (1 to 100 characters once trimmed) and at least one permission. */
export function canCreate(draft: ApiKeyDraft): boolean {
  const name = draft.name.trim();
  return name.length > 0 && name.length <= API_KEY_NAME_MAX && draft.permissions.length > 0;
}

/** The body of POST /api/api-keys: the expiry `expiryDays` from `now`. */
export function createBody(draft: ApiKeyDraft, now = Date.now()): CreateApiKeyBody {
  return {
    name: draft.name.trim(),
    // Codes the dialog offered (offeredPermissions): the contract's own.
    permissions: [...draft.permissions] as CreateApiKeyBody['permissions'],
    expiresAt: new Date(now + draft.expiryDays * DAY_MS).toISOString(),
  };
}

/** Ticks or unticks one permission, keeping the offered order. */
export function toggled(offered: readonly string[], chosen: readonly string[], code: string): string[] {
  const next = new Set(chosen);
  if (next.has(code)) next.delete(code);
  else next.add(code);
  return offered.filter((p) => next.has(p));
}

/**
 * Keys are made by the customer's own users: a user viewing another customer (root, or a parent customer's
 * administrator) lists and revokes its keys but creates none there.
 */
export const createsHere = (session: { tenantId: string; user: { scopeId: string } | null }) =>
  session.user !== null && session.tenantId === session.user.scopeId;
