import type { DatabaseHandle } from '../db/database.ts';
import { createActivitiesModule } from '../modules/activities/index.ts';
import { createApiKeysModule } from '../modules/api-keys/index.ts';
import { createAuditModule } from '../modules/audit/index.ts';
import { createAuthModule } from '../modules/auth/index.ts';
import { createEmailTemplatesModule } from '../modules/email-templates/index.ts';
import { createFeedbackModule } from '../modules/feedback/index.ts';
import { createMailModule } from '../modules/mail/index.ts';
import { createPasswordsModule } from '../modules/passwords/index.ts';
import { createPortalUsersModule } from '../modules/portal-users/index.ts';
import { createSocialModule } from '../modules/social/index.ts';
import type { TenantsService } from '../modules/tenants/index.ts';
import { createThrottleModule } from '../modules/throttle/index.ts';
import { createUsersModule } from '../modules/users/index.ts';
import type { PortalServices } from '../portal-services.ts';
import type { PortalBase } from './base.ts';

/**
 * Identity: users, sessions and sign-in, two-factor, passwords, portal users, social sign-in, activities and
 * mail; the audit log and feedback beside them. `identity` is what the fleet's modules take of it.
 */
export function wireIdentity(base: PortalBase, tenants: TenantsService, listen: DatabaseHandle['listen']) {
  const { config } = base;
  const { users } = createUsersModule(base);
  const { throttle } = createThrottleModule(base);
  const activitiesModule = createActivitiesModule({ ...base, users });
  const { activities } = activitiesModule;
  const staffDomains = config.STAFF_EMAIL_DOMAINS;
  const auth = createAuthModule({ ...base, users, tenants, throttle, activities, staffDomains, listen });
  const mailModule = createMailModule({
    ...base,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    retryBaseMs: config.MAIL_RETRY_BASE_SECONDS * 1000,
  });
  const { mailer } = mailModule;
  const templatesModule = createEmailTemplatesModule({ ...base, mailer, users });
  const identity = { ...base, users, tenants, throttle, activities, mailer, mail: templatesModule.templates };
  const passwordsModule = createPasswordsModule({ ...identity, signIns: auth.signIns });
  const { passwords } = passwordsModule;
  const portalUsersModule = createPortalUsersModule({ ...identity, passwords });
  const socialModule = createSocialModule({
    ...identity,
    signUp: portalUsersModule.signUp,
    sessions: auth.sessions,
  });
  const feedbackModule = createFeedbackModule({
    ...identity,
    to: config.FEEDBACK_EMAIL ?? config.ROOT_EMAIL,
  });
  const apiKeysModule = createApiKeysModule({ ...base, tenants, users });
  const auditModule = createAuditModule({ ...base, retentionDays: config.AUDIT_RETENTION_DAYS });
  const services = {
    auth: auth.sessions,
    activities,
    apiKeys: apiKeysModule.apiKeys,
    mailer,
    templates: identity.mail,
    passwords,
    audit: Object.assign(auditModule.audit, { purge: auditModule.purge }),
    portalUsers: portalUsersModule.portalUsers,
    signUp: portalUsersModule.signUp,
    social: socialModule.social,
    socialAccounts: socialModule.accounts,
  } satisfies Partial<PortalServices>;
  return {
    identity,
    auth,
    services,
    modules: [
      auditModule,
      templatesModule,
      feedbackModule,
      auth,
      activitiesModule,
      passwordsModule,
      portalUsersModule,
      socialModule,
      mailModule,
      apiKeysModule,
    ],
  };
}

export type Identity = ReturnType<typeof wireIdentity>['identity'];
