/** Register a new gateway in a customer (placeholder until its work lands). */
export function RegisterGatewayDialog(_props: { scopeId: string; open: boolean; onClose: () => void }) {
  return null;
}
