import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { REAL_POSTGRES, randomTag, removeSharedPortals } from './harness.ts';
import { createJobSchema } from './job-schema.ts';
import './postgres-template.ts';

/**
 * Vitest global set-up of the real-backend integration tests: migrates one database on the real PostgreSQL once
 * per run and offers its name as `postgresTemplate`. Each test database is then created as a copy of it
 * (`CREATE DATABASE ... TEMPLATE`, a file copy in the server) instead of running every migration again: 2 s
 * and more per portal on a loaded machine. The copy is a real database the portal opens, finding the migrations
 * applied, as after an upgrade. It also gives the run's tag to the names of what shared portals leave
 * (`sharedPortalTag`, harness.ts sharedPortal), and removes those at the end of the run: their databases, data
 * directories and broker sessions.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const name = `portal_template_${randomTag(6)}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: REAL_POSTGRES });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(REAL_POSTGRES);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '',
    connectAttempts: 1,
    logger: pino({ level: 'silent' }),
  });
  // The job queue's schema too (pg-boss creates it at its first start): 0.2 s less per portal.
  await createJobSchema(handle);
  await handle.close();
  project.provide('postgresTemplate', name);
  const tag = randomTag(4);
  project.provide('sharedPortalTag', tag);
  return async () => {
    await removeSharedPortals(tag, true);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
