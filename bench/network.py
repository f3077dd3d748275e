"""Issue 23's network, live: one redraw of MLP(2, [16, 16, 1])'s diagram on the main thread,
against drawing it anew; and lesson 14's training with the diagram redrawn every 5 steps, against
the same training without it, with the longest main-thread task meanwhile."""

import re
import statistics

from playwright.sync_api import Page

from bench.browser import ROOT, Bench
from bench.graphs import longest_task, playground, run
from bench.table import Row
from tools.finished import write_solutions
from tools.reach import cell_with, paste_code

REPEATS = 5
TRAINING_REPEATS = 2
STEPS = 20
"""Steps of lesson 14's training a run: the diagram is redrawn 5 times, and once more at the end."""

SHOW = """\
import hx
from ember.data import moons
from ember.nn import MLP
from ember.optim import train_step

model, data = MLP(2, [16, 16, 1]), moons(100, noise=0.1, seed=0)
for step in range({step}):
    train_step(model, data, lr=1.0 - 0.9 * step / 60)
hx.show_network(model, step={step})
print("shown {step}")
"""
"""The moons network after a number of steps of lesson 14's training, with the grads of the last:
a redraw shows the next step's state, as it does while the lesson trains."""

DIAGRAM_LINE = '    hx.show_network(model, step=len(losses), target="moons-network")\n'
"""The line of lesson 14's training cell that redraws the diagram."""


def draws(page: Page, kind: str) -> list[float]:
    """The ember:network measures of kind ("anew" or "again") so far, in ms."""
    return page.evaluate("(kind) => performance.getEntriesByName('ember:network')"
                         ".filter((m) => m.detail === kind).map((m) => m.duration)", kind)


def redraw(bench: Bench) -> list[Row]:
    """One redraw in place, of the state a step of training later, from draw() to the end of the
    frame that shows it, against the first draw of the same sizes, which builds the drawing."""
    page = playground(bench)
    try:
        for step in range(REPEATS + 1):
            run(page, SHOW.format(step=step), f"shown {step}")
            page.wait_for_function("(n) => performance.getEntriesByName('ember:network').length >= n", arg=step + 1)
        anew, again = draws(page, "anew"), draws(page, "again")
    finally:
        page.context.close()
    time = statistics.median(again)
    return [Row("Network: one redraw of MLP(2, [16, 16, 1])'s diagram (337 weights) a step later, to its frame",
                time, anew[0], "its first draw", "≤ 16 ms", time <= 16)]


def training_code(diagram: bool) -> str:
    """Lesson 14's training cell, for STEPS steps, with or without its diagram's redraws."""
    text = (ROOT / "docs" / "lessons" / "14-training-for-real.md").read_text(encoding="utf-8")
    code = next(block for block in re.findall(r"```python cell[^\n]*\n(.*?)```", text, re.S) if "DRAW_EVERY" in block)
    if DIAGRAM_LINE not in code or "STEPS = 60" not in code:
        raise SystemExit("lesson 14's training cell has changed: bench/network.py needs its new lines")
    code = code.replace("STEPS = 60", f"STEPS = {STEPS}")
    return code if diagram else code.replace(DIAGRAM_LINE, "")


def train(page: Page, code: str) -> tuple[float, float]:
    """Run code in lesson 14's training cell to its end: ms from Run to Done, and the longest
    main-thread task meanwhile. It waits for Done in the page, once a frame: Playwright's own
    polling of roles and text walks this long page on its main thread, in tasks of tens of ms."""
    training = cell_with(page, "DRAW_EVERY")
    paste_code(training, code)
    status = training.get_by_role("status").element_handle()
    run = training.get_by_role("button", name="Run", exact=True).element_handle()
    page.evaluate("new Promise((resolve) => requestIdleCallback(resolve))")  # the editor is done with the paste
    longest_task(page)
    start = page.evaluate("(run) => { run.click(); return performance.now(); }", run)
    page.wait_for_function("(status) => status.textContent === 'Done.'", arg=status, timeout=300_000)
    return page.evaluate("performance.now()") - start, longest_task(page)


def training(bench: Bench) -> list[Row]:
    """Lesson 14's training with the diagram live against without it, alternating runs."""
    page = bench.page()
    try:
        page.goto(bench.site + "lessons/14-training-for-real/")
        write_solutions(page)
        page.reload()
        train(page, training_code(diagram=False))  # Python is booted, ember imported
        live, plain = [], []
        for _ in range(TRAINING_REPEATS):
            live.append(train(page, training_code(diagram=True)))
            plain.append(train(page, training_code(diagram=False)))
    finally:
        page.context.close()
    time, baseline = statistics.median(t for t, _ in live), statistics.median(t for t, _ in plain)
    stall, plain_stall = max(s for _, s in live), max(s for _, s in plain)
    return [
        Row(f"Network: lesson 14's training, {STEPS} steps with the diagram redrawn every 5",
            time, baseline, "without the diagram", "within 10 %", time <= 1.1 * baseline),
        Row("Network: longest main-thread task meanwhile", stall, plain_stall, "without the diagram",
            "≤ 50 ms", stall <= 50),
    ]


def figures(bench: Bench) -> list[Row]:
    """The network's rows."""
    return redraw(bench) + training(bench)
