import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, ROOT_EMAIL, ROOT_PASSWORD } from '../test/harness.ts';
import { seedFirstStart } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';

// Issue 20: several instances started together on one empty PostgreSQL (a cluster's first start) migrate and
// seed it once. Only PostgreSQL has several sessions; PGlite is one process's.
describe('first start of two instances on one empty PostgreSQL', () => {
  const handles: DatabaseHandle[] = [];
  let drop = async () => {};
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await drop();
  });

  it('migrates and seeds once: one root tenant, one free-tier scope, one root administrator', async () => {
    const database = await createPostgresDatabase({ empty: true });
    drop = database.drop;
    const logger = pino({ level: 'silent' });
    const config = loadConfig({ DATABASE_URL: database.url, ROOT_EMAIL, ROOT_PASSWORD });
    const open = () => openDatabase({ databaseUrl: database.url, dataDir: '', connectAttempts: 1, logger });
    handles.push(...(await Promise.all([open(), open(), open()])));
    await Promise.all(handles.map((handle) => seedFirstStart(handle.db, config, logger)));

    const { db } = handles[0]!;
    const kinds = await db
      .selectFrom('tenants')
      .select('kind')
      .where('kind', 'in', ['root', 'free_tier'])
      .execute();
    expect(kinds.map((t) => t.kind).sort()).toEqual(['free_tier', 'root']);
    const roots = await db.selectFrom('users').select('email').where('is_root', '=', true).execute();
    expect(roots).toEqual([{ email: ROOT_EMAIL.toLowerCase() }]);
  });
});
