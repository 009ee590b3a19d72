import { join } from 'node:path';
import type { ModuleParts } from '../../lib/module.ts';
import { LocalFileStorage } from './file-storage.ts';
import { filesRoutes } from './files.routes.ts';
import { PublicFiles } from './public-files.ts';

/** Stored files: one storage under DATA_DIR (the seam for object storage), and the public images' routes. */
export function createFilesModule(options: { dataDir: string }) {
  const storage = new LocalFileStorage(join(options.dataDir, 'files'));
  const publicFiles = new PublicFiles(storage);
  return {
    storage,
    publicFiles,
    routes: (app) => app.register(filesRoutes, { files: publicFiles }),
  } satisfies ModuleParts & Record<string, unknown>;
}
