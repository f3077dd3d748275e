"""Lesson 18's digits (issue 40): the lesson's training cell in Pyodide, on the course's finished
ember, until it reads GOAL of the 360 held-out digits, against the same training in CPython; the
accuracy it reaches, and the longest main-thread task meanwhile; and the time from a stroke on the
pad to its new scores on screen, against a pointer move that changes nothing."""

import json
import re
import subprocess
import sys
import time

from playwright.sync_api import Page, expect

from bench.browser import ROOT, Bench
from bench.graphs import longest_task
from bench.runtime import run
from bench.table import Row
from tools.finished import write_solutions
from tools.reach import cell_with, come_to

LESSON = "lessons/18-reading-handwriting/"
GOAL = 0.93
MOVES = 30
"""Pointer moves in the stroke drawn on the pad."""

CPYTHON = """\
import json, random, time
from ember import digits
train, held_out = digits.load()
layers, rng = digits.network(seed=0), random.Random(0)
start, right = time.perf_counter(), 0.0
while right < GOAL:
    for batch in digits.batches(train, 32, rng):
        digits.train_step(layers, batch, 0.5)
    right = digits.accuracy(layers, held_out)
print(json.dumps(time.perf_counter() - start))
""".replace("GOAL", repr(GOAL))
"""The lesson's training, epoch by epoch until GOAL, as its cell runs it with the slider untouched."""

SETTLED = """new Promise((resolve) => {
  const idle = (then) => requestIdleCallback(then, { timeout: 5000 });
  idle(() => idle(resolve));
})"""
"""Resolves once the main thread has been idle twice (Chromium's requestIdleCallback; a bench runs
in Chromium only)."""

HELD_OUT = re.compile(r"held out (\d+\.\d)% read right")

STROKE = """([selector, moves]) => new Promise((resolve) => {
  const grid = document.querySelector(selector);
  const bars = grid.closest('.ember-digits').querySelector('.ember-digits__bars');
  const times = [];
  let moved = 0;
  grid.addEventListener('pointermove', (event) => { moved = event.timeStamp; }, { capture: true });
  new MutationObserver(() => {
    const since = moved;
    requestAnimationFrame((frame) => {
      times.push(frame - since);
      if (times.length >= moves) resolve(times);
    });
  }).observe(bars, { childList: true });
  setTimeout(() => resolve(times), 30000);
})"""
"""Each pointer move's time to the frame that shows the scores it changed, in ms."""

IDLE = """([selector, moves]) => new Promise((resolve) => {
  const caption = document.querySelector(selector);
  const times = [];
  caption.addEventListener('pointermove', (event) => {
    const since = event.timeStamp;
    requestAnimationFrame((frame) => {
      times.push(frame - since);
      if (times.length >= moves) resolve(times);
    });
  });
  setTimeout(() => resolve(times), 30000);
})"""
"""Each pointer move's time to the next frame, over the pad's help text, where it changes nothing."""


def cpython_seconds() -> float:
    """The seconds CPython takes to train to GOAL, from the repository's ember."""
    done = subprocess.run([sys.executable, "-c", CPYTHON], cwd=ROOT, capture_output=True, text=True,
                          check=True, timeout=900)
    return json.loads(done.stdout)


def training(page: Page) -> tuple[float, float, float]:
    """The seconds from Run to the first epoch at GOAL, the held-out accuracy at the end, and the
    longest main-thread task meanwhile (ms)."""
    run(page, "import ember.digits, ember.tensor\nprint('Done.')", ended="Done.")  # Python booted, ember read
    cell = cell_with(page, "EPOCHS = ")
    page.evaluate(SETTLED)  # the parts that mounted as the page scrolled to the cell: not the training's
    longest_task(page)
    start = time.monotonic()
    cell.get_by_role("button", name="Run").click()
    output = cell.locator(".ember-cell__output")
    page.wait_for_function(
        """([element, goal]) => [...element.textContent.matchAll(/held out (\\d+\\.\\d)% read right/g)]
             .some((m) => Number(m[1]) >= goal * 100)""", arg=[output.element_handle(), GOAL], timeout=300_000)
    seconds = time.monotonic() - start
    expect(cell.get_by_role("status")).to_have_text("Done.", timeout=300_000)
    reached = [float(m) / 100 for m in HELD_OUT.findall(output.inner_text())]
    return seconds, reached[-1], longest_task(page)


def stroke(page: Page) -> tuple[float, float]:
    """The slowest of MOVES pointer moves on the pad to the frame that shows its new scores, and
    of as many over the pad's help text to the next frame, in ms."""
    figure = come_to(page.locator("#digits-pad"))
    grid = figure.get_by_role("grid", name="Drawing pad, 8 by 8 pixels")
    grid.evaluate("element => element.scrollIntoView({block: 'center'})")
    box = grid.bounding_box()
    times = page.evaluate_handle(STROKE, ["#digits-pad .ember-digits__grid", MOVES])
    x, top = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.1
    page.mouse.move(x, top)
    page.mouse.down()
    for k in range(1, MOVES + 1):
        page.mouse.move(x, top + box["height"] * 0.8 * k / MOVES)
    page.mouse.up()
    drawn = times.json_value()
    help_text = figure.locator(".ember-digits__help")
    idle_times = page.evaluate_handle(IDLE, ["#digits-pad .ember-digits__help", MOVES])
    box = help_text.bounding_box()
    for k in range(MOVES + 1):
        page.mouse.move(box["x"] + box["width"] * k / (MOVES + 1), box["y"] + box["height"] / 2)
    idle = idle_times.json_value()
    if len(drawn) < MOVES or len(idle) < MOVES:
        raise SystemExit(f"the pad showed {len(drawn)} of {MOVES} moves' scores, the help text {len(idle)} frames")
    return max(drawn), max(idle)


def figures(bench: Bench) -> list[Row]:
    """Two rows: digits, and the pad."""
    native = cpython_seconds()
    page = bench.page()
    try:
        page.goto(bench.site + LESSON)
        write_solutions(page)
        page.reload()
        seconds, reached, longest = training(page)
        drawn, idle = stroke(page)
    finally:
        page.context.close()
    return [
        Row(f"digits: lesson 18's training to {GOAL:.0%} of the 360 held-out digits, Pyodide (it reached "
            f"{reached:.1%}; longest main-thread task meanwhile {longest:.0f} ms, goal ≤ 50 ms)",
            seconds * 1000, native * 1000, "CPython, the same training", "≤ 60 s, and ≤ 50 ms a task",
            seconds <= 60 and longest <= 50),
        Row("Pad: a stroke's pointer move to the frame that shows its new scores, the slowest of "
            f"{MOVES}", drawn, idle, "a pointer move that changes nothing", "≤ 50 ms", drawn <= 50),
    ]
