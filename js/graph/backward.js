// The backward pass replayed on a graph's JSON, without Python, for a figure's Step backward: the
// steps in reverse topological order, each applying one Value's local gradients to its parents.

import { pyFloat, pyPow, toNumber } from "./values.js";

/**
 * The local gradient of node with respect to each of its parents, in the order of its edges, as
 * ember's _backward functions compute them; null for an op the page does not know, and a string
 * for what Python would raise instead.
 * @param {{op: string, data: number|string}} node
 * @param {number[]} parents the parents' data, one per edge (a Value used twice comes twice)
 * @returns {number[]|string|null}
 */
export function localGradients(node, parents) {
  const out = toNumber(node.data);
  const [a, b] = parents;
  if (node.op === "+") return parents.map(() => 1);
  if (node.op === "*" && parents.length === 2) return [b, a];
  if (node.op === "-" && parents.length === 2) return [1, -1];
  if (node.op === "/" && parents.length === 2) return [1 / b, -a / (b * b)];
  if (node.op === "neg") return [-1];
  if (node.op === "exp") return [out];
  if (node.op === "tanh") return [1 - out * out];
  if (node.op === "relu") return [out > 0 ? 1 : 0];
  if (node.op.startsWith("**") && parents.length === 1) {
    const k = node.op === "**nan" ? NaN : toNumber(node.op.slice(2));
    if (Number.isNaN(k) && node.op !== "**nan") return null;
    if (k === 0) return [0];
    if (a === 0 && k - 1 < 0) return `${pyFloat(a)} ** ${pyFloat(k - 1)} raises ZeroDivisionError`;
    const power = pyPow(a, k - 1);
    if (!Number.isFinite(power) && Number.isFinite(a) && Number.isFinite(k)) return `${pyFloat(a)} ** ${pyFloat(k - 1)} raises OverflowError`;
    return [k * power];
  }
  return null;
}

/**
 * The backward pass of graph's last Value (the one hx.show_graph was given): its grad seeded with
 * 1.0, then each Value with parents, last first, adding local gradient × its grad to each parent;
 * or, when adds is false, setting the parent's grad to it, as lesson 08's _backward does, so that
 * a Value used twice keeps only its last share.
 * @param {{nodes: object[], edges: [number, number][]}} graph nodes in topological order
 * @param {boolean} [adds]
 * @returns {{steps: {id: number, grad: number, shares: {parent: number, local: number, grad: number}[]}[],
 *   error?: string}} one step per Value with parents; each share gives the parent's grad after it
 */
export function backwardPass(graph, adds = true) {
  const parentsOf = graph.nodes.map(() => []);
  for (const [parent, child] of graph.edges) parentsOf[child].push(parent);
  const grads = graph.nodes.map(() => 0);
  const root = graph.nodes.length - 1;
  grads[root] = 1;
  const steps = [];
  for (let id = root; id >= 0; id--) {
    const node = graph.nodes[id];
    if (!node.op) continue;
    const locals = localGradients(node, parentsOf[id].map((p) => toNumber(graph.nodes[p].data)));
    if (!locals) return { steps: [], error: `The page cannot step through the op ${node.op} of ${node.label}: it does not know its local gradient.` };
    if (typeof locals === "string") return { steps: [], error: `The backward pass stops at ${node.label}: its local gradient, ${locals}, as in Python.` };
    const shares = parentsOf[id].map((parent, i) => {
      grads[parent] = (adds ? grads[parent] : 0) + locals[i] * grads[id];
      return { parent, local: locals[i], grad: grads[parent] };
    });
    steps.push({ id, grad: grads[id], shares });
  }
  return { steps };
}

/**
 * A step in words, such as "z, made by +, passes its grad 2.0 back: #4.grad += 1.0 × 2.0, now
 * 2.0; b.grad += 1.0 × 2.0, now 2.0." With adds false, "=" in place of "+=".
 */
export function stepText(graph, step, adds = true) {
  const node = graph.nodes[step.id];
  const parts = step.shares.map(({ parent, local, grad }) =>
    `${graph.nodes[parent].label}.grad ${adds ? "+=" : "="} ${pyFloat(local)} × ${pyFloat(step.grad)}, now ${pyFloat(grad)}`);
  return `${node.label}, made by ${node.op}, passes its grad ${pyFloat(step.grad)} back: ${parts.join("; ")}.`;
}
