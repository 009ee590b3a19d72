import type { GatewaySummary } from '@portal/contract';

/** Maximised sensor-graph view of one gateway: chips add and remove charts (placeholder until its work lands). */
export function SensorGraphView(_props: { gateway: GatewaySummary; open: boolean; onClose: () => void }) {
  return null;
}
