import type { Migration, MigrationProvider } from 'kysely';
import * as platform from './0001_platform.ts';

/** The one migration set, run at start on PGlite and PostgreSQL alike. Append; never edit a shipped one. */
const migrations: Record<string, Migration> = {
  '0001_platform': platform,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
