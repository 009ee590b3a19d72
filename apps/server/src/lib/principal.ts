/**
 * What a layer above lib/ adds to a request's principal, by declaration merging (lib/ knows no table):
 * modules/auth adds `ownTenant`, the caller's tenant row as the session statement read it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface PrincipalExtras {}

/** The signed-in user acting on a request; every service call receives it. */
export interface Principal extends PrincipalExtras {
  userId: string;
  tenantId: string;
  isRoot: boolean;
  permissions: ReadonlySet<string>;
  sessionIdHash: string;
  /** A member (not root) of the free-tier general users scope: strangers to each other. */
  freeTierMember: boolean;
  /**
   * Set when the call came with an API key (docs/api-keys.md) instead of a session: the key acts as its creator
   * with the key's permissions; `sessionOnly` routes refuse it.
   */
  apiKey?: { id: string; prefix: string };
}

/** A gateway, as its credential identifies it: its MAC and the tenant it belongs to. */
export interface DeviceIdentity {
  mac: string;
  tenantId: string;
}

/**
 * A browser's live connection, as its session's user stands now: resolved from the database at connect and
 * again on every SUBSCRIBE; when the user's rights change the connection is closed (docs/mqtt.md section 8).
 */
export interface BrowserPrincipal {
  kind: 'browser';
  userId: string;
  /** Digest of the portal session the connection was opened for: the connection ends with it. */
  sessionIdHash: string;
  /** The user's own tenant. */
  tenantId: string;
  /** Tenants the user reaches; null for a root user (every tenant). */
  tenantIds: ReadonlySet<string> | null;
  /** Effective permissions (held plus granted). */
  permissions: ReadonlySet<string>;
  /** A member of the free-tier scope: strangers to each other (LIVE_CHANNELS' freeTier column). */
  freeTierMember: boolean;
  /** Vendor staff (STAFF_EMAIL_DOMAINS) or root: device logs. */
  vendorStaff: boolean;
}
