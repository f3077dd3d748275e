// The round numbers on a plot's axes.
import assert from "node:assert/strict";
import test from "node:test";
import { extent, ticks, tickText } from "../../js/plot/ticks.js";

test("ticks are steps of 1, 2 or 5 times a power of ten, inside the range", () => {
  assert.deepEqual(ticks(-3, 3), [-2, 0, 2]); // 6 / 5 rounds up to steps of 2
  assert.deepEqual(ticks(0, 1), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  assert.deepEqual(ticks(-6, 9), [-5, 0, 5]);
  assert.deepEqual(ticks(0.001, 0.0042), [0.001, 0.002, 0.003, 0.004]);
  assert.deepEqual(ticks(120, 980), [200, 400, 600, 800]);
});

test("a range of one number has one tick", () => {
  assert.deepEqual(ticks(2, 2), [2]);
});

test("no range makes ticks without end, or more than 50", () => {
  for (const [lo, hi] of [[1, 1.0000000000000002], [-1e300, 1e300], [0, 1e300], [1e15, 1e15 + 10]]) {
    const marks = ticks(lo, hi);
    assert.ok(marks.length >= 1 && marks.length <= 50 && marks.every(Number.isFinite), `${lo}..${hi}: ${marks}`);
  }
});

test("a range too narrow to tell from one number is widened around it", () => {
  const [lo, hi] = extent([0.1 + 0.2, 0.3]);
  assert.ok(lo < 0.29 && hi > 0.31);
  assert.deepEqual(extent([2, 2]), [1.8, 2.2]);
  assert.deepEqual(extent([0, 0]), [-1, 1]);
  assert.deepEqual(extent([-3, 5]), [-3, 5]);
});

test("ticks are written short", () => {
  assert.deepEqual([0.3, 2e19, 0.0001, -5, 1e6].map(tickText), ["0.3", "2.0e+19", "1.0e-4", "-5", "1.0e+6"]);
});

test("the extent of 200,000 numbers, more than a call can take as arguments", () => {
  const values = Array.from({ length: 200_000 }, (_, i) => i - 1000);
  assert.deepEqual(extent(values), [-1000, 198_999]);
});
