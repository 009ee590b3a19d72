import type { GatewaySummary } from '@portal/contract';

/** Gateway Location map, or No Location Data for this Gateway. (placeholder until its work lands). */
export function GatewayLocationDialog(_props: {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}) {
  return null;
}
