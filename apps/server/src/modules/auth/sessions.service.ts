import type { ChangePasswordBody, LoginBody, TrustPeriod } from '@portal/contract';
import {
  authMessages,
  effectivePermissions,
  passwordMessages,
  TENANT_KIND,
  TRUST_PERIODS_MS,
  twoFactorMessages,
} from '@portal/contract';
import type { Tenant, User } from '../../db/schema.ts';
import { digest, hashPassword, newSecret, verifyPassword } from '../../lib/crypto.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../lib/session-lifetime.ts';
import { verifyTotp } from '../../lib/totp.ts';
import type { AuthDependencies } from './auth.ports.ts';
import type { AuthRepository } from './auth.repository.ts';
import { SessionCache } from './session-cache.ts';
import { accountKey, challengeKeyOf } from './sign-in-guesses.ts';

declare module '../../lib/principal.ts' {
  interface PrincipalExtras {
    /**
     * The user's own tenant as the session statement read it in this request (a request's principal only):
     * a call scoped to the caller's own tenant uses it instead of reading the tenant again.
     */
    ownTenant?: Tenant;
  }
}

const TOUCH_EVERY_MS = 30_000;
/** How long a password accepted for a 2FA account waits for its code. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;

export type LoginResult = { result: 'authenticated'; sessionId: string } | { result: 'secureAuthentication' };

/** Where a sign-in attempt comes from: the login's twoFactorKey and the client's address. */
export interface SignInAttempt {
  key: string;
  address: string;
}

/** Sign-in (password, then the code of a 2FA account), the sessions it opens, logout and password change. */
export class SessionsService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly deps: Pick<AuthDependencies, 'users' | 'throttle' | 'activities'>,
    /** Principals served lately; it serves nothing until told it hears the database's announcements. */
    readonly cache = new SessionCache(TOUCH_EVERY_MS),
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
    const user = await this.deps.users.findByEmail(body.email.trim());
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
    const { throttle, users } = this.deps;
    const keyHash = digest(attempt.key);
    const account = accountKey(body.email);
    // The challenge has its own count: at most LOGIN_THROTTLE.maxAttempts codes, then it is gone.
    const challengeKey = challengeKeyOf(keyHash);
    await throttle.slowDownSpraying(attempt.address, now);
    const counts = await throttle.reserve([account, challengeKey], now);
    const challenge = await this.repo.findLoginChallenge(keyHash, now);
    const user = challenge && (await users.findById(challenge.user_id));
    if (!challenge || !user?.totp_secret || user.email !== body.email.trim().toLowerCase()) {
      await throttle.failedFrom(attempt.address, body.email, now);
      throw unauthorized();
    }
    const step = verifyTotp(user.totp_secret, body.code, now);
    if (step === null || !(await users.acceptTotpStep(user.id, step))) {
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
    const user = await this.deps.users.findById(userId);
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

  /**
   * The principal of a live session, sliding its idle expiry; null when absent or expired. A session served
   * lately comes from the cache (SessionCache says when that is safe); otherwise from the database.
   */
  async resolveSession(sessionId: string, now = new Date()): Promise<Principal | null> {
    const idHash = digest(sessionId);
    const cached = this.cache.get(idHash, now.getTime());
    if (cached) return cached;
    const readStartedAt = this.cache.readStarts();
    const row = await this.repo.findLiveSession(idHash, new Date(now.getTime() - SESSION_IDLE_MS), now);
    if (!row) return null;
    let lastSeenAt = row.last_seen_at;
    if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.repo.touchSession(idHash, now);
      lastSeenAt = now;
    }
    const principal: Principal = {
      userId: row.user_id,
      tenantId: row.tenant_id,
      isRoot: row.is_root,
      permissions: effectivePermissions(row.permissions),
      sessionIdHash: idHash,
      freeTierMember: !row.is_root && row.tenant_kind === TENANT_KIND.freeTier,
      ownTenant: {
        id: row.tenant_id,
        name: row.tenant_name,
        customer_id: row.tenant_customer_id,
        kind: row.tenant_kind,
        parent_id: row.tenant_parent_id,
        ancestors: row.tenant_ancestors,
        email_domain: row.tenant_email_domain,
        primary_theme_color: row.tenant_primary_theme_color,
        secondary_theme_color: row.tenant_secondary_theme_color,
        logo_url: row.tenant_logo_url,
        fav_icon_url: row.tenant_fav_icon_url,
        status: row.tenant_status,
        created_at: row.tenant_created_at,
        dashboard_variant: row.tenant_dashboard_variant,
      },
    };
    this.cache.keep(
      idHash,
      { principal, lastSeenAt: lastSeenAt.getTime(), expiresAt: row.expires_at.getTime() },
      readStartedAt,
    );
    return principal;
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
    this.cache.forget(idHash);
  }

  /**
   * Changes the signed-in user's password (spec 000 sections 4, 5 and 8) and ends the user's other sessions;
   * the browser signs this one out after 2 s.
   */
  async changePassword(principal: Principal, body: ChangePasswordBody): Promise<void> {
    const user = await this.deps.users.sessionUser(principal);
    // The current password is a guess like a sign-in's: the same count per account.
    const keys = [accountKey(user.email)];
    await this.deps.throttle.reserve(keys);
    if (!(await verifyPassword(user.password_hash, body.oldPassword))) {
      throw new AppError('VALIDATION_ERROR', passwordMessages.oldIncorrect);
    }
    await this.deps.throttle.forget(keys);
    if (body.oldPassword === body.newPassword)
      throw new AppError('VALIDATION_ERROR', passwordMessages.sameAsOld);
    await this.deps.users.updatePasswordHash(user.id, await hashPassword(body.newPassword));
    await this.repo.deleteOtherSessions(user.id, principal.sessionIdHash);
    this.cache.forgetUser(user.id);
  }
}
