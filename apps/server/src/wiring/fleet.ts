import { createAgentConfigModule } from '../modules/agent-config/index.ts';
import { alertEngineConfig, createAlertEngineModule } from '../modules/alert-engine/index.ts';
import { createAlertsModule } from '../modules/alerts/index.ts';
import { createCustomerDeletionModule } from '../modules/customer-deletion/index.ts';
import { createDashboardsModule } from '../modules/dashboards/index.ts';
import type { FileStorage } from '../modules/files/index.ts';
import { createFirmwareModule } from '../modules/firmware/index.ts';
import { createGatewayCommandsModule } from '../modules/gateway-commands/index.ts';
import { createGatewaysModule } from '../modules/gateways/index.ts';
import { createGlobalSearchModule } from '../modules/global-search/index.ts';
import { createGraphGeneratorModule } from '../modules/graph-generator/index.ts';
import { createIngestModule } from '../modules/ingest/index.ts';
import { createInstructionsModule } from '../modules/instructions/index.ts';
import { createLockAccessModule, userRevocations } from '../modules/lock-access/index.ts';
import { createLockUsersModule } from '../modules/lock-users/index.ts';
import { createLocksModule } from '../modules/locks/index.ts';
import type { PasswordsService } from '../modules/passwords/index.ts';
import { createProvisioningModule } from '../modules/provisioning/index.ts';
import { createPumpModule } from '../modules/pump/index.ts';
import { createTelemetryModule } from '../modules/telemetry/index.ts';
import type { QuotasService } from '../modules/tenants/index.ts';
import { createWebhooksModule } from '../modules/webhooks/index.ts';
import type { PortalServices } from '../portal-services.ts';
import type { Identity } from './identity.ts';

/**
 * The fleet: gateways and what they report, answer and are told, the locks behind them and the people who open
 * them, alerts, firmware and agent configuration, and ingest, which hands every device message to its module.
 * Built in this order, which is also the order of the listeners of an event (`gatewayOnline`: instructions,
 * lock-access, agent-config, firmware, as before the events) and of `instructions.onEnded` and `registry.onMoved`.
 */
export function wireFleet(
  identity: Identity,
  storage: FileStorage,
  passwords: PasswordsService,
  /** Per-customer quotas (docs/quotas.md): message rates for ingest, stored days for the retention job. */
  quotas: QuotasService,
) {
  const { config, db, tenants, users } = identity;
  const retention = { rawDays: config.TELEMETRY_RETENTION_DAYS, rollupDays: config.ROLLUP_RETENTION_DAYS };
  // Outbound webhooks hear the `notable` events of every module below (docs/webhooks.md).
  const webhooksModule = createWebhooksModule(identity);
  const telemetryModule = createTelemetryModule({ ...identity, retention, storedDays: quotas });
  const { telemetry } = telemetryModule;
  const gatewaysModule = createGatewaysModule({ ...identity, samples: telemetry });
  const { gateways, registry, query, columns } = gatewaysModule;
  const withFiles = { ...identity, staffDomains: config.STAFF_EMAIL_DOMAINS, storage, files: storage };
  const instructionsModule = createInstructionsModule({
    ...withFiles,
    logger: identity.logger.child({ component: 'instructions' }),
    telemetry,
    deadlineScale: config.INSTRUCTION_DEADLINE_SCALE,
  });
  const { instructions } = instructionsModule;
  const withInstructions = { ...withFiles, instructions };
  const commandsModule = createGatewayCommandsModule({
    ...withInstructions,
    logger: identity.logger.child({ component: 'gateway-commands' }),
    gateways: query,
    whitelists: columns,
    events: telemetry,
    states: gateways,
  });
  registry.onMoved(commandsModule.recordScopeChange);
  const deletionModule = createCustomerDeletionModule({ ...identity, registry });
  const locksModule = createLocksModule(withInstructions);
  registry.onMoved(locksModule.gatewayMoved);
  const lockUsersModule = createLockUsersModule({ ...identity, passwords, revocations: userRevocations });
  const lockAccessModule = createLockAccessModule(withInstructions);
  locksModule.locks.onInventoryUsers(lockAccessModule.inventoryUsers);
  locksModule.locks.onLockEvents(lockAccessModule.lockEvents);
  const alertsModule = createAlertsModule({ ...identity, supportEmails: config.SUPPORT_EMAILS });
  const agentConfigModule = createAgentConfigModule({
    ...withFiles,
    emailOf: (userId) => users.emailOf(userId),
    key: config.AGENT_CONFIG_KEY,
  });
  const firmwareModule = createFirmwareModule({ ...withFiles, gatewayLists: gatewaysModule });
  const alertEngineModule = createAlertEngineModule({
    ...identity,
    events: telemetry,
    bus: identity.events,
    rules: alertsModule.rules,
    ...alertEngineConfig(config),
  });
  const pumpModule = createPumpModule({ ...identity, gateways: query, reports: columns });
  // Every device message has its module: a port left out is a type error (ingest.wiring.ts).
  const { inbox } = createIngestModule({
    ...identity,
    rate: {
      perSecond: config.DEVICE_MAX_RATE,
      burst: config.DEVICE_BURST,
      share: () => identity.devices.deviceTrafficShare(),
    },
    customerRates: quotas,
    gateways,
    telemetry,
    instructions: instructionsModule.inbox,
    commands: commandsModule.inbox,
    locks: locksModule.reports,
    agentConfig: agentConfigModule.inbox,
    updates: firmwareModule.updates,
    pump: pumpModule.inbox,
  });
  const services = {
    gateways,
    telemetry,
    instructions,
    locks: locksModule.locks,
    lockUsers: lockUsersModule.lockUsers,
    lockAccess: lockAccessModule.lockAccess,
    agentConfig: agentConfigModule.agentConfig,
    alertRules: alertsModule.rules,
    sensorAlerts: alertsModule.sensorAlerts,
    webhooks: webhooksModule.webhooks,
  } satisfies Partial<PortalServices>;
  return {
    services,
    inbox,
    telemetryModule,
    deletionModule,
    alertEngineModule,
    modules: [
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
      createGraphGeneratorModule({ db, devices: query, customers: tenants }),
      createDashboardsModule({ db, tenants }),
      pumpModule,
      webhooksModule,
    ],
  };
}
