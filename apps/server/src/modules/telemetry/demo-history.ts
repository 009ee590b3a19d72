import type { EventsMessage, TelemetrySample } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { METRIC_COLUMNS, ROLLUPS, type RollupTable } from '../../db/metrics.ts';
import type { Database } from '../../db/schema.ts';
import { foldRollup, SAMPLE_COLUMNS, sampleArrays, sampleRow } from '../../db/telemetry-sql.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A stretch of history sampled every `stepMs`. */
export interface HistorySpan {
  from: number;
  to: number;
  stepMs: number;
}

/**
 * How a gateway's past is made up: the simulator's model (@portal/gateway-sim's historySamples and
 * historyAlerts), handed in by the launcher, so the server has no dependency on the simulator.
 */
export interface DemoHistoryModel {
  samples(seed: number, mac: string, spans: readonly HistorySpan[]): TelemetrySample[];
  alerts(samples: readonly TelemetrySample[]): { TI: number; SA: NonNullable<EventsMessage['SA']> }[];
}

/** Days of history the demo fleet starts with. */
export const DEMO_HISTORY_DAYS = 90;

/**
 * Where the demo history is sampled how densely, newest last. A chart reads raw samples for ranges up to
 * about 8 hours, the minute rollup up to about 3 weeks and the hour rollup beyond (series-plan.ts), so:
 * raw samples every 15 s for the last 9 hours, and older samples written to the rollups only, every minute
 * for two days, every 5 minutes for three weeks (a chart of 1-2 weeks has buckets of 20-40 minutes) and every
 * 20 minutes before (read through hour buckets). Every range then shows data, and the first start writes
 * about 15,000 samples per gateway instead of 1.5 million.
 */
export function demoHistorySpans(
  now: number,
  days = DEMO_HISTORY_DAYS,
): { raw: HistorySpan; older: HistorySpan[] } {
  const start = now - days * DAY;
  const rawFrom = Math.max(start, now - 9 * HOUR);
  const edges = [start, now - 21 * DAY, now - 2 * DAY, rawFrom].map((t) =>
    Math.max(start, Math.min(t, rawFrom)),
  );
  const steps = [20 * MINUTE, 5 * MINUTE, MINUTE];
  const older = steps
    .map((stepMs, i) => ({ from: edges[i] ?? start, to: edges[i + 1] ?? rawFrom, stepMs }))
    .filter((span) => span.to > span.from);
  return { raw: { from: rawFrom, to: now, stepMs: 15_000 }, older };
}

const ROWS_PER_STATEMENT = 20_000;

/** The gateways among `macs` without any history yet (no hour rollup row): the ones to write history for. */
export async function gatewaysWithoutHistory(
  db: Kysely<Database>,
  macs: readonly string[],
): Promise<string[]> {
  if (macs.length === 0) return [];
  const { rows } = await sql<{ mac: string }>`
    select m.mac from unnest(${[...macs]}::text[]) as m(mac)
    where not exists (select 1 from telemetry_1h h where h.mac = m.mac)`.execute(db);
  return rows.map((r) => r.mac);
}

/** Writes the demo history of each gateway in `macs` that has none yet; a restart writes nothing. */
export async function seedDemoHistory(
  db: Kysely<Database>,
  macs: readonly string[],
  options: { model: DemoHistoryModel; seed: number; now?: number; days?: number },
): Promise<{ gateways: number; samples: number }> {
  return writeDemoHistory(db, await gatewaysWithoutHistory(db, macs), options);
}

/**
 * Writes `days` of simulated history up to `now` for each gateway of `macs`, so the demo fleet's charts show
 * data for every range from the first start. The samples come from the simulator's model (`options.model`) under
 * the same seed as the live demo gateways. Each gateway's history is one transaction: its samples go into a temporary
 * table with one `unnest` insert, and three statements derive from them the raw samples (the newest span),
 * the minute rollup and the hour rollup, so the rollups hold exactly the fold of the samples, as live ingest
 * would have made them (merged with a bucket live ingest already began). The alerts the samples raise
 * (events.ts rules) go into the gateway's events.
 */
export async function writeDemoHistory(
  db: Kysely<Database>,
  macs: readonly string[],
  options: { model: DemoHistoryModel; seed: number; now?: number; days?: number },
): Promise<{ gateways: number; samples: number }> {
  const now = options.now ?? Date.now();
  const { raw, older } = demoHistorySpans(now, options.days);
  const result = { gateways: 0, samples: 0 };
  for (const mac of macs) {
    const samples = options.model.samples(options.seed, mac, [...older, raw]);
    await db.transaction().execute(async (trx) => {
      await sql`create temporary table demo_history (like telemetry) on commit drop`.execute(trx);
      for (let i = 0; i < samples.length; i += ROWS_PER_STATEMENT) {
        await insertSamples(trx, 'demo_history', mac, samples.slice(i, i + ROWS_PER_STATEMENT));
      }
      const metrics = sql.join(METRIC_COLUMNS.map((m) => sql.ref(m)));
      await sql`insert into telemetry (mac, ti, ${metrics})
        select mac, ti, ${metrics} from demo_history where ti >= ${raw.from} on conflict do nothing`.execute(
        trx,
      );
      for (const [table, size] of Object.entries(ROLLUPS) as [RollupTable, number][]) {
        await foldRollup(table, size, 'demo_history').execute(trx);
      }
      // The alerts the samples raised (CPU and CO2 peaks), so the alert panels of old ranges list them too.
      const alerts = options.model.alerts(samples).map(({ TI, SA }) => ({
        mac,
        ti: TI,
        kind: 'SA' as const,
        items: JSON.stringify(SA),
      }));
      if (alerts.length > 0) {
        await trx
          .insertInto('gateway_events')
          .values(alerts)
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    });
    result.gateways++;
    result.samples += samples.length;
  }
  return result;
}

async function insertSamples(
  db: Kysely<Database>,
  table: string,
  mac: string,
  samples: TelemetrySample[],
): Promise<void> {
  const rows = samples.map((sample) => sampleRow(mac, sample));
  await sql`insert into ${sql.table(table)} (${sql.join(SAMPLE_COLUMNS.map((c) => sql.ref(c)))})
    select * from unnest(${sampleArrays(rows)})`.execute(db);
}
