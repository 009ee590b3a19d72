import { customerMessages, IMAGE_MAX_BYTES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { imageFileProblem, imageKindOf } from './image-file.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === 'string' ? Array.from(value, (c) => c.charCodeAt(0)) : [value],
    ),
  );

const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);

describe('imageKindOf', () => {
  it('recognises PNG, JPEG, GIF, WebP and ICO by their first bytes', () => {
    expect(imageKindOf(PNG)).toBe('png');
    expect(imageKindOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(imageKindOf(bytes('GIF89a'))).toBe('gif');
    expect(imageKindOf(bytes('GIF87a'))).toBe('gif');
    expect(imageKindOf(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp');
    expect(imageKindOf(bytes(0, 0, 1, 0, 1, 0))).toBe('ico');
  });

  it('knows nothing else', () => {
    expect(imageKindOf(bytes('<svg xmlns'))).toBeNull();
    expect(imageKindOf(bytes('%PDF-1.7'))).toBeNull();
    expect(imageKindOf(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(imageKindOf(bytes(0x89, 'PN'))).toBeNull();
  });
});

describe('imageFileProblem', () => {
  it('accepts an image of at most 1 MB', () => {
    expect(imageFileProblem({ size: IMAGE_MAX_BYTES, head: PNG })).toBeNull();
    expect(imageFileProblem({ size: 1, head: PNG })).toBeNull();
  });

  it('refuses a larger file', () => {
    expect(imageFileProblem({ size: IMAGE_MAX_BYTES + 1, head: PNG })).toBe(customerMessages.imageTooLarge);
  });

  it('refuses a file that is not one of the image formats, or empty', () => {
    expect(imageFileProblem({ size: 100, head: bytes('hello') })).toBe(customerMessages.imageType);
    expect(imageFileProblem({ size: 0, head: new Uint8Array() })).toBe(customerMessages.imageType);
  });
});
