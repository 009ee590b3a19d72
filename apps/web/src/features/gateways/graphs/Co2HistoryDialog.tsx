import type { GatewaySummary } from '@portal/contract';

/** CO2 (ppm) and Temperature charts with alerts (placeholder until its work lands). */
export function Co2HistoryDialog(_props: { gateway: GatewaySummary; open: boolean; onClose: () => void }) {
  return null;
}
