// The learner's progress, kept in localStorage as they work: the text of every gap, the code of
// every cell they changed, the hints opened, the labs passed and the quiz answers. The key names
// the course and the schema (ember:<course>:progress:v<schema>). A state saved under an older
// schema is upgraded into the new key and left where it was; a state that cannot be read is set
// aside, never lost. When the browser refuses storage, everything works and nothing is saved
// (notices.js says so). The texts (gaps and cells) are kept the same in every tab, each keystroke
// once, by collab.js; the rest is taken from another tab's save as it comes.

import { exported as validExport, progress as validProgress } from "ember:validators";
import { merge } from "../text.js";
import { ofLesson } from "./keys.js";
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
 * @typedef {{answers: Object<string,string>, hints: Object<string,number>,
 *   passed: Object<string,boolean>, quizzes: Object<string,{chosen: number[], right: boolean}>,
 *   cells: Object<string,CellCode>}} Progress
 */

/** @returns {Progress} */
function empty() {
  return { answers: {}, hints: {}, passed: {}, quizzes: {}, cells: {} };
}

/** Line breaks as \n alone, whatever wrote the text: an editor counts \r\n as one. */
function lines(text) {
  return text.replace(/\r\n?/g, "\n");
}

/**
 * Every text with \n line breaks; a gap's text ends with one, the line before its end marker. The
 * sync of an older version of the site (its way of joining two tabs' texts) is dropped.
 */
function tidy(state) {
  delete state.sync;
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
let share = null; // tells the other tabs of a text changed here, once shareTexts has loaded it
let sharing = null;

/**
 * Keep this tab's texts the same as the other tabs' (collab.js), from now on: called by a page
 * that shows an editor, which alone loads the code it takes. Until then, and on a page without
 * one, another tab's save is taken whole.
 */
export function shareTexts() {
  sharing ??= import("./collab.js").then(({ startCollab }) => (share = startCollab(KEY, fromTab)));
  return sharing;
}

/** The key under which an unreadable saved state was kept, or null. */
export const setAside = loaded.setAside;

/**
 * Make one change and save it. The change is made to what is saved now, which another tab may
 * have changed since this one last heard (take).
 * @param {(state: Progress) => void} edit
 */
function change(edit, news, shown = "") {
  if (loaded.canSave) {
    const raw = window.localStorage.getItem(KEY);
    const saved = raw === written ? null : parse(raw ?? "null"); // read only what another tab wrote
    if (saved) take(saved);
  }
  const before = { answers: { ...state.answers }, cells: { ...state.cells } };
  edit(state);
  if (share) shareChanges(before, shown);
  save(news);
}

/**
 * Tell the other tabs (collab.js) of each text that changed from before: a gap's, keyed
 * answer:<gap>, where shown is what shows for no answer (its stub); a cell's, keyed cell:<id>, where
 * its code as the page gives it shows for none.
 */
function shareChanges(before, shown) {
  for (const gap of new Set([...Object.keys(before.answers), ...Object.keys(state.answers)])) {
    const [had, has] = [before.answers[gap], state.answers[gap]];
    if (had !== has) share(`answer:${gap}`, had ?? shown, has ?? shown, { absent: has === undefined });
  }
  for (const cell of new Set([...Object.keys(before.cells), ...Object.keys(state.cells)])) {
    const [had, has] = [before.cells[cell], state.cells[cell]];
    const original = has?.original ?? had.original;
    if (had?.code !== has?.code || had?.original !== has?.original) {
      share(`cell:${cell}`, had?.original === original ? had.code : original, has?.code ?? original, { original });
    }
  }
}

/** Another tab's change reached a text here (collab.js): keep it and tell the listeners. */
function fromTab(key, text, meta) {
  const [kind, name] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (kind === "answer" && meta.absent) delete state.answers[name];
  else if (kind === "answer") state.answers[name] = text;
  else if (text === meta.original) delete state.cells[name];
  else state.cells[name] = { original: meta.original, code: text };
  save(kind === "answer" ? { gap: name, source: "tab" } : { cell: name, source: "tab" });
}

/** The keys of two records whose values differ. */
function differing(one, other, same) {
  return [...new Set([...Object.keys(one), ...Object.keys(other)])].filter((key) => !same(one[key], other[key]));
}

/**
 * Take a state another tab saved, but for its texts, which collab.js keeps the same in every tab
 * (where the browser has no Web Locks, theirs are taken too: the newest save wins); tell the
 * listeners which gaps and cells that changed here ({gap, source: "tab"}, {cell, source: "tab"}).
 */
function take(theirs) {
  const joined = share ? { ...theirs, answers: state.answers, cells: state.cells } : theirs;
  const gaps = differing(state.answers, joined.answers, (a, b) => a === b);
  const cells = differing(state.cells, joined.cells, (a, b) => a?.code === b?.code && a?.original === b?.original);
  state = joined;
  for (const listener of listeners) {
    for (const gap of gaps) listener({ gap, source: "tab" });
    for (const cell of cells) listener({ cell, source: "tab" });
  }
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
  if (theirs) take(theirs);
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
  change((s) => (s.answers[gap] = joined(s.answers[gap], text, base)), { gap, source }, base);
}

/**
 * Forget the learner's text for a gap; source as for setAnswer.
 * @param {string} [shown] what the page shows for no answer: the gap's stub
 */
export function clearAnswer(gap, source = null, shown = "") {
  if (state.answers[gap] === undefined) return;
  change((s) => delete s.answers[gap], { gap, source }, shown);
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
  if (share) shareChanges(before, ""); // the other tabs' texts, which their saves would keep
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
