import { extractPalette } from './palette.ts';

/** The image is drawn at most this wide and high: plenty for the main colours, cheap to count. */
const SAMPLE_SIDE_PX = 96;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/**
 * The four main colours of an image (a chosen file, or a same-origin URL such as the customer's stored logo):
 * drawn scaled down on a canvas, then counted by extractPalette. Empty when the browser cannot read the pixels.
 */
export async function paletteOfImage(source: Blob | string): Promise<string[]> {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  try {
    const image = await loadImage(url);
    const scale = Math.min(1, SAMPLE_SIDE_PX / Math.max(image.naturalWidth, image.naturalHeight, 1));
    const width = Math.max(1, Math.round(image.naturalWidth * scale));
    const height = Math.max(1, Math.round(image.naturalHeight * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return [];
    context.drawImage(image, 0, 0, width, height);
    return extractPalette(context.getImageData(0, 0, width, height).data);
  } catch {
    return [];
  } finally {
    if (typeof source !== 'string') URL.revokeObjectURL(url);
  }
}

/** The first bytes of a file, to recognise its image format. */
export async function headOf(file: Blob, bytes: number): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}
