import { CUSTOMER_STATUS, type HierarchyNode, TENANT_KIND } from '@portal/contract';

/** One choice of a Select Customer dropdown (spec 001 section 3, "Customer option"). */
export interface CustomerOption {
  name: string;
  scopeId: string;
}

/**
 * Every customer of the tree a gateway may be moved to, sorted by name: the free-tier customer and customers
 * being deleted are never a target (the server refuses them too). `currentScopeId`, the gateway's own
 * customer, stays in so the dropdown can show where the gateway is now.
 */
export function customerOptions(tree: HierarchyNode | undefined, currentScopeId?: string): CustomerOption[] {
  if (!tree) return [];
  const options: CustomerOption[] = [];
  const visit = (node: HierarchyNode) => {
    const { scope } = node;
    const target = scope.kind !== TENANT_KIND.freeTier && scope.status !== CUSTOMER_STATUS.deletePending;
    if (target || scope.id === currentScopeId) options.push({ name: scope.name, scopeId: scope.id });
    for (const child of node.children) visit(child);
  };
  visit(tree);
  return options.sort((a, b) => a.name.localeCompare(b.name));
}
