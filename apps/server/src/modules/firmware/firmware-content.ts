import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** Bytes kept from the start of an upload, to tell what the file is. */
const HEAD_BYTES = 16;

/**
 * Passes an upload through unchanged while it computes its SHA-256, counts its size and keeps its first bytes;
 * it fails the stream once the size passes `maxBytes` (the file is never held whole in memory).
 */
export class InspectingStream extends Transform {
  private readonly hash = createHash('sha256');
  size = 0;
  head = Buffer.alloc(0);
  tooLarge = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      this.tooLarge = true;
      done(new Error('file too large'));
      return;
    }
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    this.hash.update(chunk);
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * A compiled Python file starts with a magic number: two bytes of the bytecode version (little endian, 3000 and
 * up since Python 3.0), then CR LF; its header is 16 bytes from Python 3.7 (12 or 8 before).
 */
export function isPythonBytecode(head: Buffer, size: number): boolean {
  if (head.length < 4 || size < 8) return false;
  const magic = head.readUInt16LE(0);
  return magic >= 3000 && magic < 4000 && head[2] === 0x0d && head[3] === 0x0a;
}

const ZIP_LOCAL = 0x04034b50;
const ZIP_EMPTY = 0x06054b50;
const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
/** The end-of-central-directory record sits within the last 22 + 65535 (comment) bytes. */
export const ZIP_TAIL_BYTES = EOCD_SIZE + 0xffff;

/** The start of a ZIP archive: a local file header (or the record of an empty archive). */
export function looksLikeZipStart(head: Buffer): boolean {
  if (head.length < 4) return false;
  const signature = head.readUInt32LE(0);
  return signature === ZIP_LOCAL || signature === ZIP_EMPTY;
}

/**
 * A readable archive: the tail holds an end-of-central-directory record whose central directory lies inside
 * the file and ends where the record begins (no truncated or renamed non-ZIP file passes).
 */
export function isReadableZipTail(tail: Buffer, fileSize: number): boolean {
  for (let at = tail.length - EOCD_SIZE; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    const commentLength = tail.readUInt16LE(at + 20);
    if (at + EOCD_SIZE + commentLength !== tail.length) continue;
    const entries = tail.readUInt16LE(at + 10);
    const directorySize = tail.readUInt32LE(at + 12);
    const directoryOffset = tail.readUInt32LE(at + 16);
    const recordOffset = fileSize - tail.length + at;
    if (directoryOffset + directorySize !== recordOffset) return false;
    // Each entry of the central directory is at least 46 bytes.
    return directorySize >= entries * 46;
  }
  return false;
}
