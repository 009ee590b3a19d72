import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where files live (DESIGN.md section 7): logos and favicons now; firmware, device logs and camera images
 * later. Keys are relative paths of safe characters (`public/3f9c....png`); the default implementation is
 * a directory under DATA_DIR, and this interface is the seam for an object store (S3, GCS, Azure Blob).
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing a file of that key; a reader never sees half a file. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** Streams the source into the key (never held whole in memory); a reader never sees half a file. */
  putStream(key: string, source: Readable): Promise<void>;
  /**
   * The file as a stream with its size, or null when there is none; with a range, only bytes start..end
   * (inclusive) are streamed (`size` stays the whole file's).
   */
  open(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file; a missing file is not an error (removal is idempotent). */
  remove(key: string): Promise<void>;
}

/** One or more segments of letters, digits, '.', '_' and '-', none of them '.' or '..'. */
const SAFE_KEY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export function assertSafeKey(key: string): void {
  if (key.length > 300 || !SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

/** An unguessable file name: 128 random bits. */
export const randomFileId = () => randomBytes(16).toString('hex');

/** Files in a directory (by default `DATA_DIR/files`). */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside and renamed into place: a concurrent reader sees the old file or the whole new one.
    const temporary = `${path}.${randomFileId()}.tmp`;
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async putStream(key: string, source: Readable): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomFileId()}.tmp`;
    try {
      await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async open(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null> {
    const path = this.path(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { stream: createReadStream(path, range), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
