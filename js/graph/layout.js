// Place a computation graph with Graphviz's dot (the npm package @hpcc-js/wasm-graphviz),
// left to right, with an operation node between each Value and its parents. It runs in a worker
// of its own (layout-worker.js), so that a large graph never freezes the page.

import { Graphviz } from "@hpcc-js/wasm-graphviz";
import { valueLines } from "./values.js";

const POINTS_PER_INCH = 72;
const CHAR = 7.6; // pixels per character of the node font
const VALUE_HEIGHT = 58; // pixels: three lines of text
const OP_SIZE = 34; // pixels across an operation's circle
const QUICK_FROM = 1000; // Values: below it, dot takes well under 0.1 s anyway
let graphviz = null;

/**
 * A placed node. kind "value" is a Value; kind "op" is the operation that made the Value valueId.
 * @typedef {{key: string, kind: "value"|"op", id: number, x: number, y: number, width: number, height: number}} Placed
 * @typedef {{from: string, to: string, path: string, box: [number, number, number, number]}} PlacedEdge
 *   box is the edge's bounding box: left, top, right, bottom
 */

/**
 * The graph in Graphviz's DOT language, each value node as wide as its longest line of text.
 * @param {{nodes: object[], edges: [number, number][]}} graph the JSON of site_src/runtime/hx.py
 * @returns {string}
 */
export function toDot(graph) {
  // On a large graph, dot's network simplex gets fewer iterations: a looser layout, made in half the time.
  const quick = graph.nodes.length > QUICK_FROM ? "nslimit=0.1;" : "";
  const lines = [`digraph{rankdir=LR;nodesep=0.25;ranksep=0.35;${quick}node[fixedsize=true,label=""];`];
  for (const node of graph.nodes) {
    const width = Math.max(64, 16 + CHAR * Math.max(...valueLines(node).map((line) => line.length)));
    lines.push(`v${node.id}[shape=box,width=${width / POINTS_PER_INCH},height=${VALUE_HEIGHT / POINTS_PER_INCH}];`);
    if (node.op) lines.push(`o${node.id}[shape=circle,width=${OP_SIZE / POINTS_PER_INCH}];o${node.id}->v${node.id};`);
  }
  for (const [parent, child] of graph.edges) lines.push(`v${parent}->o${child};`);
  lines.push("}");
  return lines.join("");
}

/**
 * Lay out a graph, in pixels, y downwards.
 * @param {{nodes: object[], edges: [number, number][]}} graph the JSON of site_src/runtime/hx.py
 * @returns {Promise<{width: number, height: number, nodes: Placed[], edges: PlacedEdge[]}>}
 */
export async function layout(graph) {
  graphviz ??= await Graphviz.load();
  const out = JSON.parse(graphviz.layout(toDot(graph), "json0", "dot"));
  const [, , width, height] = out.bb.split(",").map(Number);
  const flip = ([x, y]) => [x, height - y];
  const byGvid = new Map();
  const nodes = (out.objects ?? []).map((o) => {
    const [x, y] = flip(o.pos.split(",").map(Number));
    const placed = {
      key: o.name, kind: o.name[0] === "v" ? "value" : "op", id: Number(o.name.slice(1)),
      x, y, width: Number(o.width) * POINTS_PER_INCH, height: Number(o.height) * POINTS_PER_INCH,
    };
    byGvid.set(o._gvid, placed);
    return placed;
  });
  const edges = (out.edges ?? []).map((e) => {
    const parts = e.pos.split(" ");
    const end = flip(parts[0].slice(2).split(",").map(Number));
    const points = parts.slice(1).map((p) => flip(p.split(",").map(Number)));
    let path = `M${points[0]}`;
    for (let i = 1; i + 2 < points.length; i += 3) path += `C${points[i]} ${points[i + 1]} ${points[i + 2]}`;
    const xs = [end[0], ...points.map((p) => p[0])];
    const ys = [end[1], ...points.map((p) => p[1])];
    const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    return { from: byGvid.get(e.tail).key, to: byGvid.get(e.head).key, path: `${path}L${end}`, box };
  });
  return { width, height, nodes, edges };
}
