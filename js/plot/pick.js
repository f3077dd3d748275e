// Picking a point of a plot's plane, for a network diagram that runs it forward (js/network.js):
// a click or a tap picks the point under it; on the keyboard the plot is one Tab stop, the arrows
// move a cross over the plane and Enter or Space picks the point under the cross. The picked point
// stays marked on the plot, through its redraws.

import { svg } from "../dom.js";
import { planeOf } from "../plot.js";

const STEPS = 24; // the arrows move the cross by a 24th of each axis
const picks = new WeakMap(); // figure → {point, cross}: the picked point, and the cross's

/**
 * Let the learner pick points of figure's plane.
 * @param {HTMLElement} figure a .ember-plot element
 * @param {string} label what picking does, as the plot's accessible name while it is focused
 * @param {(point: [number, number]) => void} onPick
 */
export function pickable(figure, label, onPick) {
  if (picks.has(figure)) return;
  const state = { point: null, cross: null };
  picks.set(figure, state);
  const canvas = figure.querySelector(".ember-plot__canvas");
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application"); // its own keys; a button's name would have to hold the plot's text
  canvas.setAttribute("aria-label", label);
  canvas.classList.add("ember-plot__canvas--pickable");
  const pick = (point) => {
    state.point = point;
    mark(figure);
    onPick(point);
  };
  canvas.addEventListener("click", (event) => {
    const point = toData(planeOf(figure), event.clientX, event.clientY);
    if (point) pick(point);
  });
  canvas.addEventListener("keydown", (event) => {
    const plane = planeOf(figure);
    if (!plane) return;
    state.cross ??= state.point ?? [middle(plane.x), middle(plane.y)];
    if (event.key === "Enter" || event.key === " ") pick(state.cross);
    else if (!moveCross(plane, state, event.key)) return;
    mark(figure);
    event.preventDefault();
  });
  canvas.addEventListener("focusout", () => {
    state.cross = null;
    mark(figure);
  });
  figure.addEventListener("ember:drawn", () => mark(figure));
}

const middle = ([low, high]) => (low + high) / 2;

/** Move the cross for an arrow key, within the plane; false for another key. */
function moveCross(plane, state, key) {
  const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[key] ?? [];
  if (dx === undefined) return false;
  const step = ([low, high], d, at) => Math.min(high, Math.max(low, at + (d * (high - low)) / STEPS));
  state.cross = [step(plane.x, dx, state.cross[0]), step(plane.y, dy, state.cross[1])];
  return true;
}

/** The point of the plane under a pixel of the page, or null outside the axes. */
export function toData(plane, clientX, clientY) {
  if (!plane) return null;
  const box = plane.svg.getBoundingClientRect();
  const [width, height] = [plane.svg.viewBox.baseVal.width, plane.svg.viewBox.baseVal.height];
  const invert = ([low, high, from, to], pixel) => low + ((pixel - from) / (to - from)) * (high - low);
  const x = invert(plane.x, ((clientX - box.left) * width) / box.width);
  const y = invert(plane.y, ((clientY - box.top) * height) / box.height);
  const inside = ([low, high], v) => v >= low && v <= high;
  return inside(plane.x, x) && inside(plane.y, y) ? [x, y] : null;
}

/** Draw the picked point and the cross, where there are, on the plot as it is drawn now. */
function mark(figure) {
  const plane = planeOf(figure);
  if (!plane) return;
  plane.svg.querySelector(".ember-plot__picks")?.remove();
  const { point, cross } = picks.get(figure);
  const g = svg("g", { class: "ember-plot__picks", "aria-hidden": "true" });
  const at = ([x, y]) => [pixel(plane.x, x), pixel(plane.y, y)];
  if (point) {
    const [px, py] = at(point);
    g.append(svg("circle", { cx: px, cy: py, r: 7, class: "ember-plot__picked" }));
  }
  if (cross) {
    const [px, py] = at(cross);
    g.append(svg("path", { d: `M${px - 10},${py}H${px + 10}M${px},${py - 10}V${py + 10}`, class: "ember-plot__cross" }));
  }
  plane.svg.append(g);
}

const pixel = ([low, high, from, to], v) => from + ((v - low) / (high - low)) * (to - from);
