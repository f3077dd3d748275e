"""Part II in Chromium: lesson 08's figure stepped backward, lesson 09's a + a figure drawn from the
learner's own _backward before and after the fix, and lesson 12's gradient check on their ember."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.test_lessons import load_finished_pieces, solution, write
from tools.reach import cell_with, come_to

LESSON_08 = "lessons/08-who-owes-the-gradient/"
LESSON_09 = "lessons/09-shares-add-up/"
LESSON_12 = "lessons/12-check-your-slopes/"


def value(page: Page, figure: str, label: str):
    graph = come_to(page.locator(f"#{figure}")).get_by_role("group", name=re.compile("Computation graph"))
    return graph.get_by_role("button", name=re.compile(f"^{re.escape(label)} data"))


def run(cell) -> None:
    cell.get_by_role("button", name="Run").click()
    expect(cell.get_by_role("status")).to_have_text(re.compile("Done|Finished|stopped"), timeout=30_000)


def test_stepping_backward_on_lesson_08s_figure_fills_the_grads_last_operation_first(page: Page, site: str):
    page.goto(site + LESSON_08)
    figure = come_to(page.locator("#expression"))
    status = figure.get_by_role("group", name="The backward pass, step by step").get_by_role("status")
    figure.get_by_role("button", name="Step backward").click()
    expect(status).to_contain_text("each Value's _backward called by hand, last first")  # no backward() yet
    expect(status).to_contain_text("L.grad is seeded with 1.0")
    for number, made, grads in ((1, "L, made by *", {"s": "-2.0", "f": "4.0", "p": "0.0"}),
                                (2, "s, made by +", {"p": "-2.0", "c": "-2.0", "a": "0.0"}),
                                (3, "p, made by *", {"a": "6.0", "b": "-4.0"})):
        page.keyboard.press("Enter")
        expect(status).to_contain_text(f"Step {number} of 3: {made}, passes its grad")
        expect(status).to_contain_text(".grad = ")  # lesson 08's _backward sets grads
        for label, grad in grads.items():
            expect(value(page, "expression", label)).to_have_text(re.compile(f"grad {re.escape(grad)}$"))
    expect(status).to_contain_text("Every grad is filled in")


def test_lesson_09s_figure_shows_both_shares_only_once_the_learner_accumulates(page: Page, site: str):
    page.goto(site + LESSON_09)
    load_finished_pieces(page)
    cell = cell_with(page, 'target="twice"')
    run(cell)  # lab 1's gaps still hold lesson 08's assigning code
    expect(value(page, "twice", "a")).to_have_text(re.compile("grad 1.0$"))
    for gap in ("L09.add_back", "L09.mul_back"):
        write(page, 1, gap, solution(gap))
    run(cell)
    expect(value(page, "twice", "a")).to_have_text(re.compile("grad 2.0$"))


def test_lesson_12s_gradient_check_passes_on_the_learners_ember(page: Page, site: str):
    page.goto(site + LESSON_12)
    load_finished_pieces(page)
    write(page, 1, "L12.check", solution("L12.check"))
    cell = cell_with(page, "from ember.check import gradient_check, relative_error")
    run(cell)
    output = cell.get_by_role("log")
    expect(output).to_contain_text("PASS: every slope agrees to 1e-6")
    expect(output).to_have_text(re.compile(r"all 200 expressions agree\s*$"))
