import { live } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveStatus, useLiveTopic } from '../../lib/mqtt.ts';
import { useSession } from '../../lib/session.ts';
import { dashboardKey } from './api/dashboard-keys.ts';

/** Pushes arriving together (a fleet coming back at once) refresh the dashboard once per this window. */
export const DASHBOARD_REFRESH_MS = 1000;

/**
 * Spec 002 section 4: a push on the tenant's devices channel (portal/{scope}/gateways: status, state, moves,
 * deletions) refreshes the dashboard; no polling. Root hears every customer's channel, as the gateways page.
 */
export function useLiveDashboard(scopeId: string): void {
  const { isRootUser } = useSession();
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: dashboardKey(scopeId) });
    }, DASHBOARD_REFRESH_MS);
  };
  useLiveTopic(scopeId ? live.gateways(isRootUser ? '+' : scopeId) : null, refresh);
  // After a lost live connection, what was missed is fetched again once it is back.
  const status = useLiveStatus();
  const wasDown = useRef(false);
  useEffect(() => {
    if (status === 'reconnecting' || status === 'stopped') wasDown.current = true;
    if (status === 'connected' && wasDown.current) {
      wasDown.current = false;
      void queryClient.invalidateQueries({ queryKey: dashboardKey(scopeId) });
    }
  }, [status, queryClient, scopeId]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
}
