import type { GatewaySummary, HierarchyNode } from '@portal/contract';

/** Every customer of a hierarchy by id: its name (the Customer column and card label of mixed views). */
export function customerNamesOf(tree: HierarchyNode | undefined): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  const visit = (node: HierarchyNode) => {
    names.set(node.scope.id, node.scope.name);
    for (const child of node.children) visit(child);
  };
  if (tree) visit(tree);
  return names;
}

/** A gateway that never connected: no online or offline time and no sample (registered or provisioned only). */
export function neverConnected(
  gateway: Pick<GatewaySummary, 'LONTI' | 'LOFFTI' | 'latest' | 'deviceStatus'>,
): boolean {
  return (
    gateway.deviceStatus === 'offline' && gateway.LONTI === null && gateway.LOFFTI === null && !gateway.latest
  );
}
