/**
 * `npm run restore -- --from <backup directory>`: restores a backup made by `npm run backup` into DATA_DIR,
 * which must hold no database yet (a fresh data directory); then start the portal on it.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { restoreEmbedded } from './backup-embedded.ts';

const { values } = parseArgs({ options: { from: { type: 'string' } } });
if (!values.from) {
  process.stderr.write('usage: npm run restore -- --from <backup directory>   (into DATA_DIR)\n');
  process.exit(2);
}
const config = loadConfig();
// --from relative to where `npm run restore` was typed; DATA_DIR as the server reads it (from apps/server).
restoreEmbedded({ dataDir: config.DATA_DIR, from: resolve(process.env.INIT_CWD ?? '.', values.from) }).then(
  (manifest) =>
    process.stdout.write(`restored the backup of ${manifest.createdAt} into ${config.DATA_DIR}\n`),
  (error: Error) => {
    process.stderr.write(`restore failed: ${error.message}\n`);
    process.exit(1);
  },
);
