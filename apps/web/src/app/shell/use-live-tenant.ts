import { customerMessages, effectivePermissions, live } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { scopeKey, scopeQueryOptions } from '../../api/get-scope.ts';
import { useLiveTopic } from '../../lib/mqtt.ts';
import { sessionStore, useSession } from '../../lib/session.ts';
import { useNotify } from '../../lib/use-notify.ts';
import { usesDefaultBranding } from '../branding.ts';
import {
  appliesLater,
  DEFAULT_FAVICON_HREF,
  faviconHref,
  THEME_REAPPLY_DELAY_MS,
  tenantUpdateSteps,
  viewedTenantUpdate,
} from '../live-tenant.ts';

function setDocumentFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/**
 * Spec 000 section 4 'Live updates': a change of the tenant being viewed, pushed on its scopes channel, says
 * 'Details update successfully' and re-applies the tenant's name and logo at once and its colours 1 s later.
 * The document's favicon follows the viewed tenant's (read once, then from the pushes); a root user's
 * default-branding pages keep the default.
 */
export function useLiveTenant(): void {
  const session = useSession();
  const { pathname } = useLocation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const viewedTenantId = session.userLoggedIn ? session.tenantId : '';
  const colourTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const canReadScope = effectivePermissions(session.permissions).has('HIERARCHY_READ');
  // Read once; the pushes below keep it current.
  const viewedScope = useQuery({
    ...scopeQueryOptions(viewedTenantId),
    enabled: canReadScope && viewedTenantId !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  useEffect(() => () => clearTimeout(colourTimer.current), []);

  useLiveTopic(viewedTenantId ? live.scopes(viewedTenantId) : null, (message) => {
    const scope = viewedTenantUpdate(message, sessionStore.get().tenantId);
    if (!scope) return;
    notify({ variant: 'info', text: customerMessages.detailsUpdated });
    queryClient.setQueryData(scopeKey(scope.id), scope);
    const steps = tenantUpdateSteps(scope, sessionStore.get());
    sessionStore.openTenant(steps.now);
    clearTimeout(colourTimer.current);
    colourTimer.current = setTimeout(() => {
      if (appliesLater(sessionStore.get(), scope.id)) sessionStore.openTenant(steps.later);
    }, THEME_REAPPLY_DELAY_MS);
  });

  const href = faviconHref(viewedScope.data?.favIconUrl, usesDefaultBranding(pathname, session.isRootUser));
  useEffect(() => setDocumentFavicon(href), [href]);
  useEffect(() => () => setDocumentFavicon(DEFAULT_FAVICON_HREF), []);
}
