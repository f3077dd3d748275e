// Lay out graphs at build time, with the page's own code, so that the page draws them without
// loading Graphviz (site_src/layouts.py runs this).
//
//   node js/graph/layout-cli.mjs < graphs.json > layouts.json
//
// In: a JSON list of graphs, as site_src/runtime/hx.py writes them.
// Out: {"layouts": {DOT text (dot.js): layout (layout.js)}, "sizes": [[width, height], ...]}: each
// graph's drawing's size in pixels at its own scale (svg.js), in the order they came.

import { readFileSync } from "node:fs";
import { toDot } from "./dot.js";
import { layout } from "./layout.js";
import { drawnSize } from "./svg.js";

const layouts = {};
const sizes = [];
for (const graph of JSON.parse(readFileSync(0, "utf8"))) {
  const dot = toDot(graph);
  layouts[dot] ??= await layout(dot);
  sizes.push(drawnSize(layouts[dot]));
}
process.stdout.write(JSON.stringify({ layouts, sizes }));
