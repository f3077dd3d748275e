// The page's side of the Python worker. This module alone talks to the worker, which runs in the
// sandbox frame (sandbox.js), an origin of its own; components call boot(), run(), runChecks(),
// stop() and retry(). What the worker says is taken as data, of the shapes it sends (heard()).
//
// Requests wait in a queue here and go to the worker one at a time, so that a queued one can be
// dropped and, when the worker is replaced, sent again. A run is stopped by the Stop button or
// its time limit: through Pyodide's interrupt buffer when the sandbox frame is cross-origin
// isolated (Python and its modules live on), else by ending the worker and starting a new one. On such a
// page a running cell also reads the sliders of its hx.steer through a buffer of floats (steer()).

/** @typedef {[("stdout"|"stderr"|"graph"|"plot"|"network"|"digits"|"steer"|"cut"), string]} Chunk  graph, plot, network, digits, steer: the JSON of hx.show_graph, hx.show_plot, hx.show_network, hx.show_digits or hx.steer; cut: how much output was cut */
/**
 * A check's result: passed, failed (an assertion did not hold) or error (the code raised), why,
 * what the learner's code printed meanwhile, as chunks, and the words of the typical mistakes
 * that fail it the same way.
 * @typedef {{status: "passed"|"failed"|"error", reason: string, output?: Chunk[], likely?: string[]}} CheckResult
 */
/**
 * A gap at fault in a failing lab (site_src/runtime/blame.py): the learner's lines a change of
 * which makes the checks pass (1-based in the gap; [] when none is named), the line a missing line
 * goes after, each line named that is in the wrong place with the line it goes after, whether it is
 * an earlier lesson's gap, and the pointer in words.
 * @typedef {{gap: string, lines: number[], after: number|null, moves: [number, number][], earlier: boolean,
 *   text: string}} Fault
 */
/**
 * How a run ended. raised names the cell's exception; failure says why Python could not run it;
 * stopped says why it was stopped ("stop" or "time"); restarted, that Python started afresh.
 * @typedef {{ok: boolean, raised?: string, failure?: string, ms?: number,
 *   stopped?: "stop"|"time", restarted?: boolean}} RunResult
 */

import { workerFiles } from "./files.js";
import { alarmAfter, interruptUntilEnd } from "./interrupt.js";
import { sandboxedWorker } from "./sandbox.js";
import { SETUP } from "./setup.js";
import { canKeep, dropSnapshot, hasSnapshot, lockManager, readSnapshot, snapshotKey, storeSnapshot } from "./snapshot.js";

const INTERRUPT_WAIT = 3000; // ms a run has to end after an interrupt before its worker is ended: time to
// finish up after catching KeyboardInterrupt, as lesson 14's training does
const LEAVE_GRACE = 1000; // ms the run of a page left may go on, when ending it means a restart
const SNAPSHOT_AFTER = 5000; // ms after a boot without a memory snapshot before one is made
const SNAPSHOT_LIMIT = 120_000; // ms the making of a snapshot may take before its worker is ended
const SNAPSHOT_LOCK = "ember-snapshot"; // the Web Lock of the tab that makes the snapshot
const STEER_SLOTS = 4; // site_src/runtime/steering.py's MAX_KNOBS

let worker = null; // the worker in the sandbox frame (sandbox.js), {send, signal, steer, end}, once started
let state = "idle"; // "idle" → "booting" → "ready" | "failed"
let stateDetail = ""; // while booting, the step under way; once failed, why
let interruptible = false; // the worker heeds its interrupt buffer and reads its knobs (an isolated frame)
let nextId = 1;
const queue = []; // requests not yet sent: {id, message, onOutput, resolve, timeLimit}
let current = null; // the request the worker is working on
const watchers = new Set(); // called with the boot state when it changes

function setState(next, detail = "") {
  state = next;
  stateDetail = detail;
  for (const watch of watchers) watch(next, detail);
}

/** Start the worker, once; later calls do nothing until a restart or a retry. It starts as the
 * page bundle runs, after Material's own start: a worker started from the head compiled
 * Pyodide's WebAssembly on the second of two cores while the page parsed and laid itself out,
 * which made that task longer by a half, and Python no sooner ready. The page fetches the
 * worker's files and reads the memory snapshot (js/runtime/files.js, snapshot.js), and sends them
 * to it: the worker, in the sandbox frame, can reach neither. */
export function boot() {
  if (state === "booting" || state === "ready") return;
  start();
}

/** Fetch the worker's files, start the worker in the sandbox and send it them. */
function start() {
  setState("booting");
  workerFiles().then(async (files) => {
    if (state !== "booting" || worker) return;
    const key = canKeep() ? await snapshotKey(files.python, PYODIDE_VERSION, SETUP).catch(() => null) : null;
    const stored = key && await readSnapshot(key).catch(() => null);
    // A worker ended and replaced may still have said something on its way out: not the new one's.
    const own = sandboxedWorker(files.worker, {
      onMessage: (data) => worker === own && hear(data, key),
      onError: (message) => worker === own && (state === "ready" ? died(message) : fail(message)),
    });
    worker = own;
    own.send({ type: "boot", files, snapshot: stored ? "coming" : "none" });
    stored?.bytes.then((bytes) => own.send({ type: "snapshot", bytes }), () => {
      dropSnapshot(key).catch(() => {});
      own.send({ type: "snapshot", bytes: null });
    });
  }, (error) => state === "booting" && !worker && fail(error.message));
}

let snapshotting = false; // a snapshot has been asked for on this page
const SNAPSHOT_FAILED = "ember-snapshot-failed"; // in localStorage: when the last one could not be stored
const SNAPSHOT_RETRY = 7 * 24 * 3600 * 1000; // ms before trying again, after a failure

/** SNAPSHOT_AFTER ms after a boot that found no snapshot, have a worker of its own in the sandbox
 * make Python's memory snapshot, and store it under key for the next visit to boot from
 * (js/runtime/snapshot.js): once per page load, by one tab at a time, and not for a week after one
 * could not be stored (no room, say): it costs a second boot. */
function makeSnapshotLater(key) {
  if (snapshotting || Date.now() - Number(readStorage(SNAPSHOT_FAILED)) < SNAPSHOT_RETRY) return;
  snapshotting = true;
  setTimeout(() => lockManager.request(SNAPSHOT_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock || await hasSnapshot(key)) return;
    try {
      await storeSnapshot(key, await makeSnapshot());
    } catch (error) {
      console.warn("ember: no snapshot of Python's memory, so the next visit boots as usual:", error.message ?? error);
      writeStorage(SNAPSHOT_FAILED, String(Date.now()));
    }
  }), SNAPSHOT_AFTER);
}

/** The bytes of a memory snapshot, made by a worker of its own in the sandbox, within SNAPSHOT_LIMIT. */
async function makeSnapshot() {
  const files = await workerFiles();
  let maker = null;
  let limit = null;
  try {
    return await new Promise((resolve, reject) => {
      maker = sandboxedWorker(files.worker, {
        name: "ember-snapshot",
        onMessage: (data) => (data?.bytes instanceof Uint8Array ? resolve(data.bytes) : reject(new Error(String(data?.message)))),
        onError: (message) => reject(new Error(message)),
      });
      maker.send({ type: "boot", files, snapshot: "make" });
      limit = setTimeout(() => reject(new Error(`it took more than ${SNAPSHOT_LIMIT / 1000} s`)), SNAPSHOT_LIMIT);
    });
  } finally {
    clearTimeout(limit);
    maker?.end();
  }
}

/** localStorage's item, or null where storage is off. */
function readStorage(name) {
  try {
    return localStorage.getItem(name);
  } catch {
    return null;
  }
}

/** Set localStorage's item, if storage is on. */
function writeStorage(name, value) {
  try {
    localStorage.setItem(name, value);
  } catch {
    // storage is off or full: the snapshot is tried again on the next page load
  }
}

/** Handle a message of the worker, which the page takes as data: what it says about a request is
 * heard only while that request runs, and in the shapes below alone. key: the snapshot's, null
 * where this browser keeps none. */
function hear(data, key) {
  if (!heard(data)) return;
  if (data.type === "ready") {
    if (state !== "booting") return;
    interruptible = data.interruptible === true; // else Stop restarts Python
    setState("ready");
    // How Python started, for make bench and the tests: "used", from a memory snapshot; "wanted",
    // without one, in a browser that keeps one; "none", in a browser that keeps none.
    const used = data.snapshot === "used";
    performance.mark("ember:python-ready", { detail: { snapshot: used ? "used" : key ? "wanted" : "none" } });
    if (data.snapshot === "unusable") dropSnapshot(key).catch(() => {});
    if (key && !used) makeSnapshotLater(key);
    next();
  } else if (data.type === "progress") {
    if (state === "booting") setState("booting", data.step);
  } else if (data.type === "boot-failed") {
    if (state === "booting") fail(data.message);
  } else if (current && data.id === current.id) {
    if (data.type === "output") current.onOutput(data.chunks);
    else if (data.type === "done" || data.type === "checked") finish(data, data.fatal === true || TEXT(data.tampered));
  }
}

const TEXT = (value) => typeof value === "string";
const OPTIONAL_TEXT = (value) => value === undefined || value === null || TEXT(value);
/** What each message of the worker must hold, by type. */
const SHAPES = {
  ready: (data) => TEXT(data.snapshot),
  progress: (data) => TEXT(data.step),
  "boot-failed": (data) => TEXT(data.message),
  output: (data) => Array.isArray(data.chunks) && data.chunks.every((chunk) => Array.isArray(chunk)
    && chunk.length === 2 && TEXT(chunk[0]) && TEXT(chunk[1])),
  done: (data) => OPTIONAL_TEXT(data.raised) && OPTIONAL_TEXT(data.failure) && OPTIONAL_TEXT(data.tampered)
    && (data.problems === undefined || Array.isArray(data.problems)),
  checked: (data) => OPTIONAL_TEXT(data.tampered),
};

/** Whether data is a message of a shape the worker sends. */
function heard(data) {
  return typeof data === "object" && data !== null && Object.hasOwn(SHAPES, data.type) && SHAPES[data.type](data);
}

/** Python could not start: every waiting request is told so, and nothing is sent until retry(). */
function fail(message) {
  setState("failed", message);
  const failure = `Python could not start: ${message}`;
  if (current) quiet(current);
  for (const entry of [current, ...queue.splice(0)].filter(Boolean)) entry.resolve({ failure });
  current = null;
  worker?.end();
  worker = null;
}

/** The worker failed after Python had started (its thread ended under a run, say): the request
 * it was on is told so, and a new worker boots for the rest. */
function died(message) {
  if (current) finish({ failure: `Python stopped working (${message}). It is starting again; your code is kept.` }, true);
  else restart();
}

/** Send the next queued request when the worker is ready and idle. */
function next() {
  if (current || state !== "ready" || !queue.length) return;
  current = queue.shift();
  current.started = performance.now();
  if (current.timeLimit) current.timer = setTimeout(() => stop(current.id, "time"), current.timeLimit * 1000);
  worker.send({ id: current.id, ...current.message }); // the frame clears the interrupt and the knobs first
  current.onRun();
}

/** The current request ended with data; start the next one (after a new worker if fatal). */
function finish(data, fatal = false) {
  const entry = current;
  current = null;
  quiet(entry);
  entry.resolve({ ...data, stopped: entry.stopped });
  if (fatal) restart();
  else next();
}

/** End the worker and boot a new one; queued requests wait for it and are sent again. */
function restart() {
  worker.end();
  worker = null;
  interruptible = false;
  start();
}

/** Boot again after Python could not start. */
export function retry() {
  if (state === "failed") boot();
}

/**
 * Whether a running cell can read hx.steer's sliders: Python has booted with the buffer for
 * them, on a cross-origin isolated page.
 */
export function canSteer() {
  return state === "ready" && interruptible;
}

/**
 * Set a knob of hx.steer for the run id, which reads it at its next step; NaN gives the knob
 * back to the cell's own value.
 * @param {number} id the run's, from run()'s onStart
 * @param {number} slot the knob's place among the run's knobs, in the order of its steer() calls
 * @param {number} value
 * @returns {boolean} whether the run is still on and can read it
 */
export function steer(id, slot, value) {
  if (!canSteer() || current?.id !== id || !(slot >= 0 && slot < STEER_SLOTS)) return false;
  worker.steer(id, slot, value);
  return true;
}

/** Whether Python has finished booting. */
export function isReady() {
  return state === "ready";
}

/** Whether Python is working on a request, so that a new one waits for it. */
export function isBusy() {
  return current !== null;
}

/**
 * Call watch with the boot state ("booting", "ready", "failed") now and on every change.
 * @param {(state: string, detail: string) => void} watch detail: while booting, the step
 *   under way; once failed, why
 * @param {AbortSignal} [signal] stops the calls when aborted (the page was left)
 * @returns {() => void} stops the calls
 */
export function onState(watch, signal) {
  watchers.add(watch);
  signal?.addEventListener("abort", () => watchers.delete(watch), { once: true });
  watch(state, stateDetail);
  return () => watchers.delete(watch);
}

/**
 * The learner went to another page without reloading (Material's instant navigation): Python
 * stays, and the old page's queued requests are dropped. Its run is interrupted at once when
 * that keeps Python (a cross-origin isolated page); otherwise it has LEAVE_GRACE ms to end
 * before Python is restarted under it.
 */
export function leave() {
  for (const entry of queue.splice(0)) entry.resolve({ stopped: "stop" });
  if (!current) return;
  const { id } = current;
  if (interruptible) stop(id);
  else setTimeout(() => current?.id === id && stop(id), LEAVE_GRACE);
}

/**
 * Stop a request: drop it if it is still queued, else interrupt it (or end the worker).
 * @param {number} id from the request's onStart
 * @param {"stop"|"time"} why
 */
export function stop(id, why = "stop") {
  const queued = queue.findIndex((entry) => entry.id === id);
  if (queued >= 0) {
    queue.splice(queued, 1)[0].resolve({ stopped: why });
    return;
  }
  if (!current || current.id !== id || current.stopped) return;
  current.stopped = why;
  if (interruptible) {
    const own = worker;
    current.interrupting = interruptUntilEnd((signal) => own.signal(id, signal)); // Python raises KeyboardInterrupt
    current.killer = setTimeout(() => {
      console.warn(`ember: Python did not stop within ${INTERRUPT_WAIT} ms of an interrupt, so it is restarted`);
      kill();
    }, INTERRUPT_WAIT);
  } else {
    kill();
  }
}

/** A request has ended: its time limit, its wait for an interrupt to work and the interrupt's
 * repeats end with it. */
function quiet(entry) {
  clearTimeout(entry.timer);
  clearTimeout(entry.killer);
  entry.interrupting?.();
}

/** End a run that cannot be interrupted: a new worker takes over, with a fresh Python. */
function kill() {
  const entry = current;
  current = null;
  quiet(entry);
  entry.resolve({ stopped: entry.stopped, restarted: true, ms: performance.now() - entry.started });
  restart();
}

/** The worker's fields for the learner's ember. */
function emberMessage(ember) {
  return { files: ember?.files ?? null, gaps: ember?.gaps ?? {} };
}

/** Queue a message for the worker; resolve with the message that ends it. */
function request(message, { onOutput = () => {}, onStart = () => {}, onRun = () => {}, timeLimit = 0 } = {}) {
  boot();
  if (state === "failed") return Promise.resolve({ failure: "Python could not start. Retry, or reload the page." });
  const id = nextId++;
  return new Promise((resolve) => {
    queue.push({ id, message, onOutput, onRun, resolve, timeLimit });
    onStart(id);
    next();
  });
}

/**
 * Run source as a cell in a fresh namespace. A run asked for during boot waits for it.
 * @param {string} source
 * @param {(chunks: Chunk[]) => void} onOutput called with each batch of output
 * @param {{files: Object<string,string>, gaps: Object<string, Array>}|null} ember the learner's
 *   ember (learner.js); null for none
 * @param {{timeLimit?: number, onStart?: (id: number) => void, onRun?: () => void}} [options]
 *   timeLimit in seconds (0: none); onStart gets the id that stop() takes, once queued; onRun
 *   is called when the worker starts on it
 * @returns {Promise<RunResult>}
 */
export async function run(source, onOutput, ember, { timeLimit = 0, onStart, onRun } = {}) {
  const data = await request({ type: "run", source, ...emberMessage(ember) }, { onOutput, onStart, onRun, timeLimit });
  if (TEXT(data.tampered)) {
    onOutput([["note", `This cell ${data.tampered}.\nNo later run may start from that: Python is being started afresh `
      + "for the next one.\nYour code and your ember are kept.\n"]]);
  }
  const ok = !data.raised && !data.failure && !data.stopped;
  return { ok, raised: data.raised, failure: data.failure, ms: data.ms, stopped: data.stopped, restarted: data.restarted };
}

/**
 * Run a lab's checks against files.
 * @param {{title: string, code: string}[]} checks
 * @param {{files: Object<string,string>, gaps: Object<string, Array>}|null} ember as for run()
 * @param {{lab?: string[], answers?: Object<string, string>, unwritten?: string[], checked?: string[],
 *   beside?: string[], timeLimit?: number, onStart?: (id: number) => void, onRun?: () => void,
 *   onResult?: (index: number, result: CheckResult) => void, onFault?: (faults: Fault[]) => void}}
 *   [options] as for run(); lab: the lab's gaps, which a reason points to; answers: the course's
 *   text of gaps, by name, to say where a failing lab is wrong; unwritten: the gaps of the lab
 *   and of the page's earlier labs that still hold their stub; checked: the earlier gaps whose
 *   lab the learner passed; beside: the gaps of the page's earlier labs, which may be at fault
 *   too; onResult is called with each
 *   check's result as soon as it has run, before the lab's results are diagnosed; onFault, with
 *   the gaps at fault found so far, each time the search finds one
 * @returns {Promise<{results: CheckResult[], finished: boolean, blame: Fault[], failure?: string,
 *   stopped?: "stop"|"time", restarted?: boolean}>} results: those of the checks that ran,
 *   in order, with what the learner most likely did (``likely``) once all of them ran;
 *   finished: whether all of them ran; blame: the gaps at fault, once all ran (those found by
 *   then when stopped while finding them); stopped with finished: stopped while finding them
 */
export async function runChecks(checks, ember, { lab = [], answers = null, unwritten = [], checked = [], beside = [], timeLimit = 0, onStart, onRun, onResult = () => {}, onFault = () => {} } = {}) {
  const results = [];
  let found = null; // {diagnosis, blame}, once the worker has said where the lab is wrong
  const faults = []; // the gaps at fault found so far
  let endAlarm = () => {};
  const onOutput = (chunks) => {
    // A result that comes after Stop or the time limit is not to be trusted: the learner's code
    // may have caught the KeyboardInterrupt. The check then running has no result.
    if (current?.stopped) return;
    for (const [stream, json] of chunks) {
      if (stream !== "check") continue;
      const message = parsed(json);
      if (!message) continue;
      if ("alarm" in message) { // a check, or a trial of the blame, asks for its time limit (site_src/runtime/timeouts.py)
        endAlarm();
        const [own, run] = [worker, current.id];
        endAlarm = message.alarm && interruptible ? alarmAfter((signal) => own.signal(run, signal), message.alarm) : () => {};
      } else if (message.fault) { // each as the search finds it
        faults.push(message.fault);
        onFault([...faults]);
      } else if (message.diagnosis) found = message; // after the last result
      else {
        results.push(message);
        onResult(results.length - 1, message);
      }
    }
  };
  const message = { type: "checks", checks, lab, answers, unwritten, checked, beside, timeLimit, ...emberMessage(ember) };
  const data = await request(message, { onOutput, onStart, onRun, timeLimit });
  endAlarm();
  const finished = results.length === checks.length;
  if (data.failure) return { results, finished, blame: [], failure: data.failure };
  if (TEXT(data.tampered)) {
    const failure = `These results cannot be trusted: the code the checks ran ${data.tampered}. Python is being `
      + "started afresh: run the checks again.";
    return { results: [], finished: false, blame: [], failure };
  }
  // Stopped before every check had its result, or after, while finding where the lab is wrong:
  // the results stand, with the pointers found by then.
  if (data.stopped && !found) {
    return { results, finished, blame: finished ? faults : [], stopped: data.stopped, restarted: data.restarted };
  }
  // Not finished, yet not stopped: a KeyboardInterrupt that the page did not send (the learner's
  // code raised it).
  if (!finished) return { results, finished, blame: [], failure: "The checks were interrupted: KeyboardInterrupt was raised." };
  found?.diagnosis.forEach((likely, index) => likely.length && (results[index].likely = likely));
  return { results, finished, blame: found?.blame ?? [] };
}

/** The object that json holds; null for anything else (the worker's words are data). */
function parsed(json) {
  try {
    const value = JSON.parse(json);
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  }
}

let syntaxWaiting = null; // the newest syntax request, {id, answer}; while it is queued, a newer one joins it

/**
 * The Python syntax errors that the gaps of the learner's ember cause. A request made while an
 * earlier one still waits in the queue joins it, which then goes with the newest files.
 * @param {{files: Object<string,string>, gaps: Object<string, Array>}} ember as for run()
 * @returns {Promise<import("../editor/gaps.js").Problem[]>}
 */
export function syntaxProblems(ember) {
  const message = { type: "syntax", ...emberMessage(ember) };
  const waiting = syntaxWaiting && queue.find((entry) => entry.id === syntaxWaiting.id);
  if (waiting) {
    waiting.message = message;
    return syntaxWaiting.answer;
  }
  let id = null;
  const answer = request(message, { onStart: (queued) => (id = queued) }).then((data) => data.problems ?? []);
  syntaxWaiting = { id, answer };
  return answer;
}
