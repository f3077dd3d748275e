"""Every lesson of the course in Chromium, one pass each: the page
loads with nothing for axe to flag, the finished pieces of earlier lessons load, each lab fails its
first declared mistake with the mistake's words and passes its solution typed in, and the last
cell runs in Pyodide on the learner's ember. Lesson 07 loads every gap of 01 to 06."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from site_src import course
from site_src.gaps import read_ember
from tests.e2e.pages import cell, editor, lab, output, replace_code, run, run_checks
from tools.reach import read_through

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(path.relative_to(ROOT / "docs").with_suffix("").as_posix() + "/"
                 for path in (ROOT / "docs" / "lessons").glob("[01][0-9]-*.md"))
LESSON_07 = "lessons/07-a-number-that-remembers/"
GAPS = read_ember(ROOT).gaps
DECLARED = {lesson.number: lesson for lesson in course.read_lessons(ROOT, ROOT / "docs")}


SCROLLS = 40
"""How many scrolls of 300 px write() takes at most to reach a gap: past a lab's longest file."""
NEXT_FRAMES = """new Promise((resolve) => {
  requestAnimationFrame(() => requestAnimationFrame(resolve));
  setTimeout(resolve, 1000);
})"""
"""Resolves once the page has drawn the next frame, and with it what a scroll brought in view, or
after a second: a page that draws no frames (one hidden) must not hold the test for ever."""


def write(page: Page, number: int, gap: str, text: str) -> None:
    """Click the gap's start marker, step into the gap, select it, and type text over it.

    CodeMirror draws only the lines near the view, so the page scrolls down the editor until the
    marker is drawn."""
    box = editor(page, number)
    box.evaluate("element => element.scrollIntoView({block: 'start'})")
    marker = box.locator(".cm-line", has_text=f"--- gap {gap} ---")
    for _ in range(SCROLLS):
        if marker.count():
            break
        page.evaluate("scrollBy(0, 300)")  # not a wheel, which scrolls what is under the mouse: an output box
        page.evaluate(NEXT_FRAMES)  # CodeMirror draws the lines scrolled to in the next frame
    marker.click()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(text)


def mistake(lab) -> tuple[str, str, str]:
    """A lab's first declared mistake: its gap, its text as typed, and its words."""
    first = lab.mistakes[0]
    region, version = GAPS[first.gap]
    return first.gap, first.applied(version.text, region.indent).removesuffix("\n"), first.says


def load_finished_pieces(page: Page) -> None:
    """Press "Load the finished pieces" and wait for the page it reloads."""
    with page.expect_event("load"):  # the reload: not a history change Material makes as the page scrolls
        page.get_by_role("button", name="Load the finished pieces").click()
    expect(lab(page, 1).get_by_role("textbox")).to_be_visible()


def lab_gaps(page: Page, number: int) -> list[str]:
    """The gaps a lab writes, in order, from the groups of their "Reset this gap" buttons."""
    editor(page, number)  # mounted
    groups = lab(page, number).get_by_role("group", name=re.compile(r"^Gap L\d\d\.")).all()
    return [group.get_attribute("aria-label").removeprefix("Gap ") for group in groups]


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path[8:10])
def test_a_learner_goes_through_the_lesson(page: Page, site: str, path: str, axe_violations):
    page.goto(site + path)
    read_through(page)
    assert axe_violations() == []
    if path[8:10] != "01":
        load_finished_pieces(page)
    labs = page.get_by_role("region", name=re.compile(r"^Lab \d$"))
    expect(labs.first).to_be_visible()
    assert labs.count() in (1, 2)
    for number, declared in enumerate(DECLARED[int(path[8:10])].labs, start=1):
        mistaken, wrong, says = mistake(declared)
        for gap in lab_gaps(page, number):
            write(page, number, gap, wrong if gap == mistaken else solution(gap))
        run_checks(page, number)
        expect(lab(page, number).get_by_role("status").last).to_have_text(re.compile(r"^\d+ of \d+ checks passed\.$"))
        expect(lab(page, number).get_by_text(f"Most likely: {says}").first).to_be_visible()

        write(page, number, mistaken, solution(mistaken))
        run_checks(page, number)
        expect(lab(page, number).get_by_role("status").last).to_have_text(re.compile(r"^All \d+ checks passed\.$"))
    last = page.get_by_role("group", name=re.compile(r"^Code cell \d+$")).count()
    run(page, last)
    expect(cell(page, last).get_by_role("status")).to_have_text(re.compile("Done"))
    expect(output(page, last)).not_to_contain_text("Traceback")


def solution(gap: str) -> str:
    """A gap's finished text, as typed: without its last newline."""
    return GAPS[gap][1].text.removesuffix("\n")


def test_load_the_finished_pieces_on_lesson_07_fills_every_gap_of_01_to_06(page: Page, site: str):
    page.goto(site + LESSON_07)
    load_finished_pieces(page)
    earlier = [gap for gap in GAPS if int(gap[1:3]) < 7]
    expect(page.locator(".ember-catchup").get_by_role("status")).to_contain_text(
        f"Filled {len(earlier)} gaps with their solutions; kept 0 of your own answers")
    playground = page.get_by_role("group", name=re.compile(r"^Code cell \d+$")).count()
    replace_code(page, playground,
        "from ember.neuron import xor_net, AND_WEIGHTS\nfrom ember.train import Counted, one_sided_gradient\n"
        "loss = Counted(lambda k: sum(x * x for x in k))\none_sided_gradient(loss, [1.0] * 250)\n"
        "print('xor', [xor_net(x) for x in ([0, 0], [0, 1], [1, 0], [1, 1])], 'passes', loss.calls)")
    run(page, playground)
    expect(output(page, playground)).to_contain_text("xor [0.0, 1.0, 1.0, 0.0] passes 251")
    assert len(earlier) == 14
