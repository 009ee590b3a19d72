/**
 * Backups of the embedded database and the stored files (docs/operations.md, Backups): `npm run backup` and
 * `npm run restore` (backup.ts, restore.ts) call these; the tests too.
 *
 * A backup is a directory: `pgdata.tar.gz` (PGlite's own tarball of its data directory, taken after a
 * checkpoint while no transaction is open), `files/` (everything else under DATA_DIR: uploaded firmware,
 * logos, device logs) and `backup.json`. While the portal runs, PGlite is that process's alone (a second
 * process opening the same directory would corrupt it), so the copy is asked of the running portal
 * (`GET /api/ops/backup` with the token of DATA_DIR/portal-ops.json); with the portal stopped, it is taken here.
 */
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGliteThread } from '../db/pglite-thread.ts';
import { OPS_FILE, type OpsFile } from '../plugins/backup.ts';

const DATABASE_FILE = 'pgdata.tar.gz';
const MANIFEST = 'backup.json';

export interface BackupManifest {
  createdAt: string;
  /** Whether the running portal took the copy, or this tool with the portal stopped. */
  source: 'running portal' | 'stopped portal';
  databaseBytes: number;
  files: string[];
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The running portal's ops file, when one is there and its process lives. */
async function runningPortal(dataDir: string): Promise<OpsFile | null> {
  let ops: OpsFile;
  try {
    ops = JSON.parse(await readFile(join(dataDir, OPS_FILE), 'utf8')) as OpsFile;
  } catch {
    return null;
  }
  try {
    process.kill(ops.pid, 0);
    return ops;
  } catch {
    return null; // left by a portal that did not stop cleanly
  }
}

async function databaseCopy(
  dataDir: string,
): Promise<{ tarball: Uint8Array; source: BackupManifest['source'] }> {
  const ops = await runningPortal(dataDir);
  if (ops) {
    const response = await fetch(`${ops.url}/api/ops/backup`, {
      headers: { authorization: `Bearer ${ops.token}` },
    });
    if (!response.ok) throw new Error(`the running portal refused the backup (HTTP ${response.status})`);
    return { tarball: new Uint8Array(await response.arrayBuffer()), source: 'running portal' };
  }
  const pgdata = join(dataDir, 'pgdata');
  if (!(await exists(join(pgdata, 'PG_VERSION')))) throw new Error(`no embedded database under ${dataDir}`);
  const pglite = await PGliteThread.open(pgdata);
  try {
    return { tarball: await pglite.dump(), source: 'stopped portal' };
  } finally {
    await pglite.close();
  }
}

/** Backs DATA_DIR up into `out`, a new or empty directory. */
export async function backupEmbedded(options: { dataDir: string; out: string }): Promise<BackupManifest> {
  await mkdir(options.out, { recursive: true });
  if ((await readdir(options.out)).length > 0) throw new Error(`${options.out} is not empty`);
  const { tarball, source } = await databaseCopy(options.dataDir);
  await writeFile(join(options.out, DATABASE_FILE), tarball);
  // The files after the database: a file added meanwhile is one no row names yet (harmless), never the reverse
  // but for a file deleted in between.
  const entries = (await readdir(options.dataDir)).filter((name) => name !== 'pgdata' && name !== OPS_FILE);
  for (const name of entries) {
    await cp(join(options.dataDir, name), join(options.out, 'files', name), { recursive: true });
  }
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    source,
    databaseBytes: tarball.length,
    files: entries,
  };
  await writeFile(join(options.out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Restores the backup in `from` into `dataDir`, which must hold no database yet. */
export async function restoreEmbedded(options: { dataDir: string; from: string }): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(join(options.from, MANIFEST), 'utf8')) as BackupManifest;
  const pgdata = join(options.dataDir, 'pgdata');
  if (await exists(join(pgdata, 'PG_VERSION'))) {
    throw new Error(`${options.dataDir} holds a database already: restore into a fresh data directory`);
  }
  await mkdir(pgdata, { recursive: true });
  const tarball = await readFile(join(options.from, DATABASE_FILE));
  const pglite = await PGliteThread.open(pgdata, { loadDataDir: tarball });
  await pglite.close();
  if (await exists(join(options.from, 'files'))) {
    await cp(join(options.from, 'files'), options.dataDir, {
      recursive: true,
      errorOnExist: true,
      force: false,
    });
  }
  return manifest;
}
