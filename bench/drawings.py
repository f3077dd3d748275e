"""Drawings at hx's limits: a cell that draws one plot of 12 series of 10,000 points, and one that
draws 200 such plots in a loop, must leave the page responsive (no main-thread task over 200 ms)."""

import re

from playwright.sync_api import Page

from bench.browser import Bench
from bench.graphs import longest_task
from bench.runtime import LESSON, QUIET, run
from bench.table import Row

PLOT = """import hx, random
rng = random.Random(0)
xs = [i / 10 for i in range(10_000)]
series = {f"s{k}": hx.points(xs, [rng.gauss(k, 1) for _ in xs]) if k % 2 else (xs, [rng.gauss(k, 1) for _ in xs])
          for k in range(12)}
for _ in range(TIMES):
    hx.show_plot(series)
print("drawn")"""
"""12 series of 10,000 points each, points and lines by turns, drawn TIMES times."""


def drawn(page: Page, code: str) -> float:
    """The longest main-thread task while code runs, until it is done or its time limit stops it,
    and its last plot is drawn, in ms."""
    longest = run(page, code, ended=re.compile("Done|[Ss]topped"))
    page.wait_for_function("document.querySelectorAll('.ember-plot[data-drawn]').length > 0")
    page.evaluate("new Promise((resolve) => setTimeout(resolve, 1000))")  # what was waiting is drawn
    return max(longest, longest_task(page))


def figures(bench: Bench) -> list[Row]:
    """The rows of one plot and of 200 plots at hx's limits, each against a cell that prints one line."""
    page = bench.page()
    try:
        page.goto(bench.site + LESSON)
        run(page, QUIET)  # Python is booted
        baseline = run(page, QUIET)
        one = drawn(page, PLOT.replace("TIMES", "1"))
        many = drawn(page, PLOT.replace("TIMES", "200"))
    finally:
        page.context.close()
    return [Row("Drawings: longest main-thread task for one plot of 12 × 10,000 points", one, baseline,
                "a cell that prints one line", "≤ 200 ms", one <= 200),
            Row("Drawings: longest main-thread task for 200 such plots in a loop", many, baseline,
                "a cell that prints one line", "≤ 200 ms", many <= 200)]
