import type { GatewaySummary } from '@portal/contract';

/** Full-screen CPU and memory charts with System Alerts (placeholder until its work lands). */
export function SystemGraphDialog(_props: { gateway: GatewaySummary; open: boolean; onClose: () => void }) {
  return null;
}
