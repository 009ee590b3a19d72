import type { GatewayEventEntry, GatewayEvents } from '@portal/contract';
import { formatDay, formatTime } from '../../lib/date-time.ts';
import { type SensorKey, SYSTEM_SENSORS } from './sensors.ts';

/** One row of an alerts panel (spec 001 section 3 'Alert log row'). */
export interface AlertRow {
  key: string;
  name: string;
  time: number;
  value: string;
  value2?: string;
  type: 'event' | 'alert';
  sensor?: string;
  color: 'red' | 'green';
}

const RED_VALUES = new Set(['ERR_HOTSPOT TRIGGER', 'Timed-out']);
/** A CPU or memory alert is green up to this value. */
export const SYSTEM_ALERT_GREEN_MAX = 50;

const isSystemSensor = (sensor: string | undefined) =>
  sensor !== undefined && SYSTEM_SENSORS.includes(sensor as SensorKey);

/**
 * Spec 001 section 9: CPU and memory alerts are green when the value is 50 or less (red above); any other row
 * is red when alrt is 0 (low) or 1 (high), when the value is 'ERR_HOTSPOT TRIGGER' or 'Timed-out', or when
 * the name says it 'failed'; green otherwise.
 */
export function alertColor(entry: Pick<GatewayEventEntry, 'nme' | 'val' | 'sr' | 'alrt'>): 'red' | 'green' {
  if (isSystemSensor(entry.sr)) {
    const value = Number(entry.val);
    return Number.isFinite(value) && value <= SYSTEM_ALERT_GREEN_MAX ? 'green' : 'red';
  }
  if (entry.alrt === 0 || entry.alrt === 1) return 'red';
  if (RED_VALUES.has(String(entry.val))) return 'red';
  if (entry.nme.toLowerCase().includes('failed')) return 'red';
  return 'green';
}

function toRow(entry: GatewayEventEntry, type: AlertRow['type'], index: number): AlertRow {
  return {
    key: `${type}-${entry.TI}-${index}`,
    name: entry.nme,
    time: entry.TI,
    value: String(entry.val),
    ...(entry.val2 === undefined ? {} : { value2: String(entry.val2) }),
    type,
    ...(entry.sr === undefined ? {} : { sensor: entry.sr }),
    color: alertColor(entry),
  };
}

/**
 * Splits what a gateway reported into the two panels, newest first: Sensor Alerts are alerts of its sensors
 * (those in `sensors`, or any non-system sensor when not given); System Alerts are CPU and memory alerts,
 * alerts of no sensor, and every event (reboots, hotspot, camera...).
 */
export function alertPanels(
  events: GatewayEvents,
  sensors?: readonly SensorKey[],
): { sensor: AlertRow[]; system: AlertRow[] } {
  const sensor: AlertRow[] = [];
  const system: AlertRow[] = [];
  events.SA.forEach((entry, index) => {
    const row = toRow(entry, 'alert', index);
    if (entry.sr === undefined || isSystemSensor(entry.sr)) system.push(row);
    else if (!sensors || sensors.includes(entry.sr as SensorKey)) sensor.push(row);
  });
  events.SE.forEach((entry, index) => {
    system.push(toRow(entry, 'event', index));
  });
  const newestFirst = (a: AlertRow, b: AlertRow) => b.time - a.time;
  return { sensor: sensor.sort(newestFirst), system: system.sort(newestFirst) };
}

/** The panel's search: name or value, case and surrounding spaces ignored. */
export function searchAlerts(rows: readonly AlertRow[], text: string): AlertRow[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter(
    (row) =>
      row.name.toLowerCase().includes(needle) ||
      row.value.toLowerCase().includes(needle) ||
      (row.value2?.toLowerCase().includes(needle) ?? false),
  );
}

/** The heading of a day's rows and the time of a row (spec 001 section 9 'MMM Do, YYYY h:mm:ss a'). */
export const dayHeading = formatDay;
export const rowTime = formatTime;

/** Spec 001 section 9: on narrow screens an e-mail shown as a value is cut to 10 characters and '...'. */
export function alertValueText(value: string, narrow: boolean): string {
  return narrow && value.includes('@') && value.length > 10 ? `${value.slice(0, 10)}...` : value;
}

/** Rows grouped by local day, in the order given (newest first). */
export function groupByDay(rows: readonly AlertRow[]): { day: string; rows: AlertRow[] }[] {
  const groups: { day: string; rows: AlertRow[] }[] = [];
  for (const row of rows) {
    const day = dayHeading(row.time);
    const last = groups.at(-1);
    if (last?.day === day) last.rows.push(row);
    else groups.push({ day, rows: [row] });
  }
  return groups;
}

/** Spec 001 section 9: alert rows are 90 high, 110 under 1080 px of width, 104 under 400. */
export function alertRowHeight(width: number): number {
  if (width < 400) return 104;
  if (width < 1080) return 110;
  return 90;
}

const eventKey = (entry: GatewayEventEntry) => `${entry.TI}|${entry.nme}|${entry.val}|${entry.val2 ?? ''}`;

function mergeEntries(current: readonly GatewayEventEntry[], incoming: readonly GatewayEventEntry[]) {
  if (incoming.length === 0) return current as GatewayEventEntry[];
  const seen = new Set(current.map(eventKey));
  const added = incoming.filter((entry) => {
    const key = eventKey(entry);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...current, ...added].sort((a, b) => a.TI - b.TI);
}

/**
 * Events and alerts of a new chunk or a live message added to those shown, oldest first. A root user hears a
 * live message once per customer above the gateway: an item already shown is not added again.
 */
export function mergeEvents(current: GatewayEvents, incoming: Partial<GatewayEvents>): GatewayEvents {
  return { SE: mergeEntries(current.SE, incoming.SE ?? []), SA: mergeEntries(current.SA, incoming.SA ?? []) };
}
