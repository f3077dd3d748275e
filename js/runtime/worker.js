// The Python worker. The page starts it in the sandbox frame (js/runtime/sandbox.js), from this
// script's text, and sends it Pyodide's files and the runtime's Python files, which it writes into
// Pyodide's file system; it then runs cells and checks one at a time, streaming a cell's output back.
//
// Messages in:  {type: "start", requests, answers, interrupt, steering}  (the frame's, first and
//               once: requests, the port on which the page's requests come, through the frame;
//               answers, the port to the page, on which all the worker says goes; interrupt and
//               steering, on SharedArrayBuffers where the frame is cross-origin isolated, else null:
//               Pyodide's interrupt buffer, a Uint8Array, and hx.steer's knobs, a Float64Array. What
//               is posted to the worker itself after it, which a learner's code can dispatch, is not
//               heard; nor can that code reach either port)
//               {type: "boot", files, snapshot}  (files: js/runtime/files.js's WorkerFiles;
//               snapshot: "coming" when a {type: "snapshot", bytes} follows with the bytes of
//               Python's memory snapshot (js/runtime/snapshot.js), "make" to make one, else "none")
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
// Messages out, on answers: {type: "progress", step} | {type: "ready", snapshot, interruptible}
//               | {type: "boot-failed", message}
//               (snapshot: "used" when Python started from the memory snapshot, "unusable" when
//               the one sent failed to start it (it booted as usual), else "none"; interruptible:
//               Python heeds the interrupt buffer and reads the knobs)
//               {id, type: "output", chunks: [[stream, text], ...]}
//                 (a check's result comes as a chunk ["check", JSON of {status, reason, output?}],
//                 and after the last, ["check", JSON of {diagnosis, blame}]; between the two,
//                 ["check", JSON of {alarm: seconds | null}] asks for SIGALRM to end a trial of
//                 the blame that runs too long: site_src/runtime/timeouts.py; and ["check", JSON
//                 of {fault}] gives each gap at fault as soon as it is found)
//               {id, type: "done", raised: name | null, ms, tampered} | {id, type: "checked", finished, tampered}
//                 (finished false: the checks were interrupted; tampered: what the learner's code
//                 did to the runtime, in words, when it did: site_src/runtime/tamper.py; this
//                 worker then runs nothing more) | {id, type: "done", problems}
//                 (the syntax errors that gaps cause, cellrun.Session.syntax_problems)
//               {id, type: "done", failure, fatal}  (Pyodide itself failed: start a new worker)
//               {type: "snapshot", bytes, message}  (after a boot with snapshot "make", and nothing
//               else: the snapshot's bytes, or null and why)

import { LIB, SETUP } from "./setup.js";

// Pyodide reads its files from this address, which no server has: the worker answers those
// fetches from the files the page sent (fetchFromFiles).
const INDEX_URL = "https://pyodide.invalid/";
const MIME = { wasm: "application/wasm", mjs: "text/javascript", json: "application/json", zip: "application/zip" };
const BOOT_LIMIT = 120; // seconds before a boot that has not finished counts as failed
const SNAPSHOT_BOOT_LIMIT = 30; // seconds before a boot from a snapshot counts as failed, and a usual one starts
const parse = JSON.parse; // as the worker started: a cell may replace the global one

/** The chunks that json holds; none when it holds no list (what a cell's patched json.dumps gave). */
function parsed(json) {
  try {
    const chunks = parse(json);
    return Array.isArray(chunks) ? chunks : [];
  } catch {
    return [];
  }
}

// A cell's js.close() ended this worker under the page, which then waited for a run that never
// ended and blamed the time limit: it is refused, in words, instead.
self.close = () => {
  throw new Error("close() would end the worker that runs Python, and every cell of the page with it: a cell cannot call it");
};

let pyodide;
let written = {}; // the ember files now in LIB
let send = null; // the page's port's postMessage, bound as it came: the learner's code can reach
// neither the port nor this function, so what the page hears comes from the runtime alone
let interruptBuffer = null;
let steering = null; // hx.steer's knobs: site_src/runtime/steering.py reads them
let tampered = null; // what the learner's code did to the runtime, as the audit hook first reported it

/** Post a message to the page, on its port. */
function post(message, transfer = []) {
  send(message, transfer);
}

/** Answer Pyodide's fetches of INDEX_URL from files (Pyodide's, by name): fetch is the one way
 * it reads them, and this worker's origin can fetch nothing of the site. */
function fetchFromFiles(files) {
  const fetchNetwork = self.fetch;
  self.fetch = async (input, init) => {
    const url = String(input?.url ?? input);
    if (!url.startsWith(INDEX_URL)) return fetchNetwork(input, init);
    const name = url.slice(INDEX_URL.length);
    if (!(name in files)) return new Response(null, { status: 404 });
    return new Response(files[name], { headers: { "Content-Type": MIME[name.split(".").pop()] ?? "application/octet-stream" } });
  };
}

/** Import a module from its text. */
function importText(buffer) {
  return import(URL.createObjectURL(new Blob([buffer], { type: "text/javascript" })));
}

/** Pyodide's loader, with its WebAssembly's glue taken from the files the page sent. */
async function pyodideLoader(files) {
  fetchFromFiles(files);
  // Pyodide refuses a classic worker, which it tells by a working importScripts, for it could not
  // import the glue's ES module: this one imports it (importText) and gives it to Pyodide.
  self.importScripts = () => {
    throw new TypeError("importScripts is not used by this worker");
  };
  const [{ loadPyodide }, glue] = await Promise.all([importText(files["pyodide.mjs"]), importText(files["pyodide.asm.mjs"])]);
  return (options) => loadPyodide({ indexURL: INDEX_URL, createPyodideModule: glue.default, ...options });
}

/** Boot Pyodide from the files the page sent, from the memory snapshot if one comes, write the
 * Python files under LIB, and start a session for cells and checks. */
async function boot({ files, snapshot }, memory) {
  post({ type: "progress", step: "loading Python, about 6 MB the first time" });
  const loadPyodide = await pyodideLoader(files.pyodide);
  if (snapshot === "coming") {
    const restored = await fromSnapshot(loadPyodide, memory, files.python);
    if (restored) return { ...restored, snapshot: "used" };
  }
  pyodide = await loadPyodide({});
  post({ type: "progress", step: "setting up your ember" });
  return { ...setUp(files.python), snapshot: snapshot === "coming" ? "unusable" : "none" };
}

/** Write the Python files under LIB, run SETUP, start a session for cells and checks, and watch
 * what the learner's code does to the runtime (tamper.py). */
function setUp(files) {
  if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);
  for (const [path, text] of Object.entries(files)) writeFile(path, text);
  pyodide.runPython(SETUP);
  if (steering) pyodide.pyimport("steering").read_slot = bare((slot) => steering[slot]);
  const session = pyodide.pyimport("cellrun").Session(LIB);
  const check = pyodide.pyimport("tamper").watch(session, bare((why) => {
    tampered ??= String(why);
  }));
  return { session, checks: pyodide.pyimport("checks"), check };
}

/** fn, with no prototype, for Python to call: from a function of the worker that a cell finds, it
 * could otherwise reach the worker's JavaScript (fn.constructor is Function). */
function bare(fn) {
  return Object.setPrototypeOf(fn, null);
}

/** What the learner's code did that the next run must not start from, in words, or undefined:
 * what the audit hook reported during the run, else what the check finds changed (tamper.py). */
function untrusted(check) {
  return tampered ?? check() ?? undefined;
}

/** The runtime (setUp's) on a Pyodide started from the snapshot's bytes (a promise of them, or of
 * null); null if they are null, or if they fail to start Python within SNAPSHOT_BOOT_LIMIT (the API
 * is experimental): the learner sees a usual boot, and the page drops the snapshot. */
async function fromSnapshot(loadPyodide, memory, files) {
  try {
    const bytes = await memory;
    if (!bytes) return null;
    const limit = new Promise((_, reject) => setTimeout(() => reject(new Error("it took too long")), SNAPSHOT_BOOT_LIMIT * 1000));
    pyodide = await Promise.race([loadPyodide({ _loadSnapshot: bytes }), limit]);
    return setUp(files);
  } catch (error) {
    console.warn("ember: Python's saved memory could not be used, so it boots as usual:", error);
    pyodide = null;
    return null;
  }
}

/** Boot Pyodide for a snapshot, run SETUP, and post its memory to the page, which keeps it. */
async function makeSnapshot({ files }) {
  const loadPyodide = await pyodideLoader(files.pyodide);
  pyodide = await loadPyodide({ _makeSnapshot: true });
  for (const [path, text] of Object.entries(files.python)) writeFile(path, text);
  pyodide.runPython(SETUP);
  const bytes = pyodide.makeMemorySnapshot();
  pyodide = null;
  post({ type: "snapshot", bytes }, [bytes.buffer]);
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

/** Handle one message; they are handled in order because each run is synchronous. Once the
 * learner's code has reached the runtime, no request runs: the page starts a new worker. */
function handle({ session, checks, check }, data) {
  const { id } = data;
  const started = performance.now();
  if (tampered) {
    post({ id, type: "done", tampered });
    return;
  }
  try {
    syncEmber(data.files);
    session.set_gaps(JSON.stringify(data.gaps ?? {}));
    if (data.type === "run") {
      const stream = bare((json) => post({ id, type: "output", chunks: parsed(json) }));
      const raised = session.run_streaming(data.source, stream) ?? null;
      post({ id, type: "done", raised, ms: performance.now() - started, tampered: untrusted(check) });
    } else if (data.type === "checks") {
      const stream = bare((json) => post({ id, type: "output", chunks: [["check", json]] }));
      const asked = JSON.stringify({
        checks: data.checks, gaps: data.lab ?? [], answers: data.answers ?? null, time_limit: data.timeLimit ?? 0,
        unwritten: data.unwritten ?? [], checked: data.checked ?? [], beside: data.beside ?? [],
      });
      const finished = checks.run_checks_streaming(session, asked, stream);
      post({ id, type: "checked", finished, tampered: untrusted(check) });
    } else if (data.type === "syntax") {
      post({ id, type: "done", problems: parse(session.syntax_problems_json()) });
    }
  } catch (error) {
    // Not the learner's exception (Python reports those): Pyodide itself failed.
    const last = String(error.message ?? error).trim().split("\n").at(-1); // not the runtime's traceback
    post({ id, type: "done", fatal: true, failure: `Python stopped working (${last}). It is starting again; your code is kept.` });
  }
}

/** Boot with the page's files (and snapshot, if one comes), then handle each message of the page. */
function serve(port) {
  let booted = null;
  let memory = null; // the snapshot's bytes, once they come: resolve(bytes | null)
  const snapshotCame = new Promise((resolve) => {
    memory = resolve;
  });
  port.onmessage = async ({ data }) => {
    if (data.type === "boot" && !booted) {
      if (data.snapshot === "make") {
        makeSnapshot(data).catch((error) => post({ type: "snapshot", bytes: null, message: String(error.message ?? error) }));
        return;
      }
      const timeLimit = new Promise((_, reject) => setTimeout(() => reject(new Error(`it took more than ${BOOT_LIMIT} s`)), BOOT_LIMIT * 1000));
      booted = Promise.race([boot(data, snapshotCame), timeLimit]);
      booted.then(
        ({ snapshot }) => post({ type: "ready", snapshot, interruptible: interruptBuffer !== null }),
        (error) => post({ type: "boot-failed", message: error.message ?? String(error) }),
      );
      return;
    }
    if (data.type === "snapshot") {
      memory(data.bytes ?? null);
      return;
    }
    if (!booted) return;
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

// The frame's first message starts the worker; whatever is posted or dispatched to it after that
// is not heard.
self.onmessage = ({ data }) => {
  self.onmessage = null;
  send = MessagePort.prototype.postMessage.bind(data.answers);
  [interruptBuffer, steering] = [data.interrupt, data.steering];
  serve(data.requests);
};
