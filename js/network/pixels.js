// The 64 pixels a network reads from a drawing on lesson 18's pad (js/digits.js). The pad keeps a
// 32 × 32 bitmap, as the UCI digits were drawn, and each pixel is the inked share of a 4 × 4 block,
// as their preprocessing counted it (UCI's optdigits.names). A drawing is a list of marks, each a
// pen's segment or a whole pixel, inked or rubbed out, that draw() puts on a bitmap; fitted() draws
// the same marks again, moved and scaled as the set's digits were, with the same pen.

export const SIDE = 8; // pixels a side of an image
export const FINE = 32; // the bitmap's pixels a side
export const BLOCK = FINE / SIDE;
export const PEN = 3; // the pen's radius, in the bitmap's pixels: strokes about 1.5 pixels of an image wide, as theirs
const WIDEST = 20; // the bitmap's pixels: a fitted drawing is at most 5 pixels' width wide

/**
 * A mark on the pad.
 * @typedef {{ink: 0|1, segment: [number, number, number, number]} | {ink: 0|1, block: number}} Mark
 *   segment: the pen's way from (x0, y0) to (x1, y1), in the bitmap's pixels; block: the index of
 *   a pixel of the image, inked or cleared whole
 */

/** The 64 pixels of a 32 × 32 bitmap: the inked share of each 4 × 4 block. */
export function blocks(bitmap) {
  const out = new Array(SIDE * SIDE).fill(0);
  for (let y = 0; y < FINE; y++) {
    for (let x = 0; x < FINE; x++) out[Math.floor(y / BLOCK) * SIDE + Math.floor(x / BLOCK)] += bitmap[y * FINE + x];
  }
  return out.map((count) => count / (BLOCK * BLOCK));
}

/**
 * Put a mark on bitmap, moved by place: (x, y) → [x, y] in the bitmap (by default, where it was).
 * @param {Uint8Array} bitmap FINE × FINE, 1 for ink
 * @param {Mark} mark
 * @param {(x: number, y: number) => [number, number]} [place]
 */
export function draw(bitmap, mark, place = (x, y) => [x, y]) {
  if (mark.segment) {
    const [x0, y0, x1, y1] = mark.segment;
    segment(bitmap, ...place(x0, y0), ...place(x1, y1), mark.ink);
    return;
  }
  const [left, top] = place((mark.block % SIDE) * BLOCK, Math.floor(mark.block / SIDE) * BLOCK);
  const [right, bottom] = place((mark.block % SIDE + 1) * BLOCK, (Math.floor(mark.block / SIDE) + 1) * BLOCK);
  for (let y = Math.max(0, Math.round(top)); y < Math.min(FINE, Math.round(bottom)); y++) {
    for (let x = Math.max(0, Math.round(left)); x < Math.min(FINE, Math.round(right)); x++) bitmap[y * FINE + x] = mark.ink;
  }
}

/** Ink (or rub out) bitmap along the pen's way from (x0, y0) to (x1, y1). */
function segment(bitmap, x0, y0, x1, y1, ink) {
  const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 0.5));
  for (let s = 0; s <= steps; s++) {
    const x = x0 + ((x1 - x0) * s) / steps;
    const y = y0 + ((y1 - y0) * s) / steps;
    for (let by = Math.max(0, Math.floor(y - PEN)); by <= Math.min(FINE - 1, Math.ceil(y + PEN)); by++) {
      for (let bx = Math.max(0, Math.floor(x - PEN)); bx <= Math.min(FINE - 1, Math.ceil(x + PEN)); bx++) {
        if (Math.hypot(bx + 0.5 - x, by + 0.5 - y) <= PEN) bitmap[by * FINE + bx] = ink;
      }
    }
  }
}

/**
 * A drawing fitted as every image of the set is: the marks drawn again, their inked ones stretched
 * to the bitmap's full height and centred, as wide as that scale makes them but at most WIDEST,
 * with the same pen, so that a digit drawn small keeps strokes as thick as one drawn large. In all
 * 1,797 images the ink spans the 8 rows, and at most 7 of the 8 columns, mostly 5 or 6 (NIST's
 * programs normalised each digit's size and place: M. D. Garris et al., NIST Form-Based Handprint
 * Recognition System, NISTIR 5469, 1994); a digit drawn small, or as wide as the pad, was read as
 * another.
 * @param {Mark[]} marks in the order they were made
 * @returns {Uint8Array} FINE × FINE, 1 for ink; all 0 when no mark inks
 */
export function fitted(marks) {
  const out = new Uint8Array(FINE * FINE);
  const box = reach(marks);
  if (!box) return out;
  // The pen's middle goes from PEN to FINE - PEN: its ink, from 0 to FINE.
  const { left, top, wide, tall } = box;
  const scale = tall > 0 ? (FINE - 2 * PEN) / tall : 1;
  const across = wide > 0 ? Math.min(scale, (WIDEST - 2 * PEN) / wide) : scale;
  const place = (x, y) => [FINE / 2 + (x - left - wide / 2) * across, PEN + (tall > 0 ? (y - top) * scale : (FINE - 2 * PEN) / 2)];
  for (const mark of marks) draw(out, mark, place);
  return out;
}

/** The box the inking marks' middles span: a segment's ends, a block's corners; null if none inks. */
function reach(marks) {
  const points = marks.filter((mark) => mark.ink).flatMap((mark) => {
    if (mark.segment) return [mark.segment.slice(0, 2), mark.segment.slice(2)];
    const [x, y] = [(mark.block % SIDE) * BLOCK, Math.floor(mark.block / SIDE) * BLOCK];
    return [[x + PEN / 2, y + PEN / 2], [x + BLOCK - PEN / 2, y + BLOCK - PEN / 2]];
  });
  if (!points.length) return null;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  return { left, top, wide: Math.max(...xs) - left, tall: Math.max(...ys) - top };
}
