// The page bundle: start Python as the page loads, then mount every component on each page.
// Material's document$ emits once per page, including after an instant navigation, which keeps
// this bundle, and so Python, alive: each component is told when its page is left.

import { boot, leave } from "./runtime/client.js";
import { followLinksAtAnyAddress } from "./instant.js";
import { keepPlace } from "./place.js";
import { prefetch } from "./prefetch.js";
import { mountInSlices, mountNow } from "./slices.js";
// The learner's saved progress is read as the page starts, before any component's chunk comes:
// what the page reads is what was saved when it loaded.
import "./progress/store.js";
// Every stylesheet, in ember.css: esbuild leaves the CSS of a chunk loaded later unloaded.
import "./frame.css";
import "./palette.css";
import "./notices.css";
import "./quiz.css";
import "./graph.css";
import "./plot.css";
import "./network.css";
import "./steer.css";
import "./dock.css";
import "./digits.css";
import "./lab.css";
import "./cell.css";
import "katex/dist/katex.css"; // without its @font-face rules: katex-fonts.css, on a page with math (js/build.mjs)

// A part that mounts as the learner comes near it grows as it mounts, above the view too when they
// scroll up: only a browser that then keeps what is in view still (CSS scroll anchoring, which
// Chromium and Firefox have, and Safari so far has not) mounts these parts lazily; another mounts
// them all as the page starts.
const LAZY_PARTS = CSS.supports("overflow-anchor", "auto");

// Each component's code is a chunk of its own: a page without code cells loads no editor, and one
// without math no KaTeX fonts. A lazy component is mounted when the learner comes near it
// (js/slices.js), and its chunk is fetched once the page has loaded, and run when the page is
// idle: a lesson's editors, graphs and plots, all mounted as it starts, kept a phone's main thread
// busy for seconds (Lighthouse, in docs/performance.md). An editor near the view but not in it
// waits for the learner's first move to mount (untilMoved); the editor's code waits for it to run
// (heavy: a task of 40-80 ms here, four times that on Lighthouse's phone).
const components = [
  [".arithmatex", "math.js", () => import("./math.js")],
  [".md-content__inner", "notices.js", () => import("./notices.js")],
  [".ember-catchup", "catchup.js", () => import("./catchup.js")],
  [".md-typeset__scrollwrap", "scrollable.js", () => import("./scrollable.js")],
  [".ember-quiz", "quiz.js", () => import("./quiz.js"), { lazy: LAZY_PARTS }],
  [".ember-map__progress", "coursemap.js", () => import("./coursemap.js")],
  [".ember-progress-tools", "progress/tools.js", () => import("./progress/tools.js")],
  [".ember-figure", "graph.js", () => import("./graph.js"), { lazy: LAZY_PARTS }],
  [".ember-plot", "plot.js", () => import("./plot.js"), { lazy: LAZY_PARTS }],
  [".ember-network", "network.js", () => import("./network.js"), { lazy: LAZY_PARTS }],
  [".ember-digits", "digits.js", () => import("./digits.js"), { lazy: LAZY_PARTS }],
  [".ember-lab", "lab.js", () => import("./lab.js"), { lazy: LAZY_PARTS, untilMoved: true, heavy: true }],
  [".ember-cell", "cell.js", () => import("./cell.js"), { lazy: LAZY_PARTS, untilMoved: true, heavy: true }],
].map(([selector, name, load, { lazy = false, untilMoved = false, heavy = false } = {}]) => (
  { selector, code: chunk(name, load, heavy), lazy, untilMoved }));

/** A component's code (js/slices.js, Chunk): load() started once, when first called; name, its
 * source's path under js/, for fetching its chunks ahead (js/prefetch.js). */
function chunk(name, load, heavy) {
  let loading = null;
  const code = () => {
    if (!loading) {
      loading = load().then((module) => {
        code.module = module;
        return module;
      }).finally(() => (code.settled = true));
      loading.catch(() => {}); // said where it is awaited (js/slices.js)
    }
    return loading;
  };
  code.settled = false;
  code.module = null;
  code.prefetch = () => prefetch(name);
  code.heavy = heavy;
  return code;
}

/** Name Material's search dialog, which it leaves unnamed (an axe-core finding). */
function nameSearchDialog() {
  document.querySelector(".md-search[role=dialog]:not([aria-label])")?.setAttribute("aria-label", "Search");
}

let shown = null; // aborted when the learner leaves the page on show

/** Tell the components of the page before that it was left; keep the learner's place on this
 * page (js/place.js); mount each of its components, those on screen first, a few at a time
 * (js/slices.js). */
function mountPage() {
  if (shown) {
    shown.abort();
    leave();
  }
  shown = new AbortController();
  if (document.querySelector(".ember-cell, .ember-lab")) boot();
  nameSearchDialog();
  keepPlace(shown.signal);
  mountIn(document);
}

/** The components in root not found before, marked as found (data-found); the code of each one
 * that is not lazy starts loading. */
function newlyFound(root) {
  const found = [];
  for (const { selector, code, lazy, untilMoved } of components) {
    const els = root.querySelectorAll(`${selector}:not([data-found])`);
    if (els.length && !lazy) code();
    for (const el of els) {
      el.dataset.found = "";
      found.push({ el, code, lazy, untilMoved });
    }
  }
  return found;
}

/** Mount the components in root that are not mounted yet, a few at a time. */
function mountIn(root) {
  mountInSlices(newlyFound(root), shown.signal);
}

// A component that puts a copy of the page's content on it (a quiz's feedback, shown in a live
// region) asks for what is in it, such as a formula wider than the page, to be mounted at once, if
// its code has come.
document.addEventListener("ember:added", (event) => {
  mountInSlices(mountNow(newlyFound(event.target), shown.signal), shown.signal);
});

if (window.document$) window.document$.subscribe(mountPage);
else mountPage();
followLinksAtAnyAddress();
