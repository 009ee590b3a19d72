import type { SensorReading } from '@portal/contract';
import type { TimeRange } from './intervals.ts';

/** A period the gateway was offline: shaded grey on the charts. */
export interface OfflineArea {
  start: number;
  end: number;
}

/**
 * Spec 001 section 4 'Charts': offline periods run from a reading with CS 0 to the next with CS 1, or from a
 * state sample OFF 1 to the next OFF 0. A period still open at the end of the data runs to the range's end;
 * a state before the range (the state it begins in) starts at the range's start. Overlaps are merged.
 */
export function offlineAreas(
  readings: readonly Pick<SensorReading, 'TI' | 'CS'>[],
  states: readonly { OFF: 0 | 1; time: number }[],
  range: TimeRange,
): OfflineArea[] {
  const areas: OfflineArea[] = [];
  const collect = (transitions: { time: number; offline: boolean }[]) => {
    let since: number | null = null;
    for (const { time, offline } of [...transitions].sort((a, b) => a.time - b.time)) {
      if (offline && since === null) since = Math.max(time, range.fromTime);
      else if (!offline && since !== null) {
        if (time > since) areas.push({ start: since, end: Math.min(time, range.toTime) });
        since = null;
      }
    }
    if (since !== null && since < range.toTime) areas.push({ start: since, end: range.toTime });
  };
  collect(readings.map((reading) => ({ time: reading.TI, offline: reading.CS === 0 })));
  collect(states.map((state) => ({ time: state.time, offline: state.OFF === 1 })));
  return merge(areas);
}

function merge(areas: OfflineArea[]): OfflineArea[] {
  const merged: OfflineArea[] = [];
  for (const area of areas.sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && area.start <= last.end) last.end = Math.max(last.end, area.end);
    else merged.push({ ...area });
  }
  return merged;
}
