import { z } from 'zod';
import { gatewayAreaFilter } from './dashboards.ts';
import { gatewaySummary, getGatewaysQuery } from './gateways.ts';

/**
 * The gateways list page (spec 001 sections 2, 4 'Live updates on list rows', 8 and 9): its progress texts and
 * the list messages of the gateways live channel beside status/state/events, deviceMoved and gatewaysDeleted.
 */
export const gatewayListMessages = {
  fetching: 'Fetching Gateways ...',
  refreshing: 'Refreshing Gateways...',
  /** Ours: the Dashboard and Gateways (everyone's menu) for a user without IOT_DEVICE_READ. */
  noDeviceRead: 'Your account may not see gateways. Ask an administrator for the Devices Read permission.',
} as const;

/**
 * GET /api/gateway/get-gateways `limit`: the first gateways by name, at most that many (the spec's call; the
 * gateways page itself asks get-gateways-page, below).
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

/**
 * The list page's server-side paging (issue 14.9): `GET /api/gateway/get-gateways-page` answers one window of
 * the scope subtree's gateways that match the search and the 'Filtered by :' filters, in the chosen order,
 * with the counts the page shows. Offset paging: the virtualised grid jumps to any scroll position and the list
 * view to any page, so a window is addressed by its position; in the name and MAC orders a window that follows
 * another may instead be asked by that window's cursor (`next` / `after`: a keyset seek, docs/gateway-operations.md).
 */
export const GATEWAY_SORT_KEYS = [
  'name',
  'customer',
  'macId',
  'status',
  'since',
  'firmware',
  'os',
  'co2',
  'temperature',
  'lastUpdate',
] as const;
export type GatewaySortKey = (typeof GATEWAY_SORT_KEYS)[number];
export const GATEWAY_SORT_ORDERS = ['asc', 'desc'] as const;
export type GatewaySortOrder = (typeof GATEWAY_SORT_ORDERS)[number];
/** The longest page search text. */
export const GATEWAY_SEARCH_MAX = 100;
/** Gateways in one window unless asked otherwise (the grid's window; the list asks its page size). */
export const GATEWAY_PAGE_DEFAULT_LIMIT = 60;

/** The orders a window can be read in by a keyset seek (`after`); the others are read by offset. */
export const GATEWAY_SEEK_SORTS: readonly GatewaySortKey[] = ['name', 'macId'];
/** The longest cursor (`after`). */
export const GATEWAY_CURSOR_MAX = 1_000;

/** What selects and orders the gateways of a scope: the page's search, filters and sort. */
export const gatewayListSelection = z.object({
  /** Ignores case and spaces; part of the name, MAC, firmware (also as 'FW yyyy-mm-dd'), OS version or status. */
  search: z.string().max(GATEWAY_SEARCH_MAX).optional(),
  status: z.enum(['online', 'offline']).optional(),
  enrollment: z.enum(['registered', 'unregistered']).optional(),
  /** A gateway name from the global search: the whole name, ignoring case and the spaces around it. */
  name: z.string().max(GATEWAY_SEARCH_MAX).optional(),
  /** The dashboard's columns and slices (docs/dashboards.md): this firmware or OS ('' = none reported). */
  firmware: z.string().max(GATEWAY_SEARCH_MAX).optional(),
  os: z.string().max(GATEWAY_SEARCH_MAX).optional(),
  /** The Gateways Distribution slice: this customer's own gateways (not its sub-customers'). */
  tenant: z.string().uuid().optional(),
  /** A map cluster: gateways located within west,south,east,north. */
  area: gatewayAreaFilter.optional(),
  sort: z.enum(GATEWAY_SORT_KEYS).default('name'),
  order: z.enum(GATEWAY_SORT_ORDERS).default('asc'),
});
export type GatewayListSelection = z.input<typeof gatewayListSelection>;

export const gatewayPageQuery = getGatewaysQuery.merge(gatewayListSelection).extend({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(GATEWAY_LIST_MAX_LIMIT).default(GATEWAY_PAGE_DEFAULT_LIMIT),
  /**
   * 'false': the window alone, without the counts (which count the whole subtree). The browser asks a
   * selection's counts once and keeps them while it scrolls through windows.
   */
  counts: z.enum(['true', 'false']).default('true'),
  /**
   * The `next` cursor of the window just before the one wanted (scrolling in sequence): the window is then
   * read from just after that window's last row by a keyset seek, instead of skipping `offset` rows (which is
   * then ignored). Only the orders in GATEWAY_SEEK_SORTS give cursors; a cursor of another sort or order, or
   * altered, is refused (400).
   */
  after: z.string().max(GATEWAY_CURSOR_MAX).optional(),
});
export type GatewayPageQuery = z.input<typeof gatewayPageQuery>;

export const gatewayPage = z.object({
  /** The window: the gateways from `offset` on, at most `limit` of them. */
  gateways: z.array(gatewaySummary),
  offset: z.number().int(),
  /** Gateways matching the search and filters (the counts are absent when asked without, `counts=false`). */
  total: z.number().int().optional(),
  /** Every gateway of the scope subtree, matching or not (zero: the customer has none yet). */
  scopeTotal: z.number().int().optional(),
  /** Whether the subtree holds gateways of another customer than the scope (rows and cards name it). */
  mixed: z.boolean().optional(),
  /**
   * An opaque cursor of the window's last row, to ask the window after it with `after` (orders in
   * GATEWAY_SEEK_SORTS only; absent for an empty window).
   */
  next: z.string().optional(),
});
export type GatewayPage = z.infer<typeof gatewayPage>;

/**
 * Delete mode's 'Select Gateways' on the server (PUT /api/deleteOfflineGateways `select`): the first `first`
 * offline gateways (every one without it) that match the page's search and filters in its order, but `except`.
 */
export const offlineGatewaySelection = gatewayListSelection.extend({
  first: z.number().int().min(1).optional(),
  except: z.array(z.string().max(64)).max(10_000).default([]),
});
export type OfflineGatewaySelection = z.input<typeof offlineGatewaySelection>;
