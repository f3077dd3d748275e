"""Math typeset at build time: each formula that pymdownx.arithmatex (generic mode) leaves in a
page, ``<span class="arithmatex">\\(…\\)</span>`` or ``<div class="arithmatex">\\[…\\]</div>``,
gets KaTeX's HTML in place of its TeX, from ``js/typeset-cli.mjs`` under Node.

A page then shows its formulas at the size they keep: typeset in the browser, a formula grew or
shrank as it came into view (a paragraph's TeX is longer than its formula), and moved the text
under the learner (layout shift, make bench). A print, a page without JavaScript and the search
index get them typeset too (the index leaves them out).
"""

import hashlib
import html
import json
import re
from pathlib import Path

from site_src import node
from site_src.kept import keep, recall

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / "js" / "typeset-cli.mjs"
KATEX = ROOT / "node_modules" / "katex" / "package.json"
FORMULA = re.compile(r'<(span|div) class="arithmatex">(.*?)</\1>', re.S)
"""A formula as pymdownx.arithmatex writes it: its tag, and its TeX between \\( \\) or \\[ \\],
HTML-escaped."""
WRAPPER = "ember-formula"
"""The element an inline formula is wrapped in, left out of the site's search (as a displayed one's
div is): a formula's MathML, TeX and drawing would put its symbols in the index three times. Of a
tag that KaTeX never writes: Material's search parser ends an excluded element at the first
closing tag of its name, and KaTeX's spans nest."""
TIMEOUT = 60.0
"""Seconds that typesetting one page's math may take."""


class TypesetError(Exception):
    """KaTeX could not typeset a formula, or Node could not run it."""


def typeset(page: str, cache: Path | None = None) -> str:
    """page's HTML with each formula typeset (KaTeX's HTML inside its arithmatex element).

    Args:
        page: A page's HTML, as Markdown made it.
        cache: A folder where typeset formulas are kept by content, or None to always run Node.

    Raises:
        TypesetError: Naming the formula KaTeX cannot parse, with its message; or if Node is
            missing, fails or takes more than TIMEOUT seconds.
    """
    found = [(tag, html.unescape(text).strip()) for tag, text in FORMULA.findall(page)]
    if not found:
        return page
    formulas = sorted({(tex[2:-2], tag == "div") for tag, tex in found})
    drawn = dict(zip(formulas, _katex(formulas, cache)))

    def replace(match: re.Match) -> str:
        tag, tex = match[1], html.unescape(match[2]).strip()
        formula = drawn[(tex[2:-2], tag == "div")]
        if tag == "div":  # KaTeX writes no div: Material's CSS sizes the div's child, its display
            return f'<div class="arithmatex" data-search-exclude>{formula}</div>'
        return f'<span class="arithmatex"><{WRAPPER} data-search-exclude>{formula}</{WRAPPER}></span>'

    return FORMULA.sub(replace, page)


def _katex(formulas: list[tuple[str, bool]], cache: Path | None) -> list[str]:
    """KaTeX's HTML of each (TeX, displayed) formula, by js/typeset-cli.mjs, or as kept in cache.

    Raises:
        TypesetError: As for typeset.
    """
    stdin = json.dumps(formulas)
    name = f"math-{_digest(stdin)}"
    kept = recall(cache, name, lambda data: isinstance(data, list) and len(data) == len(formulas)
                  and all(isinstance(item, str) for item in data))
    if kept is not None:
        return kept
    results = node.run(CLI, formulas, TIMEOUT, "typeset the math", TypesetError)
    for (tex, _), result in zip(formulas, results):
        if "error" in result:
            raise TypesetError(f"KaTeX cannot typeset the formula {tex!r}: {result['error']}")
    drawn = [result["html"] for result in results]
    keep(cache, name, drawn)
    return drawn


def _digest(stdin: str) -> str:
    """A digest of the formulas and of what typesets them (this CLI and KaTeX's version)."""
    digest = hashlib.sha256(stdin.encode())
    for path in (CLI, KATEX):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()
