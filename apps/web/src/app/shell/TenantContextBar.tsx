import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { hierarchyQueryOptions } from '../../api/get-hierarchy.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { useSession } from '../../lib/session.ts';
import { switcherEntries } from '../viewed-tenant.ts';

/**
 * The breadcrumbs and the customer switcher load only for users who see them (root, the administrators of a
 * hierarchy): a customer user without sub-customers never does.
 */
const loadBar = () => import('./TenantSwitcherBar.tsx');
const TenantSwitcherBar = lazyPage(loadBar, 'TenantSwitcherBar');
const BAR_SPACE = { mb: 2, minHeight: 36 };

/**
 * Above every customer screen (`/cli/...`): the way back to the customers list (root users) and a switcher
 * listing every customer in reach, so root and the administrators of a hierarchy move between customers in
 * one click (docs/ui.md 'Entering a customer').
 */
export function TenantContextBar() {
  const session = useSession();
  const { pathname } = useLocation();
  const onCustomerScreen = pathname.startsWith('/cli/');
  const hierarchy = useQuery({ ...hierarchyQueryOptions(), enabled: onCustomerScreen });
  const entries = switcherEntries(hierarchy.data);
  // Root always sees the bar: its code downloads beside the hierarchy, not after it.
  useEffect(() => {
    if (session.isRootUser) void loadBar();
  }, [session.isRootUser]);
  if (!onCustomerScreen || (!session.isRootUser && entries.length < 2)) return null;
  return (
    // The bar's height is kept while its code arrives, so the screen below does not move.
    <Suspense fallback={<Box sx={BAR_SPACE} />}>
      <TenantSwitcherBar isRootUser={session.isRootUser} entries={entries} current={session.tenantId} />
    </Suspense>
  );
}
