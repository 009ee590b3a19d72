import type { GatewaySummary } from '@portal/contract';

/** Rebooting Device confirmation (placeholder until its work lands). */
export function RebootGatewayDialog(_props: { gateway: GatewaySummary; open: boolean; onClose: () => void }) {
  return null;
}
