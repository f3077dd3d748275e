// The 64 pixels a network reads from a drawing on lesson 18's pad (js/digits.js). The pad keeps a
// 32 × 32 bitmap, as the UCI digits were drawn, and each pixel is the inked share of a 4 × 4 block,
// as their preprocessing counted it (UCI's optdigits.names).

export const SIDE = 8; // pixels a side of an image
export const FINE = 32; // the bitmap's pixels a side
export const BLOCK = FINE / SIDE;
const WIDEST = 20; // the bitmap's pixels: a fitted drawing is at most 5 of the 8 pixels wide

/** The 64 pixels of a 32 × 32 bitmap: the inked share of each 4 × 4 block. */
export function blocks(bitmap) {
  const out = new Array(SIDE * SIDE).fill(0);
  for (let y = 0; y < FINE; y++) {
    for (let x = 0; x < FINE; x++) out[Math.floor(y / BLOCK) * SIDE + Math.floor(x / BLOCK)] += bitmap[y * FINE + x];
  }
  return out.map((count) => count / (BLOCK * BLOCK));
}

/**
 * A drawing fitted as every image of the set is: its ink stretched to the bitmap's full height and
 * centred, as wide as that scale makes it but at most WIDEST. In all 1,797 images the ink spans
 * the 8 rows, and at most 7 of the 8 columns, mostly 5 or 6 (NIST's programs normalised each
 * digit's size and place: M. D. Garris et al., NIST Form-Based Handprint Recognition System,
 * NISTIR 5469, 1994); a digit drawn small, or as wide as the pad, was read as another. Each pixel
 * of the fitted bitmap is inked if any pixel of the drawing it covers is, so that a stroke
 * squeezed sideways keeps its ink.
 * @param {Uint8Array} bitmap FINE × FINE, 1 for ink
 * @returns {Uint8Array} FINE × FINE; the bitmap itself when it has no ink
 */
export function fitted(bitmap) {
  const box = inked(bitmap);
  if (!box) return bitmap;
  const { top, left, tall, wide } = box;
  const width = Math.max(1, Math.min(WIDEST, Math.round((wide * FINE) / tall)));
  const start = Math.floor((FINE - width) / 2);
  const rows = span(top, tall, FINE);
  const columns = span(left, wide, width);
  const out = new Uint8Array(FINE * FINE);
  for (let y = 0; y < FINE; y++) {
    for (let x = 0; x < width; x++) out[y * FINE + start + x] = covers(bitmap, rows(y), columns(x));
  }
  return out;
}

/** The box around a bitmap's ink, or null when it has none. */
function inked(bitmap) {
  let [top, bottom, left, right] = [FINE, -1, FINE, -1];
  bitmap.forEach((ink, i) => {
    if (!ink) return;
    const [x, y] = [i % FINE, Math.floor(i / FINE)];
    [top, bottom, left, right] = [Math.min(top, y), Math.max(bottom, y), Math.min(left, x), Math.max(right, x)];
  });
  return bottom < 0 ? null : { top, left, tall: bottom - top + 1, wide: right - left + 1 };
}

/** The source pixels [from, to) that the i-th of count pixels covers, of length pixels from first. */
function span(first, length, count) {
  return (i) => {
    const from = first + Math.floor((i * length) / count);
    return [from, Math.max(from + 1, first + Math.ceil(((i + 1) * length) / count))];
  };
}

/** 1 if any pixel of the bitmap in rows × columns is inked. */
function covers(bitmap, [top, bottom], [left, right]) {
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) if (bitmap[y * FINE + x]) return 1;
  }
  return 0;
}
