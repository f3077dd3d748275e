"""The runtime under a flood of output: a cell that prints a million lines must leave the page
responsive (no main-thread task over 200 ms) while its output is cut to size."""

import re

from playwright.sync_api import Page, expect

from bench.browser import Bench
from bench.graphs import longest_task
from bench.table import Row
from tools.reach import come_to, paste_code

LESSON = "lessons/07-a-number-that-remembers/"
FLOOD = "for i in range(10**6):\n    print(i)"
QUIET = "print(1)"


def run(page: Page, code: str, ended: str | re.Pattern = "Done.") -> float:
    """Run code in cell 1 until its status says ended; the longest main-thread task meanwhile,
    in ms."""
    cell = come_to(page.get_by_role("group", name="Code cell 1"))
    paste_code(cell, code)
    longest_task(page)
    cell.get_by_role("button", name="Run").click()
    expect(cell.get_by_role("status")).to_have_text(ended, timeout=180_000)
    return longest_task(page)


def figures(bench: Bench) -> list[Row]:
    """The flood row: its longest main-thread task, against a cell that prints one line."""
    page = bench.page()
    try:
        page.goto(bench.site + LESSON)
        run(page, QUIET)  # Python is booted
        baseline = run(page, QUIET)
        flood = run(page, FLOOD)
    finally:
        page.context.close()
    return [Row("Flood: longest main-thread task while a cell prints 10⁶ lines", flood, baseline,
                "a cell that prints one line", "≤ 200 ms", flood <= 200)]
