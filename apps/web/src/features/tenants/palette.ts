/** How many colours the palette offers (spec 000 section 2). */
export const PALETTE_SIZE = 4;
/** Pixels at most this opaque (0-255) are near-transparent and not counted. */
export const MIN_ALPHA = 128;
/** Bits kept per channel when pixels are sorted into buckets: 4 bits, 16 levels, 4096 buckets. */
const BITS = 4;
const SHIFT = 8 - BITS;
const TOP_LEVEL = (1 << BITS) - 1;

interface Bucket {
  count: number;
  red: number;
  green: number;
  blue: number;
  /** Order of first appearance, so equal counts keep a stable order. */
  first: number;
}

const hex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/**
 * The most frequent colours of an image, most frequent first, as '#rrggbb'. `rgba` is the image's pixels, four
 * bytes each (as canvas ImageData gives them). Pixels are quantised to 4 bits per channel; each bucket's colour
 * is the average of its pixels. Near-transparent pixels are skipped, and so are the black bucket and the white
 * bucket (pure black and pure white at that resolution, which also catches compression noise around them).
 */
export function extractPalette(rgba: ArrayLike<number>, size = PALETTE_SIZE): string[] {
  const buckets = new Map<number, Bucket>();
  const pixels = Math.floor(rgba.length / 4);
  for (let pixel = 0; pixel < pixels; pixel++) {
    const at = pixel * 4;
    const red = rgba[at]!;
    const green = rgba[at + 1]!;
    const blue = rgba[at + 2]!;
    const alpha = rgba[at + 3]!;
    if (alpha < MIN_ALPHA) continue;
    const r = red >> SHIFT;
    const g = green >> SHIFT;
    const b = blue >> SHIFT;
    const black = r === 0 && g === 0 && b === 0;
    const white = r === TOP_LEVEL && g === TOP_LEVEL && b === TOP_LEVEL;
    if (black || white) continue;
    const key = (r << (2 * BITS)) | (g << BITS) | b;
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.count += 1;
      bucket.red += red;
      bucket.green += green;
      bucket.blue += blue;
    } else {
      buckets.set(key, { count: 1, red, green, blue, first: buckets.size });
    }
  }
  return [...buckets.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, size)
    .map(
      (bucket) =>
        `#${hex(bucket.red / bucket.count)}${hex(bucket.green / bucket.count)}${hex(bucket.blue / bucket.count)}`,
    );
}
