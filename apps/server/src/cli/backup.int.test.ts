import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  createPostgresDatabase,
  endBrokerSessions,
  isolatedPortalEnv,
  REAL_MQTT,
  randomMac,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../test/harness.ts';
import { buildApp, type Portal } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { OPS_FILE } from '../plugins/backup.ts';
import { backupEmbedded, restoreEmbedded } from './backup-embedded.ts';

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A customer, its user, two gateways and their samples, as the portal stores them. */
async function fillPortal(portal: Portal) {
  const customers = [
    await createCustomerWithUser(portal, 'Kept'),
    await createCustomerWithUser(portal, 'Also'),
  ];
  const gateways = [];
  for (const { tenant } of customers) {
    const { mac } = await portal.services.gateways.provision(tenant.id, randomMac(), 'Kept gateway');
    const start = Date.now() - 60_000;
    const samples = Array.from({ length: 50 }, (_, i) => ({ TI: start + i * 1000, CO2: 400 + i, TEMP: 20 }));
    await portal.services.telemetry.recordSamples({ mac, tenantId: tenant.id }, samples);
    gateways.push(mac);
  }
  return { customers, gateways };
}

type Filled = Awaited<ReturnType<typeof fillPortal>>;

/** Every customer, user, gateway and sample of `filled` is in `db`. */
async function expectAllThere(db: Kysely<Database>, filled: Filled) {
  for (const { tenant, email } of filled.customers) {
    const found = await db
      .selectFrom('tenants')
      .select('name')
      .where('id', '=', tenant.id)
      .executeTakeFirst();
    expect(found?.name).toBe(tenant.name);
    const user = await db
      .selectFrom('users')
      .select('tenant_id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(user?.tenant_id).toBe(tenant.id);
  }
  for (const mac of filled.gateways) {
    const gateway = await db.selectFrom('gateways').select('name').where('mac', '=', mac).executeTakeFirst();
    expect(gateway?.name).toBe('Kept gateway');
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from telemetry where mac = ${mac}`.execute(db);
    expect(rows[0]?.n).toBe(50);
  }
}

describe(`backup and restore (${backend} backend)`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  });

  const openPortal = async (env: Record<string, string>) => {
    const portal = await buildApp(loadConfig(env), pino({ level: 'silent' }));
    cleanups.push(() => portal.app.close());
    return portal;
  };

  /** Embedded: `npm run backup` of the running portal while it writes, `npm run restore` into a fresh directory. */
  async function embeddedCase() {
    const portal: TestPortal = await startPortal();
    const closePortal = () => portal.close();
    cleanups.push(closePortal);
    const dataDir = portal.config.DATA_DIR;
    const filled = await fillPortal(portal);
    await mkdir(join(dataDir, 'files', 'firmware'), { recursive: true });
    await writeFile(join(dataDir, 'files', 'firmware', 'image.bin'), 'firmware bytes');
    expect(existsSync(join(dataDir, OPS_FILE))).toBe(true);

    // The portal keeps storing samples of another gateway while the copy is taken.
    const busy = filled.customers[0]!;
    const { mac: busyMac } = await portal.services.gateways.provision(busy.tenant.id, randomMac(), 'Busy');
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        await portal.services.telemetry.recordSamples({ mac: busyMac, tenantId: busy.tenant.id }, [
          { TI: Date.now() - 30_000 + i, CO2: 500 },
        ]);
      }
    })();
    await waitFor(async () => (await portal.services.telemetry.countSamples(busyMac)) > 0);
    const committed = await portal.services.telemetry.countSamples(busyMac);
    const out = await mkdtemp(join(tmpdir(), 'portal-backup-'));
    cleanups.push(() => rm(out, { recursive: true, force: true }));
    await rm(out, { recursive: true });
    const manifest = await backupEmbedded({ dataDir, out });
    writing = false;
    await writer;
    expect(manifest.source).toBe('running portal');
    expect(manifest.files).toEqual(['files']);
    await portal.close();
    cleanups.splice(cleanups.indexOf(closePortal), 1);

    const fresh = await mkdtemp(join(tmpdir(), 'portal-restored-'));
    cleanups.push(() => rm(fresh, { recursive: true, force: true }));
    await restoreEmbedded({ dataDir: fresh, from: out });
    expect(await readFile(join(fresh, 'files', 'firmware', 'image.bin'), 'utf8')).toBe('firmware bytes');
    // A second restore into the same directory is refused: it holds a database now.
    await expect(restoreEmbedded({ dataDir: fresh, from: out })).rejects.toThrow(
      'holds a database already: restore into a fresh data directory',
    );

    // The restored directory opens as the portal opens it (migrations included).
    const restored = await openDatabase({
      dataDir: fresh,
      connectAttempts: 1,
      logger: pino({ level: 'silent' }),
    });
    cleanups.push(() => restored.close());
    await expectAllThere(restored.db, filled);
    // The busy gateway's samples: at least those committed before the copy began.
    const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from telemetry where mac = ${busyMac}`.execute(restored.db);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(committed);
  }

  /** PostgreSQL: pg_dump of the running portal's database, pg_restore into a fresh one (docs/operations.md). */
  async function realCase() {
    const portal: TestPortal = await startPortal();
    cleanups.push(() => portal.close());
    const filled = await fillPortal(portal);
    const dumpDir = await mkdtemp(join(tmpdir(), 'portal-pgdump-'));
    cleanups.push(() => rm(dumpDir, { recursive: true, force: true }));
    const dump = join(dumpDir, 'portal.dump');
    await run(join(PG_BIN, 'pg_dump'), ['--format=custom', `--file=${dump}`, portal.config.DATABASE_URL!]);

    const target = await createPostgresDatabase({ empty: true });
    cleanups.push(() => target.drop());
    await run(join(PG_BIN, 'pg_restore'), ['--no-owner', `--dbname=${target.url}`, dump]);
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-restored-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const restored = await openPortal({
      ...isolatedPortalEnv(dataDir),
      ROOT_EMAIL: 'root@test.local',
      DATABASE_URL: target.url,
      MQTT_URL: portal.config.MQTT_URL!,
      MQTT_CLIENT_ID: `${portal.config.MQTT_CLIENT_ID}-restored`,
      MQTT_SHARE_GROUP: `${portal.config.MQTT_SHARE_GROUP}-restored`,
      MQTT_CONSUMERS: '1',
    });
    cleanups.push(() => endBrokerSessions(REAL_MQTT, `${portal.config.MQTT_CLIENT_ID}-restored`, 1));
    await expectAllThere(restored.database.db, filled);
  }

  it(
    backend === 'embedded'
      ? 'npm run backup copies the running portal while it writes; restore into a fresh data directory finds everything'
      : 'pg_dump of a running portal, pg_restore into a fresh database: everything is there',
    () => (backend === 'embedded' ? embeddedCase() : realCase()),
    // A portal, a copy of its database and a restore: well under a minute on a quiet machine, which this one
    // often is not (many test runs share it).
    180_000,
  );
});
