import { type FileStorage, randomFileId } from './file-storage.ts';
import { IMAGE_TYPES, type ImageExtension } from './image-type.ts';

/** URL prefix under which public files are served, and the storage folder they are kept in. */
export const PUBLIC_FILES_PATH = '/files/';
const PUBLIC_FOLDER = 'public/';

/** A public file name: 128 random bits in hex and one of the image extensions. */
export const PUBLIC_FILE_NAME = new RegExp(`^[0-9a-f]{32}\\.(${Object.keys(IMAGE_TYPES).join('|')})$`);

/**
 * Files anybody may fetch by name (logos and favicons, which the login page shows before sign-in).
 * Names are random, so a file is found only through the record that links it.
 */
export class PublicFiles {
  constructor(readonly storage: FileStorage) {}

  /** Stores an image under a new random name; answers its URL (`/files/<id>.<ext>`). */
  async storeImage(data: Uint8Array, extension: ImageExtension): Promise<string> {
    const name = `${randomFileId()}.${extension}`;
    await this.storage.put(PUBLIC_FOLDER + name, data);
    return PUBLIC_FILES_PATH + name;
  }

  /** Removes the file a URL of ours names; any other URL (or none) is left alone. */
  async removeByUrl(url: string | null | undefined): Promise<void> {
    const name = url?.startsWith(PUBLIC_FILES_PATH) ? url.slice(PUBLIC_FILES_PATH.length) : null;
    if (name && PUBLIC_FILE_NAME.test(name)) await this.storage.remove(PUBLIC_FOLDER + name);
  }

  /** The stored file and its content type, or null when the name is not one of ours. */
  async open(name: string) {
    if (!PUBLIC_FILE_NAME.test(name)) return null;
    const file = await this.storage.open(PUBLIC_FOLDER + name);
    const extension = name.slice(name.lastIndexOf('.') + 1) as ImageExtension;
    return file && { ...file, contentType: IMAGE_TYPES[extension] };
  }
}
