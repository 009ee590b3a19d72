import {
  ACTIVATION_LINK_TTL_MS,
  LOCK_USER_LINK_PAGE,
  type LockUserLinkKind,
  type LockUserLinkSent,
  lockUserLinkSent,
  lockUserPasswordMessages,
  lockUserResetPasswordBody,
  messageResponse,
  RESET_LINK_TTL_MS,
  type ResetPasswordBody,
  resendActivationLinkParams,
  resendActivationLinkQuery,
  resetLinkMessages,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { principalOf } from '../../plugins/access.ts';
import { describeDuration, type TemplatedMail } from '../email-templates/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { PasswordsService } from '../passwords/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { ThrottleService } from '../throttle/index.ts';

export interface LockUserPasswordDependencies {
  db: Kysely<Database>;
  tenants: Pick<TenantsService, 'subtreeWithin' | 'reachableTenantIds'>;
  passwords: Pick<PasswordsService, 'issueLockUserResetLink' | 'consumeLockUserResetLink'>;
  mailer: Pick<Mailer, 'send'>;
  /** The link mails come from the lockUserActivation / lockUserReset templates (modules/email-templates). */
  mail: Pick<TemplatedMail, 'sendTemplate'>;
  throttle: ThrottleService;
  /** The portal's own address (lib/own-origin.ts): every mailed link starts with it. */
  origin: () => string;
}

/**
 * A lock user's app password (docs/locks.md 'Lock-user password links'): the administrator's resend call mails a
 * single-use, expiring link (activation while the user has no password, reset once it has one); the lock user's
 * public call sets the password from it. The link is used exactly once, in the same transaction as the password
 * is written (PasswordsService.consumeLockUserResetLink: one claiming UPDATE).
 */
export class LockUserPasswordService {
  constructor(private readonly deps: LockUserPasswordDependencies) {}

  async resend(
    principal: Principal,
    rawEmail: string,
    scopeId: string | undefined,
    now = new Date(),
  ): Promise<LockUserLinkSent> {
    const email = rawEmail.trim().toLowerCase();
    const tenantIds = scopeId
      ? await this.deps.tenants.subtreeWithin(principal, scopeId)
      : await this.deps.tenants.reachableTenantIds(principal);
    let query = this.deps.db
      .selectFrom('lock_users')
      .select(['id', 'email', 'first_name', 'password_hash', 'tenant_id'])
      .where('deleted_at', 'is', null)
      .where('email', '=', email);
    if (tenantIds) {
      const ids = [...tenantIds];
      if (ids.length === 0) throw notFound('Lock user');
      query = query.where('tenant_id', 'in', ids);
    }
    const users = await query.execute();
    if (users.length === 0) throw notFound('Lock user');
    // Per address: a flood of mails to one person stops at the limit (as 'forgot' does), whoever asks.
    await this.deps.throttle.reserve([ThrottleService.accountKey('lockUserLink', email)], now);
    const kind: LockUserLinkKind = users.some((u) => u.password_hash === null) ? 'activation' : 'reset';
    for (const user of users) {
      // The spec gives no lifetime: a lock user's activation lasts as a portal user's (7 days), a reset 1 hour.
      const ttlMs = user.password_hash === null ? ACTIVATION_LINK_TTL_MS : RESET_LINK_TTL_MS;
      const token = await this.deps.passwords.issueLockUserResetLink(user.id, now, ttlMs);
      const link = `${this.deps.origin()}/#/${LOCK_USER_LINK_PAGE}/${token}`;
      await this.deps.mail.sendTemplate(
        user.password_hash === null ? 'lockUserActivation' : 'lockUserReset',
        user.email,
        {
          firstName: user.first_name,
          email: user.email,
          link,
          validity: (language) => describeDuration(ttlMs, language),
        },
        { tenantId: user.tenant_id },
      );
    }
    const message =
      kind === 'activation'
        ? lockUserPasswordMessages.activationSent(email)
        : lockUserPasswordMessages.resetSent(email);
    return { message, kind, sent: users.length };
  }

  /** Sets the password from a link; guesses from one address are throttled like sign-in. */
  async resetPassword(body: ResetPasswordBody, clientAddress: string, now = new Date()): Promise<void> {
    const keys = ThrottleService.keys('lockUserReset', undefined, clientAddress);
    await this.deps.throttle.reserve(keys, now);
    const passwordHash = await hashPassword(body.password);
    await this.deps.passwords.consumeLockUserResetLink(
      body.activationCode,
      async (trx, subjectId) => {
        const updated = await trx
          .updateTable('lock_users')
          .set({ password_hash: passwordHash, updated_at: now })
          .where('id', '=', subjectId)
          .where('deleted_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        // A user deleted since the link was sent: the link is not used, nothing is written.
        if (!updated) throw new AppError('NOT_FOUND', resetLinkMessages.lockUserInvalid);
      },
      now,
    );
    await this.deps.throttle.release(keys);
  }
}

export const lockUserPasswordRoutes: FastifyPluginAsyncZod<{
  lockUserPasswords: LockUserPasswordService;
}> = async (app, { lockUserPasswords }) => {
  app.post(
    '/api/resend-activation-link/emailId/:email',
    {
      config: { access: 'IOT_USER_WRITE' },
      schema: {
        tags: ['lock users'],
        summary:
          "Mail a lock user a single-use link to set the lock app's password (activation, or reset once set)",
        params: resendActivationLinkParams,
        querystring: resendActivationLinkQuery,
        response: { 200: lockUserLinkSent },
      },
    },
    async (request) =>
      lockUserPasswords.resend(principalOf(request), request.params.email, request.query.scopeId),
  );

  app.post(
    '/api/lock-user/resetPassword',
    {
      config: { access: 'public' },
      schema: {
        tags: ['lock users'],
        summary: "Set a lock user's app password from its e-mailed link (no session)",
        body: lockUserResetPasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await lockUserPasswords.resetPassword(request.body, request.ip);
      return { message: lockUserPasswordMessages.passwordSet };
    },
  );
};
