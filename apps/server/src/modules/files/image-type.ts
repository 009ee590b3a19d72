/** Raster image types a logo or favicon may have. SVG is not one: it can carry script. */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type from the content's first bytes (its magic number), whatever the file's name or declared
 * type say; null when it is none of the accepted types.
 */
export function sniffImage(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && bytes.length >= 33) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff]) && bytes.length >= 4) return 'jpg';
  if ((startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) && bytes.length >= 13)
    return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) && bytes.length >= 16)
    return 'webp';
  // ICONDIR: reserved 0, type 1 (icon), at least one 16-byte directory entry.
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 22) {
    const count = bytes[4]! | (bytes[5]! << 8);
    if (count >= 1 && bytes.length >= 6 + 16 * count) return 'ico';
  }
  return null;
}
