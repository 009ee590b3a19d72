import type { DisableTwoFactorBody, QrCodeResponse, TwoFactorLiveMessage } from '@portal/contract';
import { live as liveTopics, TENANT_KIND, twoFactorMessages } from '@portal/contract';
import QRCode from 'qrcode';
import type { User } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../../lib/totp.ts';
import type { AuthDependencies } from './auth.ports.ts';
import type { AuthRepository } from './auth.repository.ts';
import { accountKey } from './sign-in-guesses.ts';

export const TOTP_ISSUER = 'IoT Portal';

/** Two-factor set-up, switching it on, and off with proof (spec 000 sections 4 and 6, 002 section 6). */
export class TwoFactorService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly deps: Pick<AuthDependencies, 'users' | 'tenants' | 'throttle' | 'live'>,
  ) {}

  /** A new secret for the signed-in user, pending until a code from it is verified. */
  async twoFactorSetup(principal: Principal, email: string): Promise<QrCodeResponse> {
    const user = await this.ownAccount(principal, email);
    await this.assertMayUseTwoFactor(user);
    const secret = newTotpSecret();
    await this.deps.users.setPendingTotpSecret(user.id, secret);
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
    if (!pending || step === null || !(await this.switchOn(user.id, pending, step))) {
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
    const { users, tenants } = this.deps;
    const target = await users.findByEmail(email.trim());
    if (!target) throw notFound('User');
    const actor = target.id === principal.userId ? target : await users.sessionUser(principal);
    if (target.id !== principal.userId) {
      const mayDisable =
        actor.owner || (principal.isRoot && principal.permissions.has('IOT_DEVICE_SCOPE_MIGRATE'));
      const reachable = await tenants.reachableTenantIds(principal);
      const inReach = reachable === null || reachable.has(target.tenant_id);
      if (!mayDisable || !inReach || !target.two_factor_enabled) throw notFound('User');
    }
    await this.confirmPresence(actor, proof, now);
    // Its secrets, trusted devices and waiting challenges go in one transaction.
    await this.repo.transaction(async (repo, trx) => {
      await users.within(trx).disableTwoFactor(target.id);
      await repo.forgetTwoFactorSignIns(target.id);
    });
    this.publishTwoFactor(target, false);
  }

  /**
   * Turns 2FA on with the pending secret the code was checked against (unless it changed meanwhile) and,
   * in the same transaction, revokes the user's trusted devices; false when nothing changed.
   */
  private switchOn(userId: string, pendingSecret: string, step: number): Promise<boolean> {
    return this.repo.transaction(async (repo, trx) => {
      if (!(await this.deps.users.within(trx).enableTwoFactor(userId, pendingSecret, step))) return false;
      await repo.revokeTrustedDevices(userId);
      return true;
    });
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
      if (step === null || !(await this.deps.users.acceptTotpStep(user.id, step)))
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
    const user = await this.deps.users.sessionUser(principal);
    if (user.email !== email.trim().toLowerCase()) throw notFound('User');
    return user;
  }

  /** Social-login users and the free-tier scope have no 2FA (spec 000 section 6). */
  private async assertMayUseTwoFactor(user: User): Promise<void> {
    const tenant = await this.deps.tenants.findById(user.tenant_id);
    if (user.social_login || tenant?.kind === TENANT_KIND.freeTier) throw forbidden();
  }

  private publishTwoFactor(user: User, secureAuthentication: boolean): void {
    const message: TwoFactorLiveMessage = { userId: user.id, email: user.email, secureAuthentication };
    this.deps.live.publish(liveTopics.twoFactor(user.tenant_id, user.id), message);
  }
}
