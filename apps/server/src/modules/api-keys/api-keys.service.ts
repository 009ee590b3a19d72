import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_EXCLUDED_PERMISSIONS,
  API_KEY_MAX_DAYS,
  API_KEY_PREFIX,
  API_KEY_USE_RECORD_MS,
  API_KEYS_PER_CUSTOMER,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyStatus,
  apiKeyGrantable,
  apiKeyMessages,
  type CreatedApiKey,
  type createApiKeyBody,
  effectivePermissions,
  TENANT_KIND,
} from '@portal/contract';
import type { z } from 'zod';
import type { Tenant } from '../../db/schema.ts';
import { runWithAuditContext } from '../../lib/audit-context.ts';
import { digest, newSecret } from '../../lib/crypto.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import type { UsersService } from '../users/index.ts';
import type { ApiKeysRepository, ListedApiKey } from './api-keys.repository.ts';

const DAY_MS = 24 * 60 * 60_000;
/** iotp_<the id's 32 hex digits>_<43 characters of base64url: 256 random bits>. */
const KEY_FORMAT = new RegExp(`^${API_KEY_PREFIX}([0-9a-f]{32})_([A-Za-z0-9_-]{43})$`);

/** What the access plugin tells of a call made with a key: recorded (at most once a minute) as its use. */
export interface ApiKeyUse {
  /** 'GET /api/gateways': the route. */
  action: string;
  requestId: string;
  address: string;
}

export interface ApiKeysDeps {
  tenants: Pick<TenantsService, 'scopeWithin'>;
  users: Pick<UsersService, 'sessionUser'>;
}

/** '1a2b3c4d-...' -> 'iotp_1a2b3c4d': how a key starts, shown to tell keys apart. */
export const keyPrefix = (id: string) => `${API_KEY_PREFIX}${id.replace(/-/g, '').slice(0, 8)}`;

/** '1a2b3c4d1a2b...' (32 hex digits) -> the uuid. */
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * API keys (docs/api-keys.md): made by a holder of API_KEY_WRITE for its own customer, with permissions it
 * holds itself; each call made with one acts as its creator with the key's permissions (and never more than
 * the creator holds at that moment), behind the same walls as the creator's session.
 */
export class ApiKeysService {
  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly deps: ApiKeysDeps,
  ) {}

  /** The keys of a customer the caller reaches (its own when `scopeId` is not given), newest first. */
  async list(principal: Principal, scopeId: string | undefined, now = new Date()): Promise<ApiKeyList> {
    if (principal.freeTierMember) throw forbidden();
    const tenantId = scopeId
      ? (await this.deps.tenants.scopeWithin(principal, scopeId)).id
      : principal.tenantId;
    const rows = await this.repo.listByTenant(tenantId);
    return { items: rows.map((row) => toApiKey(row, now)) };
  }

  /**
   * A key of the caller's own customer, acting as the caller. Its permissions must be ones the caller holds
   * and a key may have (403 naming the others); it lives at most API_KEY_MAX_DAYS. The secret is in this
   * answer only: what is stored is its SHA-256.
   */
  async create(
    principal: Principal,
    body: z.output<typeof createApiKeyBody>,
    now = new Date(),
  ): Promise<CreatedApiKey> {
    if (principal.freeTierMember) throw forbidden();
    const grantable = new Set<string>(apiKeyGrantable(principal.permissions));
    const refused = body.permissions.filter((code) => !grantable.has(code));
    if (refused.length > 0) throw new AppError('FORBIDDEN', apiKeyMessages.notHeld(refused.join(', ')));
    const expiresAt = new Date(body.expiresAt);
    if (expiresAt.getTime() <= now.getTime())
      throw new AppError('VALIDATION_ERROR', apiKeyMessages.expiryPast);
    if (expiresAt.getTime() > now.getTime() + API_KEY_MAX_DAYS * DAY_MS) {
      throw new AppError('VALIDATION_ERROR', apiKeyMessages.expiryTooFar);
    }
    const creator = await this.deps.users.sessionUser(principal);
    const id = randomUUID();
    const secret = `${API_KEY_PREFIX}${id.replace(/-/g, '')}_${newSecret()}`;
    const stored = await this.repo.insertWithinLimit(
      {
        id,
        tenant_id: principal.tenantId,
        name: body.name,
        secret_hash: digest(secret),
        permissions: body.permissions,
        created_by: principal.userId,
        created_by_email: creator.email,
        expires_at: expiresAt,
      },
      API_KEYS_PER_CUSTOMER,
      now,
    );
    if (!stored) throw new AppError('CONFLICT', apiKeyMessages.tooMany);
    const row = await this.repo.findListed(id);
    if (!row) throw notFound('API key');
    return { key: toApiKey(row, now), secret };
  }

  /** Revokes a key of a customer the caller reaches (404 otherwise); it is refused from the next call on. */
  async revoke(principal: Principal, id: string, now = new Date()): Promise<ApiKey> {
    const row = isUuid(id) ? await this.repo.findListed(id) : undefined;
    if (!row) throw notFound('API key');
    await this.deps.tenants.scopeWithin(principal, row.tenant_id).catch(() => {
      throw notFound('API key');
    });
    await this.repo.revoke(id, principal.userId, now);
    const revoked = await this.repo.findListed(id);
    if (!revoked) throw notFound('API key');
    return toApiKey(revoked, now);
  }

  /**
   * The principal of a call made with `key`: null when the key is unknown, wrong, revoked or expired, or its
   * creator is no longer a user of its customer. Read from the database on every call (no cache), so a
   * revocation holds on the next call on every instance. The use is written (last used, and an audit row
   * through the audit trigger) at most once a minute per key.
   */
  async resolve(key: string, use: ApiKeyUse, now = new Date()): Promise<Principal | null> {
    const match = KEY_FORMAT.exec(key);
    if (!match) return null;
    const row = await this.repo.findUsable(uuidOf(match[1]!), now);
    if (!row || !sameDigest(row.key_secret_hash, digest(key))) return null;
    const {
      key_id,
      key_secret_hash: _hash,
      key_permissions,
      key_last_used_at,
      user_id,
      user_is_root,
      user_permissions,
      ...tenant
    } = row;
    const held = effectivePermissions(user_permissions);
    const permissions = new Set(
      [...effectivePermissions(key_permissions)].filter(
        (code) => held.has(code) && !(API_KEY_EXCLUDED_PERMISSIONS as readonly string[]).includes(code),
      ),
    );
    const principal: Principal = {
      userId: user_id,
      tenantId: tenant.id,
      isRoot: user_is_root,
      permissions,
      // No session: nothing that needs one (the live channel, sign-out elsewhere) is reachable with a key.
      sessionIdHash: `api-key:${key_id}`,
      freeTierMember: !user_is_root && tenant.kind === TENANT_KIND.freeTier,
      ownTenant: tenant satisfies Tenant,
      apiKey: { id: key_id, prefix: keyPrefix(key_id) },
    };
    const recordedBefore = new Date(now.getTime() - API_KEY_USE_RECORD_MS);
    if (!key_last_used_at || key_last_used_at.getTime() <= recordedBefore.getTime()) {
      await runWithAuditContext(
        {
          userId: user_id,
          tenantId: tenant.id,
          action: `${use.action} (API key ${keyPrefix(key_id)})`,
          requestId: use.requestId,
          address: use.address,
        },
        () => this.repo.recordUse(key_id, now, recordedBefore, use.address),
      );
    }
    return principal;
  }
}

function sameDigest(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function statusOf(row: ListedApiKey, now: Date): ApiKeyStatus {
  // A key whose creator was removed or moved to another customer no longer works: revoked.
  if (row.revoked_at || row.creator_tenant_id !== row.tenant_id) return 'revoked';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toApiKey(row: ListedApiKey, now: Date): ApiKey {
  const name = [row.creator_first_name, row.creator_last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    name: row.name,
    prefix: keyPrefix(row.id),
    tenantId: row.tenant_id,
    permissions: row.permissions,
    createdBy: { email: row.created_by_email, name: name || null },
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    status: statusOf(row, now),
  };
}
