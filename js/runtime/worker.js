// The Python worker: boots Pyodide from the site's own copy, writes the Python files into its
// file system, then runs cells one at a time, streaming their output back to the page.
//
// Messages in:  {id, type: "run", source}
// Messages out: {type: "ready"} | {type: "boot-failed", message}
//               {id, type: "output", chunks: [[stream, text], ...]} | {id, type: "done", ok, ms}

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
const PYTHON_FILES = new URL("./python.json", import.meta.url).href;
const LIB = "/home/pyodide/lib";

/** Boot Pyodide, write the Python files under LIB, and import the cell runner. */
async function boot() {
  const [{ loadPyodide }, files] = await Promise.all([
    import(/* webpackIgnore: true */ `${INDEX_URL}pyodide.mjs`),
    fetch(PYTHON_FILES).then((response) => response.json()),
  ]);
  const pyodide = await loadPyodide({ indexURL: INDEX_URL });
  for (const [path, text] of Object.entries(files)) {
    const full = `${LIB}/${path}`;
    pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    pyodide.FS.writeFile(full, text);
  }
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(LIB)})`);
  return pyodide.pyimport("cellrun");
}

const booted = boot();
booted.then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "boot-failed", message: String(error) }),
);

/** Run one cell; messages are handled in order because each run is synchronous. */
function run(cellrun, { id, source }) {
  const started = performance.now();
  const post = (json) => postMessage({ id, type: "output", chunks: JSON.parse(json) });
  const ok = cellrun.run_streaming(source, post);
  postMessage({ id, type: "done", ok, ms: performance.now() - started });
}

self.onmessage = async ({ data }) => {
  let cellrun;
  try {
    cellrun = await booted;
  } catch (error) {
    postMessage({ id: data.id, type: "done", ok: false, error: `Python could not start: ${error}` });
    return;
  }
  if (data.type === "run") run(cellrun, data);
};
