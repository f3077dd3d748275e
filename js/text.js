// Two texts compared: the smallest change from one to the other, the changes one by one (E. W.
// Myers, "An O(ND) difference algorithm and its variations", Algorithmica 1, 1986), and two
// edits of one text joined, so that a change from another tab never drops a keystroke made here.

/** The most differing characters diff looks for one by one; past it, one span is replaced. */
const MOST_EDITS = 2000;

/**
 * The smallest change that turns before into after: one span of before replaced.
 * @param {string} before
 * @param {string} after
 * @returns {{from: number, to: number, insert: string}} from and to are offsets in before
 */
export function smallestChange(before, after) {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start
    && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}

/**
 * The changes that turn before into after, each a span of before replaced, in order and apart.
 * @param {string} before
 * @param {string} after
 * @returns {{from: number, to: number, insert: string}[]}
 */
export function diff(before, after) {
  const span = smallestChange(before, after);
  const a = before.slice(span.from, span.to);
  const b = span.insert;
  if (!a.length && !b.length) return [];
  const trace = paths(a, b);
  if (!trace) return [span];
  // Walk back from the end: each edit is one character of a deleted or of b inserted.
  const hunks = [];
  let [x, y] = [a.length, b.length];
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && v[k - 1] < v[k + 1]);
    const prevX = v[down ? k + 1 : k - 1];
    const prevY = prevX - (down ? k + 1 : k - 1);
    while (x > prevX && y > prevY) {
      x--;
      y--;
    }
    if (d > 0) hunks.push(down ? { from: x, to: x, insert: b[y - 1] } : { from: x - 1, to: x, insert: "" });
    [x, y] = [prevX, prevY];
  }
  // Neighbouring steps, in order, as one change each; offsets back in before.
  const joined = [];
  for (const hunk of hunks.reverse()) {
    const last = joined.at(-1);
    if (last && last.to === hunk.from) {
      last.to = hunk.to;
      last.insert += hunk.insert;
    } else {
      joined.push({ ...hunk });
    }
  }
  return joined.map((hunk) => ({ ...hunk, from: hunk.from + span.from, to: hunk.to + span.from }));
}

/**
 * Myers's furthest-reaching paths for a and b: trace[d] holds, for each diagonal, the x reached
 * with fewer than d edits, up to the d that reaches the end; null when that d is over MOST_EDITS.
 */
function paths(a, b) {
  const trace = [];
  let v = { 1: 0 };
  for (let d = 0; d <= Math.min(a.length + b.length, MOST_EDITS); d++) {
    trace.push(v);
    const next = { ...v };
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && next[k - 1] < next[k + 1]) ? next[k + 1] : next[k - 1] + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x++;
        y++;
      }
      next[k] = x;
      if (x >= a.length && y >= b.length) return trace;
    }
    v = next;
  }
  return null;
}

/**
 * Join two edits of base: ours and theirs. Changes made at different places are all kept, and a
 * change made on both sides is kept once; where they overlap, ours is kept and the text theirs
 * added follows it.
 * @param {string} base the text both started from
 * @param {string} ours
 * @param {string} theirs
 * @returns {string}
 */
export function merge(base, ours, theirs) {
  const changes = [...diff(base, ours).map((c) => ({ ...c, side: 0 })), ...diff(base, theirs).map((c) => ({ ...c, side: 1 }))]
    .sort((p, q) => p.from - q.from || p.to - q.to || p.side - q.side);
  let text = "";
  let at = 0;
  let last = null;
  for (const change of changes) {
    if (last && change.from === last.from && change.to === last.to && change.insert === last.insert) continue;
    if (change.from < at) {
      text += change.insert;
      at = Math.max(at, change.to);
    } else {
      text += base.slice(at, change.from) + change.insert;
      at = change.to;
    }
    last = change;
  }
  return text + base.slice(at);
}
