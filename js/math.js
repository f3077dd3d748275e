// Typeset the math that pymdownx.arithmatex (generic mode) leaves in the page, with KaTeX.

import katex from "katex";

/**
 * Render every .arithmatex element under root that has not been rendered yet.
 * @param {ParentNode} root
 */
export function renderMath(root) {
  for (const el of root.querySelectorAll(".arithmatex:not([data-rendered])")) {
    const tex = el.textContent.trim();
    const display = tex.startsWith("\\[");
    katex.render(tex.slice(2, -2), el, { displayMode: display, throwOnError: false });
    el.dataset.rendered = "";
  }
}
