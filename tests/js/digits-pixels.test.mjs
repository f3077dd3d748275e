// The 64 pixels a network reads from lesson 18's pad: a drawing fitted as the UCI digits were.
import assert from "node:assert/strict";
import test from "node:test";
import { FINE, SIDE, blocks, draw, fitted } from "../../js/network/pixels.js";

/** The pen's marks around a box from (left, top) to (right, bottom), in the bitmap's pixels. */
function outline(left, top, right, bottom) {
  const corners = [[left, top], [right, top], [right, bottom], [left, bottom], [left, top]];
  return corners.slice(1).map(([x, y], i) => ({ segment: [...corners[i], x, y], ink: 1 }));
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

/** The share of the bitmap's pixels that are inked. */
const inked = (bitmap) => bitmap.reduce((sum, ink) => sum + ink, 0) / bitmap.length;

test("each pixel is the inked share of its 4 × 4 block", () => {
  const bitmap = new Uint8Array(FINE * FINE);
  draw(bitmap, { block: 9, ink: 1 }); // row 1, column 1
  const pixels = blocks(bitmap);
  assert.equal(pixels[9], 1);
  assert.equal(pixels.filter((ink) => ink > 0).length, 1);
});

test("a drawing as wide as the pad is fitted to the 8 rows and 5 pixels' width, centred", () => {
  const { rows, columns } = spans(blocks(fitted(outline(3, 3, 29, 29))));
  assert.deepEqual(rows, [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(columns, [1, 2, 3, 4, 5, 6]); // 20 of the bitmap's 32, from 6 to 26
});

test("a small drawing in a corner reads as the same drawing large in the middle, strokes as thick", () => {
  const small = fitted(outline(2, 2, 8, 12));
  const large = fitted(outline(8, 4, 20, 24));
  assert.deepEqual(small, large);
  assert.ok(inked(small) < 0.5, `an outline stays an outline: ${inked(small)} of the bitmap inked`);
});

test("an upright stroke stays thin; a dot stays a dot", () => {
  const { columns } = spans(blocks(fitted([{ segment: [14, 4, 14, 28], ink: 1 }])));
  assert.ok(columns.length <= 3, `the pen's width, not the pad's: columns ${columns}`);
  const dot = fitted([{ segment: [5, 5, 5, 5], ink: 1 }]);
  assert.ok(inked(dot) < 0.05, `${inked(dot)} of the bitmap inked`);
});

test("what was rubbed out stays rubbed out, fitted", () => {
  const marks = [...outline(4, 4, 20, 28), { segment: [4, 16, 20, 16], ink: 1 }, { segment: [4, 16, 20, 16], ink: 0 }];
  const middle = blocks(fitted(marks)).slice(3 * SIDE + 2, 3 * SIDE + 6); // inside, halfway down
  assert.ok(middle.every((ink) => ink < 0.5), `${middle}`);
});

test("a pad with no ink fits to an empty bitmap", () => {
  assert.equal(inked(fitted([])), 0);
  assert.equal(inked(fitted([{ segment: [5, 5, 9, 9], ink: 0 }])), 0);
});
