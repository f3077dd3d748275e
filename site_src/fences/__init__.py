"""Markdown fences: one module per fence, each turning a fenced block into HTML and declaring
itself as a Fence, which site_src/fences/registry.py lists.

A fence that finds a problem raises FenceError with the lesson's file and line, and the build
stops with that message.
"""

import functools
import html
import json
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import markdown
import yaml
from mkdocs.exceptions import PluginError
from pymdownx.superfences import SuperFencesException

from site_src.execute import CellFailure, CellResult, Lib, run_cell

QUOTE = re.compile(r"^[ \t]*(?:>[ \t]?)*[ \t]*")
"""What may stand before a fenced line: indentation and blockquote markers."""


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
        lib: The Python files the page's code runs on (execute.Lib); None where it runs nothing.
        lesson: The lesson's number from the front matter, or None for a page that is not one.
        template: ember at the start of the lesson (gaps.Ember.template), for labs.
        cells: How many cells the page has had so far.
        labs: How many labs the page has had so far.
        quizzes: How many quiz questions (not recap ones) the page has had so far.
        ids: The ids the page's figures have taken so far.
        cache: A folder where runs are kept by content (execute.run_cell), or None.
        graphs: The graphs the page's code has shown so far (hx.show_graph), to lay out at
            build time (site_src/layouts.py).
        lab_data: For each lab of the course by id (``07-1``), what its page needs beyond the
            declaration: its checks with the reasons its mistakes give (course.diagnosed_checks),
            and its gaps' solutions, shown once the lab passes.
    """

    src_path: str
    markdown: str
    lib: Lib | None
    lesson: int | None = None
    template: dict = field(default_factory=dict)
    cells: int = 0
    labs: int = 0
    quizzes: int = 0
    ids: set[str] = field(default_factory=set)
    cache: Path | None = None
    graphs: list[dict] = field(default_factory=list)
    lab_data: dict[str, dict] = field(default_factory=dict)
    _claimed: set[int] = field(default_factory=set)

    @property
    def key(self) -> str:
        """What the ids of the page's questions and cells start with, in the learner's saved
        progress: its lesson number, or "page-" and its file's name in lower case letters,
        digits and hyphens (the saved progress allows no other)."""
        if self.lesson is not None:
            return f"{self.lesson:02d}"
        name = re.sub(r"[^a-z0-9]+", "-", self.src_path.rsplit("/", 1)[-1][:-3].lower()).strip("-")
        return f"page-{name[:40] or 'x'}"

    def line_of(self, opener: re.Pattern, source: str) -> int:
        """The 1-based line of the fence whose opener matches and whose code is source.

        Each line is given once, in page order, so two fences with the same code get their own
        lines. Returns 1 if no such fence is found.
        """
        lines = [QUOTE.sub("", line).strip() for line in self.markdown.split("\n")]
        code = [line.strip() for line in source.split("\n")]
        for number, head in enumerate(lines, start=1):
            body = lines[number:number + len(code)]
            if number not in self._claimed and opener.match(head) and body == code:
                self._claimed.add(number)
                return number
        return 1

    def error_at(self, line: int, message: str) -> FenceError:
        """A FenceError for a line of this page: ``file:line: message``."""
        return FenceError(f"{self.src_path}:{line}: {message}")

    def check_options(self, line: int, kind: str, options: dict, known: dict) -> None:
        """Refuse an option a fence does not know.

        Raises:
            FenceError: Naming the first unknown option and the known ones.
        """
        unknown = sorted(set(options) - set(known))
        if unknown and not known:
            raise self.error_at(line, f"a {kind} takes no options on its line, not {unknown[0]!r}")
        if unknown:
            raise self.error_at(line, f"unknown {kind} option {unknown[0]!r}; known: {', '.join(known)}")

    def take_id(self, line: int, fence: str, options: dict) -> None:
        """Take the id option of a figure or plot (fence) for this page.

        Raises:
            FenceError: For a missing id, one that is not lowercase letters, digits and -, or
                one already on the page.
        """
        if not re.fullmatch(r"[a-z][a-z0-9-]*", options.get("id") or ""):
            raise self.error_at(line, f'a {fence} needs an id of lowercase letters, digits and -, as in id="loss"')
        if options["id"] in self.ids:
            raise self.error_at(line, f"a figure or plot with id {options['id']!r} is already on this page")
        self.ids.add(options["id"])

    def run(self, line: int, source: str, timeout: float = 30.0) -> CellResult:
        """Run a fence's code on the page's ember, as execute.run_cell does, for at most
        timeout seconds.

        Raises:
            FenceError: If the code cannot be run to a result.
        """
        try:
            return run_cell(source, self.lib, timeout, self.cache)
        except CellFailure as exc:
            raise self.error_at(line, str(exc)) from exc


YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader, in C where PyYAML was built with libyaml: the pure Python one took
2.3 s of a 6 s build, reading the course's labs and questions."""


def load_yaml(source: str, src_path: str, line: int, what: str) -> tuple[object, yaml.Node | None]:
    """A fence's YAML as data, and as nodes for the line of each part.

    Args:
        source: The fence's text; line: the line of its opener in src_path; what: the fence's
            name for the message, such as "the lab".

    Raises:
        FenceError: ``file:line: the lab is not valid YAML``, at the line where the broken part
            starts (an unclosed bracket's line), else where the parser stopped.
    """
    try:
        return yaml.load(source, Loader=YAML_LOADER), yaml.compose(source, Loader=YAML_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "context_mark", None) or getattr(exc, "problem_mark", None)
        raise FenceError(f"{src_path}:{line + 1 + (mark.line if mark else 0)}: {what} is not valid YAML: {exc}") from exc


SHOWN_TIME_LIMIT = 30.0
"""Seconds the build gives a figure's or a plot's code when its fence gives no time_limit."""


def time_limit_of(page: PageContext, line: int, value: str | None, default: float) -> float:
    """A fence's time_limit option as seconds, default when it has none.

    Raises:
        FenceError: Unless it is a number from 1 to 3600.
    """
    if value is None:
        return default
    try:
        seconds = float(value)
    except ValueError:
        seconds = 0
    if not 1 <= seconds <= 3600:
        raise page.error_at(line, f'time_limit must be seconds from 1 to 3600, as in time_limit="60", not {value!r}')
    return seconds


def shown_once(page: PageContext, line: int, source: str, options: dict, fence: str, kind: str) -> dict:
    """For a fence that draws what its code shows (figure, plot): run its code, and return the
    one graph or plot (kind) that it showed.

    Raises:
        FenceError: For code that raises, or code that does not call hx.show_KIND exactly once.
    """
    result = page.run(line, source, time_limit_of(page, line, options.get("time_limit"), SHOWN_TIME_LIMIT))
    if result.error:
        raise page.error_at(line, f"the {fence}'s code raised {result.error}:\n{result.text}")
    shown = [json.loads(text)[kind] for stream, text in result.output if stream == kind]
    if len(shown) != 1:
        raise page.error_at(line, f"a {fence}'s code must call hx.show_{kind} once, not {len(shown)} times")
    return shown[0]


def json_template(data: object, attributes: str) -> str:
    """data as JSON in an inert ``<template ATTRIBUTES>``, for the page's JavaScript to read
    (js/dom.js, readJson), and kept out of the search index.

    Not ``<script type="application/json">``: Material's instant navigation re-creates every inline
    script of the page it brings as JavaScript, without its type, id or class.
    """
    return (f"<template {attributes} data-search-exclude>"
            f"{html.escape(json.dumps(data), quote=False)}</template>")


def code_block(source: str) -> str:
    """source as a Python code block styled as Material styles one, without a highlighter's
    span per token: js/cell.js and js/lab.js make it an editor, which colours it, and a block
    of plain text keeps the page small until then (it is what readers without JavaScript see)."""
    return (f'<div class="language-python highlight"><pre><code>{html.escape(source, quote=False)}\n'
            "</code></pre></div>")


_inline = threading.local()
"""Each thread's Markdown for render_inline: making one loads its extensions, which took more time
than the 800 conversions of a build did."""


def render_inline(text: str) -> str:
    """A short piece of Markdown (a caption, a hint) as HTML, with inline code and math."""
    if not hasattr(_inline, "markdown"):
        _inline.markdown = markdown.Markdown(extensions=["pymdownx.inlinehilite", "pymdownx.arithmatex"],
                                             extension_configs={"pymdownx.arithmatex": {"generic": True}})
    return _inline.markdown.reset().convert(text)


@dataclass(frozen=True)
class Declared:
    """What a fence adds to its page's lesson, read without running anything: site_src/course.py
    counts it, and site_src/check.py checks it.

    Attributes:
        labs: The labs it declares (site_src/fences/lab.py, Lab).
        questions: How many questions of each kind it asks: "q" for a quiz's, "r" for a recap's.
    """

    labs: tuple = ()
    questions: Mapping[str, int] = field(default_factory=dict)

    def __add__(self, other: "Declared") -> "Declared":
        """What self and other declare together."""
        kinds = {**self.questions, **other.questions}
        return Declared(self.labs + other.labs,
                        {kind: self.questions.get(kind, 0) + other.questions.get(kind, 0) for kind in kinds})


@dataclass(frozen=True)
class Fence:
    """A kind of fence that a page may hold: declared once, in its module, and listed in
    site_src/fences/registry.py, which the plugin, ``site_src check`` and site_src/course.py read.

    Attributes:
        language: The word after the backticks, as in ``python``.
        word: The word after it that makes the fence this one, as in ``cell``: the first word
            of the line after the language.
        format: Its HTML: ``format(source, options, page, line)``, with source the fence's
            text, options the other words of its line (name to value; a bare word's value is its
            name), page the PageContext it is on and line its opener's. Raises FenceError.
        options: The options its line may give, name to what it does; any other is refused
            before format is called.
        time_limit: Seconds the build gives its code when its line gives no time_limit; None
            for a fence whose code the build does not run.
        compiled_only: Whether, given its options, the build only compiles its code and runs
            none of it (a cell's build="compile").
        takes_id: Whether its line must give an id, one of its own on the page.
        declares: What it adds to its page's lesson, as ``declares(source, src_path, line)``;
            None for one that adds nothing. Raises FenceError for one that cannot be read.
        check_options: Refuses, as ``check_options(page, line, options)``, values of its known
            options that it cannot take, with a FenceError; the build and ``site_src check``
            both call it.
    """

    language: str
    word: str
    format: Callable[[str, dict, PageContext, int], str]
    options: Mapping[str, str] = field(default_factory=dict)
    time_limit: float | None = None
    compiled_only: Callable[[Mapping[str, str]], bool] = lambda options: False
    takes_id: bool = False
    declares: Callable[[str, str, int], Declared] | None = None
    check_options: Callable[[PageContext, int, dict], None] = lambda page, line, options: None

    @functools.cached_property
    def opener(self) -> re.Pattern:
        """Its opening line, as superfences reads it once indentation and ``>`` are gone; what
        follows the match is the line's options."""
        return re.compile(rf"(`{{3,}}|~{{3,}})[ \t]*{self.language}[ \t]+{self.word}\b")

    def check_words(self, page: PageContext, line: int, options: dict) -> None:
        """Check the options of such a fence at line of page, as the build and ``site_src check``
        both do before anything else: each known, each value one it takes (check_options), its
        id one of its own, its time_limit seconds.

        Raises:
            FenceError: At line, saying which.
        """
        page.check_options(line, self.word, options, self.options)
        self.check_options(page, line, options)
        if self.takes_id:
            page.take_id(line, self.word, options)
        if self.time_limit is not None:
            time_limit_of(page, line, options.get("time_limit"), self.time_limit)
