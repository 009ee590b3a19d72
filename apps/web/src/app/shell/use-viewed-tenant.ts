import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useRootTenant } from '../../api/get-root-tenant.ts';
import { scopeQueryOptions } from '../../api/get-scope.ts';
import { sessionStore, useSession } from '../../lib/session.ts';
import { tenantToView } from '../viewed-tenant.ts';

/**
 * Keeps the tenant being viewed (name, logo, colours, the side nav's links) in step with the URL: opening a
 * customer, a deep link, the customer switcher and the way back to the customers list all just navigate.
 * A customer out of reach answers 404 and changes nothing (the screens say so themselves).
 */
export function useViewedTenant(): void {
  const session = useSession();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const rootTenant = useRootTenant({ enabled: session.isRootUser });
  const wanted = tenantToView({
    pathname,
    scopeId: searchParams.get('scopeId'),
    viewedTenantId: session.tenantId,
    isRootUser: session.isRootUser,
    rootTenantId: rootTenant.data?.rootTenantId,
  });
  const scope = useQuery({ ...scopeQueryOptions(wanted ?? ''), retry: false });
  const next = wanted && scope.data?.id === wanted ? scope.data : null;
  useEffect(() => {
    if (next) sessionStore.openTenant(next);
  }, [next]);
}
