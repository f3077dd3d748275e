// A page's formulas, typeset at build time (site_src/typeset.py), in KaTeX's fonts, which the
// page's head declares (katex-fonts.css, js/build.mjs): a displayed formula wider than the page is
// a tab stop.

import { keepScrollableFocusable } from "./scrollable.js";

/**
 * Mount one .arithmatex element. A displayed formula scrolls sideways when it is wider than the
 * page (Material's CSS), and is then a tab stop.
 * @param {HTMLElement} el
 * @param {AbortSignal} signal aborted when the learner leaves the page
 */
export function mount(el, signal) {
  if (el.tagName === "DIV") keepScrollableFocusable(el, signal);
}
