// Network diagrams: an MLP's neurons, weights, biases and their grads, drawn from the JSON of
// hx.show_network (site_src/runtime/network.py), as the build drew it and as a cell redraws it
// while it trains (js/network/drawing.js draws it).
//
// The diagram is one Tab stop: the arrows move between neurons (left and right to the layer
// beside, up and down within a layer), Home and End to the first and last, and Enter, Space or
// a click says a neuron's bias, weights and grads in words below the drawing. A table of every
// weight and grad, built when opened, is for readers who want the numbers.

import { drawingFor, make, readJson, redrawWhenResized, svg, whenOpen } from "./dom.js";
import { NARROWEST, WIDEST, build, short, update } from "./network/drawing.js";
import { forward } from "./network/forward.js";
import { toNumber } from "./graph/values.js";
import { activeRegion } from "./network/region.js";
import { planeOf } from "./plot.js";
import { pickable } from "./plot/pick.js";

const states = new WeakMap(); // figure → {drawing, sizes, network, input, shown, said, region, current}
const PICK = "Pick an input for the network: click a point of the plane, or move the cross with the arrow keys and press Enter";

/**
 * Draw network into figure: in place when the figure shows a network of the same sizes, else anew.
 * @param {HTMLElement} figure the .ember-network element
 * @param {object} network as site_src/runtime/network.py gives it
 */
export function draw(figure, network) {
  const start = performance.now();
  figure.dataset.mounted = ""; // drawn: the page's own network is not drawn over it later (js/slices.js)
  let state = states.get(figure);
  const sizes = network.sizes.join(",");
  const width = widthOf(figure);
  const again = state?.sizes === sizes && state.width === width;
  if (!again) {
    const drawing = build(network.sizes, diagramName(network.sizes), width);
    const same = state?.sizes === sizes; // only narrower or wider: what the learner picked stays
    state = { drawing, sizes, width, input: state?.input ?? null, said: same ? state.said : null, region: same ? state.region : null };
    states.set(figure, state);
    figure.querySelector(".ember-network__canvas").replaceChildren(drawing.root);
    figure.querySelector(".ember-network__region")?.remove();
    state.current = drawing.neurons[0][0].g;
    state.current.setAttribute("tabindex", "0");
    keys(figure);
    linkPlane(figure);
    redrawWhenResized(figure.querySelector(".ember-network__canvas"), () => states.get(figure).width,
      () => widthOf(figure), () => draw(figure, states.get(figure).network), 0.02);
  }
  state.network = network;
  if (network.activations) state.input = null; // the newer of a pick and the code's own inputs wins
  figure.querySelector(".ember-network__step").setAttribute("aria-live", "off");
  show(figure, state);
  const details = figure.querySelector(".ember-network__table");
  if (details) whenOpen(details, () => tables(network)); // the build's own is in <noscript>
  figure.dataset.drawn = "";
  // For make bench (bench/network.py): a cell's redraw runs among a frame's animation callbacks
  // (js/cell.js), so a task queued now runs once that frame has been laid out and painted.
  setTimeout(() => performance.measure("ember:network", { start, detail: again ? "again" : "anew" }));
}

/** The width to draw figure's diagram at: its canvas's, within the drawing's limits. */
function widthOf(figure) {
  const canvas = figure.querySelector(".ember-network__canvas");
  return Math.round(Math.min(WIDEST, Math.max(NARROWEST, canvas.clientWidth || WIDEST)));
}

/** The diagram's accessible name, from its sizes: the inputs, then each layer's neurons. */
function diagramName(sizes) {
  const layers = sizes.slice(1).map((n) => `${n} neuron${n === 1 ? "" : "s"}`);
  return `Network of ${layers.length} layer${layers.length === 1 ? "" : "s"}, from ${sizes[0]} input${sizes[0] === 1 ? "" : "s"}: ${layers.join(", ")}`;
}

/** Draw the state's network, filled for the input picked on the plane since it was drawn, if it
 * reads two inputs. */
function show(figure, state) {
  const { network, input } = state;
  const picked = input && network.sizes[0] === 2;
  state.shown = picked ? { ...network, activations: forward(network, input) } : network;
  update(state.drawing, state.shown);
  labelNeurons(state);
  figure.querySelector(".ember-network__step").textContent = stepText(state.shown);
  if (state.said) say(figure, state, state.said, false);
  if (state.region) showRegion(figure, state, state.region);
}

const THUMB = 96; // pixels a side: the view of where a neuron is active
const CELLS = 24; // cells a side of that view

/** Beside the diagram, where on the linked plane hidden neuron j of layer k is active; nothing for
 * the output layer, or without a plane. */
function showRegion(figure, state, [k, j]) {
  const plot = figure.dataset.plane && document.getElementById(figure.dataset.plane);
  const plane = plot && planeOf(plot);
  let box = figure.querySelector(".ember-network__region");
  if (!plane || k === state.shown.layers.length - 1 || state.shown.sizes[0] !== 2) {
    if (box) box.hidden = true;
    state.region = null;
    return;
  }
  state.region = [k, j];
  if (!box) {
    box = make("div", "ember-network__region");
    figure.querySelector(".ember-network__canvas").after(box);
  }
  const { active } = activeRegion(state.shown, k, j, plane, CELLS);
  const scale = ([low, high], v) => ((v - low) / (high - low)) * THUMB;
  const side = THUMB / CELLS;
  const d = active.map(([x, y]) => `M${scale(plane.x, x)},${THUMB - scale(plane.y, y) - side}h${side}v${side}h${-side}Z`).join("");
  const share = Math.round((100 * active.length) / CELLS ** 2);
  const picture = svg("svg", { viewBox: `0 0 ${THUMB} ${THUMB}`, width: THUMB, height: THUMB, "aria-hidden": "true" });
  picture.append(svg("rect", { width: THUMB, height: THUMB, class: "ember-network__plane" }), svg("path", { d }));
  const where = active.length ? `is on, above 0, over ${share}% of the plane (shaded), as the plot's axes run.`
    : "is off, 0, everywhere on the plane.";
  box.replaceChildren(picture, make("p", "", `Layer ${k + 1}, neuron ${j + 1} ${where}`));
  box.hidden = false;
}

/** Let the plot named by the figure's data-plane pick the input its neurons are filled with. */
function linkPlane(figure) {
  const plot = figure.dataset.plane && document.getElementById(figure.dataset.plane);
  if (!plot?.classList.contains("ember-plot")) return;
  pickable(plot, PICK, (point) => {
    const state = states.get(figure);
    state.input = point;
    if (!state.network) return;
    // Said as it is picked, where the learner is: a redraw changes the line silently (draw).
    figure.querySelector(".ember-network__step").setAttribute("aria-live", "polite");
    show(figure, state);
  });
}

/** What the line above the drawing says: the step, and the score of the inputs shown. */
function stepText(network) {
  const parts = [];
  const { step } = network;
  if (step !== null && step !== undefined) parts.push(`After ${step} step${step === 1 ? "" : "s"} of training.`);
  const seen = network.activations;
  if (seen && seen.at(-1).length === 1) {
    const score = toNumber(seen.at(-1)[0]);
    parts.push(`For the input (${seen[0].map(short).join(", ")}), the score is ${short(score)}`
      + (Number.isFinite(score) ? `, so the network says ${score > 0 ? 1 : -1}.` : "."));
  }
  return parts.join(" ");
}

/** Each neuron's accessible name: where it is, and its numbers in short. */
function labelNeurons({ drawing, shown: network }) {
  drawing.neurons.forEach((column, k) => column.forEach(({ g }, j) => {
    g.setAttribute("aria-label", neuronName(network, k, j));
  }));
}

/** A neuron's accessible name; an output neuron's holds the score drawn beside it. */
function neuronName(network, k, j) {
  const n = network.layers[k].neurons[j];
  const a = network.activations ? short(network.activations[k + 1][j]) : null;
  const bias = `bias ${short(n.bias)}, grad ${short(n.bias_grad)}`;
  if (k === network.layers.length - 1) return `Output neuron ${j + 1}${a === null ? "" : `, score ${a}`}: ${bias}`;
  return `Layer ${k + 1}, neuron ${j + 1}: ${bias}${a === null ? "" : `, activation ${a}`}`;
}

/** A neuron in words: its bias, each weight and each grad. */
function neuronWords(network, k, j) {
  const n = network.layers[k].neurons[j];
  const from = k === 0 ? (i) => `x${i + 1}` : (i) => `neuron ${i + 1} of layer ${k}`;
  const weights = n.weights.map((w, i) => `from ${from(i)} ${short(w)} (grad ${short(n.grads[i])})`);
  return `${neuronName(network, k, j)}. ${network.layers[k].relu ? "It passes on relu of its sum." : "It passes on its sum."} `
    + `Weights: ${weights.join("; ")}.`;
}

/** Say neuron j of layer k in words below the drawing: announced when the learner asked
 * (announce), brought up to date silently when the network is redrawn. */
function say(figure, state, [k, j], announce = true) {
  state.said = [k, j];
  for (const g of figure.querySelectorAll(".ember-network__neuron[data-said]")) delete g.dataset.said;
  state.drawing.neurons[k][j].g.dataset.said = ""; // ringed: the neuron the words are about
  const words = figure.querySelector(".ember-network__words");
  words.setAttribute("aria-live", announce ? "polite" : "off");
  words.textContent = neuronWords(state.shown, k, j);
}

const KEYS = new Set(["Enter", " ", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"]);

/** The keyboard and the mouse on the neurons (module comment), listened to on the figure's
 * canvas once: an SVG that listens would be a Tab stop of its own. */
function keys(figure) {
  const canvas = figure.querySelector(".ember-network__canvas");
  if (canvas.dataset.keys !== undefined) return;
  canvas.dataset.keys = "";
  const at = (g) => [Number(g.dataset.layer), Number(g.dataset.neuron)];
  const neuron = (event) => event.target.closest?.(".ember-network__neuron");
  const move = (state, g) => {
    state.current.setAttribute("tabindex", "-1");
    state.current = g;
    g.setAttribute("tabindex", "0");
    g.focus();
  };
  const region = (event) => {
    const g = neuron(event);
    if (g) showRegion(figure, states.get(figure), at(g));
  };
  canvas.addEventListener("focusin", region);
  canvas.addEventListener("mouseover", region);
  canvas.addEventListener("click", (event) => {
    const g = neuron(event);
    if (!g) return;
    move(states.get(figure), g);
    say(figure, states.get(figure), at(g));
  });
  canvas.addEventListener("keydown", (event) => {
    const g = neuron(event);
    if (!g || !KEYS.has(event.key)) return;
    event.preventDefault(); // an arrow at the diagram's edge moves nothing, and scrolls nothing
    const state = states.get(figure);
    const [k, j] = at(g);
    if (event.key === "Enter" || event.key === " ") say(figure, state, [k, j]);
    else {
      const next = nextNeuron(state.drawing.neurons, k, j, event.key);
      if (next) move(state, next.g);
    }
  });
}

/** The neuron a key moves to from neuron j of layer k, or undefined. */
function nextNeuron(neurons, k, j, key) {
  const near = (layer) => neurons[layer]?.[Math.round((j + 0.5) / neurons[k].length * neurons[layer].length - 0.5)];
  return {
    ArrowUp: () => neurons[k][j - 1], ArrowDown: () => neurons[k][j + 1],
    ArrowLeft: () => near(k - 1), ArrowRight: () => near(k + 1),
    Home: () => neurons[0][0], End: () => neurons.at(-1).at(-1),
  }[key]?.();
}

/** One table per layer: a row per neuron, its bias and each weight, each with its grad. */
function tables(network) {
  return network.layers.map((layer, k) => {
    const table = document.createElement("table"); // no class: Material's table:not([class]) scrolls it
    const last = k === network.layers.length - 1;
    const count = layer.neurons.length;
    table.append(make("caption", "", `${last ? "Output layer" : `Layer ${k + 1}`}: ${count} neuron${count === 1 ? "" : "s"}`
      + `${layer.relu ? ", relu" : ""}; each number with its grad`));
    const head = make("tr", "");
    const from = k === 0 ? (i) => `w from x${i + 1}` : (i) => `w from ${i + 1}`;
    head.append(make("th", "", "Neuron"), make("th", "", "bias"), ...layer.neurons[0].weights.map((_, i) => make("th", "", from(i))));
    const rows = layer.neurons.map((n, j) => {
      const row = make("tr", "");
      row.append(make("th", "", String(j + 1)), make("td", "", pair(n.bias, n.bias_grad)),
        ...n.weights.map((w, i) => make("td", "", pair(w, n.grads[i]))));
      return row;
    });
    const [thead, tbody] = [make("thead", ""), make("tbody", "")];
    thead.append(head);
    tbody.append(...rows);
    table.append(thead, tbody);
    return table;
  });
}

const pair = (value, grad) => `${short(value)} (${short(grad)})`;

/**
 * Mount a network diagram rendered by site_src/fences/network.py: draw it from the page's JSON.
 * @param {HTMLElement} figure
 */
export function mount(figure) {
  draw(figure, readJson(figure.querySelector(".ember-network__data")));
}

/**
 * The diagram a cell's hx.show_network draws into: the one named target, else the nearest one
 * above the cell, else one made under the cell.
 * @param {HTMLElement} cell
 * @param {string|null} target
 * @returns {{figure: HTMLElement, note?: string}} note says why target was not used
 */
export function networkFor(cell, target) {
  return drawingFor(cell, target, "ember-network", "hx.show_network", () => {
    const own = make("figure", "ember-network");
    own.id = `cell-${cell.dataset.cell}-network`;
    own.append(...parts());
    return own;
  });
}

/** The parts of a diagram that js/ fills in: as site_src/fences/network.py writes them. */
function parts() {
  const words = make("p", "ember-network__words");
  words.setAttribute("aria-live", "polite");
  const details = make("details", "ember-network__table");
  details.append(make("summary", "", "The network as a table"));
  return [make("p", "ember-network__step"), make("div", "ember-network__canvas"), words, details];
}
