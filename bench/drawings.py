"""Drawings at hx's limits: a cell that draws one plot of 12 series of 10,000 points, one that
draws 200 such plots in a loop, and a lab whose checks draw 20,000 graphs each must leave the page
responsive (no main-thread task over 200 ms); a cell that draws without end is stopped within a
second of its time limit."""

import re
import time

from playwright.sync_api import Page, expect

from bench.browser import ROOT, Bench
from bench.graphs import longest_task
from bench.lesson import select_code
from bench.runtime import LESSON, QUIET, run
from bench.table import Row
from site_src.gaps import read_ember
from tools.finished import write_solutions
from tools.reach import come_to, paste_code

PLOT = """import hx, random
rng = random.Random(0)
xs = [i / 10 for i in range(10_000)]
series = {f"s{k}": hx.points(xs, [rng.gauss(k, 1) for _ in xs]) if k % 2 else (xs, [rng.gauss(k, 1) for _ in xs])
          for k in range(12)}
for _ in range(TIMES):
    hx.show_plot(series)
print("drawn")"""
"""12 series of 10,000 points each, points and lines by turns, drawn TIMES times."""


GRAPHS = "import hx\nfor _ in range(20_000):\n    hx.show_graph(self)\n"
"""Put before lesson 07's L07.repr: every repr a check makes draws 20,000 graphs."""
FOREVER = PLOT.replace("for _ in range(TIMES):", "while True:")
"""The plot drawn again and again, until the time limit."""


def drawn(page: Page, code: str) -> float:
    """The longest main-thread task while code runs, until it is done or its time limit stops it,
    and its last plot is drawn, in ms."""
    longest = run(page, code, ended=re.compile("Done|[Ss]topped"))
    page.wait_for_function("document.querySelectorAll('.ember-plot[data-drawn]').length > 0")
    page.evaluate("new Promise((resolve) => setTimeout(resolve, 1000))")  # what was waiting is drawn
    return max(longest, longest_task(page))


def checks_drawing(page: Page) -> float:
    """The longest main-thread task while lesson 07's lab 1 runs its checks with a repr that
    draws 20,000 graphs, until its summary shows."""
    write_solutions(page)
    page.reload()
    lab = come_to(page.get_by_role("region", name="Lab 1"))
    select_code(lab, "L07.repr")
    page.keyboard.insert_text(GRAPHS + read_ember(ROOT).gaps["L07.repr"][1].text.removesuffix("\n"))
    longest_task(page)
    lab.get_by_role("button", name="Run checks").click()
    expect(lab.get_by_role("status").last).to_have_text(re.compile("checks passed|Stopped"), timeout=180_000)
    page.evaluate("new Promise((resolve) => setTimeout(resolve, 1000))")  # what was waiting is drawn
    return longest_task(page)


def overrun(page: Page) -> float:
    """How long after its time limit a cell that draws plots without end is stopped, in s: from
    Run to its status saying so, less the limit its output names."""
    cell = come_to(page.get_by_role("group", name="Code cell 1"))
    run(page, QUIET)
    paste_code(cell, FOREVER)
    start = time.perf_counter()
    cell.get_by_role("button", name="Run").click()
    expect(cell.get_by_role("status")).to_have_text("Stopped.", timeout=180_000)
    took = time.perf_counter() - start
    note = page.get_by_role("log", name="Output of cell 1").get_by_text(re.compile(r"Stopped after \d+ s"))
    return took - float(re.search(r"after (\d+) s", note.text_content()).group(1))


def figures(bench: Bench) -> list[Row]:
    """The rows of one plot and of 200 plots at hx's limits and of checks that draw 20,000
    graphs, each against a cell that prints one line; and the time limit's overrun."""
    page = bench.page()
    try:
        page.goto(bench.site + LESSON)
        run(page, QUIET)  # Python is booted
        baseline = run(page, QUIET)
        one = drawn(page, PLOT.replace("TIMES", "1"))
        many = drawn(page, PLOT.replace("TIMES", "200"))
        late = overrun(page)
        checks = checks_drawing(page)
    finally:
        page.context.close()
    return [Row("Drawings: longest main-thread task for one plot of 12 × 10,000 points", one, baseline,
                "a cell that prints one line", "≤ 200 ms", one <= 200),
            Row("Drawings: longest main-thread task for 200 such plots in a loop", many, baseline,
                "a cell that prints one line", "≤ 200 ms", many <= 200),
            Row("Drawings: longest main-thread task for lab checks that draw 20,000 graphs each", checks, baseline,
                "a cell that prints one line", "≤ 200 ms", checks <= 200),
            Row("Drawings: the time limit's overrun for a cell that draws plots without end", late * 1000, 0.0,
                "none: the limit itself", "≤ 1,000 ms", late <= 1.0)]
