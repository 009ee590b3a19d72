// The composition root's wiring: every module built from the services of the modules before it (app.ts
// assembles the portal from what this returns).
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { AnalyzeJob } from './db/analyze-job.ts';
import type { DatabaseHandle } from './db/database.ts';
import { type Meter, noMeter } from './lib/metrics.ts';
import type { ModuleParts } from './lib/module.ts';
import type { Principal } from './lib/principal.ts';
import { type ActivitiesService, createActivitiesModule } from './modules/activities/index.ts';
import { type AgentConfigService, createAgentConfigModule } from './modules/agent-config/index.ts';
import { createAlertEngineModule } from './modules/alert-engine/index.ts';
import { type AlertRulesReader as AlertDefinitions, createAlertsModule } from './modules/alerts/index.ts';
import { type AuditService, createAuditModule } from './modules/audit/index.ts';
import { createAuthModule, type SessionsService } from './modules/auth/index.ts';
import { createCustomerDeletionModule } from './modules/customer-deletion/index.ts';
import { createDashboardsModule } from './modules/dashboards/index.ts';
import { createEmailTemplatesModule, type EmailTemplatesService } from './modules/email-templates/index.ts';
import { createFeedbackModule } from './modules/feedback/index.ts';
import { createFilesModule } from './modules/files/index.ts';
import { createFirmwareModule } from './modules/firmware/index.ts';
import { createGatewayCommandsModule } from './modules/gateway-commands/index.ts';
import { createGatewaysModule, type GatewaysService } from './modules/gateways/index.ts';
import { createGlobalSearchModule } from './modules/global-search/index.ts';
import { createGraphGeneratorModule } from './modules/graph-generator/index.ts';
import { createIngestModule } from './modules/ingest/index.ts';
import { createInstructionsModule, type InstructionsService } from './modules/instructions/index.ts';
import { createLockAccessModule, type LockAccessService } from './modules/lock-access/index.ts';
import { createLockUsersModule, type LockUsersService } from './modules/lock-users/index.ts';
import { createLocksModule, type LocksService } from './modules/locks/index.ts';
import { createMailModule, type Mailer } from './modules/mail/index.ts';
import { createPasswordsModule, type PasswordsService } from './modules/passwords/index.ts';
import { createPlatformModule } from './modules/platform/index.ts';
import { createPortalConfigModule } from './modules/portal-config/index.ts';
import {
  createPortalUsersModule,
  type PortalUsersService,
  type SignUpService,
} from './modules/portal-users/index.ts';
import { createProvisioningModule } from './modules/provisioning/index.ts';
import { createPumpModule } from './modules/pump/index.ts';
import {
  createSocialModule,
  type SocialAccountsService,
  type SocialService,
} from './modules/social/index.ts';
import { createTelemetryModule, type TelemetryService } from './modules/telemetry/index.ts';
import { createTenantsModule, type TenantsService } from './modules/tenants/index.ts';
import { createThrottleModule } from './modules/throttle/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import type { BrokerAccess, DeviceMessageSink } from './mqtt/messaging.ts';
import type { BrokerLink } from './mqtt/outbound.ts';

export const WEB_DIST = new URL('../../web/dist/', import.meta.url);

/** The services tests and the server reach directly. */
export interface PortalServices {
  auth: SessionsService;
  activities: ActivitiesService;
  mailer: Mailer;
  templates: EmailTemplatesService;
  audit: AuditService & { purge(): Promise<number> };
  passwords: PasswordsService;
  portalUsers: PortalUsersService;
  signUp: SignUpService;
  social: SocialService;
  socialAccounts: SocialAccountsService;
  gateways: GatewaysService;
  telemetry: TelemetryService;
  tenants: TenantsService;
  instructions: InstructionsService;
  locks: LocksService;
  lockUsers: LockUsersService;
  lockAccess: LockAccessService;
  agentConfig: AgentConfigService;
  alertRules: AlertDefinitions;
}

/**
 * The modules, each built by its own wiring from the services of the modules before it, in the order their
 * routes are registered and their background work starts (it stops in reverse). Modules reach browsers and
 * gateways through `link`, attached to the broker once that is built.
 */
export function wireModules(
  config: Config,
  logger: Logger,
  database: DatabaseHandle,
  link: BrokerLink,
  /** The portal's own address for mailed links, known once HTTP listens. */
  origin: () => string,
  meter: Meter = noMeter,
) {
  const { db } = database;
  const live = link;
  const files = createFilesModule({ dataDir: config.DATA_DIR });
  const tenantsModule = createTenantsModule({ db, live, files: files.publicFiles });
  const { tenants } = tenantsModule;

  // Identity: users, sessions and sign-in, two-factor, passwords, portal users, social, activities, mail.
  const secureCookies = config.PUBLIC_URL?.startsWith('https://') ?? false;
  const { users } = createUsersModule({ db });
  const { throttle } = createThrottleModule({ db });
  const activitiesModule = createActivitiesModule({ db, users });
  const { activities } = activitiesModule;
  const authModule = createAuthModule({
    db,
    users,
    tenants,
    throttle,
    activities,
    live,
    staffDomains: config.STAFF_EMAIL_DOMAINS,
    secureCookies,
    listen: database.listen,
    meter,
  });
  const { sessions, mqttTokens } = authModule;
  const mailModule = createMailModule({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const { mailer } = mailModule;
  // Every mail is rendered from its template (root edits them), in the recipient's customer's colours.
  const templatesModule = createEmailTemplatesModule({
    db,
    mailer,
    origin,
    userEmail: async (principal) => {
      const user = await users.sessionUser(principal);
      return { email: user.email, firstName: user.first_name };
    },
  });
  const { templates } = templatesModule;
  const passwordsModule = createPasswordsModule({ db, users, mailer, mail: templates, throttle, origin });
  const { passwords } = passwordsModule;
  const portalUsersModule = createPortalUsersModule({
    users,
    tenants,
    throttle,
    passwords,
    activities,
    live,
  });
  const { portalUsers, signUp } = portalUsersModule;
  const socialModule = createSocialModule({ db, config, secureCookies, users, signUp, sessions });

  // Gateways and what they report, answer and are told.
  const telemetryModule = createTelemetryModule({
    db,
    live,
    logger,
    retention: { rawDays: config.TELEMETRY_RETENTION_DAYS, rollupDays: config.ROLLUP_RETENTION_DAYS },
    meter,
  });
  const { telemetry } = telemetryModule;
  const gatewaysModule = createGatewaysModule({
    db,
    live,
    tenants,
    samples: telemetry,
    devices: link,
    users,
    // Built below: the lists ask it at request time only.
    versions: (list) => firmwareModule.firmware.gatewayVersions(list),
  });
  const { gateways } = gatewaysModule;
  const instructionsModule = createInstructionsModule({
    db,
    live,
    devices: link,
    tenants,
    users,
    telemetry,
    files: files.storage,
    logger: logger.child({ component: 'instructions' }),
    deadlineScale: config.INSTRUCTION_DEADLINE_SCALE,
    staffDomains: config.STAFF_EMAIL_DOMAINS,
  });
  const commandsModule = createGatewayCommandsModule({
    db,
    live,
    logger: logger.child({ component: 'gateway-commands' }),
    gateways: gatewaysModule.query,
    users,
    devices: link,
    events: telemetry,
    states: gateways,
    instructions: instructionsModule.instructions,
    staffDomains: config.STAFF_EMAIL_DOMAINS,
  });
  // A gateway's moves show in its activity feed.
  gatewaysModule.registry.onMoved(commandsModule.recordScopeChange);
  const deletionModule = createCustomerDeletionModule({
    db,
    live,
    logger,
    tenants,
    registry: gatewaysModule.registry,
  });
  // Locks behind the gateways (their reports, lists, mode), and the people who open them.
  const locksModule = createLocksModule({
    db,
    live,
    tenants,
    instructions: instructionsModule.instructions,
    logger,
  });
  gatewaysModule.registry.onMoved(locksModule.gatewayMoved);
  const lockUsersModule = createLockUsersModule({
    db,
    live,
    tenants,
    passwords,
    mailer,
    mail: templates,
    throttle,
    origin,
  });
  // The delivery ledger: access given and taken away, one lock command at a time per gateway.
  const lockAccessModule = createLockAccessModule({
    db,
    live,
    tenants,
    instructions: instructionsModule.instructions,
    logger,
    settings: {
      retryBaseMs: config.LOCK_ACCESS_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: config.LOCK_ACCESS_RETRY_MAX_SECONDS * 1000,
      maxAttempts: config.LOCK_ACCESS_MAX_ATTEMPTS,
      revokeDeadlineMs: config.LOCK_REVOKE_DEADLINE_MINUTES * 60_000,
    },
  });
  // Alert definitions (lock, sensor, system), their receivers and the command to the gateways; the alert
  // engine reads them through alertsModule.rules.
  const alertsModule = createAlertsModule({
    db,
    live,
    devices: link,
    tenants,
    supportEmails: config.SUPPORT_EMAILS,
  });
  // Firmware, customer firmware and OS patches, and the staged rollouts that deliver them.
  const firmwareModule = createFirmwareModule({
    db,
    config,
    live,
    devices: link,
    tenants,
    storage: files.storage,
    logger,
    origin,
  });
  // Agent configuration per customer, delivered to its gateways (docs/agent-config.md).
  const agentConfigModule = createAgentConfigModule({
    db,
    live,
    devices: link,
    tenants,
    emailOf: (userId) => users.emailOf(userId),
    key: config.AGENT_CONFIG_KEY,
    logger,
  });
  // Alerts from the rules, fed by what the gateways send (behind the ingest ports) and by time.
  const alertEngineModule = createAlertEngineModule({
    db,
    live,
    logger,
    mail: templates,
    events: telemetry,
    tenants,
    rules: alertsModule.rules,
    smsUrl: config.SMS_URL,
    smsRetryBaseMs: config.SMS_RETRY_BASE_SECONDS * 1000,
    settings: {
      tickMs: config.ALERT_TICK_MS,
      noDataMs: config.ALERT_NO_DATA_SECONDS * 1000,
      staleMs: 10 * 60_000,
    },
  });
  const observed = alertEngineModule.observe;
  // A gateway's full lock inventory names the users each lock holds: the ledger sends again what differs.
  locksModule.locks.onInventoryUsers(lockAccessModule.inventoryUsers);
  locksModule.locks.onLockEvents(lockAccessModule.lockEvents);
  // The demo pump dashboard: its screen, the pump command and the gateways' pump reports.
  const pumpModule = createPumpModule({
    db,
    tenants,
    gateways: gatewaysModule.query,
    devices: link,
    live,
  });
  const { inbox } = createIngestModule({
    logger,
    meter,
    devices: link,
    rate: {
      perSecond: config.DEVICE_MAX_RATE,
      burst: config.DEVICE_BURST,
      share: () => link.deviceTrafficShare(),
    },
    gateways: observed.gateways(gateways),
    telemetry: observed.telemetry(telemetry),
    // A gateway back: pending instructions are sent again, then the ledger's queue resumes. Not awaited by
    // the status message's handler: behind an external broker its QoS 2 publishes would wait for packets the
    // same connection reads only once that handler is done.
    instructions: {
      ...instructionsModule.inbox,
      gatewayOnline: async (device) => {
        void (async () => {
          await instructionsModule.inbox.gatewayOnline(device);
          await lockAccessModule.gatewayOnline(device);
          await agentConfigModule.gatewayOnline(device);
          await firmwareModule.gatewayOnline(device);
        })().catch((error) => logger.warn({ err: error, mac: device.mac }, 'gateway back: resume failed'));
      },
    },
    commands: commandsModule.inbox,
    locks: observed.locks(locksModule.reports),
    agentConfig: agentConfigModule.inbox,
    updates: firmwareModule.updates,
    pump: pumpModule.inbox,
  });

  // Feedback from support and root users, mailed to the support address.
  const feedbackModule = createFeedbackModule({
    db,
    whoIs: async (principal) => {
      const user = await users.sessionUser(principal);
      const tenant = await tenants.findById(principal.tenantId);
      return { email: user.email, tenantKind: tenant?.kind ?? '', tenantId: principal.tenantId };
    },
    mailFeedback: async ({ email, html, tenantId }) => {
      await templates.sendTemplate(
        'feedback',
        config.FEEDBACK_EMAIL ?? config.ROOT_EMAIL,
        { email, body: html },
        {
          tenantId,
          raw: ['body'],
        },
      );
    },
  });
  // The audit log of every change made by a call (docs/audit.md): its reads, retention and triggers.
  const auditModule = createAuditModule({ db, logger, retentionDays: config.AUDIT_RETENTION_DAYS });

  const modules: ModuleParts[] = [
    createPlatformModule({ config, database, broker: () => link.status(), webDist: WEB_DIST }),
    auditModule,
    templatesModule,
    feedbackModule,
    authModule,
    activitiesModule,
    passwordsModule,
    portalUsersModule,
    socialModule,
    mailModule,
    files,
    tenantsModule,
    createPortalConfigModule({ db, live, tenants }),
    gatewaysModule,
    commandsModule,
    telemetryModule,
    telemetryModule.reads(gatewaysModule.query),
    deletionModule,
    instructionsModule,
    locksModule,
    lockUsersModule,
    lockAccessModule,
    alertEngineModule,
    alertsModule,
    agentConfigModule,
    firmwareModule,
    createProvisioningModule({ tenants, gateways }),
    createGlobalSearchModule({ db, tenants }),
    createGraphGeneratorModule({ db, devices: gatewaysModule.query }),
    createDashboardsModule({ db, tenants }),
    pumpModule,
    // PGlite has no autovacuum: the planner's statistics are refreshed here.
    ...(database.backend === 'pglite' ? [new AnalyzeJob(db, logger)] : []),
  ];
  // What the broker asks about who connects, and where device messages go.
  const access: BrokerAccess = {
    authenticateDevice: (mac, secret) => gateways.authenticateDevice(mac, secret),
    identifyDevice: (mac) => gateways.identify(mac),
    authenticateBrowser: (username, secret, clientId) =>
      mqttTokens.authenticateMqttToken(username, secret, clientId),
    liveBrowserPrincipals: (hashes) => mqttTokens.liveBrowserPrincipals(hashes),
  };
  const services: PortalServices = {
    auth: sessions,
    gateways,
    telemetry,
    tenants,
    activities,
    mailer,
    templates,
    audit: Object.assign(auditModule.audit, { purge: auditModule.purge }),
    passwords,
    portalUsers,
    signUp,
    social: socialModule.social,
    socialAccounts: socialModule.accounts,
    instructions: instructionsModule.instructions,
    locks: locksModule.locks,
    lockUsers: lockUsersModule.lockUsers,
    lockAccess: lockAccessModule.lockAccess,
    agentConfig: agentConfigModule.agentConfig,
    alertRules: alertsModule.rules,
  };
  return {
    modules,
    services,
    access,
    inbox: inbox satisfies DeviceMessageSink,
    resolveSession: (sessionId: string): Promise<Principal | null> => sessions.resolveSession(sessionId),
    retention: telemetryModule.retention,
    alertEngine: alertEngineModule,
    deletionRunner: deletionModule.runner,
  };
}
