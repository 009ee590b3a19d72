import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, createCustomerWithUser, sharedPortal, type TestPortal } from '../../test/harness.ts';
import { AnalyzeJob } from './analyze-job.ts';

/** PGlite has no autovacuum: the portal refreshes the planner's statistics itself (analyze-job.ts). */
describe(`planner statistics (${backend} backend)`, () => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await sharedPortal();
    for (let i = 0; i < 3; i++) await createCustomerWithUser(portal, `Stats ${i}`);
  });

  it('knows how many rows a table holds once the job has run', async () => {
    const { db } = portal.database;
    await new AnalyzeJob(db, portal.logger).runOnce();
    const { rows } = await sql<{ reltuples: number; count: number }>`
      select (select reltuples from pg_class where relname = 'tenants')::int as reltuples,
             (select count(*) from tenants)::int as count`.execute(db);
    expect(rows[0]!.count).toBeGreaterThanOrEqual(3);
    expect(rows[0]!.reltuples).toBe(rows[0]!.count);
  });
});
