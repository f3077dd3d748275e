// js/graph/values.js: numbers printed as Python prints floats, and the explorer's forward pass.

import assert from "node:assert/strict";
import { test } from "node:test";

import { origin, pyFloat, recompute } from "../../js/graph/values.js";

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
