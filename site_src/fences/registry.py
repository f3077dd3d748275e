"""Every fence a page may hold, in one list: adding a fence is a module in site_src/fences that
declares its Fence, and a line in FENCES. The plugin registers them with pymdownx.superfences
(custom_fences); ``site_src check`` and site_src/course.py find them on a page (fence_of)."""

import functools
import re
from collections.abc import Callable

from site_src.fences import QUOTE, Fence, FenceError, PageContext, cell, digits, figure, lab, network, plot, quiz

FENCES: tuple[Fence, ...] = (
    cell.FENCE,
    figure.FENCE,
    plot.FENCE,
    network.FENCE,
    digits.FENCE,
    lab.FENCE,
    quiz.QUIZ,
    quiz.RECAP,
)

OPENER = re.compile(r"(`{3,}|~{3,})[ \t]*(?P<language>\w+)(?P<words>.*)$")
"""A fence's opening line, once indentation and ``>`` are gone: its language, then its words."""
WORD = re.compile(r"""(?P<name>[a-zA-Z][a-zA-Z0-9_]*)(?:=(?P<quote>"|')(?P<value>.*?)(?P=quote))?""")
"""A word of a fence's line: a bare name, or name="value" (superfences' RE_OPTIONS)."""
WORDS = re.compile(r"""^(?:[ \t]+[A-Za-z][A-Za-z0-9_]*(?:="[^"]*"|='[^']*')?)*[ \t]*$""")
"""Words that superfences can read: any other line is not a fence to it."""


def fence_of(opener: str) -> tuple[Fence, dict[str, str]] | None:
    """The registered fence that an opening line (as site_src/course.py's fences gives it)
    opens, and the line's options (the other words, name to value, a bare word's value its
    name); None for a fence that none is, such as a plain ``python`` block."""
    found = OPENER.match(opener.strip())
    if not found:
        return None
    words = {word["name"]: word["name"] if word["value"] is None else word["value"]
             for word in WORD.finditer(found["words"])}
    first = next(iter(words), None)
    for fence in FENCES:
        if fence.language == found["language"] and fence.word == first:
            return fence, {name: value for name, value in words.items() if name != first}
    return None


def check_openers(page: PageContext) -> None:
    """Refuse the first opener of the page that check_opener refuses.

    Raises:
        FenceError: At its line.
    """
    for number, line in enumerate(page.markdown.split("\n"), start=1):
        check_opener(page, number, line)


def check_opener(page: PageContext, number: int, line: str) -> None:
    """Refuse line, the page's line number, if it opens a registered fence with words that
    superfences cannot read: it would quietly take the line for text, and drop the fence from the
    page; an unquoted option value such as ``raises=TypeError`` is the usual cause.

    Raises:
        FenceError: At that line.
    """
    bare = QUOTE.sub("", line)
    for fence in FENCES:
        found = fence.opener.match(bare)
        if found and not WORDS.match(bare[found.end():]):
            raise page.error_at(number, f"cannot read the options of {line.strip()!r}: write "
                                "each as name=\"value\", with quotes")


def custom_fences(page_of: Callable[[], PageContext]) -> list[dict]:
    """The ``custom_fences`` of pymdownx.superfences for every registered fence; page_of gives
    the page being built, which each fence's format is called with."""
    return [{"name": fence.language, "class": f"ember-{fence.language}", "validator": _claims(fence),
             "format": functools.partial(_format, fence, page_of)} for fence in FENCES]


def _claims(fence: Fence):
    """A superfences validator that claims a fence of fence.language whose line starts with
    fence.word, and keeps the line's other words as its options."""
    def validate(language: str, inputs: dict, options: dict, attrs: dict, md) -> bool:
        if next(iter(inputs), None) != fence.word:
            return False
        options.update({key: value for key, value in inputs.items() if key != fence.word})
        return True

    return validate


def _format(fence: Fence, page_of: Callable[[], PageContext], source: str, language: str, class_name: str,
            options: dict, md, **kwargs) -> str:
    """superfences formatter: check the fence's options and id on its page, then call its format.

    superfences turns any exception of a formatter but its own into a silent plain code block, so
    an unexpected one becomes a FenceError too.

    Raises:
        FenceError: As fence.check_words or fence.format raises.
    """
    page = page_of()
    line = page.line_of(fence.opener, source)
    try:
        fence.check_words(page, line, options)
        return fence.format(source, options, page, line)
    except FenceError:
        raise
    except Exception as exc:
        raise FenceError(f"{page.src_path}: a fence failed: {type(exc).__name__}: {exc}") from exc
