// A computation graph in Graphviz's DOT language, left to right, with an operation node between
// each Value and its parents. The DOT text is also the key of a layout: the same text, the same
// layout, whether Graphviz made it at build time or in the page.

import { drawnLines } from "./values.js";

export const POINTS_PER_INCH = 72;
const CHAR = 7.6; // pixels per character of the node font
const VALUE_HEIGHT = 58; // pixels: three lines of text
const OP_SIZE = 34; // pixels across an operation's circle
const QUICK_FROM = 1000; // Values: below it, dot takes well under 0.1 s anyway

/** The width in pixels of a value node's box: room for its longest line of text. */
export function valueWidth(node) {
  return Math.max(64, 16 + CHAR * Math.max(...drawnLines(node).map((line) => line.length)));
}

/**
 * The graph in DOT, each value node as wide as its longest line of text.
 * @param {{nodes: object[], edges: [number, number][]}} graph the JSON of site_src/runtime/hx.py
 * @returns {string}
 */
export function toDot(graph) {
  // On a large graph, dot's network simplex gets fewer iterations: a looser layout, made in half the time.
  const quick = graph.nodes.length > QUICK_FROM ? "nslimit=0.1;" : "";
  const lines = [`digraph{rankdir=LR;nodesep=0.25;ranksep=0.35;${quick}node[fixedsize=true,label=""];`];
  for (const node of graph.nodes) {
    lines.push(`v${node.id}[shape=box,width=${valueWidth(node) / POINTS_PER_INCH},height=${VALUE_HEIGHT / POINTS_PER_INCH}];`);
    if (node.op) lines.push(`o${node.id}[shape=circle,width=${OP_SIZE / POINTS_PER_INCH}];o${node.id}->v${node.id};`);
  }
  for (const [parent, child] of graph.edges) lines.push(`v${parent}->o${child};`);
  lines.push("}");
  return lines.join("");
}
