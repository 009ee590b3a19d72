import type { GatewaySummary } from '@portal/contract';

/** Gateway Information side panel (Info, Change Customer) and Gateway Configuration (placeholder until its work lands). */
export function GatewayInfoPanel(_props: { gateway: GatewaySummary; open: boolean; onClose: () => void }) {
  return null;
}
