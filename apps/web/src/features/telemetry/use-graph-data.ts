import type { GatewayEvents, SensorKind, TelemetrySample } from '@portal/contract';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { mergeEvents } from './alert-rules.ts';
import { getGatewayEvents } from './api/get-gateway-events.ts';
import { type GatewayStateSample, getGatewayStates } from './api/get-gateway-states.ts';
import { getSensorData } from './api/get-sensor-data.ts';
import { loadInChunks } from './chunk-plan.ts';
import type { TimeRange } from './intervals.ts';
import { mergeSeries, readingFromSample, type SeriesReadings } from './sensors.ts';

/**
 * One call over a range, fetched in chunks (chunk-plan.ts) and merged as they arrive. Its fetches belong to
 * the cancellable group 'graphPage': a new range or key, or closing the view, aborts them. A null key fetches
 * nothing.
 */
function useChunkedData<T>(
  key: string | null,
  range: TimeRange,
  empty: T,
  fetchChunk: (chunk: TimeRange, signal: AbortSignal) => Promise<T>,
  /** Pure and stable (a module-level function): it runs inside state updates. */
  merge: (current: T, incoming: T) => T,
) {
  const [state, setState] = useState({ data: empty, loading: key !== null });
  const fetchOne = useEffectEvent(fetchChunk);

  useEffect(() => {
    setState({ data: empty, loading: key !== null });
    if (key === null) return;
    const graphPage = new AbortController();
    const { signal } = graphPage;
    void loadInChunks({
      range,
      signal,
      fetchChunk: (chunk, s) => fetchOne(chunk, s),
      onChunk: (incoming) => setState((s) => ({ ...s, data: merge(s.data, incoming) })),
    }).then(() => {
      if (!signal.aborted) setState((s) => ({ ...s, loading: false }));
    });
    return () => graphPage.abort();
  }, [key, range, empty, merge]);

  const update = useCallback(
    (change: (data: T) => T) => setState((s) => ({ ...s, data: change(s.data) })),
    [],
  );
  return { ...state, update };
}

const NO_READINGS: SeriesReadings = {};
const NO_STATES: GatewayStateSample[] = [];
const NO_EVENTS: GatewayEvents = { SE: [], SA: [] };
const appendStates = (current: GatewayStateSample[], incoming: GatewayStateSample[]) => [
  ...current,
  ...incoming,
];

export interface GraphDataRequest {
  macId: string;
  /** A new range object restarts the fetching: keep it in state. */
  range: TimeRange;
  /** The series to fetch, one request per series and chunk. */
  kinds: readonly SensorKind[];
  /** Fetch the OFF flags for grey offline areas (when Portal Configuration has them on). */
  withStates: boolean;
}

/** One chunk of every series; a series whose call fails is left out of that chunk. */
async function getSeries(kinds: readonly SensorKind[], macId: string, chunk: TimeRange, signal: AbortSignal) {
  const answers = await Promise.allSettled(kinds.map((kind) => getSensorData(kind, macId, chunk, signal)));
  const readings: SeriesReadings = {};
  answers.forEach((answer, index) => {
    if (answer.status === 'fulfilled') readings[kinds[index]!] = answer.value;
  });
  return readings;
}

/** The readings, offline flags and events/alerts a graph view shows over its range. */
export function useGraphData({ macId, range, kinds, withStates }: GraphDataRequest) {
  const kindsKey = kinds.join(',');
  const readings = useChunkedData(
    `${macId}|${kindsKey}`,
    range,
    NO_READINGS,
    (chunk, signal) => getSeries(kinds, macId, chunk, signal),
    mergeSeries,
  );
  const states = useChunkedData(
    withStates ? macId : null,
    range,
    NO_STATES,
    (chunk, signal) => getGatewayStates(macId, chunk, signal),
    appendStates,
  );
  const events = useChunkedData(
    macId,
    range,
    NO_EVENTS,
    (chunk, signal) => getGatewayEvents(macId, chunk, signal),
    mergeEvents,
  );
  const updateReadings = readings.update;
  const updateEvents = events.update;

  /** Live samples of the gateway, appended to each series. */
  const appendSamples = useCallback(
    (samples: readonly TelemetrySample[]) => {
      const incoming: SeriesReadings = {};
      for (const kind of kindsKey.split(',') as SensorKind[]) {
        incoming[kind] = samples.map((sample) => readingFromSample(kind, sample)).filter((r) => r !== null);
      }
      updateReadings((current) => mergeSeries(current, incoming));
    },
    [kindsKey, updateReadings],
  );

  /** Live events and alerts of the gateway, added to the side panels. */
  const appendEvents = useCallback(
    (incoming: Partial<GatewayEvents>) => updateEvents((current) => mergeEvents(current, incoming)),
    [updateEvents],
  );

  return {
    readings: readings.data,
    readingsLoading: readings.loading,
    states: states.data,
    events: events.data,
    eventsLoading: events.loading,
    appendSamples,
    appendEvents,
  };
}
