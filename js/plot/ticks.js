// Where a plot's axis gets its marks: round numbers, without the page, so that node:test can
// check them.

/** About count round numbers from lo to hi: steps of 1, 2 or 5 times a power of ten. */
export function ticks(lo, hi, count = 5) {
  if (lo === hi) return [lo];
  const rough = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough);
  const out = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}
