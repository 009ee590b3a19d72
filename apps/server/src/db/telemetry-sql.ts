import type { TelemetrySample } from '@portal/contract';
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import { METRIC_COLUMNS, METRICS, type RollupTable } from './metrics.ts';
import type { TelemetryRow } from './schema.ts';

/** The columns of a stored sample, in the order `sampleArrays` gives them. */
export const SAMPLE_COLUMNS = ['mac', 'ti', ...METRIC_COLUMNS] as const;

/** A gateway's sample as a row of `telemetry` (null for a metric it lacks). */
export function sampleRow(mac: string, sample: TelemetrySample): TelemetryRow {
  const row = { mac, ti: sample.TI } as TelemetryRow;
  for (const column of METRIC_COLUMNS) row[column] = sample[METRICS[column]] ?? null;
  return row;
}

/** Each sample column's SQL type. */
export const SAMPLE_TYPES = ['text', 'bigint', ...METRIC_COLUMNS.map(() => 'double precision')];

/** Samples as one array per column, in the order of SAMPLE_COLUMNS (null for a metric a sample lacks). */
function columnValues(samples: readonly TelemetryRow[]): unknown[][] {
  return [
    samples.map((s) => s.mac),
    samples.map((s) => s.ti),
    ...METRIC_COLUMNS.map((m) => samples.map((s) => s[m] ?? null)),
  ];
}

/**
 * Samples as one array parameter per column, for `select * from unnest(...)`: a statement of any number of rows
 * with 2 + metrics parameters, built and sent without a parameter per value.
 */
export function sampleArrays(samples: readonly TelemetryRow[]): RawBuilder<unknown> {
  return sql.join(columnValues(samples).map((values, i) => sql`${values}::${sql.raw(SAMPLE_TYPES[i]!)}[]`));
}

const STORE_CALL = `select telemetry_store(${SAMPLE_TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;

/**
 * The call of `telemetry_store` (migration 0044) for a batch of samples in (mac, ti) order: a short statement
 * whose plan the database keeps, so a batch costs neither side the parsing and planning of its folds.
 */
export function storeSamplesQuery(samples: readonly TelemetryRow[]): CompiledQuery {
  return CompiledQuery.raw(STORE_CALL, columnValues(samples));
}

/**
 * `insert into {table}` the samples of `source` (a table or a CTE with the sample columns) folded into buckets
 * of `size` ms, per metric min, max, sum and count (of the values present), added to the buckets already
 * stored. Rows go in (mac, bucket) order, so concurrent folds wait for each other, never deadlock.
 */
export function foldRollup(table: RollupTable, size: number, source: string): RawBuilder<unknown> {
  const columns = METRIC_COLUMNS.flatMap((m) => [`${m}_min`, `${m}_max`, `${m}_sum`, `${m}_n`]);
  const folds = METRIC_COLUMNS.flatMap((m) => {
    const c = sql.ref(m);
    return [sql`min(${c})`, sql`max(${c})`, sql`coalesce(sum(${c}), 0)`, sql`count(${c})`];
  });
  const merge = METRIC_COLUMNS.flatMap((m) => {
    const [min, max, sum, n] = [`${m}_min`, `${m}_max`, `${m}_sum`, `${m}_n`].map((c) => ({
      col: sql.ref(c),
      cur: sql.ref(`${table}.${c}`),
      new: sql.raw(`excluded.${c}`),
    }));
    return [
      sql`${min!.col} = least(${min!.cur}, ${min!.new})`,
      sql`${max!.col} = greatest(${max!.cur}, ${max!.new})`,
      sql`${sum!.col} = ${sum!.cur} + ${sum!.new}`,
      sql`${n!.col} = ${n!.cur} + ${n!.new}`,
    ];
  });
  const b = sql.lit(size);
  return sql`insert into ${sql.table(table)} (mac, bucket, ${sql.join(columns.map((c) => sql.ref(c)))})
    select mac, (ti / ${b}) * ${b} as bucket, ${sql.join(folds)}
    from ${sql.table(source)} group by mac, bucket order by mac, bucket
    on conflict (mac, bucket) do update set ${sql.join(merge)}`;
}
