import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { EventEmitting, EventListening } from '../../lib/events.ts';
import type { DevicePublisher, LivePublisher } from '../../lib/live.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { TenantsService } from '../tenants/index.ts';
import { AgentConfigRepository } from './agent-config.repository.ts';
import { agentConfigRoutes } from './agent-config.routes.ts';
import { AgentConfigService, type EmailOf } from './agent-config.service.ts';
import { AgentConfigDelivery } from './agent-config-delivery.ts';
import { SecretBox } from './secret-box.ts';

/** Used when AGENT_CONFIG_KEY is not set (the one-command start): logged as a warning, never for production. */
const DEVELOPMENT_KEY = 'iot-portal-development-agent-config-key-do-not-use-in-production';

/** Agent configuration per customer and its delivery to the gateways (docs/agent-config.md). */
export function createAgentConfigModule(options: {
  db: Kysely<Database>;
  live: LivePublisher;
  devices: DevicePublisher;
  tenants: TenantsService;
  emailOf: EmailOf;
  /** AGENT_CONFIG_KEY: secrets are encrypted with a key derived from it. */
  key: string | undefined;
  logger: Logger;
  /** A gateway back (`gatewayOnline`): it is sent its customer's configuration when it differs. */
  events: EventListening & EventEmitting;
}): ModuleParts & {
  agentConfig: AgentConfigService;
  inbox: AgentConfigDelivery;
} {
  const logger = options.logger.child({ component: 'agent-config' });
  if (!options.key)
    logger.warn(
      'AGENT_CONFIG_KEY is not set: agent configuration secrets are encrypted with the built-in development key; set AGENT_CONFIG_KEY in production',
    );
  const repo = new AgentConfigRepository(options.db);
  const agentConfig = new AgentConfigService(
    repo,
    options.tenants,
    options.live,
    new SecretBox(options.key ?? DEVELOPMENT_KEY),
    options.emailOf,
    (current) =>
      new AgentConfigDelivery(repo, options.devices, options.live, current, logger, options.events),
    logger,
  );
  options.events.on('gatewayOnline', (device) => agentConfig.delivery.gatewayOnline(device));
  return {
    agentConfig,
    inbox: agentConfig.delivery,
    routes: (app) => app.register(agentConfigRoutes, { agentConfig }),
  };
}
