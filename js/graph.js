// Computation graphs: a figure drawn in SVG from the graph JSON of hx.show_graph, each value
// node with its label, data and grad; click or Enter on a node to see where its value came from.
// An explorer figure also lets the reader change its leaves, recomputed here without Python, and
// every figure can replay its backward pass a step at a time.

import { button, drawingFor, make, readJson, whenOpen } from "./dom.js";
import { place } from "./graph/placer.js";
import { graphSvg } from "./graph/svg.js";
import { origin, parseFloatLikePython, pyFloat, recompute } from "./graph/values.js";
import { mountStepper } from "./graph/stepper.js";
import { showGraph } from "./graph/view.js";

const drawing = new WeakMap(); // figure → {next}: the newest graph waiting while one is laid out

/**
 * Draw graph into figure, replacing what was there. A figure lays out one graph at a time: a
 * graph that comes meanwhile waits, and replaces any that was already waiting.
 * @param {HTMLElement} figure the .ember-figure element
 * @param {{nodes: object[], edges: [number, number][]}} graph
 * @param {Set<number>} [changed] ids of the values to mark as changed
 * @param {number} [openOn] the id of the value that a graph too large to fit opens on, such as
 *   a check's marked wrong grad; by default the Value the graph is of
 * @returns {Promise<void>} once this graph, or a newer one, is drawn
 */
export function draw(figure, graph, changed = new Set(), openOn = undefined) {
  figure.dataset.mounted = ""; // drawn: the page's own graph is not drawn over it later (js/slices.js)
  const busy = drawing.get(figure);
  if (busy) {
    busy.next?.resolve();
    return new Promise((resolve) => (busy.next = { graph, changed, openOn, resolve }));
  }
  const state = { next: null };
  drawing.set(figure, state);
  return (async () => {
    try {
      let job = { graph, changed, openOn };
      while (job) {
        await drawNow(figure, job.graph, job.changed, job.openOn);
        job.resolve?.();
        job = state.next;
        state.next = null;
      }
    } finally {
      state.next?.resolve();
      drawing.delete(figure);
    }
  })();
}

/** Lay out and draw one graph; a layout that fails says so in the figure. */
async function drawNow(figure, shown, changed, openOn) {
  const canvas = figure.querySelector(".ember-figure__canvas");
  const panel = figure.querySelector(".ember-figure__panel");
  const graph = structuredClone(shown); // the drawing's own: stepping changes its grads
  const start = performance.now();
  tabulate(figure, graph); // also when the drawing fails
  let placed;
  try {
    placed = await place(graph);
  } catch (error) {
    canvas.replaceChildren(make("p", "ember-figure__error", `This graph could not be laid out: ${error.message}`));
    figure.querySelectorAll(".ember-figure__backward, [data-waiting]").forEach((bar) => bar.remove());
    return;
  }
  performance.measure("ember:layout", { start, detail: graph.nodes.length });
  const drawn = graphSvg(figure.id, graph, placed, changed);
  const { focus, reveal } = showGraph(figure, drawn, graph, placed, {
    open: (id) => showOrigin(graph, graph.nodes[id], panel, drawn.values, focus),
    close: () => (panel.hidden = true),
  }, openOn);
  panel.hidden = true;
  figure.dataset.drawn = "";
  mountStepper(figure, graph, drawn, { changed: () => tabulate(figure, graph), reveal });
  // User Timing for DevTools and make bench: from the graph's arrival to the frame that shows it.
  requestAnimationFrame(() => setTimeout(() => performance.measure("ember:draw", { start, detail: graph.nodes.length })));
}

/** Keep the figure's table, the graph for readers without the drawing, in step with it; it is
 * built when opened, as a large graph has many rows (the build's own is in <noscript>). */
function tabulate(figure, graph) {
  const details = figure.querySelector(".ember-figure__table");
  if (details) whenOpen(details, () => [graphTable(graph)]);
}

/** The table of graph's values: node, op, parents, value, grad. */
function graphTable(graph) {
  const table = document.createElement("table"); // with no class, it has Material's look
  const head = make("tr", "");
  head.append(...["node", "op", "parents", "value", "grad"].map((text) => make("th", "", text)));
  const rows = graph.nodes.map((node) => {
    const parents = origin(graph, node).parents.map((parent) => parent.label).join(", ");
    const row = make("tr", "");
    row.append(...[node.label, node.op || "input", parents || "–", pyFloat(node.data), pyFloat(node.grad)]
      .map((text) => make("td", "", text)));
    return row;
  });
  table.append(make("thead", ""), make("tbody", ""));
  table.tHead.append(head);
  table.tBodies[0].append(...rows);
  return table;
}

/** Open the panel that says where node's value came from, with its parents to jump to. */
function showOrigin(graph, node, panel, elements, focus) {
  const { text, parents } = origin(graph, node);
  const line = make("p", "ember-figure__origin", text);
  const jumps = make("p", "ember-figure__parents");
  if (parents.length) {
    jumps.append(make("span", "", "Parents: "));
    for (const parent of new Set(parents)) {
      const jump = button(parent.label, "ember-figure__parent");
      jump.addEventListener("click", () => {
        focus(parent.id);
        showOrigin(graph, parent, panel, elements, focus);
      });
      jumps.append(jump);
    }
  }
  const close = button("Close", "ember-figure__close");
  close.addEventListener("click", () => {
    panel.hidden = true;
    focus(node.id);
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
  show(figure, readJson(figure.querySelector(".ember-figure__data")));
}

/**
 * The figure a cell's hx.show_graph draws into: the one named target, else the nearest figure
 * above the cell, else one made under the cell.
 * @param {HTMLElement} cell
 * @param {string|null} target
 * @returns {{figure: HTMLElement, note?: string}} note says why target was not used
 */
export function figureFor(cell, target) {
  return drawingFor(cell, target, "ember-figure", "hx.show_graph", () => makeFigure(`cell-${cell.dataset.cell}-figure`));
}

/**
 * An empty figure for a graph that the page did not build: one a cell or a check shows.
 * @param {string} id the figure's id, unique on the page
 * @returns {HTMLElement}
 */
export function makeFigure(id) {
  const figure = make("figure", "ember-figure");
  figure.id = id;
  const panel = make("div", "ember-figure__panel");
  panel.setAttribute("aria-live", "polite");
  panel.hidden = true;
  figure.append(make("div", "ember-figure__canvas"), panel);
  return figure;
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
    // Not inputMode "decimal": some phones' decimal keypads have no minus sign.
    Object.assign(input, { type: "text", value: pyFloat(node.data), spellcheck: false, autocomplete: "off" });
    label.append(input);
    input.addEventListener("input", async () => {
      const value = parseFloatLikePython(input.value);
      if (value === null) {
        changed.textContent = `${node.label} needs a number as Python writes it, such as 2.5, -1e3 or inf.`;
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
 * @param {Set<number>} [marked] ids of the values to mark (hx.show_graph's marked)
 */
export function show(figure, graph, marked = new Set()) {
  if ("explore" in figure.dataset) explore(figure, graph);
  return draw(figure, graph, marked);
}
