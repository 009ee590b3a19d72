import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-type.ts';
import { GIF_1X1, ICO_HEAD, JPEG_HEAD, PNG_1X1, SVG, WEBP_HEAD } from './test-images.ts';

describe('image type from the magic bytes', () => {
  it('recognises PNG, JPEG, GIF, WebP and ICO', () => {
    expect(sniffImage(PNG_1X1)).toBe('png');
    expect(sniffImage(JPEG_HEAD)).toBe('jpg');
    expect(sniffImage(GIF_1X1)).toBe('gif');
    expect(sniffImage(WEBP_HEAD)).toBe('webp');
    expect(sniffImage(ICO_HEAD)).toBe('ico');
  });

  it('refuses SVG, text, empty and truncated content', () => {
    expect(sniffImage(SVG)).toBeNull();
    expect(sniffImage(Buffer.from('just some text pretending to be logo.png'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    expect(sniffImage(PNG_1X1.subarray(0, 8))).toBeNull();
    // An ICO header announcing more directory entries than it holds.
    expect(sniffImage(Buffer.concat([Buffer.from([0, 0, 1, 0, 5, 0]), ICO_HEAD.subarray(6)]))).toBeNull();
    // RIFF that is not WebP (a WAV file).
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(16)]))).toBeNull();
  });
});
