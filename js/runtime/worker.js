// The Python worker: boots Pyodide from the site's own copy, writes the Python files into its
// file system, then runs cells one at a time, streaming their output back to the page.
//
// Messages in:  {id, type: "run", source}
// Messages out: {type: "ready"} | {type: "boot-failed", message}
//               {id, type: "output", chunks: [[stream, text], ...]}
//               {id, type: "done", raised: name | null, ms} | {id, type: "done", failure}

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
const PYTHON_FILES = new URL("./python.json", import.meta.url).href;
const LIB = "/home/pyodide/lib";

/** Boot Pyodide, write the Python files under LIB, and start a cell session. */
async function boot() {
  const [{ loadPyodide }, files] = await Promise.all([
    import(`${INDEX_URL}pyodide.mjs`),
    fetch(PYTHON_FILES).then((response) => response.json()),
  ]);
  const pyodide = await loadPyodide({ indexURL: INDEX_URL });
  for (const [path, text] of Object.entries(files)) {
    const full = `${LIB}/${path}`;
    pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    pyodide.FS.writeFile(full, text);
  }
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(LIB)})`);
  return pyodide.pyimport("cellrun").Session(LIB);
}

const booted = boot();
booted.then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "boot-failed", message: String(error) }),
);

/** Run one cell; messages are handled in order because each run is synchronous. */
function run(session, { id, source }) {
  const started = performance.now();
  const post = (json) => postMessage({ id, type: "output", chunks: JSON.parse(json) });
  try {
    const raised = session.run_streaming(source, post) ?? null;
    postMessage({ id, type: "done", raised, ms: performance.now() - started });
  } catch (error) {
    // Not the cell's exception (those are reported by Python): Pyodide itself failed.
    postMessage({ id, type: "done", failure: `Python stopped working (${error}). Reload the page to start it again.` });
  }
}

self.onmessage = async ({ data }) => {
  let session;
  try {
    session = await booted;
  } catch (error) {
    postMessage({ id: data.id, type: "done", failure: `Python could not start: ${error}` });
    return;
  }
  if (data.type === "run") run(session, data);
};
