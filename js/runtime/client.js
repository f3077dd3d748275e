// The page's side of the Python worker. This module alone talks to the worker; components
// call boot(), run() and runChecks().

/** @typedef {[("stdout"|"stderr"|"graph"), string]} Chunk  a graph chunk holds hx.show_graph's JSON */
/**
 * How a run ended: raised names the cell's exception; failure says why Python could not run it.
 * @typedef {{ok: boolean, raised?: string, failure?: string, ms?: number}} RunResult
 */

let worker = null;
let state = "idle"; // "idle" → "booting" → "ready" | "failed"
let nextId = 1;
const runs = new Map(); // id → {onOutput, resolve}

/** Start the worker, once per page load; later calls do nothing. */
export function boot() {
  if (worker) return;
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  state = "booting";
  worker.onmessage = ({ data }) => {
    if (data.type === "ready" || data.type === "boot-failed") {
      state = data.type === "ready" ? "ready" : "failed"; // runs are told by the worker
      return;
    }
    const entry = runs.get(data.id);
    if (!entry) return;
    if (data.type === "output") entry.onOutput(data.chunks);
    if (data.type === "done" || data.type === "checked") {
      runs.delete(data.id);
      if (data.fatal) restart();
      entry.resolve(data);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    state = "failed";
    const message = event.message || "the Python worker could not be loaded";
    for (const entry of runs.values()) entry.resolve({ failure: `Python could not start: ${message}` });
    runs.clear();
  };
}

/** End a worker whose Pyodide has failed, and boot a new one; queued runs are told. */
function restart() {
  worker.terminate();
  worker = null;
  for (const entry of runs.values()) entry.resolve({ failure: "Python was restarted before this could run. Run it again." });
  runs.clear();
  boot();
}

/** Whether Python has finished booting. */
export function isReady() {
  return state === "ready";
}

/** Send a message to the worker; resolve with the message that ends it. */
function request(message, onOutput = () => {}) {
  boot();
  const id = nextId++;
  return new Promise((resolve) => {
    runs.set(id, { onOutput, resolve });
    worker.postMessage({ id, ...message });
  });
}

/**
 * Run source as a cell in a fresh namespace. A run asked for during boot waits for it.
 * @param {string} source
 * @param {(chunks: Chunk[]) => void} onOutput called with each batch of output
 * @param {Object<string,string>|null} files the learner's ember; null for none
 * @returns {Promise<RunResult>}
 */
export async function run(source, onOutput, files) {
  const data = await request({ type: "run", source, files }, onOutput);
  return { ok: !data.raised && !data.failure, raised: data.raised, failure: data.failure, ms: data.ms };
}

/**
 * Run a lab's checks against files.
 * @param {{title: string, code: string}[]} checks
 * @param {Object<string,string>|null} files
 * @returns {Promise<{results?: {status: string, reason: string}[], failure?: string}>}
 */
export async function runChecks(checks, files) {
  const data = await request({ type: "checks", checks, files });
  return data.failure ? { failure: data.failure } : { results: data.results };
}
