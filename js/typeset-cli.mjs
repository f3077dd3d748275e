// Typeset a page's math at build time, with KaTeX, so that the page shows every formula as it
// will stay: none grows or shrinks as it is typeset in the view, and none waits for a script
// (site_src/typeset.py runs this).
//
//   node js/typeset-cli.mjs < formulas.json > typeset.json
//
// In: a JSON list of [tex, display], display true for a displayed formula.
// Out: a JSON list, in the same order, of {html} (KaTeX's HTML, and MathML for screen readers)
// or {error} (KaTeX's message, for a formula it cannot parse).

import { readFileSync } from "node:fs";
import katex from "katex";

const typeset = JSON.parse(readFileSync(0, "utf8")).map(([tex, displayMode]) => {
  try {
    return { html: katex.renderToString(tex, { displayMode, throwOnError: true }) };
  } catch (error) {
    return { error: error.message };
  }
});
process.stdout.write(JSON.stringify(typeset));
