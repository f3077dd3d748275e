// Typeset the math that pymdownx.arithmatex (generic mode) leaves in the page, with KaTeX.

import katex from "katex";
import faces from "ember:katex-fonts";

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
 * Typeset one .arithmatex element, unless it is a copy of one typeset already.
 * @param {HTMLElement} el
 */
export function mount(el) {
  if (el.querySelector(".katex")) return;
  declareFonts();
  const tex = el.textContent.trim();
  katex.render(tex.slice(2, -2), el, { displayMode: tex.startsWith("\\["), throwOnError: false });
}
