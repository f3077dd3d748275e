// The layout worker: lays out graphs with Graphviz off the page's main thread.
//
// Message in:  {id, graph}    Message out: {id, placed} | {id, error}

import { layout } from "./layout.js";

self.onmessage = async ({ data: { id, graph } }) => {
  try {
    postMessage({ id, placed: await layout(graph) });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
};
