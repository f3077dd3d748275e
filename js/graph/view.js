// A drawn graph in its figure's canvas: the region in view filled in as it scrolls, zoom that
// keeps the centre of the view, panning by dragging, and the keyboard. One value node at a time
// is in the Tab order; left and right arrows move to a parent and a child, up and down to the
// value before and after in reading order (by columns, left to right), Home and End to the first
// and last; Escape closes the panel.

import { button, make } from "../dom.js";
import { PAD } from "./svg.js";

const views = new WeakMap(); // canvas → the view it shows now
const FIT_FROM = 0.55; // the least zoom at which a graph opens shrunk to fit
const LEAST_TEXT = 12; // pixels: in a canvas as narrow as a phone's, a graph opens with its text this large
const PHONE = 600; // pixels: a canvas narrower than this is a phone's
const OPEN_AT_LEAVES = 1.5; // views: a graph too large to fit, but no wider than this, opens at its leaves

/**
 * The region of the graph in view, in its own pixels, with half a canvas more on each side, and
 * the zoom; null when the canvas is not laid out (a hidden figure).
 */
function inView(canvas, root, width) {
  const box = root.getBoundingClientRect();
  const view = canvas.getBoundingClientRect();
  if (!box.width || !view.width) return null;
  const scale = box.width / width;
  const [mx, my] = [view.width / 2, view.height / 2];
  return {
    region: [(view.left - mx - box.left) / scale - PAD, (view.top - my - box.top) / scale - PAD,
      (view.right + mx - box.left) / scale - PAD, (view.bottom + my - box.top) / scale - PAD],
    scale,
  };
}

/** The canvas's listeners, once per canvas: they act on whichever view it shows. */
function listen(canvas) {
  let queued = false;
  const update = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      views.get(canvas)?.update();
    });
  };
  canvas.addEventListener("scroll", update, { passive: true });
  new ResizeObserver(update).observe(canvas);
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

/**
 * Show drawn (graph/svg.js) in figure's canvas, opened on the Value the graph is of: the last.
 * @param {HTMLElement} figure
 * @param {ReturnType<import("./svg.js").graphSvg>} drawn
 * @param {{nodes: object[], edges: [number, number][]}} graph
 * @param {{nodes: object[]}} placed
 * @param {{open: (id: number) => void, close: () => void}} actions what Enter, a click and
 *   Escape do
 * @param {number} [openOn] the id of the value a graph too large to fit opens on; by default
 *   the last, the Value the graph is of, at the right, or the leaves of a graph a little too large
 * @returns {{focus: (id: number) => void, reveal: (id: number) => void}} move the focus to a
 *   value node, and scroll one into view
 */
export function showGraph(figure, drawn, graph, placed, actions, openOn) {
  const canvas = figure.querySelector(".ember-figure__canvas");
  const items = new Map(placed.nodes.filter((item) => item.kind === "value").map((item) => [item.id, item]));
  const { controls, reveal } = zoomView(figure, canvas, drawn, items, openOn, graph.nodes.length - 1);
  const focus = navigation(drawn, graph, items, actions);
  const keys = make("p", "ember-figure__keys", "Tab reaches the graph; the arrow keys move along it, and Enter says where a value came from.");
  keys.id = `${figure.id}-keys`;
  canvas.replaceChildren(drawn.root, keys);
  if (!views.has(canvas)) listen(canvas);
  views.set(canvas, controls);
  // In the next frame, when the page is laid out anyway: measuring now would make the browser lay
  // out a page whose other parts are still being mounted.
  requestAnimationFrame(controls.update);
  return { focus, reveal };
}

/**
 * The drawing's zoom and scroll in its canvas: the region in view filled in, and the first view
 * shrunk to fit, or put on the value openOn, by default on the value last or the leaves.
 * @returns {{controls: {update, in, out, fit}, reveal: (id: number) => void}} what the canvas's
 *   listeners and zoom buttons call, and what scrolls a value node into view, drawn yet or not
 */
function zoomView(figure, canvas, { root, width, height, fill }, items, openOn, last) {
  let scale = 1;
  let opened = false; // whether the first view has been chosen, which needs a laid-out canvas
  const bar = zoomBar(figure, canvas);
  const update = () => {
    const seen = inView(canvas, root, width);
    if (!seen) return;
    if (!opened) {
      opened = true;
      // A graph a little too large is shrunk to fit, while its text stays readable (on a phone,
      // 12 px: Fit shrinks it further); a larger one opens on openOn, by default the Value it is
      // of, at the right; but one no wider than OPEN_AT_LEAVES views opens at its leaves, at the
      // left, where it starts, its last Value a swipe away: opened on that Value, it hid the
      // leaves, which a lesson's explorer asks the learner to change (lesson 07, on a phone).
      const fit = Math.min(1, canvas.clientWidth / width, canvas.clientHeight / height);
      const least = canvas.clientWidth < PHONE ? LEAST_TEXT / parseFloat(getComputedStyle(root).fontSize) : FIT_FROM;
      if (fit >= least) return zoom(fit);
      const start = items.get(openOn ?? last);
      const narrow = openOn === undefined && width <= OPEN_AT_LEAVES * canvas.clientWidth;
      canvas.scrollLeft = narrow ? 0 : start ? (start.x + PAD) * scale - canvas.clientWidth / 2 : canvas.scrollWidth;
      canvas.scrollTop = start ? (start.y + PAD) * scale - canvas.clientHeight / 2 : 0;
      return update();
    }
    bar.hidden = scale === 1 && width <= canvas.clientWidth && height <= canvas.clientHeight;
    fill(seen.region, seen.scale);
  };
  const zoom = (next) => {
    const fit = Math.min(1, canvas.clientWidth / width, canvas.clientHeight / height);
    const view = canvas.getBoundingClientRect();
    const box = root.getBoundingClientRect();
    const centre = [(view.left + view.width / 2 - box.left) / scale, (view.top + view.height / 2 - box.top) / scale];
    scale = Math.min(2, Math.max(fit, next));
    root.setAttribute("width", width * scale);
    root.setAttribute("height", height * scale);
    const moved = root.getBoundingClientRect();
    canvas.scrollLeft += moved.left + centre[0] * scale - (view.left + view.width / 2);
    canvas.scrollTop += moved.top + centre[1] * scale - (view.top + view.height / 2);
    update();
  };
  const reveal = (id) => {
    const item = items.get(id);
    if (!item) return;
    const [x, y] = [(item.x + PAD) * scale, (item.y + PAD) * scale];
    if (x < canvas.scrollLeft || x > canvas.scrollLeft + canvas.clientWidth) canvas.scrollLeft = x - canvas.clientWidth / 2;
    if (y < canvas.scrollTop || y > canvas.scrollTop + canvas.clientHeight) canvas.scrollTop = y - canvas.clientHeight / 2;
  };
  const controls = { update, in: () => zoom(scale * 1.25), out: () => zoom(scale / 1.25), fit: () => zoom(0) };
  return { controls, reveal };
}

/**
 * The keyboard and the mouse on the drawing's value nodes: one of them in the Tab order, the
 * arrows, Home and End move (module comment), Enter, Space and a click open the panel, Escape
 * closes it.
 * @returns {(id: number) => void} what moves the focus to a value node
 */
function navigation({ root, values }, graph, items, { open, close }) {
  let current = values.get(graph.nodes.length - 1) ?? values.values().next().value;
  current?.setAttribute("tabindex", "0");
  const focus = (id) => values.get(id)?.focus();
  root.addEventListener("focusin", (event) => {
    const g = event.target.closest?.(".ember-graph__value");
    if (!g || g === current) return;
    current?.setAttribute("tabindex", "-1");
    current = g; // Tab comes back to the value that had the focus last
    current.setAttribute("tabindex", "0");
  });
  const step = arrowMoves(graph, items);
  root.addEventListener("click", (event) => {
    const g = event.target.closest?.(".ember-graph__value");
    if (!g) return;
    focus(Number(g.dataset.node));
    open(Number(g.dataset.node));
  });
  root.addEventListener("keydown", (event) => {
    const g = event.target.closest?.(".ember-graph__value");
    if (!g) return;
    const id = Number(g.dataset.node);
    if (event.key === "Enter" || event.key === " ") open(id);
    else if (event.key === "Escape") close();
    else {
      const next = step(id, event.key);
      if (next === undefined) return;
      focus(next);
    }
    event.preventDefault();
  });
  return focus;
}

/** Where a key moves from a value: (id, key) → the next value's id, or undefined. */
function arrowMoves(graph, items) {
  // Reading order: column by column from the left, each from the top.
  const reading = [...items.values()].sort((a, b) => Math.round(a.x) - Math.round(b.x) || a.y - b.y).map((item) => item.id);
  return (id, key) => {
    const here = items.get(id);
    const linked = (end) => graph.edges.filter((edge) => edge[1 - end] === id).map((edge) => items.get(edge[end]));
    const nearest = (list) => list.sort((a, b) => Math.abs(a.y - here.y) - Math.abs(b.y - here.y))[0]?.id;
    const index = reading.indexOf(id);
    return {
      ArrowLeft: () => nearest(linked(0)), ArrowRight: () => nearest(linked(1)),
      ArrowUp: () => reading[index - 1], ArrowDown: () => reading[index + 1],
      Home: () => reading[0], End: () => reading.at(-1),
    }[key]?.();
  };
}

/** The figure's zoom buttons, made once and hidden while the graph fits. */
function zoomBar(figure, canvas) {
  let bar = figure.querySelector(".ember-figure__zoom:not([data-waiting])");
  if (bar) return bar;
  bar = make("div", "ember-figure__zoom");
  for (const [label, action] of [["Zoom in", "in"], ["Zoom out", "out"], ["Fit", "fit"]]) {
    const control = button(label, "ember-figure__zoom-button");
    control.addEventListener("click", () => views.get(canvas)?.[action]());
    bar.append(control);
  }
  bar.hidden = true;
  const waiting = figure.querySelector(".ember-figure__zoom[data-waiting]"); // the build's, in its place
  if (waiting) waiting.replaceWith(bar);
  else canvas.before(bar);
  return bar;
}
