// A network's diagram in SVG: its inputs on the left, each layer's neurons as circles in a
// column, the score on the right. Each weight is an edge, blue when positive and orange and
// dashed when negative, wider the larger it is; under it, a glow as strong as its grad is large
// beside the largest grad of the network. A neuron's ring is its bias, drawn the same way, and its
// fill is its activation for the inputs, when the network comes with some.
//
// The drawing is made once for a network's sizes; a later state of the same sizes only changes
// the attributes of what is there (update), which keeps a redraw of MLP(2, [16, 16, 1]) quick
// (make bench).

import { svg } from "../dom.js";
import { toNumber } from "../graph/values.js";

export const [NARROWEST, WIDEST] = [280, 640]; // pixels: the drawing is as wide as its canvas, within these
const PAD = { left: 56, right: 110, top: 22, bottom: 22 };
// pixels: the drawing's height, within these; js/network.css keeps it for a diagram not drawn yet
const [LOWEST, HIGHEST] = [170, 440];
const WIDEST_EDGE = 6; // pixels: a weight of 2.5 or more
const GLOW = 7; // pixels wider than its weight, the glow of a grad
const GLOW_OPACITY = 0.7; // the glow of the largest grad: the weight stays visible through it

/**
 * Where each input and neuron sits: columns[k][j] = {x, y}, column 0 the inputs. The layers spread
 * across the width; the neurons' spacing, and so their size, depends on the height alone, so that
 * a narrow drawing is not scaled down: its neurons stay as large to a finger, and its text 12 px.
 * @param {number[]} sizes the inputs, then each layer's neurons
 * @param {number} [width] pixels, NARROWEST to WIDEST
 */
export function geometry(sizes, width = WIDEST) {
  const most = Math.max(...sizes);
  const height = Math.min(HIGHEST, Math.max(LOWEST, PAD.top + PAD.bottom + most * 26));
  const spacing = Math.min(44, (height - PAD.top - PAD.bottom) / most);
  const radius = Math.min(14, spacing * 0.38);
  const across = (width - PAD.left - PAD.right) / Math.max(1, sizes.length - 1);
  const columns = sizes.map((n, k) => Array.from({ length: n }, (_, j) => ({
    x: PAD.left + k * across, y: height / 2 + (j - (n - 1) / 2) * spacing })));
  return { width, height, radius, columns };
}

/**
 * Make the drawing's elements for a network of these sizes, across pixels wide, in their places, not
 * yet coloured.
 * @returns {{root: SVGSVGElement, edges: {grad: SVGElement, weight: SVGElement}[][][],
 *   neurons: {g: SVGElement, glow: SVGElement, body: SVGElement, score: SVGElement|null}[][],
 *   inputs: SVGElement[]}} edges[k][j][i]: from input i of layer k to its neuron j
 */
export function build(sizes, name, across = WIDEST) {
  const { width, height, radius, columns } = geometry(sizes, across);
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "ember-network__svg",
    role: "group", "aria-label": name });
  const [grads, weights, nodes] = [svg("g", { "aria-hidden": "true" }), svg("g", { "aria-hidden": "true" }), svg("g")];
  const edges = columns.slice(1).map((column, k) => column.map((to) => columns[k].map((from) => {
    const ends = { x1: from.x + radius, y1: from.y, x2: to.x - radius, y2: to.y };
    const pair = { grad: svg("line", { ...ends, class: "ember-network__grad" }),
      weight: svg("line", { ...ends, class: "ember-network__weight" }) };
    grads.append(pair.grad);
    weights.append(pair.weight);
    return pair;
  })));
  const inputs = columns[0].map(({ x, y }, i) => {
    const g = svg("g", { class: "ember-network__input", "aria-hidden": "true" });
    const label = svg("text", { x: x - radius - 6, y, "text-anchor": "end", "dominant-baseline": "central" });
    label.textContent = `x${i + 1}`;
    g.append(svg("circle", { cx: x, cy: y, r: radius, class: "ember-network__body" }), label);
    nodes.append(g);
    return g;
  });
  const last = columns.length - 2;
  const neurons = columns.slice(1).map((column, k) => column.map(({ x, y }, j) => {
    const g = svg("g", { class: "ember-network__neuron", role: "button", tabindex: "-1",
      "data-layer": k, "data-neuron": j });
    const glow = svg("circle", { cx: x, cy: y, r: radius + GLOW / 2, class: "ember-network__grad" });
    const body = svg("circle", { cx: x, cy: y, r: radius, class: "ember-network__body" });
    const score = k === last ? svg("text", { x: x + radius + 8, y, "dominant-baseline": "central", class: "ember-network__score" }) : null;
    g.append(glow, body, ...(score ? [score] : []));
    nodes.append(g);
    return { g, glow, body, score };
  }));
  root.append(grads, weights, nodes);
  return { root, edges, neurons, inputs };
}

/** A weight's size, 0 to 1: its share of 2.5, where its stroke is widest; 1 if not finite. */
export function sizeOf(w) {
  return Number.isFinite(w) ? Math.min(1, Math.abs(w) / 2.5) : 1;
}

/** The largest |grad| of a network, of weights and biases; NaN and infinities left out. */
export function largestGrad(network) {
  let most = 0;
  for (const layer of network.layers) {
    for (const n of layer.neurons) {
      for (const g of [...n.grads, n.bias_grad].map(toNumber)) if (Number.isFinite(g)) most = Math.max(most, Math.abs(g));
    }
  }
  return most;
}

/** How strong a grad's glow is, 0 to 1: its share of the largest, to the power 0.75, so that
 * the large grads stand out and a grad a hundredth of the largest still shows faintly. A grad
 * that is not finite glows fully. */
export function glowOf(grad, most) {
  const g = Math.abs(toNumber(grad));
  if (!Number.isFinite(g)) return 1;
  return most > 0 ? (g / most) ** 0.75 : 0;
}

/**
 * Colour and size the drawing for a state of the network.
 * @param {ReturnType<typeof build>} drawing
 * @param {object} network as site_src/runtime/network.py gives it
 */
export function update(drawing, network) {
  const most = largestGrad(network);
  network.layers.forEach((layer, k) => layer.neurons.forEach((n, j) => {
    n.weights.forEach((w, i) => {
      const { grad, weight } = drawing.edges[k][j][i];
      paint(weight, grad, toNumber(w), n.grads[i], most);
      change(weight, "stroke-opacity", (0.35 + 0.65 * sizeOf(toNumber(w))).toFixed(2)); // a small weight fades
    });
    const { body, glow } = drawing.neurons[k][j];
    paint(body, glow, toNumber(n.bias), n.bias_grad, most);
  }));
  fill(drawing, network);
}

/** A weight's (or bias's) stroke, and its grad's glow. */
function paint(stroke, glow, value, grad, most) {
  const sign = value < 0 ? "negative" : Number.isNaN(value) ? "unknown" : "positive";
  const width = 0.6 + (WIDEST_EDGE - 0.6) * sizeOf(value);
  change(stroke, "data-sign", sign);
  change(stroke, "stroke-width", width.toFixed(1));
  change(glow, "stroke-width", (width + GLOW).toFixed(1));
  change(glow, "opacity", (GLOW_OPACITY * glowOf(grad, most)).toFixed(2));
}

/** Set an attribute only when its value changes: each change makes the browser work out the
 * element's style again, and a step of training leaves most of 674 lines as they were. */
function change(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Each input's and neuron's fill by its activation, its share of the largest in its layer;
 * the output neurons by the sign of their score. No activations: no fill. */
function fill(drawing, network) {
  const seen = network.activations;
  const columns = [drawing.inputs.map((g) => ({ body: g.firstChild })), ...drawing.neurons];
  columns.forEach((column, k) => {
    const values = seen ? seen[k].map(toNumber) : [];
    const most = Math.max(0, ...values.filter(Number.isFinite).map(Math.abs));
    column.forEach(({ body, score }, j) => {
      const a = values[j];
      const share = a === undefined ? 0 : Number.isFinite(a) ? (most > 0 ? Math.abs(a) / most : 0) : 1;
      body.style.setProperty("--ember-network-activation", share.toFixed(3));
      body.setAttribute("data-activation", a < 0 ? "negative" : "positive");
      if (score) score.textContent = a === undefined ? "" : `score ${short(a)}`;
    });
  });
}

/** A number in a few characters: 3 significant digits, or an exponent for a tiny one. */
export function short(x) {
  const n = toNumber(x);
  if (!Number.isFinite(n)) return Number.isNaN(n) ? "nan" : n > 0 ? "inf" : "-inf";
  if (n === 0 || Math.abs(n) >= 1e-3) return String(Number(n.toPrecision(3)));
  return n.toExponential(1);
}
