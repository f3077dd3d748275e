// The SVG of a laid-out graph. Every value node gets its element at once, so that each can take
// the focus; its box and text, the operations and the edges are made by fill() for the region in
// view, which keeps a graph of thousands of Values quick to show (each drawn shape costs the
// browser style and layout work).

import { svg } from "../dom.js";
import { drawnLines, valueLines } from "./values.js";

export const PAD = 4; // pixels around the graph
const READABLE = 0.4; // the least zoom at which value nodes get their text

/** The size of a laid-out graph's drawing, in pixels at its own scale: [width, height]. */
export const drawnSize = (placed) => [placed.width + 2 * PAD, placed.height + 2 * PAD];

const at = (item) => `translate(${item.x - item.width / 2},${item.y - item.height / 2})`;

/** A value node, without its box yet: named for screen readers until its text is drawn and names it. */
function valueNode(node, item, changed) {
  const g = svg("g", { transform: at(item), tabindex: "-1", role: "button", "aria-label": valueLines(node).join(" ") });
  g.setAttribute("class", ["ember-graph__value", node.op ? "" : "ember-graph__value--leaf",
    changed.has(node.id) ? "ember-graph__value--changed" : ""].join(" ").trim());
  g.dataset.node = node.id;
  return g;
}

function valueText(node) {
  return drawnLines(node).map((line, index) => {
    const text = svg("text", { x: 8, y: 17 + index * 16, class: index === 0 ? "ember-graph__label" : "" });
    text.textContent = line;
    return text;
  });
}

function opNode(node, item) {
  const g = svg("g", { transform: at(item), class: "ember-graph__op" });
  g.append(svg("circle", { cx: item.width / 2, cy: item.height / 2, r: item.width / 2 }));
  const text = svg("text", { x: item.width / 2, y: item.height / 2, "dominant-baseline": "central", "text-anchor": "middle" });
  text.textContent = node.op;
  g.append(text);
  return g;
}

/**
 * The graph's SVG, with only its value boxes drawn.
 * @param {string} id a prefix for ids inside the SVG, unique on the page
 * @param {{nodes: object[]}} graph the JSON of hx.show_graph
 * @param {{width: number, height: number, nodes: object[], edges: object[]}} placed from layout.js
 * @param {Set<number>} changed ids of the values to mark as changed
 * @returns {{root: SVGSVGElement, width: number, height: number, values: Map<number, SVGGElement>,
 *   fill: (region: [number, number, number, number], scale: number) => void}}
 *   width and height in pixels at zoom 1; fill draws what lies in region (graph pixels: left,
 *   top, right, bottom) and is not drawn yet, value boxes at any scale, their text only at a
 *   readable one
 */
export function graphSvg(id, graph, placed, changed) {
  const [width, height] = drawnSize(placed);
  const root = svg("svg", {
    viewBox: `${-PAD} ${-PAD} ${width} ${height}`, width, height, class: "ember-graph", role: "group",
    "aria-label": `Computation graph of ${graph.nodes.length} value${graph.nodes.length === 1 ? "" : "s"}`,
    "aria-describedby": `${id}-keys`,
  });
  const marker = svg("marker", { id: `${id}-arrow`, viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(svg("path", { d: "M0,0L10,5L0,10z", class: "ember-graph__arrowhead" }));
  const defs = svg("defs");
  defs.append(marker);
  const [edges, ops, valueLayer] = [svg("g", { "aria-hidden": "true" }), svg("g", { "aria-hidden": "true" }), svg("g")];
  root.append(defs, edges, ops, valueLayer);
  const values = new Map();
  for (const item of placed.nodes) {
    if (item.kind !== "value") continue;
    const g = valueNode(graph.nodes[item.id], item, changed);
    valueLayer.append(g);
    values.set(item.id, g);
  }
  const pending = [...placed.nodes, ...placed.edges];
  const boxed = new Set(); // the value nodes whose box is drawn
  const fill = ([left, top, right, bottom], scale) => {
    let kept = 0;
    for (const item of pending) {
      const [x0, y0, x1, y1] = item.box ?? [item.x - item.width / 2, item.y - item.height / 2, item.x + item.width / 2, item.y + item.height / 2];
      if (x1 < left || x0 > right || y1 < top || y0 > bottom) {
        pending[kept++] = item;
      } else if (item.path) {
        edges.append(svg("path", { d: item.path, class: "ember-graph__edge", "marker-end": `url(#${id}-arrow)` }));
      } else if (item.kind === "op") {
        ops.append(opNode(graph.nodes[item.id], item));
      } else {
        const g = values.get(item.id);
        if (!boxed.has(item.id)) {
          g.prepend(svg("rect", { width: item.width, height: item.height, rx: 5 }));
          boxed.add(item.id);
        }
        if (scale < READABLE) {
          pending[kept++] = item; // its text comes at a zoom where it can be read
          continue;
        }
        g.append(...valueText(graph.nodes[item.id]));
        g.removeAttribute("aria-label");
      }
    }
    pending.length = kept;
  };
  return { root, width, height, values, fill };
}
