// Where a plot's axis gets its marks, and how they are written: round numbers, without the page,
// so that node:test can check them.

const MOST = 50; // ticks on one axis, whatever the range

/** About count round numbers from lo to hi: steps of 1, 2 or 5 times a power of ten. Each is
 * made from its index, so that no sum of small steps can stall on a large number. */
export function ticks(lo, hi, count = 5) {
  if (!(hi > lo) || !Number.isFinite(hi - lo)) return [lo];
  const rough = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough);
  const [first, last] = [Math.ceil(lo / step), Math.floor(hi / step)];
  if (!(last - first < MOST)) return [lo, hi];
  const out = [];
  for (let k = 0; k <= last - first; k++) out.push(Number(((first + k) * step).toPrecision(12)));
  return [...new Set(out)]; // first + k stands still past 2⁵³
}

/** A tick as text: short, in scientific notation when it is very large or very small. */
export function tickText(t) {
  const size = Math.abs(t);
  return size >= 1e6 || (size > 0 && size < 1e-3) ? t.toExponential(1) : String(Number(t.toPrecision(6)));
}

/** The range of values, widened when it is one number, or too narrow to tell from one. */
export function extent(values) {
  let [lo, hi] = [Infinity, -Infinity];
  for (const v of values) { // not Math.min(...values): a plot of 120,000 numbers overflows the stack
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (hi - lo <= Math.max(Math.abs(lo), Math.abs(hi)) * 1e-9) {
    const [middle, pad] = [(lo + hi) / 2, Math.abs((lo + hi) / 2) * 0.1 || 1];
    [lo, hi] = [middle - pad, middle + pad];
  }
  return [lo, hi];
}
