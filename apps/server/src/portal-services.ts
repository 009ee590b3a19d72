// The services tests and the server reach directly, as wiring.ts returns them, and what the broker asks.
import type { ActivitiesService } from './modules/activities/index.ts';
import type { AgentConfigService } from './modules/agent-config/index.ts';
import type { AlertRulesReader, SensorAlertsService } from './modules/alerts/index.ts';
import type { ApiKeysService } from './modules/api-keys/index.ts';
import type { AuditService } from './modules/audit/index.ts';
import type { MqttTokensService, SessionsService } from './modules/auth/index.ts';
import type { EmailTemplatesService } from './modules/email-templates/index.ts';
import type { GatewaysService } from './modules/gateways/index.ts';
import type { InstructionsService } from './modules/instructions/index.ts';
import type { LockAccessService } from './modules/lock-access/index.ts';
import type { LockUsersService } from './modules/lock-users/index.ts';
import type { LocksService } from './modules/locks/index.ts';
import type { Mailer } from './modules/mail/index.ts';
import type { PasswordsService } from './modules/passwords/index.ts';
import type { PortalUsersService, SignUpService } from './modules/portal-users/index.ts';
import type { SocialAccountsService, SocialService } from './modules/social/index.ts';
import type { TelemetryService } from './modules/telemetry/index.ts';
import type { TenantsService } from './modules/tenants/index.ts';
import type { WebhooksService } from './modules/webhooks/index.ts';
import type { BrokerAccess } from './mqtt/messaging.ts';

/** The services tests and the server reach directly. */
export interface PortalServices {
  auth: SessionsService;
  activities: ActivitiesService;
  apiKeys: ApiKeysService;
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
  alertRules: AlertRulesReader;
  sensorAlerts: SensorAlertsService;
  webhooks: WebhooksService;
}

/** What the broker asks about who connects: a gateway by its credential, a browser by its one-use token. */
export function brokerAccess(gateways: GatewaysService, browsers: MqttTokensService): BrokerAccess {
  return {
    authenticateDevice: (mac, secret) => gateways.authenticateDevice(mac, secret),
    identifyDevice: (mac) => gateways.identify(mac),
    authenticateBrowser: (name, secret, clientId) => browsers.authenticateMqttToken(name, secret, clientId),
    liveBrowserPrincipals: (hashes) => browsers.liveBrowserPrincipals(hashes),
  };
}
