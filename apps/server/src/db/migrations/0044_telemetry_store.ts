import { type Kysely, sql } from 'kysely';
import { METRIC_COLUMNS, ROLLUPS, type RollupTable } from '../metrics.ts';
import { foldRollup, SAMPLE_COLUMNS, SAMPLE_TYPES } from '../telemetry-sql.ts';

/**
 * `telemetry_store(mac[], ti[], metric[]...)`: stores a batch of samples given as one array per column, skipping
 * a (mac, ti) already stored, moves each gateway's newest sample in telemetry_latest forward (never back) and
 * folds the new samples into every rollup, in one statement (docs/architecture.md, "a gateway going online",
 * step 2). A PL/pgSQL function keeps the plan of that statement for its connection; sent as text, its parsing
 * and planning cost more than its rows. A migration that adds a metric or a rollup replaces it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const params = SAMPLE_COLUMNS.map((c, i) => `p_${c} ${SAMPLE_TYPES[i]}[]`);
  const columns = SAMPLE_COLUMNS.join(', ');
  const newer = ['ti', ...METRIC_COLUMNS].map((c) => `${c} = excluded.${c}`).join(', ');
  const folds = (Object.entries(ROLLUPS) as [RollupTable, number][]).map(
    ([table, size]) => foldRollup(table, size, 'inserted').compile(db).sql,
  );
  const last = folds.pop();
  const ctes = folds.map((fold, i) => `, fold_${i} as (${fold})`).join('');
  await sql
    .raw(`
    CREATE OR REPLACE FUNCTION telemetry_store(${params.join(', ')}) RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      with inserted as (
        insert into telemetry (${columns})
        select * from unnest(${SAMPLE_COLUMNS.map((c) => `p_${c}`).join(', ')})
        on conflict (mac, ti) do nothing
        returning ${columns}
      ), latest as (
        insert into telemetry_latest (${columns})
        select distinct on (mac) ${columns} from inserted order by mac, ti desc
        on conflict (mac) do update set ${newer} where telemetry_latest.ti < excluded.ti
      )${ctes}
      ${last};
    END
    $fn$`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const types = SAMPLE_TYPES.map((type) => `${type}[]`).join(', ');
  await sql.raw(`DROP FUNCTION IF EXISTS telemetry_store(${types})`).execute(db);
}
