// js/plot/thin.js: a large series keeps its shape to the pixel with about one point a pixel.

import assert from "node:assert/strict";
import { test } from "node:test";
import { GRID, MANY, markerPath, thinLine, thinPoints } from "../../js/plot/thin.js";

test("a short series is drawn point for point", () => {
  const pixels = [[0, 1], [0, 1], [0.2, 5]];
  assert.equal(thinLine(pixels), pixels);
  assert.equal(thinPoints(pixels), pixels);
});

test("a line of 10,000 points keeps each pixel column's first, lowest, highest and last", () => {
  const pixels = Array.from({ length: 10_000 }, (_, i) => [i / 25, 100 + 50 * Math.sin(i)]);
  const kept = thinLine(pixels);
  assert.ok(kept.length <= 4 * 401, `${kept.length} points kept`);
  for (let column = 0; column < 400; column += 37) {
    const inColumn = pixels.filter(([x]) => Math.round(x) === column);
    const keptIn = kept.filter(([x]) => Math.round(x) === column);
    assert.equal(Math.min(...keptIn.map(([, y]) => y)), Math.min(...inColumn.map(([, y]) => y)));
    assert.equal(Math.max(...keptIn.map(([, y]) => y)), Math.max(...inColumn.map(([, y]) => y)));
    assert.deepEqual(keptIn[0], inColumn[0]);
    assert.deepEqual(keptIn.at(-1), inColumn.at(-1));
  }
});

test("points in one square of GRID pixels are drawn once", () => {
  const pixels = Array.from({ length: MANY + 1000 }, (_, i) => [(i % 10) * GRID, (i % 7) * GRID + 0.1]);
  assert.equal(thinPoints(pixels).length, 70);
  assert.equal(thinPoints(pixels.map(([x, y]) => [x / GRID, y / GRID])).length, 6 * 4); // 0-9 and 0-6: 6 and 4 squares
});

test("a marker's path is closed and centred where asked", () => {
  assert.equal(markerPath("square", 10, 20), "M6,16h8v8h-8Z");
  assert.match(markerPath("triangle", 0, 0), /^M0,-5L5,4L-5,4Z$/);
});
