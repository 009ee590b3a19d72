import type { GatewaySummary } from '@portal/contract';

/** Register or edit a gateway (section 5 rules) (placeholder until its work lands). */
export function EditGatewayDialog(_props: { gateway: GatewaySummary; open: boolean; onClose: () => void }) {
  return null;
}
