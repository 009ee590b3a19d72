import type { GatewaySummary } from '@portal/contract';

/** Gateway HotSpot Toggle confirmation (placeholder until its work lands). */
export function HotspotToggleDialog(_props: { gateway: GatewaySummary; open: boolean; onClose: () => void }) {
  return null;
}
