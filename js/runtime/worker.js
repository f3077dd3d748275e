// The Python worker: boots Pyodide from the site's own copy, writes the Python files into its
// file system, then runs cells and checks one at a time, streaming a cell's output back.
//
// Messages in:  {type: "port", port}  (first: a MessagePort, the one channel the worker answers on;
//               what the worker's own postMessage sends, which a learner's code can call, the
//               page ignores)
//               {type: "shared-buffers", interrupt, steering}  (on SharedArrayBuffers: Pyodide's
//               interrupt buffer, a Uint8Array, and hx.steer's knobs, a Float64Array)
//               {id, type: "run", source, files, gaps}
//               | {id, type: "checks", checks, lab, answers, timeLimit, unwritten, checked, beside, files, gaps}
//               | {id, type: "syntax", files, gaps}
//               files: the learner's ember ({path: text}); null on a page without one
//               gaps: where the gaps lie in those files ({path: [[gap, first, last, indent], ...]})
//               lab: the gaps of the lab whose checks run; answers: the course's text of gaps, by
//               name, for saying where a failing lab is wrong (site_src/runtime/blame.py);
//               timeLimit: the seconds the checks may take, which the blame keeps within;
//               unwritten: the lab's gaps that still hold their stub; checked: the earlier
//               gaps whose lab the learner passed; beside: the gaps of the page's earlier labs
// Messages out, on the port: {type: "progress", step} | {type: "ready", snapshot, interruptible}
//               | {type: "boot-failed", message}
//               (snapshot: "used" when Python started from a memory snapshot, "wanted" when the
//               browser could keep one and has none, else "none": js/runtime/snapshot.js;
//               interruptible: Python heeds the interrupt buffer and reads the knobs, which came
//               before it was ready)
//               {id, type: "output", chunks: [[stream, text], ...]}
//                 (a check's result comes as a chunk ["check", JSON of {status, reason, output?}],
//                 and after the last, ["check", JSON of {diagnosis, blame}]; between the two,
//                 ["check", JSON of {alarm: seconds | null}] asks for SIGALRM to end a trial of
//                 the blame that runs too long: site_src/runtime/timeouts.py; and ["check", JSON
//                 of {fault}] gives each gap at fault as soon as it is found)
//               {id, type: "done", raised: name | null, ms} | {id, type: "checked", finished}
//                 (finished false: the checks were interrupted) | {id, type: "done", problems}
//                 (the syntax errors that gaps cause, cellrun.Session.syntax_problems)
//               {id, type: "done", failure, fatal}  (Pyodide itself failed: start a new worker)
//
// Started with the name SNAPSHOT_WORKER, it only makes the memory snapshot, stores it, posts
// {type: "snapshot", stored: true} (or false, with a message) and is ended by the page.

import { LIB, SETUP } from "./setup.js";
import { SNAPSHOT_WORKER, canKeep, dropSnapshot, hasSnapshot, lockManager, readSnapshot, snapshotKey, storeSnapshot } from "./snapshot.js";

const INDEX_URL = new URL(`../pyodide/${PYODIDE_VERSION}/`, import.meta.url).href; // PYODIDE_VERSION: js/build.mjs
const PYTHON_FILES = new URL("./python.json", import.meta.url).href;
const BOOT_LIMIT = 120; // seconds before a boot that has not finished counts as failed
const SNAPSHOT_BOOT_LIMIT = 30; // seconds before a boot from a snapshot counts as failed, and a usual one starts

// A cell's js.close() ended this worker under the page, which then waited for a run that never
// ended and blamed the time limit: it is refused, in words, instead.
self.close = () => {
  throw new Error("close() would end the worker that runs Python, and every cell of the page with it: a cell cannot call it");
};

// What a cell's code could reach through the worker's globals to tamper with the page: the
// BroadcastChannel the tabs keep the learner's texts on (js/progress/collab.js), with a worker of
// its own that would have one; the Web Lock that makes a tab their authority; and Cache Storage,
// where the site's pages are kept offline (a page rewritten there would run the cell's script).
// The runtime took Cache Storage and the locks first, for Python's snapshot (snapshot.js).
for (const [owner, name] of [[self, "BroadcastChannel"], [self, "Worker"], [self, "caches"], [navigator, "locks"]]) {
  // Wherever along the prototype chain the browser defines it.
  for (let at = owner; at; at = Object.getPrototypeOf(at)) delete at[name];
}

let pyodide;
let written = {}; // the ember files now in LIB
let send = null; // the page's port's postMessage, bound as it came: the learner's code can reach
// neither the port nor this function, so what the page hears comes from the runtime alone
const early = []; // messages posted before the port came

/** Post a message to the page, on its port (once it has come; until then, kept in order). */
function post(message) {
  if (send) send(message);
  else early.push(message);
}
let interruptBuffer = null;
let steering = null; // hx.steer's knobs: site_src/runtime/steering.py reads them

/** Pyodide's loader and the runtime's Python files, or the reason they could not be loaded. */
async function fetchPython() {
  const [{ loadPyodide }, files] = await Promise.all([
    import(`${INDEX_URL}pyodide.mjs`),
    fetch(PYTHON_FILES).then((response) => {
      if (!response.ok) throw new Error(`python.json could not be loaded: HTTP ${response.status}`);
      return response.json();
    }),
    // loadPyodide never settles when one of these is missing: ask first.
    ...["pyodide.asm.wasm", "python_stdlib.zip"].map(async (name) => {
      const response = await fetch(`${INDEX_URL}${name}`, { method: "HEAD" });
      if (!response.ok) throw new Error(`${name} could not be loaded: HTTP ${response.status}`);
    }),
  ]);
  return { loadPyodide, files };
}

/** Boot Pyodide, from the memory snapshot if there is one, write the Python files under LIB,
 * and start a session for cells and checks. */
async function boot() {
  post({ type: "progress", step: "loading Python, about 6 MB the first time" });
  const { loadPyodide, files } = await fetchPython();
  const key = canKeep() ? await snapshotKey(files, PYODIDE_VERSION, SETUP) : null;
  const restored = key && await fromSnapshot(loadPyodide, key, files);
  if (restored) return { ...restored, snapshot: "used" };
  pyodide = await loadPyodide({ indexURL: INDEX_URL });
  post({ type: "progress", step: "setting up your ember" });
  return { ...setUp(files), snapshot: key ? "wanted" : "none" };
}

/** Write the Python files under LIB, run SETUP, and start a session for cells and checks. */
function setUp(files) {
  if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);
  for (const [path, text] of Object.entries(files)) writeFile(path, text);
  pyodide.runPython(SETUP);
  if (steering) pyodide.pyimport("steering").read_slot = (slot) => steering[slot];
  return { session: pyodide.pyimport("cellrun").Session(LIB), checks: pyodide.pyimport("checks") };
}

/** The runtime (setUp's) on a Pyodide started from the snapshot under key; null if there is
 * none, or if it fails to start Python within SNAPSHOT_BOOT_LIMIT, which deletes it (the API is
 * experimental): the learner sees a usual boot. */
async function fromSnapshot(loadPyodide, key, files) {
  try {
    const memory = await readSnapshot(key);
    if (!memory) return null;
    const limit = new Promise((_, reject) => setTimeout(() => reject(new Error("it took too long")), SNAPSHOT_BOOT_LIMIT * 1000));
    // Pyodide loads its own files while the snapshot is decompressed: it takes a promise of it.
    pyodide = await Promise.race([loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: memory.bytes }), limit]);
    return setUp(files);
  } catch (error) {
    console.warn("ember: Python's saved memory could not be used, so it boots as usual:", error);
    pyodide = null;
    await dropSnapshot(key).catch(() => {});
    return null;
  }
}

/** Boot Pyodide for a snapshot, run SETUP, and store its memory (js/runtime/snapshot.js), unless
 * another tab of the site is making one, or one is stored already. */
async function makeSnapshot() {
  const { loadPyodide, files } = await fetchPython();
  const key = await snapshotKey(files, PYODIDE_VERSION, SETUP);
  await lockManager.request(SNAPSHOT_WORKER, { ifAvailable: true }, async (lock) => {
    if (!lock || await hasSnapshot(key)) return;
    pyodide = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
    for (const [path, text] of Object.entries(files)) writeFile(path, text);
    pyodide.runPython(SETUP);
    const memory = pyodide.makeMemorySnapshot();
    pyodide = null; // the memory is copied: let the Pyodide go before compressing it
    await storeSnapshot(key, memory);
  });
}

function writeFile(path, text) {
  const full = `${LIB}/${path}`;
  pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
  pyodide.FS.writeFile(full, text);
}

/** Make LIB's ember the given files (null: none). All are written each time: a cell may have
 * changed one on disk. */
function syncEmber(files) {
  const wanted = files ?? {};
  for (const path of Object.keys(written)) {
    if (!(path in wanted)) pyodide.FS.unlink(`${LIB}/${path}`);
  }
  for (const [path, text] of Object.entries(wanted)) writeFile(path, text);
  written = { ...wanted };
}

/** Handle one message; they are handled in order because each run is synchronous. */
function handle({ session, checks }, data) {
  const { id } = data;
  const started = performance.now();
  try {
    syncEmber(data.files);
    session.set_gaps(JSON.stringify(data.gaps ?? {}));
    if (data.type === "run") {
      const stream = (json) => post({ id, type: "output", chunks: JSON.parse(json) });
      const raised = session.run_streaming(data.source, stream) ?? null;
      post({ id, type: "done", raised, ms: performance.now() - started });
    } else if (data.type === "checks") {
      const stream = (json) => post({ id, type: "output", chunks: [["check", json]] });
      const asked = JSON.stringify({
        checks: data.checks, gaps: data.lab ?? [], answers: data.answers ?? null, time_limit: data.timeLimit ?? 0,
        unwritten: data.unwritten ?? [], checked: data.checked ?? [], beside: data.beside ?? [],
      });
      post({ id, type: "checked", finished: checks.run_checks_streaming(session, asked, stream) });
    } else if (data.type === "syntax") {
      post({ id, type: "done", problems: JSON.parse(session.syntax_problems_json()) });
    }
  } catch (error) {
    // Not the learner's exception (Python reports those): Pyodide itself failed.
    const last = String(error.message ?? error).trim().split("\n").at(-1); // not the runtime's traceback
    post({ id, type: "done", fatal: true, failure: `Python stopped working (${last}). It is starting again; your code is kept.` });
  }
}

/** Boot, then handle each message of the page. */
function serve() {
  const booted = Promise.race([
    boot(),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`it took more than ${BOOT_LIMIT} s`)), BOOT_LIMIT * 1000)),
  ]);
  booted.then(
    ({ snapshot }) => post({ type: "ready", snapshot, interruptible: interruptBuffer !== null }),
    (error) => post({ type: "boot-failed", message: error.message ?? String(error) }),
  );
  self.onmessage = async ({ data }) => {
    if (data.type === "port") {
      if (send) return; // only the first, which the page posts as it starts the worker
      send = MessagePort.prototype.postMessage.bind(data.port);
      for (const message of early.splice(0)) send(message);
      return;
    }
    if (data.type === "shared-buffers") {
      [interruptBuffer, steering] = [data.interrupt, data.steering];
      // Posted as the worker starts, this comes long before boot's setUp, which gives both to
      // Python; "ready" says whether they came in time.
      pyodide?.setInterruptBuffer(interruptBuffer);
      return;
    }
    let runtime;
    try {
      runtime = await booted;
    } catch (error) {
      post({ id: data.id, type: "done", failure: `Python could not start: ${error}` });
      return;
    }
    handle(runtime, data);
  };
}

if (self.name === SNAPSHOT_WORKER) {
  makeSnapshot().then(
    () => postMessage({ type: "snapshot", stored: true }),
    (error) => postMessage({ type: "snapshot", stored: false, message: String(error.message ?? error) }),
  );
} else serve();
