import { customerMessages, IMAGE_MAX_BYTES } from '@portal/contract';

/** What the file pickers offer; the server checks the content again. */
export const IMAGE_ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,image/x-icon,image/vnd.microsoft.icon,.ico';
/** Bytes read from the start of a file to recognise its format. */
export const IMAGE_HEAD_BYTES = 12;

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'ico';

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** The image format the first bytes of a file announce, or null when they announce none of ours. */
export function imageKindOf(head: Uint8Array): ImageKind | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00])) return 'ico';
  return null;
}

export interface ImageFileFacts {
  size: number;
  /** The file's first bytes (IMAGE_HEAD_BYTES are enough). */
  head: Uint8Array;
}

/** Why a chosen logo or favicon is refused (too large, or not a PNG/JPEG/GIF/WebP/ICO image), or null. */
export function imageFileProblem(file: ImageFileFacts): string | null {
  if (file.size > IMAGE_MAX_BYTES) return customerMessages.imageTooLarge;
  if (file.size === 0 || imageKindOf(file.head) === null) return customerMessages.imageType;
  return null;
}
