"""A page loading, against the same page built with Material alone (bench/build.py,
material_alone): the longest main-thread task from navigation until the page is idle, on lessons
07 and 14; and the number of elements then, on the page of the course that has the most."""

import statistics
from urllib.parse import urljoin
from xml.etree import ElementTree

from bench.browser import SITE, Bench
from bench.table import Row

LESSONS = ("lessons/07-a-number-that-remembers/", "lessons/14-training-for-real/")
REPEATS = 5
QUIET_MS = 5000

RECORD = """() => {
  window.benchTasks = [];
  window.benchChanged = 0;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) {
      window.benchTasks.push(task.duration);
      window.benchChanged = Math.max(window.benchChanged, task.startTime + task.duration);
    }
  }).observe({ type: "longtask" });
  new MutationObserver(() => (window.benchChanged = performance.now()))
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}"""
"""An init script: the page's long tasks (over 50 ms) in window.benchTasks, and in
window.benchChanged the time of its last change or the end of its last long task."""

IDLE = f"""() => document.readyState === "complete" && performance.now() - window.benchChanged > {QUIET_MS}"""
"""True once the page has loaded and then neither changed nor ran a long task for QUIET_MS: Python
has booted (it changes the page when it is ready) and every component is mounted."""


def _loaded(bench: Bench, url: str) -> tuple[float, int]:
    """Load url in a fresh context until the page is idle: its longest task in ms (0 if none was
    over 50 ms), and its number of elements."""
    page = bench.page()
    page.context.add_init_script(f"({RECORD})()")
    page.goto(url)
    page.wait_for_function(IDLE, polling=250, timeout=120_000)
    longest, elements = page.evaluate(
        "[Math.max(0, ...window.benchTasks), document.getElementsByTagName('*').length]")
    page.context.close()
    return longest, elements


def longest_task(bench: Bench, lesson: str) -> Row:
    """The median over REPEATS loads of the page's longest main-thread task, against the same for
    Material's build of it."""
    value = statistics.median(_loaded(bench, bench.site + lesson)[0] for _ in range(REPEATS))
    baseline = statistics.median(_loaded(bench, bench.material + lesson)[0] for _ in range(REPEATS))
    return Row(f"Longest main-thread task, lesson {lesson[8:10]} from navigation until idle", value, baseline,
               "Material alone", "≤ 200 ms", value <= 200)


def largest_page(bench: Bench) -> Row:
    """The number of elements, once idle, of the page of the site that has the most, against
    Material's build of that page."""
    sitemap = ElementTree.parse(SITE / "sitemap.xml").getroot()
    paths = [loc.text.split("/", 3)[3] for loc in sitemap.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    counts = {path: _loaded(bench, urljoin(bench.site, path))[1] for path in paths}
    largest = max(counts, key=counts.get)
    baseline = _loaded(bench, urljoin(bench.material, largest))[1]
    return Row(f"DOM: elements once loaded, on the largest page ({largest or 'home'}, of {len(paths)})",
               counts[largest], baseline, "Material alone", "≤ 2,500", counts[largest] <= 2_500, unit="")


def figures(bench: Bench) -> list[Row]:
    return [*(longest_task(bench, lesson) for lesson in LESSONS), largest_page(bench)]
