import type { GatewaySummary } from '@portal/contract';

/** CO, NH3 and NO2 (ppb) charts with alerts (placeholder until its work lands). */
export function AirQualityHistoryDialog(_props: {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}) {
  return null;
}
