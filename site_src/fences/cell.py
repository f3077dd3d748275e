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
import json
import re

from site_src.execute import DRAWINGS
from site_src.fences import Fence, PageContext, code_block, time_limit_of
from site_src.limits import LIMITS

OPTIONS = {
    "raises": 'the name of the exception the cell is meant to raise, as in raises="TypeError"; '
    "a cell without it that raises stops the build",
    "time_limit": 'seconds a run may take before it is stopped, in the browser and at build time, '
    'as in time_limit="60"; 20 if not given',
    "build": 'what the build does with the code: "run" (the default) runs it and records its '
    'output; "compile" only compiles it, and the page shows no output until the learner runs it, '
    "for a cell that would repeat at length what a figure or plot above it ran",
}
BUILDS = ("run", "compile")
TIME_LIMIT = LIMITS["cell_time_limit"]
"""Seconds a cell may run when its fence gives no time_limit."""
CELL_LINE = re.compile(r'File "<cell>", line (\d+)')
"""A traceback's mention of a line of the cell."""


def format_cell(source: str, options: dict, page: PageContext, line: int) -> str:
    """Run the cell and return its HTML (Fence.format).

    Raises:
        FenceError: For a cell that raises without ``raises``, a cell that does not raise what
            its ``raises`` names, or a cell that cannot be run to a result; with build="compile",
            for a cell that does not compile.
    """
    expected = options.get("raises")
    time_limit = time_limit_of(page, line, options.get("time_limit"), TIME_LIMIT)
    if compiled_only(options):
        _compile(source, page, line)
        page.cells += 1
        return cell_html(source, (), page.cells, f"{page.key}-c{page.cells}", time_limit, recorded=False)
    result = page.run(line, source, time_limit)
    if expected is None and result.error:
        failing = CELL_LINE.findall(result.text)
        at = line + int(failing[-1]) if failing else line
        raise page.error_at(at, f'the cell raised {result.error}; if that is meant, add '
                            f'raises="{result.error}" to its fence line (line {line}):\n'
                            + result.text)
    if expected is not None and result.error != expected.rsplit(".", 1)[-1]:
        raised = f"raised {result.error}" if result.error else "ran without an error"
        raise page.error_at(line, f"the cell was meant to raise {expected}, but {raised}:\n"
                            + result.text)
    page.cells += 1
    page.graphs += [json.loads(text)["graph"] for stream, text in result.output if stream == "graph"]
    return cell_html(source, result.output, page.cells, f"{page.key}-c{page.cells}", time_limit)


def check_options(page: PageContext, line: int, options: dict) -> None:
    """Refuse a raises without an exception's name, a build that is neither of BUILDS, and a
    raises on a cell the build only compiles (it could not tell).

    Raises:
        FenceError: Saying which, at line.
    """
    if options.get("raises") in ("raises", ""):  # a bare word: superfences gives it its own name as value
        raise page.error_at(line, 'raises needs the exception\'s name, as in raises="TypeError"')
    if options.get("build", "run") not in BUILDS:
        raise page.error_at(line, f'build is "run" or "compile", not {options["build"]!r}')
    if compiled_only(options) and "raises" in options:
        raise page.error_at(line, 'a cell with build="compile" is not run at build time, so it takes no raises')


def compiled_only(options: dict) -> bool:
    """Whether the build only compiles the code of a cell with these options (build="compile")."""
    return options.get("build") == "compile"


def _compile(source: str, page: PageContext, line: int) -> None:
    """Compile a cell's code as Python does before running it.

    Raises:
        FenceError: At the line of its syntax error.
    """
    try:
        compile(source, "<cell>", "exec")
    except SyntaxError as exc:
        raise page.error_at(line + (exc.lineno or 0), f"the cell does not compile: {exc.msg}") from exc


def cell_html(source: str, output: tuple[tuple[str, str], ...], number: int, cell_id: str,
              time_limit: float = TIME_LIMIT, recorded: bool = True) -> str:
    """The HTML of a cell: its code (code_block), the output recorded at build time, and a line
    for readers without JavaScript.

    Args:
        source: The cell's code.
        output: ("stdout" | "stderr", text) chunks.
        number: The cell's 1-based position on its page.
        cell_id: The id that the learner's edits of it are saved under, such as ``07-c3``.
        time_limit: Seconds a run in the browser may take before it is stopped.
        recorded: Whether the build ran the code (output is then its output), or only compiled it
            (build="compile": data-build="compile", which js/cell.js reads).
    """
    code = code_block(source)
    cuts = [index for index, (stream, _) in enumerate(output) if stream == "cut"]
    spans = "".join(
        f'<span class="ember-output__{stream}">{html.escape(text, quote=False)}</span>'
        for index, (stream, text) in enumerate(output)
        if stream not in DRAWINGS and (stream != "cut" or index == cuts[-1])  # the newest note only
    )
    build, origin = ("", "recorded when this page was built") if recorded else (
        ' data-build="compile"', "none before you run the cell: the build did not run it")
    return (
        f'<div class="ember-cell" data-cell="{number}" data-id="{cell_id}" data-time-limit="{time_limit:g}"{build} '
        f'role="group" aria-label="Code cell {number}">'
        f'<div class="ember-cell__code" data-search-exclude>{code}</div>'  # not for the site's search, as a lab's file
        '<div class="ember-cell__result">'
        f'<p class="ember-cell__label">Output <span class="ember-cell__origin">{origin}</span></p>'
        f'<pre class="ember-cell__output" role="log" aria-label="Output of cell {number}" '
        f'tabindex="0">{spans}</pre>'
        "</div>"
        '<p class="ember-cell__nojs">Running code needs JavaScript.</p>'
        "</div>"
    )


FENCE = Fence("python", "cell", format_cell, options=OPTIONS, time_limit=TIME_LIMIT, compiled_only=compiled_only,
              check_options=check_options)
