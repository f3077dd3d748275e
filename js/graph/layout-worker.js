// The layout worker: lays out graphs with Graphviz off the page's main thread.
//
// Message in:  {id, dot}    Message out: {id, placed} | {id, error}

import { layout } from "./layout.js";

self.onmessage = async ({ data: { id, dot } }) => {
  try {
    postMessage({ id, placed: await layout(dot) });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
};
