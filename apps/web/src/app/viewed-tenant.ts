import type { HierarchyNode } from '@portal/contract';
import { ROOT_HOME_PATH, scopedPath } from '../lib/home-path.ts';

/**
 * Which tenant the shell should view (spec 000 section 2: after choosing a customer its name, id, logo and
 * colours are kept for the session). The URL decides: a `scopeId` names the tenant being viewed; the root
 * user's customers list views the root tenant. Null: keep the tenant being viewed.
 */
export function tenantToView(input: {
  pathname: string;
  scopeId: string | null;
  viewedTenantId: string;
  isRootUser: boolean;
  rootTenantId: string | undefined;
}): string | null {
  const { pathname, scopeId, viewedTenantId, isRootUser, rootTenantId } = input;
  const wanted = isRootUser && pathname === ROOT_HOME_PATH ? rootTenantId : scopeId;
  return wanted && wanted !== viewedTenantId ? wanted : null;
}

/** One entry of the customer switcher: a tenant in reach, indented by its depth in the hierarchy. */
export interface SwitcherEntry {
  id: string;
  name: string;
  depth: number;
}

/** Every tenant of the caller's tree in tree order (a parent before its children, siblings by name). */
export function switcherEntries(tree: HierarchyNode | undefined): SwitcherEntry[] {
  if (!tree) return [];
  const entries: SwitcherEntry[] = [];
  const visit = (node: HierarchyNode, depth: number) => {
    entries.push({ id: node.scope.id, name: node.scope.name, depth });
    const children = [...node.children].sort((a, b) => a.scope.name.localeCompare(b.scope.name));
    for (const child of children) visit(child, depth + 1);
  };
  visit(tree, 0);
  return entries;
}

/** Entries whose name contains the text, ignoring case and spaces. */
export function filterEntries(entries: SwitcherEntry[], text: string): SwitcherEntry[] {
  const squash = (value: string) => value.toLowerCase().replace(/\s+/g, '');
  const wanted = squash(text);
  return wanted ? entries.filter((entry) => squash(entry.name).includes(wanted)) : entries;
}

/**
 * Where switching to another customer leads: the same customer screen (`/cli/...`) for that customer, without
 * the previous customer's filters; from any other page, the customer's dashboard.
 */
export function switchTargetPath(pathname: string, tenantId: string): string {
  return scopedPath(pathname.startsWith('/cli/') ? pathname : '/cli/dashboard', tenantId);
}
