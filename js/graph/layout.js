// Place a computation graph with Graphviz's dot (the npm package @hpcc-js/wasm-graphviz),
// left to right, with an operation node between each Value and its parents. It runs in a worker
// of its own (layout-worker.js), so that a large graph never freezes the page.

import { Graphviz } from "@hpcc-js/wasm-graphviz";

const POINTS_PER_INCH = 72;
let graphviz = null;

/**
 * A placed node. kind "value" is a Value; kind "op" is the operation that made the Value valueId.
 * @typedef {{key: string, kind: "value"|"op", id: number, x: number, y: number, width: number, height: number}} Placed
 * @typedef {{from: string, to: string, path: string, arrow: [number, number][]}} PlacedEdge
 */

/**
 * Lay out a graph.
 * @param {{nodes: object[], edges: [number, number][]}} graph the JSON of site_src/runtime/hx.py
 * @param {number[]} widths the width in pixels each value node needs, by id
 * @returns {Promise<{width: number, height: number, nodes: Placed[], edges: PlacedEdge[]}>}
 */
export async function layout(graph, widths) {
  graphviz ??= await Graphviz.load();
  const lines = ["digraph{rankdir=LR;nodesep=0.25;ranksep=0.35;node[fixedsize=true,label=\"\"];"];
  for (const node of graph.nodes) {
    lines.push(`v${node.id}[shape=box,width=${widths[node.id] / POINTS_PER_INCH},height=${58 / POINTS_PER_INCH}];`);
    if (node.op) lines.push(`o${node.id}[shape=circle,width=${34 / POINTS_PER_INCH}];o${node.id}->v${node.id};`);
  }
  for (const [parent, child] of graph.edges) lines.push(`v${parent}->o${child};`);
  lines.push("}");
  const out = JSON.parse(graphviz.layout(lines.join(""), "json", "dot"));
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
    return { from: byGvid.get(e.tail).key, to: byGvid.get(e.head).key, path: `${path}L${end}`, end };
  });
  return { width, height, nodes, edges };
}
