// Small helpers for the components' markup, and for the data the build puts in a page.

/**
 * Make an element with a class and, optionally, its text (always as text, never as markup).
 * @param {string} tag
 * @param {string} className
 * @param {string} [text]
 * @returns {HTMLElement}
 */
export function make(tag, className, text) {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * Make an SVG element with attributes.
 * @param {string} tag
 * @param {Object<string, string|number>} [attrs]
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

/**
 * The element whose id is target, if it has one of classNames: the figure a cell's call names.
 * @param {unknown} target the id, as the learner's call gave it
 * @param {string[]} classNames
 * @returns {HTMLElement|null}
 */
export function named(target, ...classNames) {
  const found = typeof target === "string" && target ? document.getElementById(target) : null;
  return classNames.some((name) => found?.classList.contains(name)) ? found : null;
}

/**
 * Why target names no drawing of the kind a call wants, for its note.
 * @param {unknown} target the id, as the learner's call gave it
 * @param {string} noun the kind wanted: "plot", "plot or network"
 * @returns {string} 'the target "id" is not a plot', or 'is not on this page'
 */
export function missed(target, noun) {
  const found = typeof target === "string" && target ? document.getElementById(target) : null;
  return `the target ${JSON.stringify(target)} ${found ? `is not a ${noun}` : "is not on this page"}`;
}

/** A docked figure → its stand-in, where it stands in the lesson while it is docked (js/dock.js). */
export const standIns = new WeakMap();

/**
 * Where a cell's drawing goes: the element of className named target, else the nearest one above
 * the cell, where it stands in the lesson (a docked figure by its stand-in), else one that
 * makeOwn() makes, kept under the cell.
 * @param {HTMLElement} cell
 * @param {string|null} target
 * @param {string} className "ember-figure", "ember-plot", "ember-network" or "ember-digits"
 * @param {string} call the hx call, for the note: "hx.show_graph"
 * @param {() => HTMLElement} makeOwn
 * @returns {{figure: HTMLElement, note?: string}} note says why target was not used
 */
export function drawingFor(cell, target, className, call, makeOwn) {
  let note;
  if (target) {
    const figure = named(target, className);
    if (figure) return { figure };
    const noun = { "ember-plot": "plot", "ember-network": "network diagram", "ember-digits": "digits figure" }[className] ?? "figure";
    note = `${call}: ${missed(target, noun)}; drawn in the nearest one instead.`;
  }
  const above = [...document.querySelectorAll(`.${className}`)].filter(
    (f) => (standIns.get(f) ?? f).compareDocumentPosition(cell) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).sort((a, b) => ((standIns.get(a) ?? a).compareDocumentPosition(standIns.get(b) ?? b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  if (above.length) return { figure: above.at(-1), note };
  // Its own, made under it before: wherever it is now, in another cell's dock too
  let own = [...document.querySelectorAll(`.${className}`)].find((f) => f.dataset.ownOf === cell.dataset.cell);
  if (!own) {
    own = makeOwn();
    own.dataset.ownOf = cell.dataset.cell;
    cell.append(own);
  }
  return { figure: own, note };
}

/**
 * The JSON that the build put in a <template> (site_src/fences json_template).
 * @param {HTMLTemplateElement} template
 */
export function readJson(template) {
  return JSON.parse(template.content.textContent);
}

/**
 * Make a button of Material's look.
 * @param {string} label the button's text, which is also its accessible name
 * @param {string} className extra classes
 */
export function button(label, className = "") {
  const el = make("button", `md-button ${className}`.trim(), label);
  el.type = "button";
  return el;
}

/** The bottom of Material's header, which stays at the top of the view. */
export function headerBottom() {
  return document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0;
}

/** Scroll el wholly into the view, below the site's header, by as little as that takes; one taller
 * than the view, to its top. */
export function bringIntoView(el) {
  const { top, bottom } = el.getBoundingClientRect();
  const margin = 8; // px, so that el does not touch the header or the view's edge
  const above = top - headerBottom() - margin;
  const below = bottom - innerHeight + margin;
  if (above < 0) scrollBy({ top: above });
  else if (below > 0) scrollBy({ top: Math.min(below, above) });
}

const watchedForResize = new WeakSet(); // the canvases redrawWhenResized watches

/**
 * Call redraw when canvas's width changes by more than share of the width it was drawn at: a
 * drawing made at its canvas's width (a plot, a network diagram), on a phone turned, or moved
 * into a cell's dock (js/dock.js). Once per canvas.
 * @param {HTMLElement} canvas
 * @param {() => number} drawnAt the width the canvas's drawing was last made at
 * @param {() => number} width the width it would be made at now
 * @param {() => void} redraw
 */
export function redrawWhenResized(canvas, drawnAt, width, redraw, share = 0.15) {
  if (watchedForResize.has(canvas)) return;
  watchedForResize.add(canvas);
  new ResizeObserver(() => Math.abs(width() - drawnAt()) > share * drawnAt() && redraw()).observe(canvas);
}

const builders = new WeakMap(); // details → what it shows while open

/**
 * Show in details what build() makes, built only while it is open: closed, it holds its summary
 * alone, which keeps a page of long tables small (the build wraps its own copy in <noscript>, for
 * readers without JavaScript). Called again with a new build, it shows that one: now if open,
 * else when next opened.
 * @param {HTMLDetailsElement} details
 * @param {() => Node[]} build
 */
export function whenOpen(details, build) {
  if (!builders.has(details)) details.addEventListener("toggle", () => fill(details));
  builders.set(details, build);
  fill(details);
}

function fill(details) {
  details.replaceChildren(details.querySelector("summary"), ...(details.open ? builders.get(details)() : []));
}
