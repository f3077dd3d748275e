// The page bundle: start Python as the page loads, then mount every component on each page.
// Material's document$ emits once per page, including after an instant navigation, which keeps
// this bundle, and so Python, alive: each component is told when its page is left.

import { boot, leave } from "./runtime/client.js";
import { mount as mountCatchUp } from "./catchup.js";
import { mount as mountCell } from "./cell.js";
import { mount as mountCourseMap } from "./coursemap.js";
import { mount as mountFigure } from "./graph.js";
import { mount as mountLab } from "./lab.js";
import { mount as mountPlot } from "./plot.js";
import { mount as mountNotices } from "./notices.js";
import { mount as mountProgressTools } from "./progress/tools.js";
import { mount as mountQuiz } from "./quiz.js";
import { renderMath } from "./math.js";
import "./frame.css";
import "./palette.css";

const components = [
  [".md-content__inner", mountNotices],
  [".ember-catchup", mountCatchUp],
  [".ember-quiz", mountQuiz],
  [".ember-map__progress", mountCourseMap],
  [".ember-progress-tools", mountProgressTools],
  [".ember-figure", mountFigure],
  [".ember-plot", mountPlot],
  [".ember-lab", mountLab],
  [".ember-cell", mountCell],
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
  for (const [selector, mount] of components) {
    for (const el of document.querySelectorAll(`${selector}:not([data-mounted])`)) {
      el.dataset.mounted = "";
      try {
        mount(el, shown.signal);
      } catch (error) {
        console.error("ember: a part of this page could not start", el, error); // the rest still does
      }
    }
  }
  if (document.querySelector(".ember-cell, .ember-lab")) boot();
  renderMath(document);
  nameSearchDialog();
}

if (window.document$) window.document$.subscribe(mountPage);
else mountPage();
