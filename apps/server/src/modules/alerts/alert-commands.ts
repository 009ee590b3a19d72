import {
  type AlertConfigCommand,
  alertMessages,
  deviceDown,
  hasThreshold,
  SENSOR_ALERT_TYPE_INFO,
  type SensorAlertType,
  sensorAlertCode,
  type ThresholdType,
} from '@portal/contract';
import type { DevicePublisher } from '../../lib/live.ts';
import type { AlertsRepository } from './alerts.repository.ts';

/** What the gateways know of one sensor alert: its type, high or low, threshold. Null: nothing (camera). */
export interface GatewayAlertConfig {
  type: SensorAlertType;
  thresholdType: ThresholdType;
  threshold: number;
}

export function gatewayConfigOf(row: {
  alert_type: string;
  threshold_type: ThresholdType | null;
  threshold: number | null;
}): GatewayAlertConfig | null {
  const type = row.alert_type as SensorAlertType;
  if (!(type in SENSOR_ALERT_TYPE_INFO) || !hasThreshold(type)) return null;
  if (row.threshold_type === null || row.threshold === null) return null;
  return { type, thresholdType: row.threshold_type, threshold: row.threshold };
}

/**
 * The commands a change calls for (spec 002 section 4): create `_C`, delete `_D`, a new threshold `_U`; a
 * changed type or threshold type deletes the old and creates the new. Nothing when nothing a gateway holds changed.
 */
export function commandsFor(
  before: GatewayAlertConfig | null,
  after: GatewayAlertConfig | null,
): AlertConfigCommand[] {
  const command = (config: GatewayAlertConfig, action: 'C' | 'U' | 'D'): AlertConfigCommand => ({
    command: 'ALERT-CONFIG',
    sensorGroup: SENSOR_ALERT_TYPE_INFO[config.type].group,
    code: sensorAlertCode(config.type, config.thresholdType, config.threshold, action),
  });
  if (!before) return after ? [command(after, 'C')] : [];
  if (!after) return [command(before, 'D')];
  if (before.type !== after.type || before.thresholdType !== after.thresholdType)
    return [command(before, 'D'), command(after, 'C')];
  if (before.threshold !== after.threshold) return [command(after, 'U')];
  return [];
}

/**
 * Publishes the commands to every gateway of the tenant on `gateways/{tenant}/command/{mac}`, QoS 2, not
 * retained (docs/mqtt.md 3.1). The spec's outcome text; null when there was nothing to publish.
 */
export async function publishAlertCommands(
  deps: { repo: AlertsRepository; devices: DevicePublisher },
  tenantId: string,
  commands: AlertConfigCommand[],
): Promise<string | null> {
  if (commands.length === 0) return null;
  try {
    const macs = await deps.repo.gatewayMacs(tenantId);
    for (const command of commands)
      await Promise.all(
        macs.map((mac) => deps.devices.publishToDevices(deviceDown.command(tenantId, mac), command, 2)),
      );
    return alertMessages.published;
  } catch {
    return alertMessages.publishFailed;
  }
}
