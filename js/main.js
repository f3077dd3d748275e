// The page bundle: start Python as the page loads, then mount every component on each page.
// Material's document$ emits once per page, including after an instant navigation, which keeps
// this bundle, and so Python, alive: each component is told when its page is left.

import { boot, leave } from "./runtime/client.js";
import { followLinksAtAnyAddress } from "./instant.js";
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
import "./lab.css";
import "./cell.css";
import "katex/dist/katex.css";

// Each component's code is a chunk of its own, loaded by the first page that has one: a page
// without code cells loads no editor, and one without math no KaTeX.
const components = [
  [".md-content__inner", () => import("./notices.js")],
  [".ember-catchup", () => import("./catchup.js")],
  [".ember-quiz", () => import("./quiz.js")],
  [".ember-map__progress", () => import("./coursemap.js")],
  [".ember-progress-tools", () => import("./progress/tools.js")],
  [".ember-figure", () => import("./graph.js")],
  [".ember-plot", () => import("./plot.js")],
  [".ember-lab", () => import("./lab.js")],
  [".ember-cell", () => import("./cell.js")],
];

/** Name Material's search dialog, which it leaves unnamed (an axe-core finding). */
function nameSearchDialog() {
  document.querySelector(".md-search[role=dialog]:not([aria-label])")?.setAttribute("aria-label", "Search");
}

let shown = null; // aborted when the learner leaves the page on show

/** Tell the components of the page before that it was left; mount each component of this page. */
function mountPage() {
  if (shown) {
    shown.abort();
    leave();
  }
  shown = new AbortController();
  for (const [selector, load] of components) mountEach(selector, load, shown.signal);
  if (document.querySelector(".ember-cell, .ember-lab")) boot();
  if (document.querySelector(".arithmatex")) import("./math.js").then(({ renderMath }) => renderMath(document));
  nameSearchDialog();
}

/** Load a component's code if the page has one, then mount each, unless the page was left. */
async function mountEach(selector, load, signal) {
  const found = [...document.querySelectorAll(`${selector}:not([data-mounted])`)];
  if (!found.length) return;
  for (const el of found) el.dataset.mounted = "";
  let mount;
  try {
    ({ mount } = await load());
  } catch (error) {
    console.error("ember: a part of this page could not load", selector, error); // the rest still does
    return;
  }
  if (signal.aborted) return;
  for (const el of found) {
    try {
      mount(el, signal);
    } catch (error) {
      console.error("ember: a part of this page could not start", el, error); // the rest still does
    }
  }
}

if (window.document$) window.document$.subscribe(mountPage);
else mountPage();
followLinksAtAnyAddress();
