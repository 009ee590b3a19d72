import type { GatewaySummary } from '@portal/contract';

/** What the page gives every gateway dialog and panel: the live copy of its gateway, and whether it is open. */
export interface GatewayDialogProps {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}
