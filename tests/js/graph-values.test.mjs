// js/graph/values.js: numbers printed as Python prints floats, and the explorer's forward pass.

import assert from "node:assert/strict";
import { test } from "node:test";

import { drawnFloat, origin, parseFloatLikePython, pyFloat, pyPow, recompute } from "../../js/graph/values.js";

test("floats print as Python's repr does", () => {
  const cases = [[2, "2.0"], [0.5, "0.5"], [-1, "-1.0"], [1e16, "1e+16"], [1.5e17, "1.5e+17"],
    [1e-5, "1e-05"], [0.0001, "0.0001"], [-0, "-0.0"], [0, "0.0"], ["inf", "inf"],
    ["-inf", "-inf"], ["nan", "nan"], [Infinity, "inf"], [123456789.25, "123456789.25"]];
  for (const [x, shown] of cases) assert.equal(pyFloat(x), shown, `pyFloat(${x})`);
});

// sum = a + b; z = sum * c; q = a / b
const graph = {
  nodes: [
    { id: 0, label: "c", data: 4, grad: 0, op: "" }, { id: 1, label: "b", data: 3, grad: 0, op: "" },
    { id: 2, label: "a", data: 2, grad: 0, op: "" }, { id: 3, label: "sum", data: 5, grad: 0, op: "+" },
    { id: 4, label: "z", data: 20, grad: 0, op: "*" }, { id: 5, label: "q", data: 2 / 3, grad: 0, op: "/" },
  ],
  edges: [[2, 3], [1, 3], [3, 4], [0, 4], [2, 5], [1, 5]],
};

test("a new leaf value flows downstream", () => {
  const { graph: next } = recompute(graph, { 2: 5 });
  assert.deepEqual(next.nodes.map((n) => n.data), [4, 3, 5, 8, 32, 5 / 3]);
});

test("what Python would refuse is an error, not Infinity", () => {
  assert.match(recompute(graph, { 1: 0 }).error, /^q = a \/ b: ZeroDivisionError/);
  const inf = recompute({ ...graph, nodes: graph.nodes.map((n) => (n.id === 0 ? { ...n, data: "inf" } : n)) }, {});
  assert.equal(pyFloat(inf.graph.nodes[4].data), "inf");
});

test("where a value came from", () => {
  assert.equal(origin(graph, graph.nodes[3]).text, "sum = a + b = 2.0 + 3.0 = 5.0");
  assert.match(origin(graph, graph.nodes[2]).text, /^a is an input/);
});

test("leaf text is read as Python's float() reads it", () => {
  const read = [["2", 2], [" -1e3 ", -1000], [".5", 0.5], ["5.", 5], ["1_000", 1000], ["+inf", Infinity],
    ["-Infinity", -Infinity], ["1E-2", 0.01]];
  for (const [text, value] of read) assert.equal(parseFloatLikePython(text), value, text);
  assert.ok(Number.isNaN(parseFloatLikePython("-nan")));
  for (const text of ["", "0x10", "1__0", "_1", "1_", ".", "e5", "--1", "2 3", "inf1"]) {
    assert.equal(parseFloatLikePython(text), null, text);
  }
});

test("powers follow Python where JavaScript differs", () => {
  assert.equal(pyPow(1, NaN), 1);
  assert.equal(pyPow(-1, Infinity), 1);
  assert.equal(pyPow(2, Infinity), Infinity);
  const powered = {
    nodes: [{ id: 0, label: "a", data: 0.25, grad: 0, op: "" }, { id: 1, label: "y", data: 0, grad: 0, op: "**inf" }],
    edges: [[0, 1]],
  };
  assert.deepEqual(recompute(powered, { 0: 0.5 }).graph.nodes.map((n) => n.data), [0.5, 0]);
  assert.deepEqual(recompute(powered, { 0: 2 }).graph.nodes.map((n) => n.data), [2, Infinity]);
});

test("a node draws a long number to 6 significant digits and an ellipsis, a short one whole", () => {
  const cases = [[2, "2.0"], [-0.525, "-0.525"], [0.1 + 0.2, "0.3…"], [0.7234567891234567, "0.723457…"],
    [-1234.56789, "-1234.57…"], [1.2345678e-7, "1.23457e-07…"], [123456789.25, "123457000.0…"], ["nan", "nan"]];
  for (const [x, drawn] of cases) assert.equal(drawnFloat(x), drawn, `drawnFloat(${x})`);
});
