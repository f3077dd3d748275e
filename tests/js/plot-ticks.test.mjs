// The round numbers on a plot's axes.
import assert from "node:assert/strict";
import test from "node:test";
import { ticks } from "../../js/plot/ticks.js";

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
