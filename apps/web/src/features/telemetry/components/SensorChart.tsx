import { useMemo } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import type { TimeRange } from '../intervals.ts';
import type { OfflineArea } from '../offline-areas.ts';
import {
  SENSORS,
  type SensorKey,
  type SeriesReadings,
  SYSTEM_SENSORS,
  sensorSeries,
  sensorTitle,
} from '../sensors.ts';
import { TimeSeriesChart } from './TimeSeriesChart.tsx';

interface SensorChartProps {
  sensor: SensorKey;
  /** The readings of every series shown; the sensor's own are charted. */
  readings: SeriesReadings;
  range: TimeRange;
  offline: readonly OfflineArea[];
  height: number;
  loading: boolean;
}

/** The chart of one sensor, titled with its unit ('CO2 (ppm)'). */
export function SensorChart({ sensor, readings, ...chart }: SensorChartProps) {
  const t = useT('telemetry');
  const own = readings[SENSORS[sensor].kind];
  const { times, values } = useMemo(() => sensorSeries(own ?? [], sensor), [own, sensor]);
  return (
    <TimeSeriesChart
      title={sensorTitle(sensor, t)}
      times={times}
      values={values}
      system={SYSTEM_SENSORS.includes(sensor)}
      {...chart}
    />
  );
}
