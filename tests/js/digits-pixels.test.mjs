// The 64 pixels a network reads from lesson 18's pad: a drawing fitted as the UCI digits were.
import assert from "node:assert/strict";
import test from "node:test";
import { FINE, SIDE, blocks, fitted } from "../../js/network/pixels.js";

/** A bitmap inked inside the box [left, right) × [top, bottom); if hollow, only its edge, that thick. */
function box(left, top, right, bottom, hollow = 0) {
  const bitmap = new Uint8Array(FINE * FINE);
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const edge = y < top + hollow || y >= bottom - hollow || x < left + hollow || x >= right - hollow;
      bitmap[y * FINE + x] = hollow && !edge ? 0 : 1;
    }
  }
  return bitmap;
}

/** The columns and rows of the 8 × 8 image that hold any ink. */
function spans(pixels) {
  const rows = new Set();
  const columns = new Set();
  pixels.forEach((ink, i) => {
    if (ink === 0) return;
    rows.add(Math.floor(i / SIDE));
    columns.add(i % SIDE);
  });
  return { rows: [...rows].sort(), columns: [...columns].sort() };
}

test("each pixel is the inked share of its 4 × 4 block", () => {
  const pixels = blocks(box(0, 0, 2, 4)); // half of the top-left block
  assert.equal(pixels[0], 0.5);
  assert.equal(pixels.filter((ink) => ink > 0).length, 1);
});

test("a drawing as wide as the pad is fitted to the 8 rows and at most 5 columns, centred", () => {
  const { rows, columns } = spans(blocks(fitted(box(0, 1, 32, 31, 3))));
  assert.deepEqual(rows, [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.ok(columns.length <= 6 && columns[0] >= 1 && columns.at(-1) <= 6, `columns ${columns}`);
  assert.equal(columns[0] + columns.at(-1), 7); // centred
});

test("a small drawing in a corner reads as the same drawing large in the middle", () => {
  const small = blocks(fitted(box(2, 2, 10, 14, 1)));
  const large = blocks(fitted(box(10, 4, 26, 28, 2)));
  assert.ok(small.every((ink, i) => Math.abs(ink - large[i]) <= 0.25), `${small}\n${large}`);
});

test("a thin upright stroke keeps its width; a hollow box squeezed sideways keeps its sides", () => {
  const { columns } = spans(blocks(fitted(box(14, 0, 18, 32))));
  assert.ok(columns.length <= 2, `a stroke 4 of 32 wide stays 1 or 2 of 8: ${columns}`);
  const squeezed = blocks(fitted(box(0, 0, 32, 32, 3)));
  const middle = squeezed.slice(4 * SIDE, 5 * SIDE); // the row across the middle: its two sides
  assert.deepEqual(middle.map((ink) => ink > 0), [false, true, false, false, false, false, true, false]);
});

test("an empty pad is read as it is", () => {
  const empty = new Uint8Array(FINE * FINE);
  assert.equal(fitted(empty), empty);
});
