// Place a graph's DOT (dot.js) with Graphviz's dot, the npm package @hpcc-js/wasm-graphviz. It
// runs in a worker of its own in the page (layout-worker.js), so that a large graph never freezes
// it, and under Node at build time (layout-cli.mjs).

import { Graphviz } from "@hpcc-js/wasm-graphviz";
import { POINTS_PER_INCH } from "./dot.js";

let graphviz = null;

/**
 * A placed node. kind "value" is a Value; kind "op" is the operation that made the Value valueId.
 * @typedef {{key: string, kind: "value"|"op", id: number, x: number, y: number, width: number, height: number}} Placed
 * @typedef {{from: string, to: string, path: string, box: [number, number, number, number]}} PlacedEdge
 *   box is the edge's bounding box: left, top, right, bottom
 */

/**
 * Lay out a graph, in pixels, y downwards.
 * @param {string} dot the graph as dot.js's toDot writes it
 * @returns {Promise<{width: number, height: number, nodes: Placed[], edges: PlacedEdge[]}>}
 */
export async function layout(dot) {
  graphviz ??= await Graphviz.load();
  const out = JSON.parse(graphviz.layout(dot, "json0", "dot"));
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
