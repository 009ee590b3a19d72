import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { GATEWAY_LISTS_KEY, patchGatewayLists } from '../../api/gateway-lists.ts';
import { useLiveStatus, useLiveTopic } from '../../lib/mqtt.ts';
import { useSession } from '../../lib/session.ts';
import { type Notice, useNotify } from '../../lib/use-notify.ts';
import { RECENT_DATA_KEY, type RecentData } from './api/get-recent-data.ts';
import { removeFromGatewayLists } from './api/remove-from-lists.ts';
import { applyGraphMessage, gatewayLiveTopics, gatewaysChannelReaction } from './gateway-cache-updates.ts';
import { dependsOnStatus, type ListSelection } from './gateway-windows.ts';
import { applySamplesToRecentData } from './recent-data-updates.ts';

/** Section 9: gateway pages reload 1 s after a firmware upgrade event. */
export const FIRMWARE_RELOAD_DELAY_MS = 1000;
/** A root user hears a message once per customer above the gateway: the same snackbar is shown once. */
const SAME_NOTICE_WINDOW_MS = 2000;

/**
 * A gateway went online or offline: the lists whose rows or order depend on it (a status filter, delete
 * mode, a search, the Status and Since orders) are fetched again (their windows on screen, and their
 * counts); the others were patched in place.
 */
function refetchStatusLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    queryKey: GATEWAY_LISTS_KEY,
    predicate: (query) => {
      const selection = query.queryKey[4] as ListSelection | undefined;
      const list = query.queryKey[3] === 'page' || query.queryKey[3] === 'counts';
      return list && selection !== undefined && dependsOnStatus(selection);
    },
  });
}

/**
 * Keeps the cached gateway lists and the cards' recent data current from the live channels, in place: only
 * lists that change are written, so other messages cause no render. Gateways leaving refetch the windows they
 * shifted; messages the list cannot apply refetch the windows on screen (never the whole fleet: issue 14.9).
 */
export function useLiveGatewayUpdates(scopeId: string): void {
  const { isRootUser } = useSession();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const lastNotice = useRef<{ text: string; at: number } | null>(null);
  const topics = gatewayLiveTopics(isRootUser, scopeId);

  const notifyOnce = (notice: Notice) => {
    const now = Date.now();
    const last = lastNotice.current;
    if (last && last.text === notice.text && now - last.at < SAME_NOTICE_WINDOW_MS) return;
    lastNotice.current = { text: notice.text, at: now };
    notify(notice);
  };

  // After a lost live connection the lists may have missed changes: fetch them again once it is back.
  const liveStatus = useLiveStatus();
  const wasDisconnected = useRef(false);
  useEffect(() => {
    if (liveStatus === 'reconnecting' || liveStatus === 'stopped') wasDisconnected.current = true;
    if (liveStatus === 'connected' && wasDisconnected.current) {
      wasDisconnected.current = false;
      void queryClient.invalidateQueries({ queryKey: GATEWAY_LISTS_KEY });
    }
  }, [liveStatus, queryClient]);

  useLiveTopic(topics?.graph, (message) => {
    patchGatewayLists(queryClient, (gateways) => applyGraphMessage(gateways, message));
    for (const [key, data] of queryClient.getQueriesData<RecentData>({ queryKey: RECENT_DATA_KEY })) {
      if (!data) continue;
      const asked = String(key[3] ?? '').split(',');
      const next = applySamplesToRecentData(data, asked, message);
      if (next !== data) queryClient.setQueryData(key, next);
    }
  });

  useLiveTopic(topics?.gateways, (message) => {
    const reaction = gatewaysChannelReaction(message);
    if (reaction.update) patchGatewayLists(queryClient, reaction.update);
    if (reaction.notice) notifyOnce(reaction.notice);
    if (reaction.removed) void removeFromGatewayLists(queryClient, reaction.removed);
    if (reaction.statusChanged) refetchStatusLists(queryClient);
    if (reaction.refetch) void queryClient.invalidateQueries({ queryKey: GATEWAY_LISTS_KEY });
  });

  useLiveTopic(topics?.firmwareUpgraded, () => {
    window.setTimeout(() => window.location.reload(), FIRMWARE_RELOAD_DELAY_MS);
  });
}
