// A large series drawn as the eye sees it: a line of thousands of points keeps, in each pixel
// column, its first, lowest, highest and last point (the same shape, to the pixel), and points
// that fall on one pixel are drawn once, all of a series' markers in one path. hx.show_plot
// takes 12 series of 10,000 points; drawn one element a point, they made one task of seconds.

/** Points in a series past which it is thinned: below, every point is drawn as it is. */
export const MANY = 500;
/** Points in a series past which it is drawn in a main-thread task of its own (plot.js). */
export const ALONE = 2_000;

/**
 * A line's points in pixels, thinned: per pixel column, its first, lowest, highest and last
 * point, in the order they come.
 * @param {[number, number][]} pixels the line's points, through the plot's scales
 * @returns {[number, number][]}
 */
export function thinLine(pixels) {
  if (pixels.length <= MANY) return pixels;
  const kept = [];
  let column = [];
  const flush = () => {
    if (!column.length) return;
    const low = column.reduce((a, b) => (b[1] < a[1] ? b : a));
    const high = column.reduce((a, b) => (b[1] > a[1] ? b : a));
    kept.push(...new Set([column[0], low, high, column.at(-1)]));
    column = [];
  };
  for (const point of pixels) {
    if (column.length && Math.round(point[0]) !== Math.round(column[0][0])) flush();
    column.push(point);
  }
  flush();
  return kept;
}

/**
 * Points in pixels, each square of GRID pixels once (a marker is 8 pixels across).
 * @param {[number, number][]} pixels
 * @returns {[number, number][]}
 */
export function thinPoints(pixels) {
  if (pixels.length <= MANY) return pixels;
  const seen = new Map();
  for (const point of pixels) seen.set(Math.round(point[0] / GRID) * 65_536 + Math.round(point[1] / GRID), point);
  return [...seen.values()];
}

/** The side, in pixels, of the squares in which thinPoints draws one point. */
export const GRID = 2;

/**
 * A marker as a path's commands, centred on (x, y): the shapes of plot.js's markers.
 * @param {"circle"|"square"|"triangle"|"diamond"} kind
 */
export function markerPath(kind, x, y, r = 4) {
  if (kind === "circle") return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
  if (kind === "square") return `M${x - r},${y - r}h${2 * r}v${2 * r}h${-2 * r}Z`;
  const corners = kind === "triangle" ? [[0, -r - 1], [r + 1, r], [-r - 1, r]] : [[0, -r - 1], [r + 1, 0], [0, r + 1], [-r - 1, 0]];
  return `M${corners.map(([dx, dy]) => `${x + dx},${y + dy}`).join("L")}Z`;
}
