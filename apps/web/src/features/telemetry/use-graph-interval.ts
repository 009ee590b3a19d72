import { useState } from 'react';
import { customRangeTimes } from './custom-range.ts';
import { DEFAULT_INTERVAL, type GraphInterval, presetRange, type TimeRange } from './intervals.ts';

function rangeOf(interval: GraphInterval): TimeRange {
  return interval.key === 'custom' ? customRangeTimes(interval) : presetRange(interval.key, Date.now());
}

/**
 * The interval a graph view shows and the times it covers (1 hour by default). Choosing an interval, even the
 * same preset again, computes a new range, which reloads the data.
 */
export function useGraphInterval() {
  const [state, setState] = useState<{ interval: GraphInterval; range: TimeRange }>(() => {
    const interval: GraphInterval = { key: DEFAULT_INTERVAL };
    return { interval, range: rangeOf(interval) };
  });
  const choose = (interval: GraphInterval) => setState({ interval, range: rangeOf(interval) });
  /** A preset ends now: live samples extend it. A custom range is history. */
  const live = state.interval.key !== 'custom';
  return { ...state, choose, live };
}
