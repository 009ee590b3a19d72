import type { Migration, MigrationProvider } from 'kysely';
import * as platform from './0001_platform.ts';
import * as rollups from './0002_rollups.ts';
import * as identity from './0003_identity.ts';
import * as customers from './0004_customers.ts';
import * as customerDeletion from './0005_customer_deletion.ts';
import * as gatewayRegistry from './0006_gateway_registry.ts';
import * as gatewayCommands from './0007_gateway_commands.ts';
import * as instructions from './0008_instructions.ts';
import * as guessLimits from './0009_guess_limits.ts';
import * as siblingLabels from './0011_sibling_labels.ts';
import * as gatewayListPaging from './0013_gateway_list_paging.ts';
import * as locks from './0014_locks.ts';
import * as lockAccessLedger from './0015_lock_access_ledger.ts';
import * as alerts from './0016_alerts.ts';
import * as firmware from './0017_firmware.ts';
import * as agentConfig from './0018_agent_config.ts';
import * as feedbackAudit from './0019_feedback_audit.ts';
import * as dashboards from './0020_dashboards.ts';
import * as lockRemainders from './0022_lock_remainders.ts';
import * as alertEngine from './0023_alert_engine.ts';
import * as gatewayListSeek from './0024_gateway_list_seek.ts';
import * as brokerSessions from './0025_broker_sessions.ts';
import * as lockCommandQueue from './0027_lock_command_queue.ts';
import * as alertRuleReach from './0028_alert_rule_reach.ts';
import * as alertCameraStates from './0030_alert_camera_states.ts';
import * as dashboardVariant from './0031_dashboard_variant.ts';
import * as co2Sort from './0032_co2_sort.ts';
import * as principalChanges from './0033_principal_changes.ts';
import * as alertOwner from './0034_alert_owner.ts';
import * as languages from './0035_languages.ts';
import * as auditSubject from './0036_audit_subject.ts';
import * as apiKeys from './0037_api_keys.ts';
import * as webhooks from './0038_webhooks.ts';
import * as alertLifecycle from './0039_alert_lifecycle.ts';
import * as webhookOutbox from './0040_webhook_outbox.ts';
import * as customerQuotas from './0041_customer_quotas.ts';
import * as telemetryPartitions from './0042_telemetry_partitions.ts';
import * as webhookBatches from './0043_webhook_batches.ts';
import * as telemetryStore from './0044_telemetry_store.ts';

/** The one migration set, run at start on PGlite and PostgreSQL alike. Append; never edit a shipped one. */
const migrations: Record<string, Migration> = {
  '0001_platform': platform,
  '0002_rollups': rollups,
  '0003_identity': identity,
  '0004_customers': customers,
  '0005_customer_deletion': customerDeletion,
  '0006_gateway_registry': gatewayRegistry,
  '0007_gateway_commands': gatewayCommands,
  '0008_instructions': instructions,
  '0009_guess_limits': guessLimits,
  '0011_sibling_labels': siblingLabels,
  '0013_gateway_list_paging': gatewayListPaging,
  '0014_locks': locks,
  '0015_lock_access_ledger': lockAccessLedger,
  '0016_alerts': alerts,
  '0017_firmware': firmware,
  '0018_agent_config': agentConfig,
  '0019_feedback_audit': feedbackAudit,
  '0020_dashboards': dashboards,
  '0022_lock_remainders': lockRemainders,
  '0023_alert_engine': alertEngine,
  '0024_gateway_list_seek': gatewayListSeek,
  '0025_broker_sessions': brokerSessions,
  '0027_lock_command_queue': lockCommandQueue,
  '0028_alert_rule_reach': alertRuleReach,
  '0030_alert_camera_states': alertCameraStates,
  '0031_dashboard_variant': dashboardVariant,
  '0032_co2_sort': co2Sort,
  '0033_principal_changes': principalChanges,
  '0034_alert_owner': alertOwner,
  '0035_languages': languages,
  '0036_audit_subject': auditSubject,
  '0037_api_keys': apiKeys,
  '0038_webhooks': webhooks,
  '0039_alert_lifecycle': alertLifecycle,
  '0040_webhook_outbox': webhookOutbox,
  '0041_customer_quotas': customerQuotas,
  '0042_telemetry_partitions': telemetryPartitions,
  '0043_webhook_batches': webhookBatches,
  '0044_telemetry_store': telemetryStore,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
