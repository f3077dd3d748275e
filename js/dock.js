// A cell's dock: the figures a run draws into, brought under the cell's Run button and sliders
// while the learner watches it. A lesson puts its figures where its text explains them, often far
// above the cell that trains what they show (lesson 14's plane, network and loss curve); a learner
// who steers the run must see them as they move a slider. So once a run has drawn for a second,
// long enough to be watched, a figure it draws into out of the view, while the cell's Run bar is
// in it, moves into the dock (a quicker run leaves its figures where they are), and a stand-in of
// its height keeps its place in the lesson: nothing above the view moves; once the run has ended,
// the stand-in shrinks as soon as it is out of the view. A figure docked later goes first, nearest
// the sliders: a run draws what it starts from (the data, the model) before what it adds to as it
// goes (a loss curve), which shows a slider's move first; a network diagram or a digits pad goes
// after the plots. The figures stay in the dock once the run ends, to be
// explored there, until the learner puts them back, from the dock or from a stand-in.

import { bringIntoView, button, headerBottom, make, standIns as away } from "./dom.js"; // away: a docked figure → its stand-in
const WATCHED_MS = 1000; // how long after its first drawing a run is one to watch

/**
 * The docking of one run of cell: call take with each figure the run draws into, as it does.
 * @param {HTMLElement} cell the .ember-cell element
 * @returns {{take: (figure: HTMLElement) => void, outOfView: () => HTMLElement[]}} outOfView:
 *   the figures the run drew into that are not in the cell, and not half in the view, as it ends
 */
export function docking(cell) {
  const asked = new Set(); // figures of this run already taken or left where they are
  const drawn = new Set(); // every figure the run drew into
  const bar = cell.querySelector(".ember-cell__bar");
  let first = null; // when the run first drew
  return {
    outOfView: () => [...drawn].filter((figure) => figure.isConnected && !cell.contains(figure) && shown(figure) < 0.5),
    /** Once the run has ended: each stand-in of a figure it drew into shrinks to its words and
     * button once it is out of the view. */
    ended: () => drawn.forEach((figure) => away.has(figure) && shrinkWhenAway(away.get(figure))),
    take(figure) {
      drawn.add(figure);
      first ??= performance.now();
      if (asked.has(figure) || performance.now() - first < WATCHED_MS) return;
      asked.add(figure);
      if (cell.contains(figure) || shown(figure) > 0 || shown(bar) === 0) return;
      dockOf(cell).append(figure);
      reveal(cell);
    },
  };
}

/** The grid of cell's dock, made under its Run bar and sliders, above its output, if it has none.
 * A figure moved into it leaves its stand-in in the lesson. */
function dockOf(cell) {
  let dock = cell.querySelector(".ember-dock");
  if (!dock) {
    dock = make("section", "ember-dock");
    dock.setAttribute("aria-label", `Figures that cell ${cell.dataset.cell} draws into`);
    const back = button("Put them back", "ember-dock__back");
    back.title = "Put these figures back in their places in the lesson";
    back.addEventListener("click", () => {
      [...dock.querySelectorAll(".ember-dock__figures > *")].forEach(putBack);
      const run = cell.querySelector(".ember-cell__run");
      run.focus({ preventScroll: true }); // the learner stays at the cell, and Run in view
      bringIntoView(run);
    });
    const head = make("div", "ember-dock__head");
    head.append(make("p", "", "Brought here while this cell draws them."), back);
    dock.append(head, make("div", "ember-dock__figures"));
    cell.querySelector(".ember-cell__result").before(dock);
  }
  const grid = dock.lastElementChild;
  return {
    append(figure) {
      const from = figure.closest(".ember-dock");
      if (!away.has(figure)) away.set(figure, standIn(figure));
      const where = cell.compareDocumentPosition(away.get(figure)) & Node.DOCUMENT_POSITION_FOLLOWING ? "above" : "below";
      away.get(figure).querySelector("p").textContent = `This figure is under the Run button of the cell ${where} that draws into it.`;
      // The plots first, the newest first; a diagram or a pad after them, as the grid shows them
      if (figure.matches(".ember-network, .ember-digits")) grid.append(figure);
      else grid.prepend(figure);
      if (from && !from.querySelector(".ember-dock__figures > *")) from.remove();
    },
  };
}

/** The stand-in of a figure about to be docked, in its place and of its height; its button is
 * named after the figure's caption, the first words of it: two stand-ins are two buttons. */
function standIn(figure) {
  const stand = make("div", "ember-dock__away");
  stand.style.height = `${figure.offsetHeight}px`;
  const back = button("Bring it back here", "ember-dock__back");
  const caption = captionText(figure).split(/\s+/).filter(Boolean);
  const named = caption.length ? `the figure “${caption.slice(0, 8).join(" ")}${caption.length > 8 ? "…" : ""}”` : "a figure";
  if (caption.length) back.setAttribute("aria-label", `Bring it back here: ${named}`);
  stand.setAttribute("role", "group");
  stand.setAttribute("aria-label", `Where ${named} was`);
  back.addEventListener("click", () => putBack(figure));
  stand.append(make("p", ""), back);
  figure.before(stand);
  return stand;
}

/** Let stand, a stand-in, shrink to its words and button once it is wholly out of the view; the
 * figure's height, kept while the run drew, would leave an empty box hundreds of px high. One
 * above the view shrinks with the view scrolled up by as much, by this code, not the browser's
 * scroll anchoring (off for that frame), which kept the view on a node that moved with it, and
 * moved the cell's Run button 444 px (test_dock, once). */
function shrinkWhenAway(stand) {
  if (!stand.style.height) return;
  const away = new IntersectionObserver(([entry]) => {
    if (entry.isIntersecting) return;
    away.disconnect();
    if (!stand.isConnected) return;
    const root = document.documentElement;
    const above = stand.getBoundingClientRect().bottom <= 0;
    const [before, y] = [stand.offsetHeight, scrollY];
    root.style.overflowAnchor = "none";
    stand.style.height = "";
    // From where the view was: near the page's end, the shorter page has already moved it up.
    if (above) scrollTo({ top: y + stand.offsetHeight - before, behavior: "instant" });
    requestAnimationFrame(() => root.style.removeProperty("overflow-anchor"));
  });
  away.observe(stand);
}

/** The words of figure's caption, a formula in it as its MathML reads (x2 for x²), not also its
 * TeX and its drawing. */
function captionText(figure) {
  const caption = figure.querySelector("figcaption")?.cloneNode(true);
  caption?.querySelectorAll(".katex-html, annotation").forEach((part) => part.remove());
  return caption?.textContent.trim() ?? "";
}

/** Put a docked figure back in its place in the lesson, the keyboard's focus with it if it had it;
 * a dock left empty goes. */
function putBack(figure) {
  const stand = away.get(figure);
  if (!stand) return;
  const dock = figure.closest(".ember-dock");
  const focused = figure.contains(document.activeElement) || stand.contains(document.activeElement);
  away.delete(figure);
  stand.replaceWith(figure);
  if (dock && !dock.querySelector(".ember-dock__figures > *")) dock.remove();
  if (focused) { // what had the focus went, or moved: the figure takes it, where it is now
    figure.tabIndex = -1;
    figure.focus({ preventScroll: true });
  }
}

/** How much of el is in the view, below the site's header: 0 to 1, 1 for one that fills the view. */
function shown(el) {
  const { top, bottom, height } = el.getBoundingClientRect();
  const view = innerHeight - headerBottom();
  const seenHeight = Math.min(bottom, innerHeight) - Math.max(top, headerBottom());
  return height > 0 ? Math.max(0, seenHeight) / Math.min(height, view) : 0;
}

let revealing = 0; // the frame that scrolls the dock into view, once for the figures of one chunk

/** Scroll the dock of cell into view, once its figures have been drawn at its width: as much of it
 * as the view holds, the Run bar still in view. */
function reveal(cell) {
  cancelAnimationFrame(revealing);
  revealing = requestAnimationFrame(() => {
    const dock = cell.querySelector(".ember-dock");
    const bar = cell.querySelector(".ember-cell__bar");
    if (!dock || !bar) return;
    const below = dock.getBoundingClientRect().bottom - innerHeight;
    const room = bar.getBoundingClientRect().top - headerBottom();
    const by = Math.min(below, room);
    const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (by > 0) scrollBy({ top: by, behavior: smooth ? "smooth" : "auto" });
  });
}
