// Lay out graphs at build time, with the page's own code, so that the page draws them without
// loading Graphviz (site_src/layouts.py runs this).
//
//   node js/graph/layout-cli.mjs < graphs.json > layouts.json
//
// In: a JSON list of graphs, as site_src/runtime/hx.py writes them.
// Out: a JSON object from each graph's DOT text (dot.js) to its layout (layout.js).

import { readFileSync } from "node:fs";
import { toDot } from "./dot.js";
import { layout } from "./layout.js";

const layouts = {};
for (const graph of JSON.parse(readFileSync(0, "utf8"))) {
  const dot = toDot(graph);
  layouts[dot] ??= await layout(dot);
}
process.stdout.write(JSON.stringify(layouts));
