// Plots: the lines, points and shaded cells of hx.show_plot drawn in SVG, with axes, a legend
// and a table for readers without the drawing. Each line or points series has a colour and a
// dash or marker of its own, so that it is told apart without colour too. Cells series are
// coloured in an order of their own (hx.cells), and drawn under the rest. A marks series
// (hx.marks) is a dotted vertical line at each of its x, its text beside it.

import { drawingFor, make, readJson, redrawWhenResized, svg, whenOpen } from "./dom.js";
import { pyFloat } from "./graph/values.js";
import { ALONE, MANY, markerPath, thinLine, thinPoints } from "./plot/thin.js";
import { extent, ticks, tickText } from "./plot/ticks.js";
import LIMITS from "../site_src/limits.json" with { type: "json" };

const [NARROWEST, WIDEST] = [280, 800]; // pixels: the drawing is as wide as its canvas, within these
const DOCKED_ROOM = 8; // rem of the view's height that a docked plot leaves to the header, its heading and legend
const MARGIN = { left: 58, right: 14, top: 12, bottom: 46 };
const INSIDE = 0.04; // of the range, between the data and each axis
const DASHES = ["", "7 4", "2 4", "10 4 2 4"];
const MARKERS = ["circle", "square", "triangle", "diamond"];
const TABLE_ROWS = LIMITS.plot_table_rows; // site_src/limits.json, as site_src/fences/plot.py
const sizes = new WeakMap(); // canvas → the plot it shows, and the width it was drawn at
const planes = new WeakMap(); // a plot's SVG → where its axes put x and y (planeOf)

/** A point's marker, as SVG, centred on (x, y). */
function marker(kind, x, y) {
  const r = 4;
  if (kind === "circle") return svg("circle", { cx: x, cy: y, r });
  if (kind === "square") return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r });
  const corners = kind === "triangle" ? [[0, -r - 1], [r + 1, r], [-r - 1, r]] : [[0, -r - 1], [r + 1, 0], [0, r + 1], [-r - 1, 0]];
  return svg("polygon", { points: corners.map(([dx, dy]) => `${x + dx},${y + dy}`).join(" ") });
}

/**
 * The lowest and highest x and y a plot's axes must reach, in one pass and no copy: a plot at hx's
 * limits has 240,000 of them. A cell reaches half its size either side of its centre.
 * @param {object} plot as draw takes it
 * @returns {{x: [number, number], y: [number, number]}} [Infinity, -Infinity] for an axis with no data
 */
export function rangeOf(plot) {
  const reach = (series, axis) => (series.kind === "cells" ? series.size[axis] / 2 : 0);
  const all = (axis) => {
    let [lo, hi] = [Infinity, -Infinity];
    for (const series of plot.series) {
      const half = reach(series, axis);
      for (const point of series.points) {
        if (point[axis] - half < lo) lo = point[axis] - half;
        if (point[axis] + half > hi) hi = point[axis] + half;
      }
      for (const [x] of axis === 0 ? series.marks ?? [] : []) [lo, hi] = [Math.min(lo, x), Math.max(hi, x)];
    }
    return [lo, hi];
  };
  return { x: all(0), y: all(1) };
}

/** The range that holds both ranges (rangeOf); b may be undefined. */
export function widest(a, b) {
  if (!b) return a;
  const both = (axis) => [Math.min(a[axis][0], b[axis][0]), Math.max(a[axis][1], b[axis][1])];
  return { x: both("x"), y: both("y") };
}

/** The plot's SVG, WIDTH pixels wide, so that its text keeps its size on any screen; tabled:
 * whether a table of its numbers is below it; reach: a range (rangeOf) the axes reach at least. */
function plotSvg(plot, WIDTH, tabled, reach) {
  const HEIGHT = Math.round(Math.max(220, WIDTH * 0.5));
  const range = widest(rangeOf(plot), reach);
  const [x0, x1] = extent(range.x);
  const [y0, y1] = extent(range.y);
  // A margin inside the axes, so that no point or line sits on an axis.
  const [left, right] = [x0 - (x1 - x0) * INSIDE, x1 + (x1 - x0) * INSIDE];
  const [bottom, top] = [y0 - (y1 - y0) * INSIDE, y1 + (y1 - y0) * INSIDE];
  const sx = (x) => MARGIN.left + ((x - left) / (right - left)) * (WIDTH - MARGIN.left - MARGIN.right);
  const sy = (y) => HEIGHT - MARGIN.bottom - ((y - bottom) / (top - bottom)) * (HEIGHT - MARGIN.top - MARGIN.bottom);
  const names = plot.series.map((series) => series.name).join(", ");
  const root = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT, class: "ember-plot__svg", role: "img",
    "aria-label": `${plot.title || "Plot"}: ${names}; ${plot.x_label || "x"} from ${tickText(x0)} to ${tickText(x1)}, `
      + `${plot.y_label || "y"} from ${tickText(y0)} to ${tickText(y1)}.${tabled ? " The table below the plot has the numbers." : ""}`,
  });
  planes.set(root, { x: [left, right, MARGIN.left, WIDTH - MARGIN.right], y: [bottom, top, HEIGHT - MARGIN.bottom, MARGIN.top] });
  const axes = svg("g", { class: "ember-plot__axes" });
  for (const t of ticks(left, right)) {
    axes.append(svg("line", { x1: sx(t), x2: sx(t), y1: MARGIN.top, y2: HEIGHT - MARGIN.bottom, class: "ember-plot__grid" }));
    const label = svg("text", { x: sx(t), y: HEIGHT - MARGIN.bottom + 16, "text-anchor": "middle" });
    label.textContent = tickText(t);
    axes.append(label);
  }
  for (const t of ticks(bottom, top)) {
    axes.append(svg("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: sy(t), y2: sy(t), class: "ember-plot__grid" }));
    const label = svg("text", { x: MARGIN.left - 6, y: sy(t), "text-anchor": "end", "dominant-baseline": "central" });
    label.textContent = tickText(t);
    axes.append(label);
  }
  const xTitle = svg("text", { x: (MARGIN.left + WIDTH - MARGIN.right) / 2, y: HEIGHT - 8, "text-anchor": "middle", class: "ember-plot__title" });
  xTitle.textContent = plot.x_label;
  const yTitle = svg("text", { x: 14, y: (MARGIN.top + HEIGHT - MARGIN.bottom) / 2, "text-anchor": "middle",
    transform: `rotate(-90 14 ${(MARGIN.top + HEIGHT - MARGIN.bottom) / 2})`, class: "ember-plot__title" });
  yTitle.textContent = plot.y_label;
  axes.append(xTitle, yTitle);
  root.append(axes);
  const order = styles(plot);
  const drawn = plot.series.map((series, i) => [series, order[i]]);
  for (const [series, index] of [...drawn.filter(([s]) => s.kind === "cells"), ...drawn.filter(([s]) => s.kind !== "cells")]) {
    const one = () => (series.kind === "marks" ? marksSvg(series, index, sx, [MARGIN.top, HEIGHT - MARGIN.bottom]) : seriesSvg(series, index, sx, sy));
    if ((series.points?.length ?? 0) <= ALONE) root.append(one());
    else root.append(later(one)); // a large series in a task of its own, after the page has the rest
  }
  return root;
}

/**
 * A placeholder for what make draws, which takes its place in a task of its own, one such task
 * after another; not once the placeholder has left the page (its plot drawn again, or the page
 * left).
 * @param {() => SVGElement} make
 */
function later(make) {
  const place = svg("g", {});
  slices = slices.then(() => new Promise((resolve) => setTimeout(() => {
    if (place.isConnected) place.replaceWith(make());
    resolve();
  })));
  return place;
}
let slices = Promise.resolve(); // the large series waiting to be drawn, one after another

/** One series, drawn with the style at index, through the scales sx and sy. */
function seriesSvg(series, index, sx, sy) {
  const g = svg("g", { class: `ember-plot__series ember-plot__series--${index % 6}` });
  if (series.kind === "cells") {
    g.classList.add("ember-plot__cells");
    const [w, h] = series.size;
    // One path for the whole series: a page holds one element per region, not one per cell.
    const d = series.points.map(([x, y]) => {
      const [left, top] = [sx(x - w / 2), sy(y + h / 2)];
      return `M${left},${top}H${sx(x + w / 2)}V${sy(y - h / 2)}H${left}Z`;
    });
    if (d.length) g.append(svg("path", { d: d.join("") }));
  } else if (series.kind === "line") {
    const pixels = thinLine(series.points.map(([x, y]) => [sx(x), sy(y)]));
    g.append(svg("polyline", { points: pixels.map(([x, y]) => `${x},${y}`).join(" "),
      "stroke-dasharray": DASHES[index % DASHES.length] }));
  } else if (series.points.length > MANY) { // one path for all: an element a point took seconds
    const kind = MARKERS[index % MARKERS.length];
    const pixels = thinPoints(series.points.map(([x, y]) => [sx(x), sy(y)]));
    g.append(svg("path", { class: "ember-plot__markers", d: pixels.map(([x, y]) => markerPath(kind, x, y)).join("") }));
  } else {
    for (const [x, y] of series.points) g.append(marker(MARKERS[index % MARKERS.length], sx(x), sy(y)));
  }
  return g;
}

const MARK_ROOM = 14; // pixels between two marks' texts, which run upwards beside their lines

/** A marks series: a dotted line at each x, from top to bottom (pixels), its text beside it,
 * written upwards from the bottom. Marks closer than MARK_ROOM share the first one's text. */
function marksSvg(series, index, sx, [top, bottom]) {
  const g = svg("g", { class: `ember-plot__series ember-plot__series--${index % 6} ember-plot__marks` });
  const labels = []; // {at: pixel, texts}
  for (const [x, text] of [...series.marks].sort((a, b) => a[0] - b[0])) {
    g.append(svg("line", { x1: sx(x), x2: sx(x), y1: top, y2: bottom }));
    if (labels.length && sx(x) - labels.at(-1).at < MARK_ROOM) labels.at(-1).texts.push(text);
    else labels.push({ at: sx(x), texts: [text] });
  }
  for (const { at, texts } of labels) {
    const label = svg("text", { x: at - 4, y: bottom - 4, transform: `rotate(-90 ${at - 4} ${bottom - 4})` });
    label.textContent = texts.length > 2 ? `${texts.slice(0, 2).join(", ")} and ${texts.length - 2} more` : texts.join(", ");
    g.append(label);
  }
  return g;
}

/** Each series's place in its order: cells series count among themselves, the rest among
 * themselves, so that the first cells series shares the first line's or points' colour. */
function styles(plot) {
  const seen = { cells: 0, other: 0 };
  return plot.series.map((series) => seen[series.kind === "cells" ? "cells" : "other"]++);
}

/** The legend: each series's name after a sample of its line or marker. */
function legend(plot) {
  const list = make("ul", "ember-plot__legend");
  list.setAttribute("aria-label", "Legend");
  const order = styles(plot);
  plot.series.forEach((series, i) => {
    if (series.kind === "marks" && !series.marks.length) return; // nothing of it is drawn
    const index = order[i];
    const item = make("li", "");
    const sample = svg("svg", { viewBox: "0 0 28 12", width: 28, height: 12, "aria-hidden": "true",
      class: `ember-plot__series ember-plot__series--${index % 6}${series.kind === "cells" ? " ember-plot__cells" : ""}` });
    sample.append(series.kind === "line"
      ? svg("polyline", { points: "1,6 27,6", "stroke-dasharray": DASHES[index % DASHES.length] })
      : series.kind === "cells" ? svg("path", { d: "M4,0H24V12H4Z" })
        : series.kind === "marks" ? svg("line", { x1: 14, x2: 14, y1: 0, y2: 12 })
          : marker(MARKERS[index % MARKERS.length], 14, 6));
    if (series.kind === "marks") sample.classList.add("ember-plot__marks");
    item.append(sample, make("span", "", series.name));
    list.append(item);
  });
  return list;
}

/** x to 6 significant digits, as Python writes that float (site_src/fences/plot.py, rounded). */
function rounded(x) {
  return pyFloat(Number(Number(x).toPrecision(6)));
}

/** One table per series, as the build writes them (site_src/fences/plot.py). */
function tables(plot) {
  return plot.series.filter((series) => series.kind !== "marks" || series.marks.length).map((series) => {
    const marks = series.kind === "marks";
    const rows = marks ? series.marks.map(([x, text]) => [rounded(x), text]) : series.points.map(([x, y]) => [rounded(x), rounded(y)]);
    const every = Math.max(1, Math.ceil(rows.length / TABLE_ROWS));
    const table = make("table", "");
    const caption = make("caption", "", every > 1 ? `${series.name} (one point in ${every}, of ${rows.length})` : series.name);
    const head = make("thead", "");
    const row = make("tr", "");
    row.append(make("th", "", plot.x_label || "x"), make("th", "", marks ? "what changed" : plot.y_label || "y"));
    head.append(row);
    const body = make("tbody", "");
    for (const cells of rows.filter((_, i) => i % every === 0)) {
      const tr = make("tr", "");
      tr.append(...cells.map((text) => make("td", "", text)));
      body.append(tr);
    }
    table.append(caption, head, body);
    return table;
  });
}

/**
 * The widest a plot in canvas may be drawn: in a cell's dock, so wide that the plot, half as high,
 * is watched whole in the view under the site's header, with its heading and legend (in a short
 * view: a phone held sideways, 200 % zoom); shrunk to fit instead, its text was too small to read.
 */
function roomFor(canvas) {
  if (!canvas.closest(".ember-dock")) return Infinity;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return 2 * (innerHeight - DOCKED_ROOM * rem);
}

/**
 * Draw plot into figure, replacing what was there, and bring its table up to date.
 * @param {HTMLElement} figure the .ember-plot element
 * @param {{title: string, x_label: string, y_label: string,
 *   series: {name: string, kind: "line"|"points"|"cells"|"marks", points: [number, number][],
 *     size?: [number, number], marks?: [number, string][]}[]}} plot
 * @param {{axes?: {x: [number, number], y: [number, number]}}} [options] axes: a range the axes
 *   reach at least (rangeOf), as a replay's frames share those of the whole run
 */
export function draw(figure, plot, { axes } = {}) {
  figure.dataset.mounted = ""; // drawn: the page's own plot is not drawn over it later (js/slices.js)
  const canvas = figure.querySelector(".ember-plot__canvas");
  const width = () => Math.max(NARROWEST, Math.min(WIDEST, canvas.clientWidth || 640, roomFor(canvas)));
  const title = plot.title ? [make("p", "ember-plot__heading", plot.title)] : [];
  const details = figure.querySelector(".ember-plot__table");
  canvas.replaceChildren(...title, plotSvg(plot, width(), Boolean(details), axes), legend(plot));
  sizes.set(canvas, { plot, axes, drawnAt: width() });
  redrawWhenResized(canvas, () => sizes.get(canvas).drawnAt, width, () => {
    const { plot: shown, axes: reached } = sizes.get(canvas);
    draw(figure, shown, { axes: reached });
  });
  if (details) whenOpen(details, () => tables(plot)); // the build's own is in <noscript>
  figure.dataset.drawn = "";
  figure.dispatchEvent(new CustomEvent("ember:drawn"));
}

/**
 * Where the plot's axes put x and y: for each, [data low, data high, pixel of low, pixel of
 * high] in the SVG's own units; undefined before the plot is drawn.
 * @param {HTMLElement} figure
 * @returns {{svg: SVGSVGElement, x: number[], y: number[]}|undefined}
 */
export function planeOf(figure) {
  const root = figure.querySelector(".ember-plot__svg");
  return root && planes.has(root) ? { svg: root, ...planes.get(root) } : undefined;
}

/**
 * Mount a plot rendered by site_src/fences/plot.py: draw it from the page's JSON.
 * @param {HTMLElement} figure
 */
export function mount(figure) {
  draw(figure, readJson(figure.querySelector(".ember-plot__data")));
}

/**
 * The plot a cell's hx.show_plot draws into: the one named target, else the nearest plot above
 * the cell, else one made under the cell.
 * @param {HTMLElement} cell
 * @param {string|null} target
 * @returns {{figure: HTMLElement, note?: string}} note says why target was not used
 */
export function plotFor(cell, target) {
  return drawingFor(cell, target, "ember-plot", "hx.show_plot", () => {
    const own = make("figure", "ember-plot");
    own.id = `cell-${cell.dataset.cell}-plot`;
    own.append(make("div", "ember-plot__canvas"));
    return own;
  });
}
