import type { GatewaySummary } from '@portal/contract';

/** Sliding panel that captures a camera image and shows it (placeholder until its work lands). */
export function TroubleshootPanel(_props: { gateway: GatewaySummary; open: boolean; onClose: () => void }) {
  return null;
}
