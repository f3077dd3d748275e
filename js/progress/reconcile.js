// Two tabs' progress joined, so that neither loses a keystroke. Each tab saves at once, but a
// browser hands one tab's save to another a moment later, so two tabs can each save a text the
// other has not seen. A saved state says, for each text, a digest of the text its last change
// was made to (sync); a tab remembers, for each text it changed that the others may not have,
// the text they last had (pending). With both, a tab that hears another's save can tell a change
// made to its own text (take it) from one made at the same time as its own (merge both).

import { merge } from "../text.js";

/**
 * A text a tab changed, not yet seen by the others: base, the text they last had (for a gap
 * with no answer, the stub shown), absent, whether they had no answer at all, and texts, what this
 * tab saved of it since, by digest: another tab may have made its change to any of them.
 * @typedef {{base: string, absent: boolean, texts: Map<string, string>}} Pending
 */

/** The most texts a Pending keeps: another tab hears a save well before this many more. */
const KEPT = 100;

/**
 * Note that this tab saves text for a key (a gap or a cell) whose text was had before.
 * @param {Map<string, Pending>} changes
 */
export function noteChange(changes, key, had, absent, text) {
  if (!changes.has(key)) changes.set(key, { base: had, absent, texts: new Map() });
  const { texts } = changes.get(key);
  texts.set(digest(text), text);
  if (texts.size > KEPT) texts.delete(texts.keys().next().value);
}

/** A short digest of a text (FNV-1a), or "" for none: what sync holds. */
export function digest(text) {
  if (text === undefined) return "";
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The text to keep of one key. mine and theirs are undefined for no answer.
 * @param {string|undefined} mine this tab's
 * @param {string|undefined} theirs the other tab's
 * @param {string} built the digest of the text theirs was made from
 * @param {Pending|undefined} pending this tab's change the others may not have seen; once they
 *   have theirs joined with it, its base becomes theirs
 * @returns {{text: string|undefined, seen: boolean}} seen: the others have this tab's text
 */
function joinOne(mine, theirs, built, pending) {
  if (mine === theirs || !pending) return { text: theirs, seen: true };
  if (built === digest(mine)) return { text: theirs, seen: true }; // a change made to mine
  const made = pending.texts.get(built); // an earlier save of this tab's, if theirs was made to it
  const base = made ?? (pending.absent ? undefined : pending.base);
  if (theirs === base) return { text: mine, seen: false }; // they have not seen mine yet
  const text = mine === undefined || theirs === undefined ? mine // a reset: ours stands
    : merge(made ?? pending.base, mine, theirs); // both changed it at once
  Object.assign(pending, { base: theirs ?? pending.base, absent: theirs === undefined });
  if (text !== undefined) pending.texts.set(digest(text), text);
  return { text, seen: false };
}

/**
 * Join another tab's saved state with this tab's.
 * @param {import("./store.js").Progress} mine
 * @param {import("./store.js").Progress} theirs
 * @param {{answers: Map<string, Pending>, cells: Map<string, Pending>}} pending changed here and
 *   maybe not seen by the others; what they have now seen is taken out
 * @returns {import("./store.js").Progress} the state to keep: theirs, with this tab's unseen
 *   changes kept or merged in
 */
export function reconcile(mine, theirs, pending) {
  const joined = structuredClone(theirs);
  for (const [gap, change] of [...pending.answers]) {
    const { text, seen } = joinOne(mine.answers[gap], theirs.answers[gap], theirs.sync[gap], change);
    if (text === undefined) delete joined.answers[gap];
    else joined.answers[gap] = text;
    if (seen) pending.answers.delete(gap);
    else joined.sync[gap] = digest(theirs.answers[gap]); // made from theirs, as well as mine
  }
  for (const [cell, change] of [...pending.cells]) {
    const [own, other] = [mine.cells[cell], theirs.cells[cell]];
    const original = own?.original ?? other?.original;
    const code = (entry) => (entry && entry.original === original ? entry.code : original);
    const { text, seen } = joinOne(code(own), code(other), theirs.sync[cell], change);
    if (text === original || text === undefined) delete joined.cells[cell];
    else joined.cells[cell] = { original, code: text };
    if (seen) pending.cells.delete(cell);
    else joined.sync[cell] = digest(code(other));
  }
  return joined;
}
