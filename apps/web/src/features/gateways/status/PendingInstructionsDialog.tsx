import type { GatewaySummary } from '@portal/contract';

/** Pending instructions of one gateway: list, select, abort (placeholder until its work lands). */
export function PendingInstructionsDialog(_props: {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}) {
  return null;
}
