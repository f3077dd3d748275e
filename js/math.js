// Typeset the math that pymdownx.arithmatex (generic mode) leaves in the page, with KaTeX.

import katex from "katex";
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
 * Typeset one .arithmatex element, unless it is a copy of one typeset already. A displayed
 * formula scrolls sideways when it is wider than the page (Material's CSS), and is then a tab stop.
 * @param {HTMLElement} el
 * @param {AbortSignal} signal aborted when the learner leaves the page
 */
export function mount(el, signal) {
  if (el.querySelector(".katex")) return;
  declareFonts();
  const tex = el.textContent.trim();
  const displayMode = tex.startsWith("\\[");
  katex.render(tex.slice(2, -2), el, { displayMode, throwOnError: false });
  if (displayMode) keepScrollableFocusable(el, signal);
}
