import type { GatewaySummary } from '@portal/contract';

/** Gateway un-registration confirmation (placeholder until its work lands). */
export function UnregisterGatewayDialog(_props: {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}) {
  return null;
}
