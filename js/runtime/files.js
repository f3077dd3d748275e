// What a Python worker is made of, fetched by the page (through the site's service worker, so
// offline too): the worker's own script, the runtime's Python files and Pyodide's files. A worker
// in the sandbox frame cannot fetch them itself: its opaque origin has no service worker, and the
// site gives it no CORS.

const WORKER = new URL("./worker.js", import.meta.url).href;
const PYTHON_FILES = new URL("./python.json", import.meta.url).href;
const INDEX_URL = new URL(`../pyodide/${PYODIDE_VERSION}/`, import.meta.url).href; // PYODIDE_VERSION: js/build.mjs
/** Pyodide's files that a boot reads: its loader, its WebAssembly and their glue, the standard
 * library and the list of packages. */
export const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

/**
 * @typedef {{worker: string, python: Object<string, string>, pyodide: Object<string, ArrayBuffer>}} WorkerFiles
 * worker: the worker's script; python: the runtime's Python files (python.json), by path;
 * pyodide: Pyodide's files, by name
 */

let loading = null;

/** Fetch url as the body's kind ("text", "json", "arrayBuffer"); reject, naming the file, when it
 * does not come. */
async function fetched(url, kind) {
  const name = url.slice(url.lastIndexOf("/") + 1);
  const response = await fetch(url).catch((error) => {
    throw new Error(`${name} could not be loaded: ${error.message}`);
  });
  if (!response.ok) {
    const why = response.statusText ? ` (${response.statusText})` : ""; // the service worker's, for a damaged copy
    throw new Error(`${name} could not be loaded: HTTP ${response.status}${why}`);
  }
  return response[kind]();
}

/**
 * The worker's files, fetched once per page load and again after a failure.
 * @returns {Promise<WorkerFiles>}
 */
export function workerFiles() {
  loading ??= Promise.all([
    fetched(WORKER, "text"),
    fetched(PYTHON_FILES, "json"),
    ...PYODIDE_FILES.map((name) => fetched(INDEX_URL + name, "arrayBuffer")),
  ]).then(([worker, python, ...buffers]) => ({
    worker, python, pyodide: Object.fromEntries(PYODIDE_FILES.map((name, index) => [name, buffers[index]])),
  }));
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
