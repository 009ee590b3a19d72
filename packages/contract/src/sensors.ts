import { z } from 'zod';
import { macId } from './mac.ts';
import { METRIC_CATALOGUE, SENSOR_KINDS, type SensorKind, seriesMetrics } from './metrics.ts';

/** Reading fields of each series (spec 001 section 3), in the order charts list them: from the metric catalogue. */
export const SENSOR_FIELDS = Object.fromEntries(
  Object.entries(seriesMetrics(METRIC_CATALOGUE)).map(([kind, metrics]) => [
    kind,
    metrics.map((m) => m.field),
  ]),
) as unknown as Record<SensorKind, readonly string[]>;

/** No series sent to a browser has more points than this, whatever the range. */
export const MAX_POINTS_PER_SERIES = 1000;
/** The longest range a chart asks for: 3 months (the feed's 91.25 days), with a day's margin. */
export const MAX_SENSOR_RANGE_MS = 92 * 24 * 3600_000;

/**
 * The earliest time a chart may ask for: the Custom Range starts no earlier than 2024-01-01 (spec 001 section 5),
 * a local day, so its midnight in the easternmost time zone (UTC+14) is accepted.
 */
export const EARLIEST_CHART_MS = Date.UTC(2024, 0, 1) - 14 * 3600_000;

const rangeFields = { fromTime: z.coerce.number().int().min(0), toTime: z.coerce.number().int().min(0) };

/** A chart range: toTime after fromTime, at most 3 months. */
function withRange<T extends z.ZodType<{ fromTime: number; toTime: number }>>(schema: T) {
  return schema
    .refine((p) => p.toTime > p.fromTime, { message: 'toTime must be after fromTime', path: ['toTime'] })
    .refine((p) => p.toTime - p.fromTime <= MAX_SENSOR_RANGE_MS, {
      message: 'The range can be at most 3 months',
      path: ['fromTime'],
    })
    .refine((p) => p.fromTime >= EARLIEST_CHART_MS, {
      message: 'Charts start no earlier than 2024-01-01',
      path: ['fromTime'],
    });
}

export const sensorDataParams = withRange(z.object({ kind: z.enum(SENSOR_KINDS), macId, ...rangeFields }));

/** One reading: TI (ms), CS (1 online) and the series' fields, rounded to 2 decimals (null when not measured). */
export const sensorReading = z.object({ TI: z.number(), CS: z.number() }).catchall(z.number().nullable());
export type SensorReading = z.infer<typeof sensorReading>;
export const sensorReadings = z.array(sensorReading);

export const statesParams = withRange(z.object({ macId, ...rangeFields }));

/** Gateway state sample: OFF 1 = an offline period begins, 0 = it ends (spec 001 section 3). */
export const gatewayStateSample = z.object({
  OFF: z.union([z.literal(0), z.literal(1)]),
  time: z.number(),
  fromPortal: z.boolean(),
});
export const gatewayStateSamples = z.array(gatewayStateSample);
