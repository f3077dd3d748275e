"""Markdown fences: one module per fence, each turning a fenced block into HTML.

A fence that finds a problem raises FenceError with the lesson's file and line, and the build
stops with that message.
"""

from dataclasses import dataclass
from pathlib import Path

from mkdocs.exceptions import PluginError
from pymdownx.superfences import SuperFencesException


class FenceError(PluginError, SuperFencesException):
    """A fence in a lesson is wrong; the message starts with ``file:line:``.

    superfences lets only its own exception type through, and MkDocs prints a PluginError as a
    plain message, so this is both.
    """


@dataclass
class PageContext:
    """What a fence needs to know about the page it is on.

    Attributes:
        src_path: The page's source file, relative to the repository, such as
            ``docs/lessons/07-a-number-that-remembers.md``.
        markdown: The page's source file as written, front matter included, to find a
            fence's line.
        import_root: The folder that holds the ``ember`` package the page's code runs on.
        cells: How many cells the page has had so far.
    """

    src_path: str
    markdown: str
    import_root: Path
    cells: int = 0

    def line_of(self, source: str) -> int:
        """The 1-based line of the fence whose code is source, or 1 if it is not found.

        It is the first fence opener (a line of backticks or tildes) followed by source's first
        line.
        """
        lines = self.markdown.split("\n")
        first = source.split("\n", 1)[0].strip()
        for number, (opener, line) in enumerate(zip(lines, lines[1:]), start=1):
            if opener.lstrip().startswith(("```", "~~~")) and line.strip() == first:
                return number
        return 1

    def error(self, source: str, message: str) -> FenceError:
        """A FenceError for the fence holding source: ``file:line: message``."""
        return FenceError(f"{self.src_path}:{self.line_of(source)}: {message}")
