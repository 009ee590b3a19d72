import { i18n } from '../../lib/i18n/index.ts';

/**
 * Rules of the gateway card icons and labels (spec 001 sections 2 and 9). Each takes only the facts it reads,
 * so it can be tested without a whole gateway. The labels are the 'gateways' namespace's (locales/), loaded by
 * the components that show them.
 */

/** Longer names and MACs are cut: spec 001 section 2, 'truncated after 9 characters when longer than 17'. */
const TRUNCATE_OVER = 17;
const TRUNCATE_KEEP = 9;

export function truncateLabel(text: string): string {
  return text.length > TRUNCATE_OVER ? `${text.slice(0, TRUNCATE_KEEP)}...` : text;
}

export type NetworkKind = 'wifi' | 'lte' | 'ethernet';

/** NW: 1 Wi-Fi, 0 cellular (LTE), 2 Ethernet; anything else is not shown. */
export function networkKind(NW: number | null | undefined): NetworkKind | null {
  if (NW === 1) return 'wifi';
  if (NW === 0) return 'lte';
  if (NW === 2) return 'ethernet';
  return null;
}

/** The card shows LTE signal levels 0, 1, 2 and '3 or more' (SS); a missing level counts as 0. */
export const MAX_CARD_SIGNAL_LEVEL = 3;

export function cardSignalLevel(SS: number | null | undefined): number {
  if (SS === null || SS === undefined || !Number.isFinite(SS) || SS < 0) return 0;
  return Math.min(Math.floor(SS), MAX_CARD_SIGNAL_LEVEL);
}

export function networkLabel(NW: number | null | undefined, SS: number | null | undefined): string | null {
  const kind = networkKind(NW);
  if (kind === 'wifi') return i18n.t('gateways:icons.wifi');
  if (kind === 'ethernet') return i18n.t('gateways:icons.ethernet');
  if (kind === 'lte') return i18n.t('gateways:icons.lte', { level: cardSignalLevel(SS) });
  return null;
}

export interface HotspotFacts {
  HS?: number | null;
  HSIPRC?: number | null;
}

/** Enabled when HS or HSIPRC is 1; blinking while a change is in progress (HSIPRC 1). */
export function hotspotState({ HS, HSIPRC }: HotspotFacts): {
  label: string;
  enabled: boolean;
  blinking: boolean;
} {
  const enabled = HS === 1 || HSIPRC === 1;
  return {
    label: i18n.t(enabled ? 'gateways:icons.hotspotEnabled' : 'gateways:icons.hotspotDisabled'),
    enabled,
    blinking: HSIPRC === 1,
  };
}

export interface LocationFacts {
  LAT?: number | null;
  LNG?: number | null;
}

/** 'Location' when both LAT and LNG exist, else 'No Location'. */
export function hasLocation(location: LocationFacts | null | undefined): boolean {
  return typeof location?.LAT === 'number' && typeof location?.LNG === 'number';
}

export function locationLabel(location: LocationFacts | null | undefined): string {
  return i18n.t(hasLocation(location) ? 'gateways:icons.location' : 'gateways:icons.noLocation');
}

/** CMS 1: a camera module is installed. */
export function hasCamera(CMS: number | null | undefined): boolean {
  return CMS === 1;
}

const DAY_MS = 24 * 3600_000;

function startOfDay(at: Date): number {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
}

/** Days-since display of section 9: 'Today', 'Yesterday', 'N Days', '-' when there is no time. */
export function daysSince(epochMs: number | null | undefined, now: Date = new Date()): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) return '-';
  const days = Math.max(0, Math.round((startOfDay(now) - startOfDay(new Date(epochMs))) / DAY_MS));
  if (days === 0) return i18n.t('gateways:card.today');
  if (days === 1) return i18n.t('gateways:card.yesterday');
  return i18n.t('gateways:card.days', { days });
}
