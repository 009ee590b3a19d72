import type { GatewaySummary } from '@portal/contract';

/** Gateway log/status dialog: commands, scan frequency, RSSI, whitelist, activity feed (placeholder until its work lands). */
export function GatewayStatusDialog(_props: { gateway: GatewaySummary; open: boolean; onClose: () => void }) {
  return null;
}
