/**
 * `npm run backup -- --out <directory>`: a consistent copy of the embedded database and the stored files of
 * DATA_DIR (the same environment as the portal's), whether the portal runs or not (backup-embedded.ts). On
 * PostgreSQL (DATABASE_URL set) use pg_dump: docs/operations.md, Backups.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backupEmbedded } from './backup-embedded.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
if (config.DATABASE_URL) {
  process.stderr.write(
    'DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md, Backups)\n',
  );
  process.exit(2);
}
// Relative to where `npm run backup` was typed (npm runs this in apps/server, where a relative DATA_DIR lies).
const out = resolve(
  process.env.INIT_CWD ?? '.',
  values.out ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}`,
);
backupEmbedded({ dataDir: config.DATA_DIR, out }).then(
  (manifest) => {
    process.stdout.write(
      `backup in ${out}: database ${manifest.databaseBytes} bytes (taken by the ${manifest.source}), ` +
        `files: ${manifest.files.join(', ') || 'none'}\n`,
    );
  },
  (error: Error) => {
    process.stderr.write(`backup failed: ${error.message}\n`);
    process.exit(1);
  },
);
