// Where a graph's layout comes from: the layouts the build made for the page's graphs
// (<template id="ember-layouts">, site_src/layouts.py), the graphs laid out lately, or else the
// layout worker, started on first use. A page whose graphs are all as the build saw them never
// loads Graphviz.

import { readJson } from "../dom.js";
import { toDot } from "./dot.js";

const RECENT = 16; // layouts kept from the worker, for a graph drawn again
const recent = new Map(); // DOT → layout, oldest first
const fromBuild = new WeakMap(); // the page's template → its layouts
let worker = null;
let nextId = 1;
const waiting = new Map(); // id → settle

/** The layouts the build made for the current page, keyed by DOT. */
function builtLayouts() {
  const template = document.getElementById("ember-layouts");
  if (!template) return {};
  if (!fromBuild.has(template)) {
    let layouts = {};
    try {
      layouts = readJson(template);
      if (typeof layouts !== "object" || layouts === null) throw new TypeError("not an object of layouts");
    } catch (error) {
      console.warn("ember: the page's graph layouts could not be read; Graphviz will make them", error);
      layouts = {};
    }
    fromBuild.set(template, layouts);
  }
  return fromBuild.get(template);
}

/** Lay out dot in the layout worker, started on first use, and again after it failed. */
function layOutInWorker(dot) {
  if (!worker) {
    worker = new Worker(new URL("./layout-worker.js", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      waiting.get(data.id)(data);
      waiting.delete(data.id);
    };
    worker.onerror = (event) => {
      for (const settle of waiting.values()) settle({ error: event.message || "the layout worker stopped" });
      waiting.clear();
      worker.terminate();
      worker = null;
    };
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, (data) => (data.error ? reject(new Error(data.error)) : resolve(data.placed)));
    worker.postMessage({ id, dot });
  });
}

/** Whether placed looks like a layout of graph: a damaged page's layout is made again. */
function fits(placed, graph) {
  const values = new Set(graph.nodes.map((node) => `v${node.id}`));
  return Number.isFinite(placed?.width) && Number.isFinite(placed?.height) && Array.isArray(placed.edges)
    && Array.isArray(placed.nodes) && placed.nodes.filter((item) => values.has(item?.key)).length === values.size;
}

/**
 * The layout of a graph, in pixels (layout.js).
 * @param {{nodes: object[], edges: [number, number][]}} graph
 * @returns {Promise<Awaited<ReturnType<import("./layout.js").layout>>>}
 */
export async function place(graph) {
  const dot = toDot(graph);
  const built = builtLayouts();
  if (Object.hasOwn(built, dot) && fits(built[dot], graph)) return built[dot];
  if (recent.has(dot)) return recent.get(dot);
  const placed = await layOutInWorker(dot);
  recent.set(dot, placed);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value);
  return placed;
}
