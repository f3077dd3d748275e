"""Hostile code, one snippet after another on one page, in cells and in a lab's checks: after
each, a plain print in the next cell answers. How long the page's longest task took for each is
a row of ``make bench`` (bench/drawings.py), not a test: a test times nothing."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import LESSON, lab, replace_code, run, write_gap, write_solutions
from tests.e2e.test_runtime import FORGED, TAMPERED, still_runs

PLOT = ("import hx, random\nrng = random.Random(0)\nxs = [i / 10 for i in range(10_000)]\n"
        "hx.show_plot({f's{k}': (xs, [rng.gauss(k, 1) for _ in xs]) for k in range(12)})")
CELLS = [
    "for n in range(10 ** 6):\n    print(n)",
    "import hx\nfrom ember.scalar import Value\nv = Value(2.0) * Value(3.0)\nfor _ in range(20_000):\n    hx.show_graph(v)",
    PLOT,
    *TAMPERED,
    FORGED,
    "import js\njs.close()",
    "import sys\nsys.setrecursionlimit(100_000)\n\ndef down(n):\n    return down(n + 1)\n\ndown(0)",
    "print('<img src=x onerror=alert(1)>' * 1000)",
    "import time\ntime.sleep(0.5)",
]
"""Cells that once froze the page, wedged Python or silenced the next cell (issue 38)."""
DRAWING_REPR = ("import hx\nfor _ in range(20_000):\n    hx.show_graph(self)\n"
                "return f\"Value({self.data}, grad={self.grad})\"")
"""A repr, right, that draws 20,000 graphs each time a check calls it."""


@pytest.fixture
def watched(page: Page, course: str) -> Page:
    page.goto(course + LESSON)
    write_solutions(page)
    page.reload()
    still_runs(page)  # booted
    return page


@pytest.mark.parametrize("code", CELLS, ids=[code.splitlines()[-1][:40] for code in CELLS])
def test_hostile_cells_leave_the_page_responsive_and_the_next_cell_answering(watched: Page, code: str):
    replace_code(watched, 1, code)
    run(watched, 1)
    still_runs(watched)


def test_checks_that_draw_20000_graphs_each_leave_the_page_responsive(watched: Page):
    write_gap(watched, 1, 'return f"Value(', DRAWING_REPR)
    lab(watched, 1).get_by_role("button", name="Run checks").click()
    expect(lab(watched, 1).get_by_role("status").last).to_have_text(re.compile("checks passed"))
    expect(lab(watched, 1).get_by_text(re.compile("not shown"))).not_to_have_count(0)
    still_runs(watched)
