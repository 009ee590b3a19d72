import { join } from 'node:path';
import { inject } from 'vitest';
import { copyDirectory } from './copy-directory.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory with every migration applied (pglite-template.setup.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Puts a copy of the run's migrated PGlite database where a portal with DATA_DIR `dataDir` opens PGlite, so it
 * starts without running every migration again (when the run's global set-up made one).
 */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  const template = inject('pgliteTemplate');
  if (template) await copyDirectory(template, join(dataDir, 'pgdata'));
}
