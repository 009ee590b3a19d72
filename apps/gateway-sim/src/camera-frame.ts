/**
 * A valid baseline JPEG of a flat grey frame, built byte by byte (no image library): every 8x8 block has a DC
 * difference of 0 and no AC coefficients, so one-symbol Huffman tables suffice. It is what the simulated camera
 * "captures".
 */
export function greyJpeg(width: number, height: number): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const oneSymbolTable = (tableClass: number) => [tableClass << 4, 1, ...new Array<number>(15).fill(0), 0x00];
  // Each block codes as two '0' bits (DC category 0, then end-of-block); the last byte is padded with 1s.
  const bits = blocks * 2;
  const entropy = new Array<number>(Math.ceil(bits / 8)).fill(0);
  if (bits % 8 !== 0) entropy[entropy.length - 1] = 0xff >> (bits % 8);
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]),
    ...segment(0xc4, oneSymbolTable(0)),
    ...segment(0xc4, oneSymbolTable(1)),
    ...segment(0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    ...entropy,
    0xff,
    0xd9,
  ]);
}
