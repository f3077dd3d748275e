// The learner's progress, kept in localStorage as they work: the text of every gap, the code of
// every cell they changed, the hints opened, the labs passed and the quiz answers. The key names
// the course and the schema (ember:<course>:progress:v<schema>). A state saved under an older
// schema is upgraded into the new key and left where it was; a state that cannot be read is set
// aside, never lost. When the browser refuses storage, everything works and nothing is saved
// (notices.js says so). Another tab's save is joined with this tab's changes (reconcile.js), so
// neither loses a keystroke.

import { exported as validExport, progress as validProgress } from "ember:validators";
import { merge } from "../text.js";
import { ofLesson } from "./keys.js";
import { digest, noteChange, reconcile } from "./reconcile.js";
import LIMITS from "../../site_src/limits.json" with { type: "json" };

const SCHEMA = 3;
/** The course's id, from the page (the plugin's course_id); it keeps two courses apart. */
export const COURSE = document.querySelector('meta[name="ember-course"]')?.content ?? "ember";
const KEY = `ember:${COURSE}:progress:v${SCHEMA}`;

/**
 * Older keys and how to bring their state up to the next schema, oldest first: OLDER[i] is
 * schema i + 1. Schema 1 had no course in its key and no quizzes; schema 2 kept no cells.
 */
const OLDER = [
  { key: "ember:progress:v1", upgrade: (state) => ({ ...state, quizzes: {} }) },
  { key: `ember:${COURSE}:progress:v2`, upgrade: (state) => ({ ...state, cells: {} }) },
];

/**
 * A cell's code as its page gave it (original), and the learner's.
 * @typedef {{original: string, code: string}} CellCode
 */
/**
 * sync: for each gap and cell, a digest of the text its last change was made to (reconcile.js).
 * @typedef {{answers: Object<string,string>, hints: Object<string,number>,
 *   passed: Object<string,boolean>, quizzes: Object<string,{chosen: number[], right: boolean}>,
 *   cells: Object<string,CellCode>, sync: Object<string,string>}} Progress
 */

/** @returns {Progress} */
function empty() {
  return { answers: {}, hints: {}, passed: {}, quizzes: {}, cells: {}, sync: {} };
}

/** Line breaks as \n alone, whatever wrote the text: an editor counts \r\n as one. */
function lines(text) {
  return text.replace(/\r\n?/g, "\n");
}

/**
 * Every text with \n line breaks; a gap's text ends with one, the line before its end marker. A
 * state saved before sync was kept gets an empty one.
 */
function tidy(state) {
  state.sync ??= {};
  for (const [gap, text] of Object.entries(state.answers)) {
    state.answers[gap] = lines(text).endsWith("\n") ? lines(text) : `${lines(text)}\n`;
  }
  for (const cell of Object.values(state.cells)) {
    cell.original = lines(cell.original);
    cell.code = lines(cell.code);
  }
  return state;
}

/** Parse text as a Progress, after upgrade; null if it is not one. */
function parse(text, upgrade = (data) => data) {
  try {
    const state = upgrade(JSON.parse(text));
    return validProgress(state) ? tidy(state) : null;
  } catch {
    return null; // not JSON, or not even an object to upgrade
  }
}

/**
 * The entries of a damaged state (after upgrade) that are each valid on their own; null if it is
 * not even JSON.
 */
function salvage(text, upgrade = (data) => data) {
  let data;
  try {
    data = upgrade(JSON.parse(text));
  } catch {
    return null;
  }
  const kept = empty();
  if (!data || typeof data !== "object") return kept;
  for (const part of Object.keys(kept)) {
    for (const [key, value] of Object.entries(data[part] ?? {})) {
      const one = { ...empty(), [part]: { [key]: value } };
      if (validProgress(one)) kept[part][key] = value;
    }
  }
  return tidy(kept);
}

/** localStorage, or null when the browser blocks it (as with all cookies blocked). */
function storage() {
  try {
    const store = window.localStorage;
    store.getItem(KEY);
    return store;
  } catch {
    return null;
  }
}

/**
 * Read the saved progress: under this schema's key, else upgraded from the newest older one. One
 * that cannot be read whole is moved to a key of its own, and what of it is still valid is kept;
 * if even that fails (storage full), it stays where it is and nothing is saved over it. An older
 * key always stays as it was.
 */
function load() {
  const store = storage();
  if (!store) return { state: empty(), setAside: null, canSave: false };
  let raw = store.getItem(KEY);
  let upgrade = (data) => data;
  if (raw === null) {
    let index = OLDER.length - 1;
    while (index >= 0 && store.getItem(OLDER[index].key) === null) index--;
    if (index < 0) return { state: empty(), setAside: null, canSave: true };
    raw = store.getItem(OLDER[index].key);
    upgrade = (data) => OLDER.slice(index).reduce((state, step) => step.upgrade(state), data);
  }
  const state = parse(raw, upgrade);
  if (state && store.getItem(KEY) === null) {
    try {
      store.setItem(KEY, JSON.stringify(state)); // an upgrade is kept under this schema's key
    } catch {
      // storage full: it is saved with the next change
    }
  }
  if (state) return { state, setAside: null, canSave: true };
  const setAside = `${KEY}:unreadable:${Date.now()}`;
  const kept = salvage(raw, upgrade) ?? empty();
  try {
    store.setItem(setAside, raw);
    store.setItem(KEY, JSON.stringify(kept)); // so that an older key is not read again
    return { state: kept, setAside, canSave: true };
  } catch (error) {
    console.warn("ember: the saved progress cannot be read or moved aside; this session is not saved", error);
    return { state: kept, setAside: null, canSave: false };
  }
}

const loaded = load();
let state = loaded.state;
const listeners = new Set();
const saveWatchers = new Set();
let written = null; // the text this tab saved last

/** The key under which an unreadable saved state was kept, or null. */
export const setAside = loaded.setAside;

/** For each text this tab changed that the other tabs may not have seen: what they last had. */
const pending = { answers: new Map(), cells: new Map() };

/**
 * Make one change and save it. The change is made to what is saved now, which another tab may
 * have changed since this one last heard, joined with this tab's (reconcile.js).
 * @param {(state: Progress) => void} edit
 */
function change(edit, news) {
  if (loaded.canSave) {
    const raw = window.localStorage.getItem(KEY);
    const saved = raw === written ? null : parse(raw ?? "null"); // read only what another tab wrote
    if (saved) take(saved);
  }
  edit(state);
  save(news);
}

/** The keys of two records whose values differ. */
function differing(one, other, same) {
  return [...new Set([...Object.keys(one), ...Object.keys(other)])].filter((key) => !same(one[key], other[key]));
}

/**
 * Take a state another tab saved, joined with this tab's changes it has not seen; tell the
 * listeners which gaps and cells that changed here ({gap, source: "tab"}, {cell, source: "tab"}).
 * @returns {boolean} whether the state kept differs from theirs, which the other tabs then need
 */
function take(theirs) {
  const joined = reconcile(state, theirs, pending);
  const gaps = differing(state.answers, joined.answers, (a, b) => a === b);
  const cells = differing(state.cells, joined.cells, (a, b) => a?.code === b?.code && a?.original === b?.original);
  state = joined;
  for (const listener of listeners) {
    for (const gap of gaps) listener({ gap, source: "tab" });
    for (const cell of cells) listener({ cell, source: "tab" });
  }
  return JSON.stringify(joined) !== JSON.stringify(theirs);
}

let lastProblem = null; // why the last attempt to save failed; null when it worked, or before any

/**
 * Save the state, unless it is more than this site keeps (a text over the schema's length),
 * which would be set aside as unreadable on the next load: the saved state stays as it was.
 */
function save(news) {
  let problem = "storage";
  if (loaded.canSave && !validProgress(state)) {
    problem = "too large";
  } else if (loaded.canSave) {
    try {
      const text = JSON.stringify(state);
      window.localStorage.setItem(KEY, text);
      written = text;
      problem = null;
    } catch (error) {
      console.warn("ember: progress could not be saved (storage full?)", error);
    }
  }
  lastProblem = problem;
  for (const watch of saveWatchers) watch(problem === null, problem);
  for (const listener of listeners) listener(news);
  return problem === null;
}

/**
 * Call watch(saved, problem) after every attempt to save: saved is false when the browser
 * refused (problem "storage": storage full or blocked, or an unreadable state that could not be
 * set aside) or the state is more than the site keeps (problem "too large"). The work stays on
 * the page.
 */
export function onSave(watch, signal) {
  saveWatchers.add(watch);
  signal?.addEventListener("abort", () => saveWatchers.delete(watch), { once: true });
  if (!loaded.canSave) watch(false, "storage");
  else if (lastProblem) watch(false, lastProblem); // a page shown later hears it too
}

// Another tab of this site saved. What is saved now may be newer than the event says: this tab's
// own later save, which the other tabs will take, or a still newer one.
window.addEventListener("storage", (event) => {
  if (event.key !== KEY || event.newValue === null) return;
  const now = window.localStorage.getItem(KEY) ?? event.newValue;
  if (now === written) return;
  const theirs = parse(now);
  if (theirs && take(theirs)) save({ joined: true }); // this tab's unseen changes, for the others
});

/** The learner's text for a gap, or undefined if they have written none. */
export function answer(gap) {
  return state.answers[gap];
}

/**
 * The text to keep: ours, or, when another tab changed the text since this tab's edit began
 * (from base), both edits merged.
 */
function joined(theirs, ours, base) {
  return base === undefined || theirs === undefined || theirs === base ? ours : merge(base, ours, theirs);
}

/**
 * Keep the learner's text for a gap.
 * @param {string} gap
 * @param {string} text
 * @param {{source?: object, base?: string}} [options] source: who changed it, for the listeners;
 *   base: the text the edit began from, to merge with another tab's change
 */
export function setAnswer(gap, text, { source = null, base } = {}) {
  if (state.answers[gap] === text) return;
  change((s) => {
    const had = s.answers[gap];
    s.answers[gap] = joined(had, text, base);
    note(pending.answers, s, gap, had ?? base ?? "", had === undefined, s.answers[gap]);
  }, { gap, source });
}

/** Forget the learner's text for a gap; source as for setAnswer. */
export function clearAnswer(gap, source = null) {
  if (state.answers[gap] === undefined) return;
  change((s) => {
    const had = s.answers[gap];
    delete s.answers[gap];
    note(pending.answers, s, gap, had, false, undefined);
  }, { gap, source });
}

/**
 * After a text changed from had: remember it for the other tabs (reconcile.js), and say in the
 * state what the change was made to.
 */
function note(changes, s, key, had, absent, text) {
  noteChange(changes, key, had, absent, text);
  s.sync[key] = digest(absent ? undefined : had);
}

/** The learner's code for a cell, or undefined if they have not changed it. */
export function cellCode(cell) {
  return state.cells[cell];
}

/**
 * Keep the learner's code for a cell; code equal to the original forgets it.
 * @param {string} cell the cell's id, such as 07-c3
 * @param {string} original the cell's code as its page gives it
 * @param {string} code the learner's
 * @param {{source?: object, base?: string}} [options] as for setAnswer
 */
export function setCellCode(cell, original, code, { source = null, base } = {}) {
  if (state.cells[cell]?.code === code && state.cells[cell].original === original) return;
  if (state.cells[cell] === undefined && code === original) return;
  change((s) => {
    const theirs = s.cells[cell]?.original === original ? s.cells[cell].code : original;
    const kept = joined(theirs, code, base);
    if (kept === original) delete s.cells[cell];
    else s.cells[cell] = { original, code: kept };
    note(pending.cells, s, cell, theirs, false, kept);
  }, { cell, source });
}

/** How many hints of a lab the learner has opened. */
export function hintsShown(lab) {
  return state.hints[lab] ?? 0;
}

/** Record that one more hint of a lab is open. */
export function showHint(lab) {
  change((s) => (s.hints[lab] = (s.hints[lab] ?? 0) + 1), { lab });
}

/** Whether every check of a lab passed the last time it ran. */
export function passed(lab) {
  return state.passed[lab] === true;
}

/** Record whether a lab's checks all passed. */
export function setPassed(lab, value) {
  change((s) => (s.passed[lab] = value), { lab });
}

/** The options of a question the learner chose, in order, and whether the right one was among them. */
export function quizAnswer(quiz) {
  return state.quizzes[quiz] ?? { chosen: [], right: false };
}

/** Record that the learner chose option index of a question, right or not. */
export function choose(quiz, index, right) {
  change((s) => {
    const before = s.quizzes[quiz] ?? { chosen: [], right: false };
    s.quizzes[quiz] = { chosen: [...before.chosen, index].slice(-LIMITS.quiz_options), right: before.right || right };
  }, { quiz });
}

/**
 * Call listener after every change, with {gap, source}, {cell, source}, {lab}, {quiz} or
 * {all: true}; source is who made it, or "tab" for another tab.
 * @param {AbortSignal} [signal] stops the calls when aborted (the page was left)
 * @returns {() => void} a function that stops the calls
 */
export function subscribe(listener, signal) {
  listeners.add(listener);
  signal?.addEventListener("abort", () => listeners.delete(listener), { once: true });
  return () => listeners.delete(listener);
}

/** The progress as the text of an export file. */
export function exportText() {
  const file = { format: "ember-progress", course: COURSE, schema: SCHEMA, exported: new Date().toISOString(), progress: state };
  return JSON.stringify(file, null, 1);
}

/** What each older schema's file does not hold, by schema: an import of it leaves these empty. */
const NOT_KEPT = { 1: ["your answers to questions", "your cells' code"], 2: ["your cells' code"] };

/**
 * Read an exported file, checked whole; nothing changes.
 * @param {string} text the file's text
 * @returns {{problem: string}|{progress: Progress, notKept: string[]}} why it cannot be imported, in
 *   plain words; or its progress, brought up to this schema, and what of a learner's work its
 *   older schema did not keep
 */
export function readImport(text) {
  let file;
  try {
    file = JSON.parse(text);
  } catch {
    return { problem: "This file is not an ember progress file: it is not JSON." };
  }
  if (!validExport(file)) return { problem: "This file is not an ember progress file." };
  if (file.course !== COURSE) return { problem: "This progress file is from another course." };
  if (file.schema > SCHEMA) return { problem: "This progress file was saved by a newer version of this site." };
  let incoming = file.progress;
  try {
    for (const step of OLDER.slice(file.schema - 1)) incoming = step.upgrade(incoming);
  } catch {
    incoming = null;
  }
  if (!incoming || !validProgress(incoming)) return { problem: "This progress file is damaged: some of its entries are not what this site saves." };
  return { progress: incoming, notKept: NOT_KEPT[file.schema] ?? [] };
}

/** How much work the progress in this browser holds: gaps written, cells changed, questions answered. */
export function work() {
  return { gaps: Object.keys(state.answers).length, cells: Object.keys(state.cells).length, questions: Object.keys(state.quizzes).length };
}

/**
 * Replace the progress with an imported one (readImport's).
 * @param {Progress} incoming
 * @returns {string|null} null when imported, else why not, in plain words
 */
export function applyImport(incoming) {
  const before = state;
  state = tidy(structuredClone(incoming));
  if (!save({ all: true })) {
    state = before;
    return "This browser's storage is full or blocked, so the progress could not be saved.";
  }
  return null;
}

/**
 * Forget one lesson's work: its gaps' text, its cells' code, its labs' hints and passes, its
 * quiz answers.
 * @param {number} lesson
 */
export function resetLesson(lesson) {
  change((s) => {
    for (const part of Object.values(s)) {
      for (const key of Object.keys(part)) if (ofLesson(key, lesson)) delete part[key];
    }
  }, { all: true });
}
