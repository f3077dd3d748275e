// The learner's progress, kept in localStorage as they work: the text of every gap, the code of
// every cell they changed, the hints opened, the labs passed and the quiz answers. The key names
// the course and the schema (ember:<course>:progress:v<schema>). A state saved under an older schema is upgraded into the
// new key and left where it was; a state that cannot be read is set aside, never lost. When
// the browser refuses storage, everything works and nothing is saved (notices.js says so).
// Another tab's change to the same text is merged with this tab's, so neither loses a keystroke.

import { exported as validExport, progress as validProgress } from "ember:validators";
import { merge } from "../text.js";

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

/** Every text with \n line breaks; a gap's text ends with one, the line before its end marker. */
function tidy(state) {
  for (const [gap, text] of Object.entries(state.answers)) {
    state.answers[gap] = lines(text).endsWith("\n") ? lines(text) : `${lines(text)}\n`;
  }
  for (const cell of Object.values(state.cells)) {
    cell.original = lines(cell.original);
    cell.code = lines(cell.code);
  }
  return state;
}

/** Parse text as a Progress; null if it is not one. */
function parse(text) {
  try {
    const state = JSON.parse(text);
    return validProgress(state) ? tidy(state) : null;
  } catch {
    return null; // not JSON
  }
}

/** The entries of a damaged state that are each valid on their own; null if it is not even JSON. */
function salvage(text) {
  let data;
  try {
    data = JSON.parse(text);
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
 * Read the saved progress: under this schema's key, else upgraded from an older one. One that
 * cannot be read whole is moved to a key of its own, and what of it is still valid is kept;
 * if even that fails (storage full), it stays where it is and nothing is saved over it.
 */
function load() {
  const store = storage();
  if (!store) return { state: empty(), setAside: null, canSave: false };
  const raw = store.getItem(KEY);
  if (raw === null) {
    for (let index = OLDER.length - 1; index >= 0; index--) {
      const old = store.getItem(OLDER[index].key);
      if (old === null) continue;
      let state;
      try {
        state = OLDER.slice(index).reduce((s, step) => step.upgrade(s), JSON.parse(old));
      } catch {
        state = null;
      }
      if (state && validProgress(state)) {
        tidy(state);
        try {
          store.setItem(KEY, JSON.stringify(state)); // the older key stays as it was
        } catch {
          // storage full: the upgrade is saved with the next change
        }
        return { state, setAside: null, canSave: true };
      }
    }
    return { state: empty(), setAside: null, canSave: true };
  }
  const state = parse(raw);
  if (state) return { state, setAside: null, canSave: true };
  const setAside = `${KEY}:unreadable:${Date.now()}`;
  const kept = salvage(raw) ?? empty();
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

/**
 * Make one change and save it. The change is made to what is saved now, which another tab may
 * have changed since this one last heard, so that two tabs editing different things both keep
 * theirs; the newer edit of one thing wins.
 * @param {(state: Progress) => void} edit
 */
function change(edit, news) {
  if (loaded.canSave) {
    const raw = window.localStorage.getItem(KEY);
    const saved = raw === written ? null : parse(raw ?? "null"); // read only what another tab wrote
    if (saved) adopt(saved);
  }
  edit(state);
  save(news);
}

/** The keys of two records whose values differ. */
function differing(one, other, same) {
  return [...new Set([...Object.keys(one), ...Object.keys(other)])].filter((key) => !same(one[key], other[key]));
}

/**
 * Take a state another tab saved; tell the listeners which gaps and cells it changed
 * ({gap, source: "tab"}, {cell, source: "tab"}).
 */
function adopt(incoming) {
  const gaps = differing(state.answers, incoming.answers, (a, b) => a === b);
  const cells = differing(state.cells, incoming.cells, (a, b) => a?.code === b?.code && a?.original === b?.original);
  state = incoming;
  for (const listener of listeners) {
    for (const gap of gaps) listener({ gap, source: "tab" });
    for (const cell of cells) listener({ cell, source: "tab" });
  }
}

let lastSaved = null; // whether the last attempt to save worked; null before any

function save(news) {
  let saved = false;
  if (loaded.canSave) {
    try {
      const text = JSON.stringify(state);
      window.localStorage.setItem(KEY, text);
      written = text;
      saved = true;
    } catch (error) {
      console.warn("ember: progress could not be saved (storage full?)", error);
    }
  }
  lastSaved = saved;
  for (const watch of saveWatchers) watch(saved);
  for (const listener of listeners) listener(news);
  return saved;
}

/**
 * Call watch(saved) after every attempt to save: false when the browser refused (storage full
 * or blocked, or an unreadable state that could not be set aside). The work stays on the page.
 */
export function onSave(watch, signal) {
  saveWatchers.add(watch);
  signal?.addEventListener("abort", () => saveWatchers.delete(watch), { once: true });
  if (!loaded.canSave || lastSaved === false) watch(false); // a page shown later hears it too
}

// Another tab of this site saved: its state is the newer one, so this tab takes it.
window.addEventListener("storage", (event) => {
  if (event.key !== KEY || event.newValue === null) return;
  const incoming = parse(event.newValue);
  if (incoming) adopt(incoming);
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
  change((s) => (s.answers[gap] = joined(s.answers[gap], text, base)), { gap, source });
}

/** Forget the learner's text for a gap; source as for setAnswer. */
export function clearAnswer(gap, source = null) {
  if (state.answers[gap] === undefined) return;
  change((s) => delete s.answers[gap], { gap, source });
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
    s.quizzes[quiz] = { chosen: [...before.chosen, index].slice(-20), right: before.right || right };
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

/**
 * Replace the progress with an exported file's. Nothing changes unless the whole file is right.
 * @param {string} text the file's text
 * @returns {string|null} null when imported, else why not, in plain words
 */
export function importText(text) {
  let file;
  try {
    file = JSON.parse(text);
  } catch {
    return "This file is not an ember progress file: it is not JSON.";
  }
  if (!validExport(file)) return "This file is not an ember progress file.";
  if (file.course !== COURSE) return "This progress file is from another course.";
  if (file.schema > SCHEMA) return "This progress file was saved by a newer version of this site.";
  let incoming = file.progress;
  try {
    for (const step of OLDER.slice(file.schema - 1)) incoming = step.upgrade(incoming);
  } catch {
    incoming = null;
  }
  if (!incoming || !validProgress(incoming)) return "This progress file is damaged: some of its entries are not what this site saves.";
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
  const nn = String(lesson).padStart(2, "0");
  const mine = (key) => key.startsWith(`L${nn}.`) || key.startsWith(`${nn}-`);
  change((s) => {
    for (const part of Object.values(s)) {
      for (const key of Object.keys(part)) if (mine(key)) delete part[key];
    }
  }, { all: true });
}
