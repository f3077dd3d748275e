// js/graph/backward.js: the backward pass replayed on graph JSON, step by step, as ember runs it.

import assert from "node:assert/strict";
import { test } from "node:test";

import { backwardPass, localGradients, stepText } from "../../js/graph/backward.js";

// L = (a*b + c) * f with a = 2, b = -3, c = 10, f = -2, as hx.graph gives it.
const worked = {
  nodes: [
    { id: 0, label: "f", data: -2.0, grad: 0.0, op: "" }, { id: 1, label: "c", data: 10.0, grad: 0.0, op: "" },
    { id: 2, label: "b", data: -3.0, grad: 0.0, op: "" }, { id: 3, label: "a", data: 2.0, grad: 0.0, op: "" },
    { id: 4, label: "#4", data: -6.0, grad: 0.0, op: "*" }, { id: 5, label: "#5", data: 4.0, grad: 0.0, op: "+" },
    { id: 6, label: "L", data: -8.0, grad: 0.0, op: "*" },
  ],
  edges: [[3, 4], [2, 4], [4, 5], [1, 5], [5, 6], [0, 6]],
};

function finalGrads(graph) {
  const grads = graph.nodes.map(() => 0);
  grads[graph.nodes.length - 1] = 1;
  for (const step of backwardPass(graph).steps) for (const { parent, grad } of step.shares) grads[parent] = grad;
  return grads;
}

test("the worked example: one step per operation, last first, ending at a 6, b -4, c -2, f 4", () => {
  const { steps, error } = backwardPass(worked);
  assert.equal(error, undefined);
  assert.deepEqual(steps.map((s) => s.id), [6, 5, 4]);
  assert.deepEqual(finalGrads(worked), [4, -2, -4, 6, -2, -2, 1]);
  assert.equal(stepText(worked, steps[0]),
    "L, made by *, passes its grad 1.0 back: #5.grad += -2.0 × 1.0, now -2.0; f.grad += 4.0 × 1.0, now 4.0.");
});

test("a Value used twice gets both shares", () => {
  const twice = {
    nodes: [{ id: 0, label: "x", data: 3, grad: 0, op: "" }, { id: 1, label: "y", data: 6, grad: 0, op: "+" }],
    edges: [[0, 1], [0, 1]],
  };
  assert.deepEqual(finalGrads(twice), [2, 1]);
  const square = { ...twice, nodes: [twice.nodes[0], { ...twice.nodes[1], data: 9, op: "*" }] };
  assert.deepEqual(finalGrads(square), [6, 1]);
});

test("each op's local gradient, as ember's _backward has it", () => {
  const cases = [
    [{ op: "+", data: 5 }, [2, 3], [1, 1]], [{ op: "*", data: 6 }, [2, 3], [3, 2]],
    [{ op: "-", data: -1 }, [2, 3], [1, -1]], [{ op: "/", data: 1.5 }, [6, 4], [0.25, -0.375]],
    [{ op: "neg", data: -2 }, [2], [-1]], [{ op: "**2", data: 9 }, [3], [6]],
    [{ op: "**-1", data: 0.25 }, [4], [-0.0625]], [{ op: "**0", data: 1 }, [0], [0]],
    [{ op: "exp", data: 2 }, [Math.log(2)], [2]], [{ op: "tanh", data: 1 }, [1000], [0]],
    [{ op: "relu", data: 0 }, [0], [0]], [{ op: "relu", data: 2.5 }, [2.5], [1]],
  ];
  for (const [node, parents, locals] of cases) assert.deepEqual(localGradients(node, parents), locals, node.op);
  assert.equal(localGradients({ op: "sin", data: 0 }, [0]), null);
  // Powers as Python computes them: 1.0 ** inf is 1.0, and what Python refuses is said.
  assert.deepEqual(localGradients({ op: "**inf", data: 1 }, [1]), [Infinity]);
  assert.ok(Number.isNaN(localGradients({ op: "**nan", data: 1 }, [2])[0]));
  assert.equal(localGradients({ op: "**0.5", data: 0 }, [0]), "0.0 ** -0.5 raises ZeroDivisionError");
  assert.equal(localGradients({ op: "**-2", data: Infinity }, [1e-200]), "1e-200 ** -3.0 raises OverflowError");
});

test("an op the page does not know stops the pass with a message, and a leaf alone has no steps", () => {
  const unknown = {
    nodes: [{ id: 0, label: "x", data: 0, grad: 0, op: "" }, { id: 1, label: "s", data: 0, grad: 0, op: "sin" }],
    edges: [[0, 1]],
  };
  assert.match(backwardPass(unknown).error, /cannot step through the op sin of s/);
  assert.deepEqual(backwardPass({ nodes: [unknown.nodes[0]], edges: [] }).steps, []);
});

test("lesson 08's backward pass sets grads: a Value used twice keeps its last share, and the words say =", () => {
  const twice = { nodes: [{ id: 0, label: "a", data: 3, grad: 0, op: "" }, { id: 1, label: "c", data: 6, grad: 0, op: "+" }],
    edges: [[0, 1], [0, 1]] };
  const adding = backwardPass(twice).steps[0].shares.at(-1).grad;
  const setting = backwardPass(twice, false).steps[0].shares.at(-1).grad;
  assert.deepEqual([adding, setting], [2, 1]);
  assert.match(stepText(twice, backwardPass(twice, false).steps[0], false), /a\.grad = 1\.0 × 1\.0, now 1\.0/);
});
