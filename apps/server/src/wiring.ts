// The composition root's wiring: it builds the modules and connects them, nothing else (DESIGN.md section 11).
// Reactions between modules are typed events (lib/events.ts) the modules listen to; app.ts assembles the
// portal from what this returns.
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { AnalyzeJob } from './db/analyze-job.ts';
import type { DatabaseHandle } from './db/database.ts';
import { EventBus } from './lib/events.ts';
import { type Meter, noMeter } from './lib/metrics.ts';
import type { ModuleParts } from './lib/module.ts';
import type { Principal } from './lib/principal.ts';
import { createActivitiesModule } from './modules/activities/index.ts';
import { createAgentConfigModule } from './modules/agent-config/index.ts';
import { createAlertEngineModule } from './modules/alert-engine/index.ts';
import { createAlertsModule } from './modules/alerts/index.ts';
import { createAuditModule } from './modules/audit/index.ts';
import { createAuthModule } from './modules/auth/index.ts';
import { createCustomerDeletionModule } from './modules/customer-deletion/index.ts';
import { createDashboardsModule } from './modules/dashboards/index.ts';
import { createEmailTemplatesModule } from './modules/email-templates/index.ts';
import { createFeedbackModule } from './modules/feedback/index.ts';
import { createFilesModule } from './modules/files/index.ts';
import { createFirmwareModule } from './modules/firmware/index.ts';
import { createGatewayCommandsModule } from './modules/gateway-commands/index.ts';
import { createGatewaysModule } from './modules/gateways/index.ts';
import { createGlobalSearchModule } from './modules/global-search/index.ts';
import { createGraphGeneratorModule } from './modules/graph-generator/index.ts';
import { createIngestModule } from './modules/ingest/index.ts';
import { createInstructionsModule } from './modules/instructions/index.ts';
import { createLockAccessModule, userRevocations } from './modules/lock-access/index.ts';
import { createLockUsersModule } from './modules/lock-users/index.ts';
import { createLocksModule } from './modules/locks/index.ts';
import { createMailModule } from './modules/mail/index.ts';
import { createPasswordsModule } from './modules/passwords/index.ts';
import { createPlatformModule } from './modules/platform/index.ts';
import { createPortalConfigModule } from './modules/portal-config/index.ts';
import { createPortalUsersModule } from './modules/portal-users/index.ts';
import { createProvisioningModule } from './modules/provisioning/index.ts';
import { createPumpModule } from './modules/pump/index.ts';
import { createSocialModule } from './modules/social/index.ts';
import { createTelemetryModule } from './modules/telemetry/index.ts';
import { createTenantsModule } from './modules/tenants/index.ts';
import { createThrottleModule } from './modules/throttle/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import type { BrokerAccess, DeviceMessageSink } from './mqtt/messaging.ts';
import type { BrokerLink } from './mqtt/outbound.ts';
import type { PortalServices } from './portal-services.ts';

export type { PortalServices } from './portal-services.ts';
export const WEB_DIST = new URL('../../web/dist/', import.meta.url);

/**
 * The modules, each built by its own wiring from the services of the modules before it, in the order their
 * routes are registered and their background work starts (it stops in reverse). Modules reach browsers and
 * gateways through `link`, attached to the broker once that is built; they tell each other events on `events`
 * (a listener subscribes when its module is built, so listeners run in the order below).
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
  const events = new EventBus();
  // What most modules take, each picking the options it declares.
  const base = {
    db,
    live: link,
    devices: link,
    logger,
    origin,
    meter,
    config,
    events,
    secureCookies: isHttps(config),
  };
  const staffDomains = config.STAFF_EMAIL_DOMAINS;
  const files = createFilesModule({ dataDir: config.DATA_DIR });
  const tenantsModule = createTenantsModule({ ...base, files: files.publicFiles });
  const { tenants } = tenantsModule;

  // Identity: users, sessions and sign-in, two-factor, passwords, portal users, social, activities, mail.
  const { users } = createUsersModule(base);
  const { throttle } = createThrottleModule(base);
  const activitiesModule = createActivitiesModule({ ...base, users });
  const { activities } = activitiesModule;
  const auth = createAuthModule({
    ...base,
    users,
    tenants,
    throttle,
    activities,
    staffDomains,
    listen: database.listen,
  });
  const mailModule = createMailModule({ ...base, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
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

  // Gateways and what they report, answer and are told.
  const retention = { rawDays: config.TELEMETRY_RETENTION_DAYS, rollupDays: config.ROLLUP_RETENTION_DAYS };
  const telemetryModule = createTelemetryModule({ ...base, retention });
  const { telemetry } = telemetryModule;
  const gatewaysModule = createGatewaysModule({
    ...identity,
    samples: telemetry,
    // The firmware module is built below: the gateway lists ask it at request time only.
    versions: (list) => firmwareModule.firmware.gatewayVersions(list),
  });
  const { gateways, registry, query, columns } = gatewaysModule;
  const gatewaysBase = { ...identity, staffDomains, storage: files.storage, files: files.storage };
  const instructionsModule = createInstructionsModule({
    ...gatewaysBase,
    logger: logger.child({ component: 'instructions' }),
    telemetry,
    deadlineScale: config.INSTRUCTION_DEADLINE_SCALE,
  });
  const { instructions } = instructionsModule;
  const withInstructions = { ...gatewaysBase, instructions };
  const commandsModule = createGatewayCommandsModule({
    ...withInstructions,
    logger: logger.child({ component: 'gateway-commands' }),
    gateways: query,
    whitelists: columns,
    events: telemetry,
    states: gateways,
  });
  registry.onMoved(commandsModule.recordScopeChange);
  const deletionModule = createCustomerDeletionModule({ ...base, tenants, registry });
  // Locks behind the gateways, the people who open them, and the ledger that delivers their access.
  const locksModule = createLocksModule(withInstructions);
  registry.onMoved(locksModule.gatewayMoved);
  const lockUsersModule = createLockUsersModule({ ...identity, passwords, revocations: userRevocations });
  const lockAccessModule = createLockAccessModule({
    ...withInstructions,
    settings: lockAccessSettings(config),
  });
  locksModule.locks.onInventoryUsers(lockAccessModule.inventoryUsers);
  locksModule.locks.onLockEvents(lockAccessModule.lockEvents);
  // Alert definitions, firmware and agent configuration, and the alert engine fed by the device events.
  const alertsModule = createAlertsModule({ ...base, tenants, supportEmails: config.SUPPORT_EMAILS });
  const firmwareModule = createFirmwareModule(gatewaysBase);
  const agentConfigModule = createAgentConfigModule({
    ...gatewaysBase,
    emailOf: (userId) => users.emailOf(userId),
    key: config.AGENT_CONFIG_KEY,
  });
  const alertEngineModule = createAlertEngineModule({
    ...identity,
    events: telemetry,
    bus: events,
    rules: alertsModule.rules,
    smsUrl: config.SMS_URL,
    smsRetryBaseMs: config.SMS_RETRY_BASE_SECONDS * 1000,
    settings: alertEngineSettings(config),
  });
  const pumpModule = createPumpModule({ ...base, tenants, gateways: query, reports: columns });
  // Every device message has its module: a port left out is a type error (ingest.wiring.ts).
  const { inbox } = createIngestModule({
    ...base,
    rate: {
      perSecond: config.DEVICE_MAX_RATE,
      burst: config.DEVICE_BURST,
      share: () => link.deviceTrafficShare(),
    },
    gateways,
    telemetry,
    instructions: instructionsModule.inbox,
    commands: commandsModule.inbox,
    locks: locksModule.reports,
    agentConfig: agentConfigModule.inbox,
    updates: firmwareModule.updates,
    pump: pumpModule.inbox,
  });
  const to = config.FEEDBACK_EMAIL ?? config.ROOT_EMAIL;
  const feedbackModule = createFeedbackModule({ ...identity, to });
  const auditModule = createAuditModule({ ...base, retentionDays: config.AUDIT_RETENTION_DAYS });

  const modules: ModuleParts[] = [
    createPlatformModule({ config, database, broker: () => link.status(), webDist: WEB_DIST }),
    auditModule,
    templatesModule,
    feedbackModule,
    auth,
    activitiesModule,
    passwordsModule,
    portalUsersModule,
    socialModule,
    mailModule,
    files,
    tenantsModule,
    createPortalConfigModule({ ...base, tenants }),
    gatewaysModule,
    commandsModule,
    telemetryModule,
    telemetryModule.reads(query),
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
    createGraphGeneratorModule({ db, devices: query }),
    createDashboardsModule({ db, tenants }),
    pumpModule,
    // PGlite has no autovacuum: the planner's statistics are refreshed here.
    ...(database.backend === 'pglite' ? [new AnalyzeJob(db, logger)] : []),
  ];
  // What the broker asks about who connects.
  const access: BrokerAccess = {
    authenticateDevice: (mac, secret) => gateways.authenticateDevice(mac, secret),
    identifyDevice: (mac) => gateways.identify(mac),
    authenticateBrowser: (name, secret, clientId) =>
      auth.mqttTokens.authenticateMqttToken(name, secret, clientId),
    liveBrowserPrincipals: (hashes) => auth.mqttTokens.liveBrowserPrincipals(hashes),
  };
  const services: PortalServices = {
    auth: auth.sessions,
    gateways,
    telemetry,
    tenants,
    activities,
    mailer,
    templates: identity.mail,
    passwords,
    audit: Object.assign(auditModule.audit, { purge: auditModule.purge }),
    portalUsers: portalUsersModule.portalUsers,
    signUp: portalUsersModule.signUp,
    social: socialModule.social,
    socialAccounts: socialModule.accounts,
    instructions,
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
    resolveSession: (sessionId: string): Promise<Principal | null> => auth.sessions.resolveSession(sessionId),
    retention: telemetryModule.retention,
    alertEngine: alertEngineModule,
    deletionRunner: deletionModule.runner,
  };
}

const isHttps = (config: Config) => config.PUBLIC_URL?.startsWith('https://') ?? false;

function lockAccessSettings(config: Config) {
  return {
    retryBaseMs: config.LOCK_ACCESS_RETRY_BASE_SECONDS * 1000,
    retryMaxMs: config.LOCK_ACCESS_RETRY_MAX_SECONDS * 1000,
    maxAttempts: config.LOCK_ACCESS_MAX_ATTEMPTS,
    revokeDeadlineMs: config.LOCK_REVOKE_DEADLINE_MINUTES * 60_000,
  };
}

function alertEngineSettings(config: Config) {
  return {
    tickMs: config.ALERT_TICK_MS,
    noDataMs: config.ALERT_NO_DATA_SECONDS * 1000,
    staleMs: 10 * 60_000,
  };
}
