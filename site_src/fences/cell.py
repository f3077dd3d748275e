"""The ``python cell`` fence: a code block the reader can edit and run.

Markdown::

    ```python cell
    print(1 + 1)
    ```

The build runs the code under CPython and records its output into the page, so the page shows
the output before any JavaScript runs. In the browser, ``js/cell.js`` turns the block into an
editor with a **Run** button.

Options, written after ``cell`` on the fence line, are listed in OPTIONS.
"""

import html
from typing import Any

from pymdownx.highlight import Highlight

from site_src.execute import CellTimeout, run_cell
from site_src.fences import PageContext

OPTIONS = {
    "raises": 'the name of the exception the cell is meant to raise, as in raises="TypeError"; '
    "a cell without it that raises stops the build",
}


def validate(language: str, inputs: dict, options: dict, attrs: dict, md: Any) -> bool:
    """superfences validator: claim a ``python`` fence whose line holds the word ``cell``."""
    if "cell" not in inputs:
        return False
    options.update({key: value for key, value in inputs.items() if key != "cell"})
    return True


def format_cell(source: str, language: str, class_name: str, options: dict, md: Any, *,
                page: PageContext, **kwargs: Any) -> str:
    """superfences formatter: run the cell and return its HTML.

    Raises:
        FenceError: For an unknown option, a cell that raises without ``raises``, a cell that
            does not raise what its ``raises`` names, or a cell that runs past its time limit.
    """
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise page.error(source, f"unknown cell option {unknown[0]!r}; known: {', '.join(OPTIONS)}")
    try:
        result = run_cell(source, page.import_root)
    except CellTimeout as exc:
        raise page.error(source, str(exc)) from exc
    expected = options.get("raises")
    if expected is None and not result.ok:
        raise page.error(source, "the cell raised; mark it raises=\"Name\" if that is meant:\n"
                         + result.text)
    if expected is not None and (result.ok or _last_error(result.text) != expected):
        raise page.error(source, f"the cell was meant to raise {expected}; its output:\n{result.text}")
    page.cells += 1
    return cell_html(source, result.output, page.cells, md)


def _last_error(traceback_text: str) -> str:
    """The exception's name from the last line of a traceback, such as ``TypeError``."""
    last = traceback_text.rstrip().rsplit("\n", 1)[-1]
    return last.split(":", 1)[0]


def cell_html(source: str, output: tuple[tuple[str, str], ...], number: int, md: Any) -> str:
    """The HTML of a cell: its highlighted code, the output recorded at build time, and a line
    for readers without JavaScript.

    Args:
        source: The cell's code.
        output: ("stdout" | "stderr", text) chunks.
        number: The cell's 1-based position on its page.
        md: The Markdown instance, for the highlighter's settings.
    """
    code = Highlight(md).highlight(source, "python")
    spans = "".join(
        f'<span class="ember-output__{stream}">{html.escape(text, quote=False)}</span>' for stream, text in output
    )
    return (
        f'<div class="ember-cell" data-cell="{number}">'
        f'<div class="ember-cell__code">{code}</div>'
        '<div class="ember-cell__result">'
        '<p class="ember-cell__label">Output <span class="ember-cell__origin">'
        "recorded when this page was built</span></p>"
        f'<pre class="ember-cell__output" role="log" aria-label="Output of cell {number}">{spans}</pre>'
        "</div>"
        '<p class="ember-cell__nojs">Running code needs JavaScript.</p>'
        "</div>"
    )
