import { type SensorKind, type SensorReading, sensorReadings } from '@portal/contract';
import type { TimeRange } from '../intervals.ts';
import { getGraphData, rangePath } from './graph-request.ts';

/** GET /api/device/{co2Data|airQualityData|airQuality2Data|cpuMm}/macId/{m}/fromTime/{f}/toTime/{t}. */
export function getSensorData(
  kind: SensorKind,
  macId: string,
  range: TimeRange,
  signal: AbortSignal,
): Promise<SensorReading[]> {
  return getGraphData(`/api/device/${kind}/${rangePath(macId, range)}`, sensorReadings, signal);
}
