import type { GatewaySummary } from '@portal/contract';

/** Diagnostic Info dialog (placeholder until its work lands). */
export function DiagnosticsDialog(_props: { gateway: GatewaySummary; open: boolean; onClose: () => void }) {
  return null;
}
