// The numbers of a network's diagram, without the page (js/network/drawing.js, forward.js): where neurons sit,
// how wide a weight is, how strong a grad's glow is, and numbers in short, as the build's table
// writes them too (tests/unit/test_show_network.py repeats SHORT).

import assert from "node:assert/strict";
import { test } from "node:test";
import { geometry, glowOf, largestGrad, short, sizeOf } from "../../js/network/drawing.js";
import { forward } from "../../js/network/forward.js";
import { activeRegion } from "../../js/network/region.js";

export const SHORT = [[0, "0"], [1, "1"], [-0.525, "-0.525"], [2.25, "2.25"], [1.23456, "1.23"], [12345, "12300"],
  [0.001, "0.001"], [0.000999, "1.0e-3"], [-3.2e-7, "-3.2e-7"], ["nan", "nan"], ["-inf", "-inf"]];

test("a number in short has 3 significant digits, or an exponent when it is tiny", () => {
  for (const [x, text] of SHORT) assert.equal(short(x), text, `short(${x})`);
});

test("each column of neurons is centred, inputs on the left and the output on the right", () => {
  const { width, height, columns, radius } = geometry([2, 16, 16, 1]);
  assert.equal(columns.length, 4);
  assert.deepEqual(columns.map((c) => c.length), [2, 16, 16, 1]);
  for (const column of columns) {
    const middle = (column[0].y + column.at(-1).y) / 2;
    assert.ok(Math.abs(middle - height / 2) < 1e-9);
    assert.ok(column.every((n) => n.x === column[0].x));
  }
  assert.ok(columns[0][0].x < columns[1][0].x && columns[2][0].x < columns[3][0].x && columns[3][0].x < width);
  // Neighbours in a column do not overlap.
  assert.ok(columns[1][1].y - columns[1][0].y > 2 * radius);
});

test("a narrow diagram spreads its layers less, and keeps its neurons as large and as far apart", () => {
  const wide = geometry([2, 16, 16, 1]);
  const narrow = geometry([2, 16, 16, 1], 300);
  assert.equal(narrow.width, 300);
  assert.equal(narrow.height, wide.height);
  assert.equal(narrow.radius, wide.radius);
  assert.deepEqual(narrow.columns.map((c) => c.map((n) => n.y)), wide.columns.map((c) => c.map((n) => n.y)));
  assert.ok(narrow.columns[3][0].x < 300 && narrow.columns[3][0].x < wide.columns[3][0].x);
  // A neuron's glow reaches 3.5 px past it: with it, each is a target of 24 px a side at least.
  assert.ok(2 * (narrow.radius + 3.5) >= 24);
});

test("a weight's size grows with its magnitude up to 2.5, whatever its sign", () => {
  assert.equal(sizeOf(0), 0);
  assert.equal(sizeOf(-1.25), 0.5);
  assert.equal(sizeOf(1.25), 0.5);
  assert.equal(sizeOf(7), 1);
  assert.equal(sizeOf(NaN), 1);
});

test("a grad's glow is its share of the largest grad, weights and biases, not finite ones", () => {
  const network = { layers: [{ neurons: [{ grads: [0.5, -2, "nan"], bias_grad: 1 }] }] };
  assert.equal(largestGrad(network), 2);
  assert.equal(glowOf(-2, 2), 1);
  assert.equal(glowOf(0, 2), 0);
  assert.ok(glowOf(0.02, 2) > 0 && glowOf(0.02, 2) < 0.05, "a hundredth of the largest shows faintly");
  assert.ok(glowOf(1, 2) > 0.5, "half of the largest shows more than half");
  assert.equal(glowOf("inf", 2), 1);
  assert.equal(glowOf(0, 0), 0);
});

test("the page's forward pass gives what ember's MLP gives, relu in all but the last layer", () => {
  // tests/unit/test_show_network.py's tiny MLP(2, [2, 1]), whose activations Python gives as these.
  const network = { layers: [
    { relu: true, neurons: [{ weights: [1, -2], bias: 0.5 }, { weights: [0.5, 0.5], bias: -1 }] },
    { relu: false, neurons: [{ weights: [2, -1], bias: 0.25 }] }] };
  assert.deepEqual(forward(network, [3, 1]), [[3, 1], [1.5, 1], [2.25]]);
  assert.deepEqual(forward(network, [0, 1])[1], [0, 0]);
  assert.ok(Number.isNaN(forward({ layers: [{ relu: false, neurons: [{ weights: ["nan"], bias: 0 }] }] }, [1])[1][0]));
});

test("a hidden neuron's region is the cells of the plane where its output is above 0", () => {
  // One neuron, relu(x - y): active below the diagonal of the square from 0 to 1.
  const network = { layers: [{ relu: true, neurons: [{ weights: [1, -1], bias: 0 }] }] };
  const { active, size } = activeRegion(network, 0, 0, { x: [0, 1], y: [0, 1] }, 4);
  assert.deepEqual(size, [0.25, 0.25]);
  assert.equal(active.length, 6); // 4 × 4 cells, 6 of them strictly below the diagonal
  assert.ok(active.every(([x, y]) => x > y));
});
