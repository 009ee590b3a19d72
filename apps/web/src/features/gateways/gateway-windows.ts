import type { GatewayPage, GatewaySortKey, GatewaySortOrder, GatewaySummary } from '@portal/contract';
import type { CachedGatewayList } from '../../api/gateway-lists.ts';

/**
 * The gateways page holds no whole list (issue 14.9): it asks the server for windows of the list (offset,
 * limit) around what is on screen, the grid by rows of cards as it scrolls, the list view a page at a time.
 * These are the rules of that, free of React.
 */

/** Gateways in one window of the grid: about 10 rows of 3 cards, 2-3 screens at 1080 px. */
export const GRID_WINDOW = 30;

/** A range of list positions on screen, both ends included. */
export interface VisibleRange {
  first: number;
  last: number;
}

/** The offsets of the windows of `size` that cover the range (none for an empty range). */
export function windowOffsets({ first, last }: VisibleRange, size: number): number[] {
  if (last < first || last < 0) return [];
  const offsets: number[] = [];
  for (let start = Math.floor(Math.max(0, first) / size) * size; start <= last; start += size) {
    offsets.push(start);
  }
  return offsets;
}

/** What the cache holds of a window: its answer, and whether it was marked stale since. */
export interface CachedWindow {
  data?: CachedGatewayList;
  invalidated?: boolean;
}

/**
 * The cursor to ask the window at `offset` with, when it directly follows one the page has (scrolling in
 * sequence): the `next` of the window of `size` just before it, if that one is whole (no row taken out by a
 * live update), current and ends where this one starts. Undefined otherwise (a jump of the scrollbar, the
 * first window, an order that gives no cursor): the window is then asked by offset.
 */
export function followingCursor(
  previous: CachedWindow | undefined,
  offset: number,
  size: number,
): string | undefined {
  const data = previous?.data;
  if (!data || Array.isArray(data) || previous?.invalidated) return undefined;
  if (data.next === undefined || data.gateways.length !== size) return undefined;
  return data.offset + size === offset ? data.next : undefined;
}

/** The gateway at each loaded position of the list (windows may overlap or leave gaps). */
export function rowsByIndex(windows: readonly (GatewayPage | undefined)[]): Map<number, GatewaySummary> {
  const rows = new Map<number, GatewaySummary>();
  for (const window of windows) {
    if (!window) continue;
    for (const [i, gateway] of window.gateways.entries()) rows.set(window.offset + i, gateway);
  }
  return rows;
}

/** A cached window's key: [...list key, offset, limit]; the list key names the scope and the selection. */
export type WindowKey = readonly unknown[];

/**
 * After gateways left a list (deleted, moved): the windows to fetch again. In a list that held one of them,
 * the windows from the one that held it on (those before it are as they were); in a list where none was
 * loaded, every window (where it was is unknown). Only windows on screen are fetched at once; the others
 * when they come into view.
 */
export function windowsAfterRemoval(
  entries: readonly (readonly [WindowKey, CachedGatewayList | undefined])[],
  macIds: readonly string[],
): WindowKey[] {
  const gone = new Set(macIds);
  const lists = new Map<string, { key: WindowKey; offset: number; holds: boolean }[]>();
  for (const [key, data] of entries) {
    if (!data || Array.isArray(data)) continue;
    const listId = JSON.stringify(key.slice(0, -2));
    const windows = lists.get(listId) ?? [];
    windows.push({ key, offset: data.offset, holds: data.gateways.some((g) => gone.has(g.macId)) });
    lists.set(listId, windows);
  }
  const stale: WindowKey[] = [];
  for (const windows of lists.values()) {
    const held = windows.filter((w) => w.holds).map((w) => w.offset);
    const from = held.length > 0 ? Math.min(...held) : 0;
    for (const window of windows) if (window.offset >= from) stale.push(window.key);
  }
  return stale;
}

/** The selection part of a window's key (see api/get-gateway-page.ts). */
export interface ListSelection {
  search?: string;
  status?: 'online' | 'offline';
  enrollment?: 'registered' | 'unregistered';
  name?: string;
  /** The dashboards' links (dashboard-filters.ts). */
  firmware?: string;
  os?: string;
  tenant?: string;
  area?: string;
  sort: GatewaySortKey;
  order: GatewaySortOrder;
}

/** Whether a gateway going online or offline may move it in, out of or within a list of this selection. */
export function dependsOnStatus(selection: ListSelection): boolean {
  return (
    selection.status !== undefined ||
    (selection.search ?? '').trim() !== '' ||
    selection.sort === 'status' ||
    selection.sort === 'since'
  );
}
