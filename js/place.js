// The learner's place on a page. Components grow as they mount (an editor, a plot, a graph), and
// a page the browser scrolled before they did, to a place the learner left or to a link's #target,
// would end up elsewhere: the browser keeps a place in pixels (a reload, Back) or keeps the element
// at the top of the view in place (scroll anchoring), which may be one still to grow. So this
// module keeps the place as a block of the page and its offset from the view's top, puts that
// block there when the page starts, and keeps it there, whatever grows, until the learner scrolls.

const SAVED = "ember-place"; // sessionStorage: {[path]: Place}, the place the learner left each page at
const SAVE_AFTER_MS = 200; // a place is saved once the view has been still this long
const LEARNER_SCROLLS = ["wheel", "touchstart", "keydown", "pointerdown"];

/** @typedef {{block: number, top: number}} Place
 * The index of a block of the page as built (a child of .md-content__inner), and where its top is
 * in the view, in CSS px from the view's top (negative: above it). One per page: a lesson that is
 * in the history twice comes back at the place it was last left at. */

const nothing = () => {};
let unpin = nothing; // stops keeping the place kept now: one at a time
let firstPage = true; // the page this document was loaded with: the navigation's type is its
let throughHistory = null; // the path of the page Back or Forward is about to show
addEventListener("popstate", () => (throughHistory = location.pathname));
document.addEventListener("click", (event) => event.target.closest?.("a[href]") && (throughHistory = null), { capture: true });

/**
 * Keep the learner's place on the page just shown, until they scroll, type or click, or leave it
 * (signal): the place they moved to before the page's code ran, if they did; else the place
 * saved when they left it, on a reload or a return through history; the link's #target, on a
 * link into the page. Save the place as they move, for when they come back.
 * Call it before the page's components mount, so that those near the place mount first.
 * @param {AbortSignal} signal aborted when the learner leaves the page
 */
export function keepPlace(signal) {
  const content = document.querySelector(".md-content__inner");
  if (!content) return;
  const blocks = [...content.children]; // as built: components add their parts inside their block
  const path = location.pathname;
  const returned = throughHistory === path || (firstPage && ["reload", "back_forward"].includes(navigationType()));
  // The learner moved before this page's code ran (js/stay.js): the place they chose is kept.
  const moved = firstPage && "moved" in document.documentElement.dataset;
  throughHistory = null;
  firstPage = false;
  const saved = moved ? placeOf(blocks) : returned ? readSaved()[path] : null;
  if (isPlace(saved) && blocks[saved.block]) {
    history.scrollRestoration = "manual"; // the browser's, in pixels, would fight this one
    pin(blocks[saved.block], () => saved.top, content, signal);
  } else if (!moved) pinTarget(content, signal);
  // A link to a place in this page: the browser has scrolled to it as the hash changes.
  addEventListener("hashchange", () => pinTarget(content, signal), { signal });
  saveAsTheLearnerMoves(blocks, path, signal);
}

/** Whether a saved value is a Place: what storage holds may be from another version, or damaged. */
function isPlace(saved) {
  return Number.isInteger(saved?.block) && saved.block >= 0 && Number.isFinite(saved.top);
}

/** Keep the element the URL's #hash names at the top of the view, below the header: at its
 * scroll-margin, which Material's CSS gives an element while it is the :target. */
function pinTarget(content, signal) {
  unpin(); // a move to another place, or to none
  const target = location.hash && document.getElementById(idOf(location.hash));
  if (target) pin(target, () => parseFloat(getComputedStyle(target).scrollMarginTop) || 0, content, signal);
}

/** The id a #hash names: its percent-escapes decoded, unless they are not valid UTF-8. */
function idOf(hash) {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** The type of the navigation that loaded this document: "navigate", "reload", "back_forward". */
function navigationType() {
  return performance.getEntriesByType("navigation")[0]?.type ?? "navigate";
}

/** Put el's top at top() (px from the view's top), and keep it there as content grows or shrinks
 * (components mount, a graph is laid out, fonts come), until the learner scrolls, types or clicks,
 * another place is kept, or the learner leaves the page. */
function pin(el, top, content, signal) {
  unpin();
  const shown = () => el.isConnected && el.getClientRects().length > 0; // else no place to keep
  const off = () => el.getBoundingClientRect().top - top();
  const keep = () => {
    const by = shown() ? off() : 0;
    if (Math.abs(by) >= 1) scrollBy(0, by);
  };
  keep();
  const resized = new ResizeObserver(keep); // called after layout, before paint: no jump is seen
  resized.observe(content);
  const scrolled = new AbortController();
  const stop = () => {
    resized.disconnect();
    scrolled.abort();
    if (unpin === stop) unpin = nothing; // and the page is let go
  };
  unpin = stop;
  for (const type of LEARNER_SCROLLS) {
    addEventListener(type, stop, { capture: true, passive: true, signal: scrolled.signal });
  }
  signal.addEventListener("abort", stop, { signal: scrolled.signal });
}

/** Save the place on the page at path once the view is still, and as the learner leaves it: as they
 * follow a link (before Material takes it), or as the page is unloaded (a reload). Not once the
 * address is another page's: Back has already changed it, and Material scrolls the page it leaves
 * to the next one's offset before replacing it; the place saved as the view came to rest stands. */
function saveAsTheLearnerMoves(blocks, path, signal) {
  let timer = 0;
  const save = () => {
    clearTimeout(timer);
    if (location.pathname !== path) return;
    writeSaved({ ...readSaved(), [path]: placeOf(blocks) ?? undefined }); // none at the top
  };
  addEventListener("scroll", () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_AFTER_MS);
  }, { passive: true, signal });
  addEventListener("pagehide", save, { signal });
  // On the window, before js/onscreen.js lays out the whole page as a link is followed: parts far
  // from the view then take their own heights, and what is in view moves until the next frame.
  addEventListener("click", (event) => event.target.closest?.("a[href]") && save(), { capture: true, signal });
  signal.addEventListener("abort", () => clearTimeout(timer));
}

/** The block the learner is looking at and where its top is, or null at the page's top: the first
 * whose top is in the view, else the one across the view's top. Not a block mostly scrolled past,
 * whose height may still change as it mounts (an editor measures its lines): what is below it,
 * which the learner sees, would move. */
function placeOf(blocks) {
  if (scrollY <= 0) return null;
  const rects = blocks.map((el) => (el.getClientRects().length ? el.getBoundingClientRect() : null)); // null: not shown
  let block = rects.findIndex((rect) => rect && rect.top >= 0 && rect.top < innerHeight);
  if (block < 0) block = rects.findIndex((rect) => rect && rect.bottom > 0);
  return block < 0 ? null : { block, top: Math.round(rects[block].top) };
}

/** The saved places: {} when there are none, or what is saved cannot be read. */
function readSaved() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SAVED));
    return saved && typeof saved === "object" && !Array.isArray(saved) ? saved : {};
  } catch {
    return {}; // storage blocked, or not JSON
  }
}

/** Save places, if storage lets us: a place is a convenience, never worth an error. */
function writeSaved(places) {
  try {
    sessionStorage.setItem(SAVED, JSON.stringify(places));
  } catch {
    // storage blocked or full: the next visit starts at the top, or at its #target
  }
}
