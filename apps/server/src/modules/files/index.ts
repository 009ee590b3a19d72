export { type FileStorage, randomFileId } from './file-storage.ts';
export { createFilesModule } from './files.wiring.ts';
export { type ImageExtension, sniffImage } from './image-type.ts';
export type { PublicFiles } from './public-files.ts';
