// A page's formulas, typeset at build time (site_src/typeset.py): KaTeX's fonts, and a displayed
// formula wider than the page is a tab stop.

import faces from "ember:katex-fonts";
import { keepScrollableFocusable } from "./scrollable.js";

let declared = false;

/** Declare KaTeX's fonts in the page's FontFaceSet, once: js/build.mjs says why they are not
 * in ember.css. The set outlives Material's instant navigation, which keeps this document. A font
 * loads when a formula first uses it. */
function declareFonts() {
  if (declared) return;
  declared = true;
  for (const [family, file, weight, style] of faces) {
    const url = new URL(file, new URL("./", import.meta.url)).href;
    document.fonts.add(new FontFace(family, `url(${JSON.stringify(url)}) format("woff2")`, { weight, style, display: "block" }));
  }
}

/**
 * Declare the fonts of one .arithmatex element. A displayed formula scrolls sideways when it is
 * wider than the page (Material's CSS), and is then a tab stop.
 * @param {HTMLElement} el
 * @param {AbortSignal} signal aborted when the learner leaves the page
 */
export function mount(el, signal) {
  declareFonts();
  if (el.tagName === "DIV") keepScrollableFocusable(el, signal);
}
