import {
  METRIC_CATALOGUE,
  type SensorKind,
  type SensorReading,
  type sensorDataParams,
  seriesMetrics,
  type statesParams,
} from '@portal/contract';
import type { z } from 'zod';
import type { Metric } from '../../db/metrics.ts';
import type { Principal } from '../../lib/principal.ts';
import type { ReachableGateways } from './reachable-gateways.ts';
import { planSeries } from './series-plan.ts';
import type { SeriesRow, TelemetryRepository } from './telemetry.repository.ts';

/** Stored metric behind each reading field of a series: the metric catalogue's charted metrics. */
const SERIES: Record<SensorKind, [Metric, string][]> = Object.fromEntries(
  Object.entries(seriesMetrics(METRIC_CATALOGUE)).map(([kind, metrics]) => [
    kind,
    metrics.map((m) => [m.column as Metric, m.field]),
  ]),
) as Record<SensorKind, [Metric, string][]>;

const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** Chart data: downsampled series that keep each bucket's minimum and maximum, and offline periods. */
export class SensorDataQuery {
  constructor(
    private readonly repo: TelemetryRepository,
    private readonly gateways: ReachableGateways,
    /** The oldest time raw samples are kept for (retention). */
    private readonly rawSince: () => number = () => 0,
  ) {}

  async readings(principal: Principal, params: z.infer<typeof sensorDataParams>): Promise<SensorReading[]> {
    const fields = SERIES[params.kind];
    const plan = planSeries(params.fromTime, params.toTime, this.rawSince());
    // The reach check rides in the series statement (one round trip instead of two): rows come back only
    // for a gateway the caller reaches. No rows: the gateway check alone tells a 404 from an empty range.
    const rows = await this.repo.series(
      params.macId,
      plan,
      params.fromTime,
      params.toTime,
      fields.map(([metric]) => metric),
      this.gateways.reachCondition(principal, params.macId),
    );
    if (rows.length === 0) await this.gateways.reachableGateway(principal, params.macId);
    const point = (row: SeriesRow, TI: number, pick: 'min' | 'max'): SensorReading => {
      const reading: SensorReading = { TI, CS: 1 };
      for (const [metric, field] of fields) reading[field] = round2(row[`${metric}_${pick}`] ?? null);
      return reading;
    };
    const readings: SensorReading[] = [];
    for (const row of rows) {
      readings.push(point(row, row.first, 'min'));
      // The bucket's maxima too, so a spike shows at any range.
      const single = fields.every(([m]) => row[`${m}_min`] === row[`${m}_max`]);
      if (!single) readings.push(point(row, Math.max(row.last, row.first + 1), 'max'));
    }
    return readings;
  }

  /** OFF 1 / OFF 0 transitions of the range, starting with the state the range begins in. */
  async states(principal: Principal, params: z.infer<typeof statesParams>) {
    const gateway = await this.gateways.reachableGateway(principal, params.macId);
    const log = await this.repo.connectionLog(gateway.mac, params.fromTime, params.toTime);
    return log.map((entry) => ({ OFF: entry.off as 0 | 1, time: entry.ti, fromPortal: false }));
  }
}
