// Computation graphs: a figure drawn in SVG from the graph JSON of hx.show_graph, each value
// node with its label, data and grad; click or Enter on a node to see where its value came from.
// An explorer figure also lets the reader change its leaves, recomputed here without Python.

import { button, make } from "./dom.js";
import { origin, pyFloat, recompute, toNumber, valueLines } from "./graph/values.js";
import "./graph.css";

const SVG = "http://www.w3.org/2000/svg";

let layoutWorker = null;
let nextLayout = 1;
const layouts = new Map(); // id → resolve

/** Lay out a graph in the layout worker, started on first use. */
function layoutOffThePage(graph) {
  if (!layoutWorker) {
    layoutWorker = new Worker(new URL("./layout-worker.js", import.meta.url), { type: "module" });
    layoutWorker.onmessage = ({ data }) => {
      layouts.get(data.id)(data);
      layouts.delete(data.id);
    };
  }
  const id = nextLayout++;
  return new Promise((resolve, reject) => {
    layouts.set(id, (data) => (data.error ? reject(new Error(data.error)) : resolve(data.placed)));
    layoutWorker.postMessage({ id, graph });
  });
}

function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

const PAD = 4; // pixels around the graph
const READABLE = 0.4; // the least zoom at which value nodes get their text

/** A value node: its box, focusable, named for screen readers; its text comes with fill(), and
 * then names it instead. */
function valueNode(node, item, changed) {
  const g = svg("g", { transform: `translate(${item.x - item.width / 2},${item.y - item.height / 2})` });
  g.setAttribute("class", ["ember-graph__value", node.op ? "" : "ember-graph__value--leaf",
    changed.has(node.id) ? "ember-graph__value--changed" : ""].join(" ").trim());
  g.setAttribute("tabindex", "0");
  g.setAttribute("role", "button");
  g.setAttribute("aria-label", valueLines(node).join(" ")); // until its text is drawn
  g.dataset.node = node.id;
  g.append(svg("rect", { width: item.width, height: item.height, rx: 5 }));
  return g;
}

/** The three lines of text inside a value node. */
function valueText(node) {
  return valueLines(node).map((line, index) => {
    const text = svg("text", { x: 8, y: 17 + index * 16, class: index === 0 ? "ember-graph__label" : "" });
    text.textContent = line;
    return text;
  });
}

/** An operation node: a circle with the op's symbol. */
function opNode(node, item) {
  const g = svg("g", { transform: `translate(${item.x - item.width / 2},${item.y - item.height / 2})`, class: "ember-graph__op" });
  g.append(svg("circle", { cx: item.width / 2, cy: item.height / 2, r: item.width / 2 }));
  const text = svg("text", { x: item.width / 2, y: item.height / 2, "dominant-baseline": "central", "text-anchor": "middle" });
  text.textContent = node.op;
  g.append(text);
  return g;
}

/**
 * What of the graph the canvas shows: the region in the graph's own pixels, with half a canvas
 * more on each side, and the zoom. All of it at zoom 1 when the canvas is not laid out.
 * @returns {{region: [number, number, number, number], scale: number}} region: left, top, right, bottom
 */
function shownRegion(canvas, root, width) {
  const box = root.getBoundingClientRect();
  const view = canvas.getBoundingClientRect();
  if (!box.width || !view.width) return { region: [-Infinity, -Infinity, Infinity, Infinity], scale: 1 };
  const scale = box.width / width;
  const [mx, my] = [view.width / 2, view.height / 2];
  return {
    region: [(view.left - mx - box.left) / scale - PAD, (view.top - my - box.top) / scale - PAD,
      (view.right + mx - box.left) / scale - PAD, (view.bottom + my - box.top) / scale - PAD],
    scale,
  };
}

const fills = new WeakMap(); // canvas → fill() of the graph it shows

/** Fill in what scrolls or resizes into a canvas's view, once a frame at most. */
function followView(canvas) {
  let queued = false;
  const update = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      fills.get(canvas)();
    });
  };
  canvas.addEventListener("scroll", update, { passive: true });
  new ResizeObserver(update).observe(canvas);
}

/**
 * Draw graph into figure, replacing what was there. Every value node gets its box at once, so
 * that each is reachable with Tab; text, operations and edges are added as they scroll into
 * view (text only at a readable zoom), which keeps a graph of thousands of Values quick to show.
 * @param {HTMLElement} figure the .ember-figure element
 * @param {{nodes: object[], edges: [number, number][]}} graph
 * @param {Set<number>} [changed] ids of the values to mark as changed
 */
export async function draw(figure, graph, changed = new Set()) {
  const canvas = figure.querySelector(".ember-figure__canvas");
  const panel = figure.querySelector(".ember-figure__panel");
  const token = (figure.drawing = (figure.drawing ?? 0) + 1);
  const start = performance.now();
  const placed = await layoutOffThePage(graph);
  if (token !== figure.drawing) return; // a newer graph came while this one was laid out
  performance.measure("ember:layout", { start, detail: graph.nodes.length });
  const [width, height] = [placed.width + 2 * PAD, placed.height + 2 * PAD];
  const root = svg("svg", {
    viewBox: `${-PAD} ${-PAD} ${width} ${height}`, width, height,
    class: "ember-graph", "aria-label": `Computation graph of ${graph.nodes.length} values`,
  });
  root.setAttribute("role", "group");
  const defs = svg("defs");
  const marker = svg("marker", { id: `${figure.id}-arrow`, viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(svg("path", { d: "M0,0L10,5L0,10z", class: "ember-graph__arrowhead" }));
  defs.append(marker);
  const [edgeLayer, opLayer, valueLayer] = [svg("g", { "aria-hidden": "true" }), svg("g", { "aria-hidden": "true" }), svg("g")];
  root.append(defs, edgeLayer, opLayer, valueLayer);
  const elements = new Map();
  for (const item of placed.nodes) {
    if (item.kind !== "value") continue;
    const g = valueNode(graph.nodes[item.id], item, changed);
    valueLayer.append(g);
    elements.set(item.id, g);
  }
  const pending = [...placed.nodes, ...placed.edges];
  const fill = () => {
    const { region: [left, top, right, bottom], scale } = shownRegion(canvas, root, width);
    let kept = 0;
    for (const item of pending) {
      const [x0, y0, x1, y1] = item.box ?? [item.x - item.width / 2, item.y - item.height / 2, item.x + item.width / 2, item.y + item.height / 2];
      const tooSmall = item.kind === "value" && scale < READABLE; // text too small to read waits
      if (tooSmall || x1 < left || x0 > right || y1 < top || y0 > bottom) {
        pending[kept++] = item;
      } else if (item.path) {
        edgeLayer.append(svg("path", { d: item.path, class: "ember-graph__edge", "marker-end": `url(#${figure.id}-arrow)` }));
      } else if (item.kind === "op") {
        opLayer.append(opNode(graph.nodes[item.id], item));
      } else {
        const g = elements.get(item.id);
        g.append(...valueText(graph.nodes[item.id]));
        g.removeAttribute("aria-label");
      }
    }
    pending.length = kept;
  };
  const open = (event) => {
    const g = event.target.closest?.(".ember-graph__value");
    if (!g || (event.type === "keydown" && event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    showOrigin(graph, graph.nodes[g.dataset.node], panel, elements);
  };
  root.addEventListener("click", open);
  root.addEventListener("keydown", open);
  canvas.replaceChildren(root);
  panel.hidden = true;
  figure.dataset.drawn = "";
  // A graph larger than its canvas opens on the Value it shows: the last, at the right.
  const shown = placed.nodes.find((item) => item.key === `v${graph.nodes.length - 1}`);
  canvas.scrollLeft = canvas.scrollWidth;
  canvas.scrollTop = shown ? shown.y - canvas.clientHeight / 2 : 0;
  if (!fills.has(canvas)) followView(canvas);
  fills.set(canvas, fill);
  fill();
  tabulate(figure, graph);
  zoomControls(figure, root, width, height);
  // User Timing for DevTools and make bench: from the graph's arrival to the frame that shows it.
  requestAnimationFrame(() => setTimeout(() => performance.measure("ember:draw", { start, detail: graph.nodes.length })));
}

/** Keep the figure's table, the graph for readers without the drawing, in step with it. */
function tabulate(figure, graph) {
  const details = figure.querySelector(".ember-figure__table");
  if (!details) return;
  const fill = () => {
    const rows = graph.nodes.map((node) => {
      const parents = origin(graph, node).parents.map((parent) => parent.label).join(", ");
      const row = make("tr", "");
      row.append(...[node.label, node.op || "input", parents || "–", pyFloat(node.data), pyFloat(node.grad)]
        .map((text) => make("td", "", text)));
      return row;
    });
    details.querySelector("tbody").replaceChildren(...rows);
  };
  details.ontoggle = () => details.open && fill(); // built when read: a large graph has many rows
  if (details.open) fill();
}

/**
 * For a graph wider than its figure: buttons to zoom in, out and to fit, and dragging to pan.
 * The canvas scrolls, so the keyboard pans too once a node inside has the focus.
 */
function zoomControls(figure, root, width, height) {
  const canvas = figure.querySelector(".ember-figure__canvas");
  figure.querySelector(".ember-figure__zoom")?.remove();
  if (width <= canvas.clientWidth) return;
  let scale = 1;
  const apply = (next) => {
    scale = Math.min(2, Math.max(canvas.clientWidth / width, next));
    root.setAttribute("width", width * scale);
    root.setAttribute("height", height * scale);
    fills.get(canvas)();
  };
  const bar = make("div", "ember-figure__zoom");
  const controls = [["Zoom in", () => apply(scale * 1.25)], ["Zoom out", () => apply(scale / 1.25)],
    ["Fit", () => apply(0)]];
  for (const [label, action] of controls) {
    const control = button(label, "ember-figure__zoom-button");
    control.addEventListener("click", action);
    bar.append(control);
  }
  canvas.before(bar);
  if ("pannable" in canvas.dataset) return;
  canvas.dataset.pannable = "";
  let drag = null;
  canvas.addEventListener("pointerdown", (event) => {
    if (event.target.closest(".ember-graph__value")) return;
    drag = { x: event.clientX, y: event.clientY, left: canvas.scrollLeft, top: canvas.scrollTop };
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!drag) return;
    canvas.scrollLeft = drag.left - (event.clientX - drag.x);
    canvas.scrollTop = drag.top - (event.clientY - drag.y);
  });
  canvas.addEventListener("pointerup", () => (drag = null));
}

/** Open the panel that says where node's value came from, with its parents to jump to. */
function showOrigin(graph, node, panel, elements) {
  const { text, parents } = origin(graph, node);
  const line = make("p", "ember-figure__origin", text);
  const jumps = make("p", "ember-figure__parents");
  if (parents.length) {
    jumps.append(make("span", "", "Parents: "));
    for (const parent of new Set(parents)) {
      const jump = button(parent.label, "ember-figure__parent");
      jump.addEventListener("click", () => {
        elements.get(parent.id).focus();
        showOrigin(graph, parent, panel, elements);
      });
      jumps.append(jump);
    }
  }
  const close = button("Close", "ember-figure__close");
  close.addEventListener("click", () => {
    panel.hidden = true;
    elements.get(node.id).focus();
  });
  panel.replaceChildren(line, jumps, close);
  panel.hidden = false;
  for (const [id, el] of elements) el.classList.toggle("ember-graph__value--open", id === node.id);
}

/**
 * Mount a figure rendered by site_src/fences/figure.py: draw its graph from the page's JSON.
 * @param {HTMLElement} figure
 */
export function mount(figure) {
  show(figure, JSON.parse(figure.querySelector(".ember-figure__data").textContent));
}

/**
 * The figure a cell's hx.show_graph draws into: the one named target, else the nearest figure
 * above the cell, else one made under the cell.
 * @param {HTMLElement} cell
 * @param {string|null} target
 * @returns {{figure: HTMLElement, note?: string}} note says why target was not used
 */
export function figureFor(cell, target) {
  let note;
  if (target) {
    const named = document.getElementById(target);
    if (named?.classList.contains("ember-figure")) return { figure: named };
    note = `hx.show_graph: no figure with id ${JSON.stringify(target)} on this page; drawn in the nearest one instead.`;
  }
  const figures = [...document.querySelectorAll(".ember-figure")].filter(
    (f) => f.compareDocumentPosition(cell) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  if (figures.length) return { figure: figures.at(-1), note };
  let own = cell.querySelector(".ember-figure");
  if (!own) {
    own = make("figure", "ember-figure");
    own.id = `cell-${cell.dataset.cell}-figure`;
    const panel = make("div", "ember-figure__panel");
    panel.setAttribute("aria-live", "polite");
    panel.hidden = true;
    own.append(make("div", "ember-figure__canvas"), panel);
    cell.append(own);
  }
  return { figure: own, note };
}

/**
 * An explorer: the figure with an input for each leaf; changing one redraws the graph with
 * every value downstream recomputed in JavaScript, and marks what changed. No Python runs.
 * @param {HTMLElement} figure a figure with data-explore
 * @param {object} graph
 */
function explore(figure, graph) {
  figure.querySelector(".ember-figure__leaves")?.remove();
  figure.querySelector(".ember-figure__changed")?.remove();
  const form = make("form", "ember-figure__leaves");
  form.setAttribute("aria-label", "Leaf values");
  const changed = make("p", "ember-figure__changed");
  changed.setAttribute("role", "status");
  const leaves = {};
  const byLabel = (a, b) => a.label.localeCompare(b.label, undefined, { numeric: true });
  for (const node of graph.nodes.filter((n) => !n.op).sort(byLabel)) {
    const label = make("label", "ember-figure__leaf", `${node.label} = `);
    const input = make("input", "");
    Object.assign(input, { type: "text", inputMode: "decimal", value: pyFloat(node.data), spellcheck: false });
    label.append(input);
    input.addEventListener("input", async () => {
      const value = toNumber(input.value.trim().toLowerCase());
      if (input.value.trim() === "" || (Number.isNaN(value) && input.value.trim().toLowerCase() !== "nan")) {
        changed.textContent = `${node.label} needs a number, such as 2.5, -1e3 or inf.`;
        return;
      }
      leaves[node.id] = value;
      const { graph: next, error } = recompute(graph, leaves);
      if (error) {
        changed.textContent = error;
        return;
      }
      const moved = next.nodes.filter((n, i) => pyFloat(n.data) !== pyFloat(graph.nodes[i].data));
      await draw(figure, next, new Set(moved.map((n) => n.id)));
      changed.textContent = moved.length ? `Changed: ${moved.map((n) => `${n.label} = ${pyFloat(n.data)}`).join(", ")}.` : "Nothing changed.";
    });
    form.append(label);
  }
  form.addEventListener("submit", (event) => event.preventDefault());
  figure.querySelector(".ember-figure__canvas").before(form, changed);
}

/**
 * Show a graph in a figure: an explorer figure gets inputs for the new graph's leaves.
 * @param {HTMLElement} figure
 * @param {object} graph
 */
export function show(figure, graph) {
  if ("explore" in figure.dataset) explore(figure, graph);
  return draw(figure, graph);
}
