import type {
  ChangePasswordBody,
  DisableTwoFactorBody,
  LoginBody,
  MqttToken,
  PortalUsersLiveMessage,
  QrCodeResponse,
  TrustPeriod,
  TwoFactorLiveMessage,
  UserDetails,
} from '@portal/contract';
import {
  authMessages,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  effectivePermissions,
  live as liveTopics,
  passwordMessages,
  TENANT_KIND,
  TRUST_PERIODS_MS,
  twoFactorMessages,
} from '@portal/contract';
import QRCode from 'qrcode';
import type { User } from '../../db/schema.ts';
import { digest, hashPassword, newSecret, verifyPassword } from '../../lib/crypto.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { LivePublisher } from '../../lib/live.ts';
import type { BrowserPrincipal, Principal } from '../../lib/principal.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../lib/session-lifetime.ts';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../../lib/totp.ts';
import { isVendorStaff } from '../../lib/vendor-staff.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import type { TenantsService } from '../tenants/tenants.service.ts';
import { ThrottleService } from '../throttle/throttle.service.ts';
import type { AuthRepository } from './auth.repository.ts';

const TOUCH_EVERY_MS = 30_000;
const MQTT_TOKEN_TTL_MS = 60_000;
/** How long a password accepted for a 2FA account waits for its code. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;
export const TOTP_ISSUER = 'IoT Portal';
/**
 * Passwords and codes share one count per account (sign-in, change password, switching 2FA off); a
 * sign-in challenge has its own count of codes.
 */
const THROTTLE_KIND = 'login';
const accountKey = (email: string) => ThrottleService.accountKey(THROTTLE_KIND, email);
const challengeKeyOf = (keyHash: string) => `${THROTTLE_KIND}:challenge:${keyHash}`;

export type LoginResult = { result: 'authenticated'; sessionId: string } | { result: 'secureAuthentication' };

/** Where a sign-in attempt comes from: the login's twoFactorKey and the client's address. */
export interface SignInAttempt {
  key: string;
  address: string;
}

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly tenants: TenantsService,
    readonly deps: {
      throttle: ThrottleService;
      activities: ActivitiesService;
      live: LivePublisher;
      /** Vendor staff e-mail domains (STAFF_EMAIL_DOMAINS): user details say whether the user is staff. */
      staffDomains?: readonly string[];
    },
  ) {}

  /**
   * Checks the credentials (spec 000 section 4 'Login'). A user without 2FA, or signing in from a device
   * trusted and not expired, gets a session; a 2FA user otherwise gets a challenge waiting for the code.
   */
  async login(body: LoginBody, attempt: SignInAttempt, now = new Date()): Promise<LoginResult> {
    const { throttle } = this.deps;
    const keys = [accountKey(body.email)];
    await throttle.slowDownSpraying(attempt.address, now);
    // Reserved before the password is checked: a burst cannot get more than the limit evaluated.
    await throttle.reserve(keys, now);
    const user = await this.repo.findUserByEmail(body.email.trim());
    // A social-login user has no password to check; the dummy hash keeps the timing the same.
    const passwordHash = user && !user.social_login ? user.password_hash : null;
    const ok = await verifyPassword(passwordHash, body.password);
    if (!user || !ok) {
      await throttle.failedFrom(attempt.address, body.email, now);
      throw new AppError('UNAUTHORIZED', authMessages.invalidCredentials);
    }
    if (user.two_factor_enabled) {
      const fingerprintHash = body.fingerprint ? digest(body.fingerprint) : null;
      const trusted = fingerprintHash && (await this.repo.isTrustedDevice(user.id, fingerprintHash, now));
      if (!trusted) {
        // The right password gives its attempt back, but the account's count is forgotten only when the
        // code is right too, so right passwords between wrong codes do not reset it.
        await throttle.release(keys);
        // A new challenge has a count of its own, even under a key used before.
        await throttle.forget([challengeKeyOf(digest(attempt.key))]);
        await this.repo.saveLoginChallenge({
          key_hash: digest(attempt.key),
          user_id: user.id,
          fingerprint_hash: fingerprintHash,
          expires_at: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS),
          now,
        });
        return { result: 'secureAuthentication' };
      }
    }
    await throttle.forget(keys);
    return { result: 'authenticated', ...(await this.startSession(user, now)) };
  }

  /**
   * The code step of a 2FA sign-in (POST /api/twoStepVerification): the challenge left by the password
   * step, a valid code not used before; then the device is trusted for the period asked and a session opens.
   */
  async verifyTwoStep(
    body: { email: string; code: string },
    attempt: SignInAttempt & { trustPeriod: TrustPeriod },
    now = new Date(),
  ): Promise<{ sessionId: string }> {
    const { throttle } = this.deps;
    const keyHash = digest(attempt.key);
    const account = accountKey(body.email);
    // The challenge has its own count: at most LOGIN_THROTTLE.maxAttempts codes, then it is gone.
    const challengeKey = challengeKeyOf(keyHash);
    await throttle.slowDownSpraying(attempt.address, now);
    const counts = await throttle.reserve([account, challengeKey], now);
    const challenge = await this.repo.findLoginChallenge(keyHash, now);
    const user = challenge && (await this.repo.findUserById(challenge.user_id));
    if (!challenge || !user?.totp_secret || user.email !== body.email.trim().toLowerCase()) {
      await throttle.failedFrom(attempt.address, body.email, now);
      throw unauthorized();
    }
    const step = verifyTotp(user.totp_secret, body.code, now);
    if (step === null || !(await this.repo.acceptTotpStep(user.id, step))) {
      await throttle.failedFrom(attempt.address, body.email, now);
      if (throttle.isLast(counts.get(challengeKey))) await this.repo.deleteLoginChallenge(keyHash);
      throw new AppError('UNAUTHORIZED', twoFactorMessages.incorrectCode);
    }
    await this.repo.deleteLoginChallenge(keyHash);
    if (challenge.fingerprint_hash) {
      const trustedUntil = new Date(now.getTime() + TRUST_PERIODS_MS[attempt.trustPeriod]);
      await this.repo.trustDevice(user.id, challenge.fingerprint_hash, trustedUntil);
    }
    await throttle.forget([account, challengeKey]);
    return this.startSession(user, now);
  }

  /** Opens a session for a user whose identity is already proven (password and code, or a social login). */
  async openSession(userId: string, now = new Date()): Promise<{ sessionId: string }> {
    const user = await this.repo.findUserById(userId);
    if (!user) throw unauthorized();
    return this.startSession(user, now);
  }

  /** Every session opened is a 'login' activity. */
  private async startSession(user: User, now: Date): Promise<{ sessionId: string }> {
    const sessionId = newSecret();
    await this.repo.insertSession(
      digest(sessionId),
      user.id,
      now,
      new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    );
    await this.deps.activities.record('login', {
      tenantId: user.tenant_id,
      userId: user.id,
      email: user.email,
    });
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
    const user = await this.sessionUser(principal);
    // The current password is a guess like a sign-in's: the same count per account.
    const keys = [accountKey(user.email)];
    await this.deps.throttle.reserve(keys);
    if (!(await verifyPassword(user.password_hash, body.oldPassword))) {
      throw new AppError('VALIDATION_ERROR', passwordMessages.oldIncorrect);
    }
    await this.deps.throttle.forget(keys);
    if (body.oldPassword === body.newPassword)
      throw new AppError('VALIDATION_ERROR', passwordMessages.sameAsOld);
    await this.repo.updatePasswordHash(user.id, await hashPassword(body.newPassword));
    await this.repo.deleteOtherSessions(user.id, principal.sessionIdHash);
  }

  /** Ends the session; a live one leaves a 'logout' activity. */
  async logout(sessionId: string, now = new Date()): Promise<void> {
    const idHash = digest(sessionId);
    const row = await this.repo.findLiveSession(idHash, new Date(now.getTime() - SESSION_IDLE_MS), now);
    if (row) {
      await this.deps.activities.record('logout', {
        tenantId: row.tenant_id,
        userId: row.user_id,
        email: row.email,
      });
    }
    await this.repo.deleteSession(idHash);
  }

  /**
   * 'Remove your account' (spec 000 sections 2 and 4; DESIGN.md section 8): only one's own account, and
   * only in the free-tier scope. The user's sessions go with it; the activity keeps the e-mail.
   */
  async removeOwnAccount(principal: Principal, userId: string, scopeId: string): Promise<void> {
    if (userId !== principal.userId || scopeId !== principal.tenantId) throw notFound('User');
    const tenant = await this.tenants.findById(principal.tenantId);
    if (tenant?.kind !== TENANT_KIND.freeTier) throw forbidden();
    const user = await this.sessionUser(principal);
    await this.repo.deleteUser(user.id);
    // As a deletion on the users screen: root's list drops the row, and the live connections end at once.
    const gone: PortalUsersLiveMessage = { type: 'deleteUser', id: user.id };
    this.deps.live.publish(liveTopics.portalUsers(user.tenant_id), gone);
    await this.deps.activities.record('accountDeleted', {
      tenantId: user.tenant_id,
      userId: user.id,
      email: user.email,
    });
  }

  /* ---------- Two-factor set-up (spec 000 sections 4 and 6, 002 section 6) ---------- */

  /** A new secret for the signed-in user, pending until a code from it is verified. */
  async twoFactorSetup(principal: Principal, email: string): Promise<QrCodeResponse> {
    const user = await this.ownAccount(principal, email);
    await this.assertMayUseTwoFactor(user);
    const secret = newTotpSecret();
    await this.repo.setPendingTotpSecret(user.id, secret);
    const url = otpauthUrl(TOTP_ISSUER, user.email, secret);
    return { qrCodeUrl: await QRCode.toDataURL(url), secret, otpauthUrl: url };
  }

  /** Turns 2FA on for the signed-in user with a code from the pending secret; trusted devices are revoked. */
  async enableTwoFactor(
    principal: Principal,
    body: { email: string; code: string },
    now = new Date(),
  ): Promise<void> {
    const user = await this.ownAccount(principal, body.email);
    await this.assertMayUseTwoFactor(user);
    const pending = user.totp_pending_secret;
    const step = pending ? verifyTotp(pending, body.code, now) : null;
    if (!pending || step === null || !(await this.repo.enableTwoFactor(user.id, pending, step))) {
      // 400, not 401: a wrong code must not end the session in the browser.
      throw new AppError('VALIDATION_ERROR', twoFactorMessages.incorrectCode);
    }
    this.publishTwoFactor(user, true);
  }

  /**
   * Turns 2FA off: for oneself, or (spec 002 section 6) by an owner or a root user holding
   * IOT_DEVICE_SCOPE_MIGRATE for a user within reach who has it on. Anyone else gets a 404. A session
   * alone is not enough: the acting user proves it is them with a current code or their password
   * (their own, also for another user's 2FA), counted like a sign-in's guesses.
   */
  async disableTwoFactor(
    principal: Principal,
    email: string,
    proof: DisableTwoFactorBody,
    now = new Date(),
  ): Promise<void> {
    const target = await this.repo.findUserByEmail(email.trim());
    if (!target) throw notFound('User');
    const actor = target.id === principal.userId ? target : await this.sessionUser(principal);
    if (target.id !== principal.userId) {
      const mayDisable =
        actor.owner || (principal.isRoot && principal.permissions.has('IOT_DEVICE_SCOPE_MIGRATE'));
      const reachable = await this.tenants.reachableTenantIds(principal);
      const inReach = reachable === null || reachable.has(target.tenant_id);
      if (!mayDisable || !inReach || !target.two_factor_enabled) throw notFound('User');
    }
    await this.confirmPresence(actor, proof, now);
    await this.repo.disableTwoFactor(target.id);
    this.publishTwoFactor(target, false);
  }

  /**
   * Re-authenticates a signed-in user with a current code (2FA on) or the password. 400 for a wrong one
   * (a 401 would end the session in the browser); each counts like a sign-in guess.
   */
  private async confirmPresence(user: User, proof: DisableTwoFactorBody, now: Date): Promise<void> {
    const keys = [accountKey(user.email)];
    await this.deps.throttle.reserve(keys, now);
    if (proof.code !== undefined) {
      const step = user.totp_secret ? verifyTotp(user.totp_secret, proof.code, now) : null;
      if (step === null || !(await this.repo.acceptTotpStep(user.id, step)))
        throw new AppError('VALIDATION_ERROR', twoFactorMessages.incorrectCode);
    } else {
      const passwordHash = user.social_login ? null : user.password_hash;
      if (!(await verifyPassword(passwordHash, proof.password ?? '')))
        throw new AppError('VALIDATION_ERROR', twoFactorMessages.wrongPassword);
    }
    await this.deps.throttle.forget(keys);
  }

  /** The signed-in user, when `email` is theirs; any other address answers 404. */
  private async ownAccount(principal: Principal, email: string): Promise<User> {
    const user = await this.sessionUser(principal);
    if (user.email !== email.trim().toLowerCase()) throw notFound('User');
    return user;
  }

  /** Social-login users and the free-tier scope have no 2FA (spec 000 section 6). */
  private async assertMayUseTwoFactor(user: User): Promise<void> {
    const tenant = await this.tenants.findById(user.tenant_id);
    if (user.social_login || tenant?.kind === TENANT_KIND.freeTier) throw forbidden();
  }

  private publishTwoFactor(user: User, secureAuthentication: boolean): void {
    const message: TwoFactorLiveMessage = { userId: user.id, email: user.email, secureAuthentication };
    this.deps.live.publish(liveTopics.twoFactor(user.tenant_id, user.id), message);
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
        owner: user.owner,
      },
      isRootUser: user.is_root,
      vendorStaff: isVendorStaff(user.email, this.deps.staffDomains ?? []),
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
        reach.set(key, this.tenants.reachableTenantIds({ tenantId: row.tenant_id, isRoot: row.is_root }));
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
