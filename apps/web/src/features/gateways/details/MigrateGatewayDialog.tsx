import type { GatewaySummary } from '@portal/contract';

/** Device migration: move a gateway to another customer (placeholder until its work lands). */
export function MigrateGatewayDialog(_props: {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}) {
  return null;
}
