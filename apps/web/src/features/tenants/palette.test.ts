import { describe, expect, it } from 'vitest';
import { extractPalette } from './palette.ts';

type Rgba = [number, number, number, number];

/** An image of `count` pixels of each colour, in the given order. */
function image(...runs: [Rgba, number][]): Uint8ClampedArray {
  const bytes: number[] = [];
  for (const [color, count] of runs) for (let i = 0; i < count; i++) bytes.push(...color);
  return new Uint8ClampedArray(bytes);
}

const RED: Rgba = [0xe5, 0x39, 0x35, 255];
const BLUE: Rgba = [0x1e, 0x88, 0xe5, 255];
const GREEN: Rgba = [0x43, 0xa0, 0x47, 255];
const YELLOW: Rgba = [0xfd, 0xd8, 0x35, 255];
const PURPLE: Rgba = [0x8e, 0x24, 0xaa, 255];

describe('extractPalette', () => {
  it('lists the most frequent colours first', () => {
    expect(extractPalette(image([RED, 2], [BLUE, 5], [GREEN, 3]))).toEqual(['#1e88e5', '#43a047', '#e53935']);
  });

  it('returns at most four colours', () => {
    const palette = extractPalette(image([RED, 6], [BLUE, 5], [GREEN, 4], [YELLOW, 3], [PURPLE, 2]));
    expect(palette).toEqual(['#e53935', '#1e88e5', '#43a047', '#fdd835']);
  });

  it('leaves out pure black, pure white and near-transparent pixels', () => {
    const palette = extractPalette(
      image(
        [[0, 0, 0, 255], 50],
        [[255, 255, 255, 255], 50],
        [[250, 252, 251, 255], 20],
        [[4, 2, 3, 255], 20],
        [[0x1e, 0x88, 0xe5, 40], 30],
        [RED, 1],
      ),
    );
    expect(palette).toEqual(['#e53935']);
  });

  it('keeps dark and light colours that are not black or white', () => {
    expect(extractPalette(image([[0x20, 0x20, 0x20, 255], 2], [[0xee, 0xee, 0xee, 255], 1]))).toEqual([
      '#202020',
      '#eeeeee',
    ]);
  });

  it('averages the shades that fall in one bucket', () => {
    expect(extractPalette(image([[0x10, 0x80, 0xe0, 255], 1], [[0x12, 0x82, 0xe2, 255], 1]))).toEqual([
      '#1181e1',
    ]);
  });

  it('keeps equal counts in order of appearance, and has nothing for an empty or blank image', () => {
    expect(extractPalette(image([GREEN, 2], [RED, 2]))).toEqual(['#43a047', '#e53935']);
    expect(extractPalette(new Uint8ClampedArray(0))).toEqual([]);
    expect(extractPalette(image([[255, 255, 255, 255], 9]))).toEqual([]);
  });
});
