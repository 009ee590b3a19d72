import {
  ACTIVATION_LINK_TTL_MS,
  type Language,
  RESET_LINK_TTL_MS,
  type ResetPasswordBody,
  resetLinkMessages,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { digest, hashPassword, newSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { describeDuration, type TemplatedMail } from '../email-templates/index.ts';
import type { Mailer } from '../mail/index.ts';
import { ThrottleService } from '../throttle/index.ts';
import type { UsersService } from '../users/index.ts';
import { PASSWORD_PURPOSES, type PasswordsRepository } from './passwords.repository.ts';

/** The web app's pages that take a link's token (HashRouter routes, spec 000 section 2). */
const LINK_PAGES = {
  resetPassword: 'reset-password',
  activation: 'portal-user/reset-password',
} as const;

/**
 * Forgot / reset password and first-password links: single-use, expiring e-mailed links whose token is
 * stored only as a digest. The same mechanism serves lock users (`lockUserReset`).
 */
export class PasswordsService {
  constructor(
    private readonly repo: PasswordsRepository,
    readonly deps: {
      users: Pick<UsersService, 'findByEmail' | 'within'>;
      /** The auth module's port: the reset signs the user out everywhere in its transaction. */
      signIns: { within(trx: Kysely<Database>): { endSignIns(userId: string): Promise<void> } };
      mailer: Pick<Mailer, 'send'>;
      /** Reset and activation mails come from their templates (modules/email-templates). */
      mail: TemplatedMail;
      throttle: ThrottleService;
      /** The portal's own address (lib/own-origin.ts): every mailed link starts with it. */
      origin: () => string;
    },
  ) {}

  /**
   * Mails a reset link to a password-login account. Every request counts towards the 'forgot' limit of the
   * address typed and of the client address; the caller answers the same whether or not the account exists.
   */
  async forgotPassword(
    email: string,
    request: { address: string; language: Language | null },
    now = new Date(),
  ) {
    const clientAddress = request.address;
    const address = email.trim().toLowerCase();
    const keys = ThrottleService.keys('forgot', address, clientAddress);
    await this.deps.throttle.reserve(keys, now);
    const user = address ? await this.deps.users.findByEmail(address) : undefined;
    if (!user || user.social_login) return;
    const link = await this.issueUserLink(user.id, 'resetPassword', RESET_LINK_TTL_MS, now);
    await this.deps.mail.sendTemplate(
      'resetPassword',
      user.email,
      {
        firstName: user.first_name,
        email: user.email,
        link,
        validity: (language) => describeDuration(RESET_LINK_TTL_MS, language),
      },
      { tenantId: user.tenant_id, language: request.language },
    );
  }

  /**
   * Mails the user a link to set a first password (new portal user, sign-up); `language` is the sign-up
   * request's, for a new user who has chosen none yet.
   */
  async sendActivationLink(
    user: { id: string; email: string; firstName: string },
    language: Language | null = null,
    now = new Date(),
  ): Promise<void> {
    const link = await this.issueUserLink(user.id, 'activation', ACTIVATION_LINK_TTL_MS, now);
    const tenantId = (await this.deps.users.findByEmail(user.email))?.tenant_id ?? null;
    await this.deps.mail.sendTemplate(
      'activation',
      user.email,
      {
        firstName: user.firstName,
        email: user.email,
        link,
        validity: (language) => describeDuration(ACTIVATION_LINK_TTL_MS, language),
      },
      { tenantId, language },
    );
  }

  /**
   * Sets the password from a reset or first-password link. In one transaction: the link is used (exactly
   * once, even for two concurrent calls), the password set, the account made Active, and the user signed out
   * everywhere (sessions, trusted devices).
   */
  async resetPassword(body: ResetPasswordBody, now = new Date()): Promise<void> {
    const tokenHash = digest(body.activationCode);
    const link = await this.repo.findLink(tokenHash);
    if (!link?.user_id || !PASSWORD_PURPOSES.includes(link.purpose))
      throw new AppError('NOT_FOUND', resetLinkMessages.invalid);
    if (link.used_at) throw new AppError('UNAUTHORIZED', resetLinkMessages.unauthorized);
    if (link.expires_at <= now) throw new AppError('GONE', resetLinkMessages.expired);

    const passwordHash = await hashPassword(body.password);
    await this.repo.transaction(async (repo, trx) => {
      const claimed = await repo.claimLink(tokenHash, now);
      if (!claimed?.user_id) throw new AppError('UNAUTHORIZED', resetLinkMessages.unauthorized);
      await this.deps.users.within(trx).setPassword(claimed.user_id, passwordHash);
      await repo.retireUserLinks(claimed.user_id, PASSWORD_PURPOSES, now);
      await this.deps.signIns.within(trx).endSignIns(claimed.user_id);
    });
  }

  /**
   * A reset link for a lock user (not a portal user), good for `ttlMs` (RESET_LINK_TTL_MS; the lock-user work
   * gives an activation ACTIVATION_LINK_TTL_MS): retires the subject's earlier ones and returns the token; the
   * lock-user work builds the URL and the mail.
   */
  async issueLockUserResetLink(
    subjectId: string,
    now = new Date(),
    ttlMs = RESET_LINK_TTL_MS,
  ): Promise<string> {
    const token = newSecret();
    await this.repo.transaction(async (repo) => {
      await repo.retireSubjectLinks(subjectId, 'lockUserReset', now);
      await repo.insertLink({
        token_hash: digest(token),
        purpose: 'lockUserReset',
        user_id: null,
        subject_id: subjectId,
        expires_at: new Date(now.getTime() + ttlMs),
      });
    });
    return token;
  }

  /**
   * Uses a lock-user reset link: `apply` sets the lock user's password in the same transaction as the link
   * is marked used, so a failure leaves the link usable and two concurrent uses apply once.
   */
  async consumeLockUserResetLink<T>(
    token: string,
    apply: (trx: Kysely<Database>, subjectId: string) => Promise<T>,
    now = new Date(),
  ): Promise<T> {
    const tokenHash = digest(token);
    const link = await this.repo.findLink(tokenHash);
    if (!link?.subject_id || link.purpose !== 'lockUserReset')
      throw new AppError('NOT_FOUND', resetLinkMessages.lockUserInvalid);
    if (link.used_at) throw new AppError('UNAUTHORIZED', resetLinkMessages.lockUserInvalid);
    if (link.expires_at <= now) throw new AppError('GONE', resetLinkMessages.lockUserExpired);
    return this.repo.transaction(async (repo, trx) => {
      const claimed = await repo.claimLink(tokenHash, now);
      if (!claimed?.subject_id) throw new AppError('UNAUTHORIZED', resetLinkMessages.lockUserInvalid);
      return apply(trx, claimed.subject_id);
    });
  }

  /** A new password link for the user, retiring the user's earlier unused ones; returns its URL. */
  private async issueUserLink(
    userId: string,
    purpose: keyof typeof LINK_PAGES,
    ttlMs: number,
    now: Date,
  ): Promise<string> {
    const token = newSecret();
    await this.repo.transaction(async (repo) => {
      await repo.retireUserLinks(userId, PASSWORD_PURPOSES, now);
      await repo.insertLink({
        token_hash: digest(token),
        purpose,
        user_id: userId,
        subject_id: null,
        expires_at: new Date(now.getTime() + ttlMs),
      });
    });
    return `${this.deps.origin()}/#/${LINK_PAGES[purpose]}/${token}`;
  }
}
