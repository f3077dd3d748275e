// Two texts compared: the smallest change from one to the other, and two edits of one text
// joined, so that a change from another tab never drops a keystroke made here.

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
 * Join two edits of base: ours and theirs. Edits at different places are both kept; where they
 * overlap, ours is kept and the text theirs added follows it.
 * @param {string} base the text both started from
 * @param {string} ours
 * @param {string} theirs
 * @returns {string}
 */
export function merge(base, ours, theirs) {
  const a = smallestChange(base, ours);
  const b = smallestChange(base, theirs);
  if (a.to <= b.from) return base.slice(0, a.from) + a.insert + base.slice(a.to, b.from) + b.insert + base.slice(b.to);
  if (b.to <= a.from) return base.slice(0, b.from) + b.insert + base.slice(b.to, a.from) + a.insert + base.slice(a.to);
  const end = a.from + a.insert.length;
  return ours.slice(0, end) + b.insert + ours.slice(end);
}
