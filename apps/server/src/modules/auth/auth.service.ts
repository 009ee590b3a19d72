import type { ChangePasswordBody, LoginBody, MqttToken, UserDetails } from '@portal/contract';
import {
  authMessages,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  effectivePermissions,
  passwordMessages,
} from '@portal/contract';
import type { User } from '../../db/schema.ts';
import { digest, hashPassword, newSecret, verifyPassword } from '../../lib/crypto.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { Principal } from '../../lib/principal.ts';
import type { BrowserPrincipal } from '../../mqtt/acl.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import type { TenantsService } from '../tenants/tenants.service.ts';
import type { ThrottleService } from '../throttle/throttle.service.ts';
import type { AuthRepository } from './auth.repository.ts';

export const SESSION_IDLE_MS = 15 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3600_000;
const TOUCH_EVERY_MS = 30_000;
const MQTT_TOKEN_TTL_MS = 60_000;

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly tenants: TenantsService,
    readonly deps: { throttle: ThrottleService; activities: ActivitiesService; live: LivePublisher },
  ) {}

  /** Checks the credentials and opens a session; returns the cookie value. */
  async login(body: LoginBody, now = new Date()): Promise<{ sessionId: string }> {
    const user = await this.repo.findUserByEmail(body.email.trim());
    const ok = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !ok) throw new AppError('UNAUTHORIZED', authMessages.invalidCredentials);
    return this.openSession(user.id, now);
  }

  /** Opens a session for a user whose identity is already proven (password and code, or a social login). */
  async openSession(userId: string, now = new Date()): Promise<{ sessionId: string }> {
    const sessionId = newSecret();
    await this.repo.insertSession(
      digest(sessionId),
      userId,
      now,
      new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    );
    return { sessionId };
  }

  /** The signed-in user's record. */
  async sessionUser(principal: Principal): Promise<User> {
    const user = await this.repo.findUserById(principal.userId);
    if (!user) throw unauthorized();
    return user;
  }

  /**
   * Changes the signed-in user's password (spec 000 sections 4, 5 and 8) and ends the user's other sessions;
   * the browser signs this one out after 2 s.
   */
  async changePassword(principal: Principal, body: ChangePasswordBody): Promise<void> {
    const user = await this.repo.findUserById(principal.userId);
    if (!user || !(await verifyPassword(user.password_hash, body.oldPassword))) {
      throw new AppError('VALIDATION_ERROR', passwordMessages.oldIncorrect);
    }
    if (body.oldPassword === body.newPassword)
      throw new AppError('VALIDATION_ERROR', passwordMessages.sameAsOld);
    await this.repo.updatePasswordHash(user.id, await hashPassword(body.newPassword));
    await this.repo.deleteOtherSessions(user.id, principal.sessionIdHash);
  }

  async logout(sessionId: string): Promise<void> {
    await this.repo.deleteSession(digest(sessionId));
  }

  /** The principal of a live session, sliding its idle expiry; null when absent or expired. */
  async resolveSession(sessionId: string, now = new Date()): Promise<Principal | null> {
    const idHash = digest(sessionId);
    const row = await this.repo.findLiveSession(idHash, new Date(now.getTime() - SESSION_IDLE_MS), now);
    if (!row) return null;
    if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS)
      await this.repo.touchSession(idHash, now);
    return {
      userId: row.user_id,
      tenantId: row.tenant_id,
      isRoot: row.is_root,
      permissions: effectivePermissions(row.permissions),
      sessionIdHash: idHash,
    };
  }

  async userDetails(principal: Principal): Promise<UserDetails> {
    const user = await this.repo.findUserById(principal.userId);
    const tenant = await this.tenants.findById(principal.tenantId);
    if (!user || !tenant) throw unauthorized();
    return {
      user: {
        id: user.id,
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        scopeId: user.tenant_id,
        secureAuthentication: user.two_factor_enabled,
        socialLogin: user.social_login,
      },
      isRootUser: user.is_root,
      permissions: [...principal.permissions].sort(),
      tenant: {
        id: tenant.id,
        name: tenant.name,
        kind: tenant.kind,
        primaryThemeColor: tenant.primary_theme_color || DEFAULT_PRIMARY_COLOR,
        secondaryThemeColor: tenant.secondary_theme_color || DEFAULT_SECONDARY_COLOR,
        logoUrl: tenant.logo_url,
      },
    };
  }

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
    const user = await this.repo.findUserById(row.user_id);
    if (!user) return null;
    const tenantIds = await this.tenants.reachableTenantIds({
      tenantId: user.tenant_id,
      isRoot: user.is_root,
    });
    return { kind: 'browser', userId: user.id, tenantIds };
  }
}
