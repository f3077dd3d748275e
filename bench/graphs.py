"""P6: how long a large computation graph takes to be laid out and drawn, and how quickly one too
large to draw is refused, on the Playground page with the finished ember loaded."""

import re
import statistics

from playwright.sync_api import Page, expect

from bench.browser import Bench
from bench.table import Row
from site_src.runtime import hx
from tools.finished import write_solutions
from tools.reach import paste_code

REPEATS = 3

NEURON = """\
import random
from ember.scalar import Value

random.seed({seed})
v = Value(0.0)
for _ in range(500):
    v = v + Value(random.uniform(-1, 1)) * Value(random.uniform(-1, 1))
"""
"""A sum of 500 products: 2,001 Values, 1,000 of them computed. Each repeat has a seed of its own,
so that its graph is new to the page, which keeps the layouts of the graphs it drew lately."""

PAIRS = """\
from ember.scalar import Value

values = [Value(float(i)) for i in range(10_000)]
while len(values) > 1:
    values = [a + b for a, b in zip(values[::2], values[1::2])] + values[len(values) // 2 * 2:]
v = values[0]
"""
"""10,000 leaves summed in pairs: 19,999 Values, too many to draw."""

TIMED_OUTPUT = """(marks) => {
  const log = document.querySelector('[aria-label="Output of cell 1"]');
  window.benchSeen = {};
  new MutationObserver((_, observer) => {
    for (const mark of marks) if (!(mark in benchSeen) && log.textContent.includes(mark)) benchSeen[mark] = performance.now();
    if (marks.every((mark) => mark in benchSeen)) observer.disconnect();
  }).observe(log, { childList: true, subtree: true, characterData: true });
}"""
"""Records in window.benchSeen the time at which each of marks first appears in cell 1's output."""


def playground(bench: Bench) -> Page:
    """The Playground page, running the finished ember, booted."""
    page = bench.page()
    page.goto(bench.site + "playground/")
    write_solutions(page)
    page.reload()
    run(page, 'print("ready")', "ready")
    return page


def run(page: Page, code: str, wait_for: str) -> None:
    """Put code in cell 1, run it, and wait for wait_for in its output."""
    cell = page.get_by_role("group", name="Code cell 1")
    paste_code(cell, code)
    cell.get_by_role("button", name="Run", exact=True).click()
    expect(page.get_by_role("log", name="Output of cell 1")).to_contain_text(wait_for, timeout=60_000)


def longest_task(page: Page) -> float:
    """The longest main-thread task since the last call, in ms (0 when none took over 50 ms)."""
    return page.evaluate("Math.max(0, ...window.benchLongTasks.splice(0))")


def draw_2000(bench: Bench, page: Page) -> list[Row]:
    """P6: a 2,001-Value graph laid out and drawn, from its arrival on the page to the frame that
    shows it (graph.js's ember:draw measure), against Graphviz alone making and inserting its
    own SVG of the same DOT on the main thread."""
    times, stalls = [], []
    for seed in range(REPEATS):
        page.evaluate("performance.clearMeasures('ember:draw')")
        longest_task(page)
        run(page, NEURON.format(seed=seed) + 'import hx\nhx.show_graph(v)\nprint("shown")', "shown")
        page.wait_for_function("performance.getEntriesByName('ember:draw').length > 0")
        times.append(page.evaluate("performance.getEntriesByName('ember:draw')[0].duration"))
        stalls.append(longest_task(page))
    graphs = []
    for seed in range(REPEATS):
        scope: dict = {}
        exec(NEURON.format(seed=seed), scope)
        graphs.append(hx.graph(scope["v"]))
    graph = graphs[0]
    baseline_page = bench.page()
    baseline_page.goto(bench.repo + "bench/pages/graphviz.html")
    baseline_page.wait_for_selector("body[data-ready]")
    longest_task(baseline_page)
    baselines = [baseline_page.evaluate("(g) => drawBaseline(g)", g) for g in graphs]
    baseline_stall = longest_task(baseline_page)
    baseline_page.context.close()
    time, stall = statistics.median(times), max(stalls)
    return [
        Row(f"P6 lay out and draw {len(graph['nodes']):,} Values", time, statistics.median(baselines),
            "Graphviz's own SVG", "≤ 1,000 ms", time <= 1000),
        Row("P6 longest main-thread task meanwhile", stall, baseline_stall,
            "Graphviz's own SVG", "≤ 200 ms, no frozen tab", stall <= 200),
    ]


def refuse_20000(page: Page) -> list[Row]:
    """P6: from a 19,999-Value graph's show_graph call to its message on the page, against the
    learner's code that built the graph (from Run to "built"); and the longest main-thread task
    meanwhile, against that of the same code with no show_graph."""
    built = PAIRS + 'print("built", flush=True)\n'
    times, builds, stalls, plain_stalls = [], [], [], []
    for _ in range(REPEATS):
        longest_task(page)
        page.evaluate(TIMED_OUTPUT, ["built"])
        start = page.evaluate("performance.now()")
        run(page, built + 'print("done")', "done")
        builds.append(page.evaluate("window.benchSeen")["built"] - start)
        plain_stalls.append(longest_task(page))
        page.evaluate(TIMED_OUTPUT, ["built", "ValueError"])
        run(page, built + "import hx\nhx.show_graph(v)", "ValueError")
        marks = page.evaluate("window.benchSeen")
        times.append(marks["ValueError"] - marks["built"])
        stalls.append(longest_task(page))
    message = page.get_by_role("log", name="Output of cell 1").inner_text()
    if not re.search(r"more than [\d,]+ Values, too many to draw", message):
        raise AssertionError(f"the 20,000-Value graph did not get its message: {message!r}")
    time, stall = statistics.median(times), max(stalls)
    return [
        Row("P6 refuse 19,999 Values with a message", time, statistics.median(builds),
            "building them", "≤ 2,000 ms", time <= 2000),
        Row("P6 longest main-thread task meanwhile", stall, max(plain_stalls),
            "building them", "≤ 200 ms, no frozen tab", stall <= 200),
    ]


def figures(bench: Bench) -> list[Row]:
    """Every P6 row."""
    page = playground(bench)
    try:
        return draw_2000(bench, page) + refuse_20000(page)
    finally:
        page.context.close()
