"""Lesson 07 in the browser: P1 a cold start to a cell's first output, P2 a warm start on the
next page, P3 a lab's checks, and P4 the bytes a first visit loads, and those the service worker
then keeps for offline use, each against its baseline measured in the same run."""

import gzip
import json
import statistics
import time
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import Page, expect

from bench.browser import ROOT, SITE, Bench
from bench.table import Row
from site_src import offline
from tools.finished import write_solutions

LESSON = "lessons/07-a-number-that-remembers/"
PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
REPEATS = 3
COLD_REPEATS = 5  # a cold start varies more than the rest


WATCH = """([selector, text]) => new MutationObserver((records, observer) => {
  if (document.querySelector(selector)?.textContent === text) {
    window.benchShown = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true, characterData: true })"""
"""Records in window.benchShown the time, in ms from the start of the navigation, at which the
element selector first has the text."""


def _shown(bench: Bench, url: str, selector: str, text: str, click) -> float:
    """ms from navigating to url to selector showing text, in a fresh context; click(page) as
    soon as the page exists."""
    page = bench.page()
    page.context.add_init_script(f"({WATCH})({json.dumps([selector, text])})")
    page.goto(url, wait_until="commit")
    click(page)
    page.wait_for_function("window.benchShown !== undefined", timeout=60_000)
    shown = page.evaluate("window.benchShown")
    page.context.close()
    return shown


def cold_start(bench: Bench) -> Row:
    """P1: from going to lesson 07 and clicking its first Run as soon as it exists, to the
    cell's output; against a bare page that boots the same Pyodide and runs print(1). Both are
    timed in the page, from the start of the navigation."""
    times, baselines = [], []
    for _ in range(COLD_REPEATS):
        times.append(_shown(bench, bench.site + LESSON, ".ember-cell[data-cell='1'] .ember-cell__status", "Done.",
                            lambda page: page.get_by_role("group", name="Code cell 1")
                            .get_by_role("button", name="Run").click()))
        baselines.append(_shown(bench, bench.repo + "bench/pages/pyodide.html", "#out", "1\n",
                                lambda page: page.locator("#run").click()))
    value, baseline = statistics.median(times), statistics.median(baselines)
    return Row("P1 cold: lesson 07 to its first cell's output", value, baseline,
               "Pyodide alone, print(1)", "≤ 1.10 × baseline", value <= 1.10 * baseline)


PLAYGROUND_STATUS = ".md-content:has(#playground-figure) .ember-cell[data-cell='1'] .ember-cell__status"
CLICKED = """() => {
  window.benchClicked = undefined;
  window.benchShown = undefined;
  document.addEventListener("click", () => (window.benchClicked ??= performance.now()), { capture: true, once: true });
}"""
"""Records in window.benchClicked the time of the next click, and forgets the last benchShown."""


def warm_start(bench: Bench) -> Row:
    """P2: with Python booted on lesson 07, from clicking the link to the Playground (Material's
    instant navigation) to its first cell's output, with Run clicked as soon as it exists;
    against running that cell again on the Playground. Timed in the page."""
    page = bench.page()
    page.goto(bench.site + LESSON)
    write_solutions(page)
    page.reload()
    first = page.get_by_role("group", name="Code cell 1")
    first.get_by_role("button", name="Run").click()
    expect(first.get_by_role("status")).to_have_text("Done.", timeout=60_000)  # booted
    page.evaluate("window.benchPage = 'kept'")  # gone if a link ever reloads the page

    def timed(click) -> float:
        page.evaluate(f"document.querySelector({json.dumps(PLAYGROUND_STATUS)})?.replaceChildren()")
        page.evaluate(CLICKED)
        page.evaluate(f"({WATCH})({json.dumps([PLAYGROUND_STATUS, 'Done.'])})")
        click()
        page.wait_for_function("window.benchShown !== undefined", timeout=60_000)
        return page.evaluate("window.benchShown - window.benchClicked")

    values, baselines = [], []
    run = page.locator(PLAYGROUND_STATUS).locator("xpath=..").get_by_role("button", name="Run")
    for _ in range(REPEATS):
        values.append(timed(lambda: (page.locator(".md-nav--primary a[href$='playground/']").first.click(),
                                     run.click())))
        baselines.append(timed(run.click))
        page.go_back()
        expect(page.get_by_role("group", name="Code cell 1")).to_be_visible()
    kept = page.evaluate("window.benchPage") == "kept"
    page.context.close()
    value, baseline = sorted(values)[1], sorted(baselines)[1]
    return Row("P2 warm: a link to the Playground to its first cell's output", value, baseline,
               "running that cell again", "≤ 150 ms, Python not booted again", value <= 150 and kept)


def checks(bench: Bench) -> Row:
    """P3: from clicking Run checks on lesson 07's lab 2, with the solutions and Python booted,
    to every check's status; against a cell that prints one line."""
    page = bench.page()
    page.goto(bench.site + LESSON)
    write_solutions(page)
    page.reload()
    lab = page.get_by_role("region", name="Lab 2")
    cell = page.get_by_role("group", name="Code cell 1")

    def clicked(button, done) -> float:
        start = time.perf_counter()
        button.click()
        done()
        return (time.perf_counter() - start) * 1000

    run = cell.get_by_role("button", name="Run")
    clicked(run, lambda: expect(cell.get_by_role("status")).to_have_text("Done.", timeout=60_000))  # booted
    summary = lab.get_by_text("checks passed")
    values, baselines = [], []
    for _ in range(REPEATS):
        page.evaluate("document.querySelectorAll('.ember-lab__summary').forEach((s) => (s.textContent = ''))")
        values.append(clicked(lab.get_by_role("button", name="Run checks"), lambda: expect(summary).to_be_visible()))
        page.evaluate("document.querySelector('.ember-cell__status').textContent = ''")
        baselines.append(clicked(run, lambda: expect(cell.get_by_role("status")).to_have_text("Done.")))
    page.context.close()
    value, baseline = sorted(values)[1], sorted(baselines)[1]
    return Row("P3 checks: lab 2's Run checks to every status", value, baseline,
               "a cell's run", "≤ 250 ms", value <= 250)


def first_visit_bytes(bench: Bench) -> Row:
    """P4: the gzipped bytes of every file a first visit to lesson 07 loads (until Python has
    run a cell and the figures are drawn), as a static host would serve them; against the
    Pyodide files alone."""
    page = bench.page()
    paths: set[str] = set()
    page.context.on("request", lambda request: paths.add(urlparse(request.url).path))
    page.goto(bench.site + LESSON)
    cell = page.get_by_role("group", name="Code cell 1")
    cell.get_by_role("button", name="Run").click()
    expect(cell.get_by_role("status")).to_have_text("Done.", timeout=60_000)
    page.wait_for_selector("#loss[data-drawn]")
    page.context.close()
    files = [SITE / path.lstrip("/") for path in paths]
    total = sum(_gzipped(path / "index.html" if path.is_dir() else path) for path in files)
    baseline = sum(_gzipped(ROOT / "node_modules" / "pyodide" / name) for name in PYODIDE)
    return Row("P4 bytes: a first visit to lesson 07, gzipped", total / 1000, baseline / 1000,
               "the Pyodide files", "≤ Pyodide + 600 KB", total <= baseline + 600_000, unit="KB")


def offline_bytes(bench: Bench) -> Row:
    """P4: the gzipped bytes of every file that the service worker keeps for offline use
    (site_src/offline.py), which a first visit with service workers on downloads too; against
    the Pyodide files alone."""
    total = sum(_gzipped(SITE / entry["url"]) for entry in offline.manifest(SITE, "assets/pyodide/"))
    baseline = sum(_gzipped(ROOT / "node_modules" / "pyodide" / name) for name in PYODIDE)
    return Row("P4 bytes: the whole site, kept for offline use, gzipped", total / 1000, baseline / 1000,
               "the Pyodide files", "≤ Pyodide + 3,000 KB", total <= baseline + 3_000_000, unit="KB")


def _gzipped(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6)) if path.is_file() else 0


def figures(bench: Bench) -> list[Row]:
    return [cold_start(bench), warm_start(bench), checks(bench), first_visit_bytes(bench), offline_bytes(bench)]
