"""The test course's pages (tests/e2e/course), and how a learner reaches the parts of one.

The e2e tests of the runtime, the editors, the labs, the figures, the questions and the frame run
on this course, built for them into build/test-course, so that a real lesson can change without
breaking them. Its lesson 01 has a real lesson's parts: cell 1 and two questions, the figures
``#explorer`` and ``#loss``, labs 1 and 2 (the gaps of Value's record, + and *), then cells 2 to 4
and a third question, which run on the learner's ember. Its lesson 02 builds on 01: a recap, a
lab of one gap (a nested def) and a lab of two loops. Its playground has a figure, a plot and a
cell for each.
"""

import re
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from tools import finished
from tools.reach import come_to, paste_code

ROOT = Path(__file__).resolve().parent / "course"
"""The test course: its mkdocs.yml, docs/ and ember/."""
SITE = ROOT.parents[2] / "build" / "test-course"
LESSON = "lessons/01-values-that-remember/"
NEXT_LESSON = "lessons/02-grads-by-hand/"
PROGRESS_KEY = finished.progress_key(ROOT / "mkdocs.yml")
"""Where the test course keeps the learner's progress."""
COURSE_ID = PROGRESS_KEY.split(":")[1]
"""The test course's id, as its exported progress names it."""

INIT = ["self.data = float(data)", "self.grad = 0.0", "self._prev = tuple(_children)", "self._op = _op"]
"""Lesson 01's gap L01.init, as a learner types it: a line at a time, flush left."""
RIGHT_INIT = "".join(f"        {line}\n" for line in INIT).rstrip("\n")
WRONG_INIT = ("        self.data = data\n        self.grad = 0.0\n"
              "        self._prev = set(_children)\n        self._op = _op")
REPR = '        return f"Value({self.data}, grad={self.grad})"'
ADD = ("        other = _as_value(other)\n        print('my add was called')\n"
       "        out = Value(self.data + other.data, (self, other), '+')")
MUL = ("        other = _as_value(other)\n"
       "        out = Value(self.data * other.data, (self, other), '*')")


def python_boots(page: Page) -> int:
    """How many times Python has started in this page's document: the mark the runtime leaves
    each time (js/runtime/client.js). Its workers run in a sandboxed frame, where Playwright does
    not list them."""
    return page.evaluate("performance.getEntriesByName('ember:python-ready').length")


def write_solutions(page: Page) -> None:
    """Store every gap's solution of the test course as the learner's answer (page must be on it)."""
    finished.write_solutions(page, ROOT, PROGRESS_KEY)


def cell(page: Page, number: int) -> Locator:
    """Code cell number, scrolled to."""
    return come_to(page.get_by_role("group", name=f"Code cell {number}"))


def output(page: Page, number: int) -> Locator:
    return page.get_by_role("log", name=f"Output of cell {number}")


def replace_code(page: Page, number: int, code: str) -> None:
    """Replace the code of cell number with code, as a paste."""
    paste_code(cell(page, number), code)


def run(page: Page, number: int) -> None:
    """Press the Run button of cell number and wait until the run has ended."""
    cell(page, number).get_by_role("button", name="Run").click()
    # The cell's own status, not a figure's it drew
    expect(cell(page, number).get_by_role("status").filter(has_text=re.compile("Done|Finished|[Ss]topped"))).to_have_count(1)


def lab(page: Page, number: int) -> Locator:
    """Lab number, scrolled to."""
    return come_to(page.get_by_role("region", name=f"Lab {number}"))


def editor(page: Page, number: int) -> Locator:
    """A lab's editor, scrolled into view: CodeMirror draws only the lines in view."""
    textbox = lab(page, number).get_by_role("textbox")
    textbox.scroll_into_view_if_needed()
    return textbox


def write_gap(page: Page, number: int, stub_start: str, code: str) -> None:
    """Click into a gap's stub, select the gap with Ctrl+A, and type the code over it."""
    editor(page, number).get_by_text(stub_start).click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(code)


def check(page: Page, number: int, title: str) -> Locator:
    """The check of lab number whose title holds title."""
    return lab(page, number).get_by_role("listitem").filter(has_text=title)


def run_checks(page: Page, number: int) -> None:
    """Press Run checks in lab number and wait until the run has ended: the summary says how many
    checks passed (the caller asserts how many should have)."""
    lab(page, number).get_by_role("button", name="Run checks").click()
    expect(lab(page, number).get_by_role("status").last).to_have_text(re.compile("checks passed"))


def question(page: Page, text: str) -> Locator:
    """The question whose text holds text, scrolled to, once its code has mounted it (its Check
    button shows)."""
    quiz = come_to(page.get_by_role("group", name=re.compile(re.escape(text))))
    expect(quiz.get_by_role("button", name="Check")).to_be_visible()
    return quiz


def shows_focus(page: Page, part: Locator) -> bool:
    """Whether part looks different once the keyboard's focus is on it: a focus ring, which may
    lie outside its box. A key pressed once it has the focus tells the browser the learner is on
    the keyboard (after a click, it rings only what the keyboard reaches). The page must not
    scroll between the two pictures."""
    part.evaluate("element => element.scrollIntoView({block: 'center'})")
    box = part.bounding_box()
    clip = {"x": box["x"] - 6, "y": box["y"] - 6, "width": box["width"] + 12, "height": box["height"] + 12}
    page.evaluate("document.activeElement?.blur()")
    before = page.screenshot(clip=clip)
    part.focus()
    page.keyboard.press("Shift")
    return page.screenshot(clip=clip) != before
