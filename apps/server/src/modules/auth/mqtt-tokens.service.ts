import type { MqttToken } from '@portal/contract';
import { effectivePermissions, TENANT_KIND } from '@portal/contract';
import { digest, newSecret } from '../../lib/crypto.ts';
import type { BrowserPrincipal, Principal } from '../../lib/principal.ts';
import { SESSION_IDLE_MS } from '../../lib/session-lifetime.ts';
import { isVendorStaff } from '../../lib/vendor-staff.ts';
import type { AuthDependencies } from './auth.ports.ts';
import type { AuthRepository } from './auth.repository.ts';

const MQTT_TOKEN_TTL_MS = 60_000;

/** The browser's live-update connection: one-use tokens, and the principals the broker checks. */
export class MqttTokensService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly deps: Pick<AuthDependencies, 'tenants' | 'staffDomains'>,
  ) {}

  /** A one-use, one-minute credential for `/mqtt`, bound to this session and to one client id. */
  async issueMqttToken(principal: Principal, now = new Date()): Promise<MqttToken> {
    const token = newSecret();
    const clientId = `frontend-${principal.userId}-${newSecret().slice(0, 8)}`;
    const expiresAt = new Date(now.getTime() + MQTT_TOKEN_TTL_MS);
    await this.repo.insertMqttToken({
      token_hash: digest(token),
      user_id: principal.userId,
      session_id_hash: principal.sessionIdHash,
      client_id: clientId,
      expires_at: expiresAt,
    });
    return { username: principal.userId, token, clientId, expiresAt: expiresAt.toISOString() };
  }

  /** Broker side of the token: the browser's principal, or null for a bad, used or expired token. */
  async authenticateMqttToken(
    username: string,
    token: string,
    clientId: string,
    now = new Date(),
  ): Promise<BrowserPrincipal | null> {
    const row = await this.repo.takeMqttToken(digest(token), now);
    if (!row || row.user_id !== username || row.client_id !== clientId) return null;
    return (await this.liveBrowserPrincipals([row.session_id_hash], now)).get(row.session_id_hash) ?? null;
  }

  /**
   * The browser principals of these sessions as their users stand now, read from the database; a session
   * that ended (logout, idle, expiry, password change, removed user) is absent. The broker asks at connect,
   * on every SUBSCRIBE and at each live-session check, so a live connection never has more than REST would.
   */
  async liveBrowserPrincipals(idHashes: string[], now = new Date()): Promise<Map<string, BrowserPrincipal>> {
    const principals = new Map<string, BrowserPrincipal>();
    if (idHashes.length === 0) return principals;
    const rows = await this.repo.liveSessionUsers(idHashes, new Date(now.getTime() - SESSION_IDLE_MS), now);
    const reach = new Map<string, Promise<Set<string> | null>>();
    for (const row of rows) {
      const key = row.is_root ? '' : row.tenant_id;
      if (!reach.has(key))
        reach.set(
          key,
          this.deps.tenants.reachableTenantIds({ tenantId: row.tenant_id, isRoot: row.is_root }),
        );
      principals.set(row.id_hash, {
        kind: 'browser',
        userId: row.user_id,
        sessionIdHash: row.id_hash,
        tenantId: row.tenant_id,
        tenantIds: await reach.get(key)!,
        permissions: effectivePermissions(row.permissions),
        freeTierMember: !row.is_root && row.tenant_kind === TENANT_KIND.freeTier,
        vendorStaff: row.is_root || isVendorStaff(row.email, this.deps.staffDomains ?? []),
      });
    }
    return principals;
  }
}
