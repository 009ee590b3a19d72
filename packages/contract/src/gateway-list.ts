import { z } from 'zod';
import { gatewaySummary, getGatewaysQuery } from './gateways.ts';

/**
 * The gateways list page (spec 001 sections 2, 4 'Live updates on list rows', 8 and 9): its progress texts and
 * the list messages of the gateways live channel beside status/state/events, deviceMoved and gatewaysDeleted.
 */
export const gatewayListMessages = {
  fetching: 'Fetching Gateways ...',
  refreshing: 'Refreshing Gateways...',
} as const;

/**
 * The page asks for the first gateways (by name) beside the whole list, so that the first cards show at once
 * in a large fleet (bench/gateways-grid.ts): `limit` gives at most that many.
 */
export const GATEWAY_LIST_FIRST_PAGE = 60;
export const GATEWAY_LIST_MAX_LIMIT = 500;
export const listGatewaysQuery = getGatewaysQuery.extend({
  limit: z.coerce.number().int().min(1).max(GATEWAY_LIST_MAX_LIMIT).optional(),
});

/** Rows per page of the list view; the choice is remembered in the session as locksRPP. */
export const GATEWAY_LIST_PAGE_SIZES = [5, 10, 15, 20, 25] as const;
export const GATEWAY_LIST_DEFAULT_PAGE_SIZE = 25;
export const GATEWAY_LIST_SESSION_KEY = 'locksRPP';

/** Delete mode's 'Select Gateways' presets (section 9: 10, 50, 100, All; a custom number besides). */
export const DELETE_SELECTION_PRESETS = [10, 50, 100] as const;

/** `portal/{scope}/gateways`: the gateway went offline; the list marks it offline and drops its live link. */
export const gatewayOfflineMessage = z.object({
  type: z.literal('gatewayOffline'),
  macId: z.string(),
  TI: z.number().optional(),
});

/** A device record removed (deleteLock on the spec's list rows): the row goes. */
export const deviceDeletedMessage = z.object({ type: z.literal('deleteLock'), macId: z.string() });

/** A full device update: the gateway's fields are replaced by these. */
export const gatewayUpdatedMessage = z.object({
  type: z.literal('gatewayUpdated'),
  gateway: gatewaySummary.partial().extend({ macId: z.string() }),
});

/**
 * Known list messages that change nothing a gateway card shows (they concern the locks behind a gateway);
 * bulkUpdate asks for a fresh list.
 */
export const LOCK_LIST_MESSAGE_TYPES = [
  'lockStatus',
  'userMapping',
  'lockMode',
  'lockData',
  'history',
  'forceProbeData',
] as const;
export const BULK_UPDATE_MESSAGE_TYPE = 'bulkUpdate';
