// The learner's progress, kept in localStorage as they work: the text of every gap, the hints
// opened and the labs passed. A saved state that cannot be read is set aside, never lost.

const KEY = "ember:progress:v1";

/** @typedef {{answers: Object<string,string>, hints: Object<string,number>, passed: Object<string,boolean>}} Progress */

/** @returns {Progress} */
function empty() {
  return { answers: {}, hints: {}, passed: {} };
}

/** Whether value has the shape of a Progress. */
function isProgress(value) {
  const isMap = (x, ok) => x && typeof x === "object" && !Array.isArray(x) && Object.values(x).every(ok);
  return isMap(value, (v) => typeof v === "object")
    && isMap(value.answers, (v) => typeof v === "string")
    && isMap(value.hints, (v) => Number.isInteger(v) && v >= 0)
    && isMap(value.passed, (v) => typeof v === "boolean");
}

/**
 * Read the saved progress. One that cannot be read is moved to a key of its own, once; if
 * even that fails (storage full), it stays where it is and nothing is saved over it.
 */
function load() {
  const raw = localStorage.getItem(KEY);
  if (raw === null) return { state: empty(), setAside: null, canSave: true };
  try {
    const state = JSON.parse(raw);
    if (isProgress(state)) {
      // A gap's text always ends with a newline: the line before its end marker.
      for (const [gap, text] of Object.entries(state.answers)) {
        if (!text.endsWith("\n")) state.answers[gap] = `${text}\n`;
      }
      return { state, setAside: null, canSave: true };
    }
  } catch {
    // fall through: the text is not JSON
  }
  const setAside = `${KEY}:unreadable:${Date.now()}`;
  try {
    localStorage.setItem(setAside, raw);
    localStorage.removeItem(KEY);
    return { state: empty(), setAside, canSave: true };
  } catch (error) {
    console.warn("ember: the saved progress cannot be read or moved aside; this session is not saved", error);
    return { state: empty(), setAside: null, canSave: false };
  }
}

const loaded = load();
const state = loaded.state;
const listeners = new Set();

/** The key under which an unreadable saved state was kept, or null. */
export const setAside = loaded.setAside;

function save(change) {
  if (loaded.canSave) {
    try {
      localStorage.setItem(KEY, JSON.stringify(state));
    } catch (error) {
      console.warn("ember: progress could not be saved (storage full?)", error);
    }
  }
  for (const listener of listeners) listener(change);
}

/** The learner's text for a gap, or undefined if they have written none. */
export function answer(gap) {
  return state.answers[gap];
}

/** Keep the learner's text for a gap. */
export function setAnswer(gap, text, source = null) {
  if (state.answers[gap] === text) return;
  state.answers[gap] = text;
  save({ gap, source });
}

/** Forget the learner's text for a gap. */
export function clearAnswer(gap) {
  delete state.answers[gap];
  save({ gap, source: null });
}

/** How many hints of a lab the learner has opened. */
export function hintsShown(lab) {
  return state.hints[lab] ?? 0;
}

/** Record that one more hint of a lab is open. */
export function showHint(lab) {
  state.hints[lab] = hintsShown(lab) + 1;
  save({ lab });
}

/** Whether every check of a lab passed the last time it ran. */
export function passed(lab) {
  return state.passed[lab] === true;
}

/** Record whether a lab's checks all passed. */
export function setPassed(lab, value) {
  state.passed[lab] = value;
  save({ lab });
}

/**
 * Call listener after every change, with {gap, source} or {lab}.
 * @returns {() => void} a function that stops the calls
 */
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
