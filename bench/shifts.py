"""Layout shift: how much of what a learner reads moves under them as a lesson's parts mount, on a
phone (390 × 844) and a desktop (1280 × 900), against the same lesson built with Material alone
(bench/build.py, material_alone), where nothing mounts.

Two ways of arriving, each without a key, a tap or a wheel turn (input makes the browser leave a
shift out):
- reading through: from the top, the page scrolled a screen at a time, as a scrollbar dragged or
  the learner's Page Down, each screen left until its parts near the view have mounted;
- a link to a heading two thirds down the lesson (a search result, the table of contents), the
  page left until its parts near the view have mounted.

The figure is the sum of the layout-shift entries (the Layout Instability API: what moved, times
how far, as shares of the view) over the whole visit: at least the Cumulative Layout Shift that
Lighthouse and Core Web Vitals report, its largest session window.
"""

from bench.browser import Bench
from bench.table import Row
from tools import chromium
from tools.reach import LAYOUT_SHIFTS, UNMOUNTED_NEAR

LESSONS = ("07-a-number-that-remembers", "14-training-for-real", "17-many-numbers-in-one-node",
           "18-reading-handwriting")
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
GOAL = 0.1
"""Google's threshold of a good Cumulative Layout Shift."""

SETTLED = f"""() => document.readyState === "complete" && ({UNMOUNTED_NEAR})() === 0"""
"""True once the page has loaded and every part near the view has mounted."""

HEADING = """() => {
  const headings = [...document.querySelectorAll(".md-content h2[id]")];
  return headings[Math.floor(headings.length * 2 / 3)]?.id ?? null;
}"""
"""The id of the lesson's second-level heading two thirds down its list, if it has one."""


def _page(bench: Bench, size: tuple[int, int]):
    """A page of a new context at size, recording its layout shifts."""
    width, height = size
    context = bench.browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 600,
                                        has_touch=width < 600)
    context.add_init_script(chromium.NO_SERVICE_WORKERS)
    context.add_init_script(chromium.NO_CACHE_STORAGE)
    context.add_init_script(f"({LAYOUT_SHIFTS})()")
    return context.new_page()


def _settle(page) -> None:
    """Wait until the parts near the view have mounted, then for two frames, in which what they
    moved is recorded."""
    page.wait_for_function(SETTLED, polling=100, timeout=60_000)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def reading_through(bench: Bench, base: str, lesson: str, size: tuple[int, int]) -> float:
    """The layout shift of a visit that reads the lesson at base from its top to its end, a screen
    (less a line) at a time."""
    page = _page(bench, size)
    page.goto(f"{base}lessons/{lesson}/")
    _settle(page)
    while page.evaluate("scrollY + innerHeight < document.documentElement.scrollHeight - 1"):
        page.evaluate("scrollBy(0, innerHeight - 40)")
        _settle(page)
    shift = page.evaluate("window.layoutShift")
    page.context.close()
    return shift


def arriving_at_a_heading(bench: Bench, base: str, lesson: str, size: tuple[int, int]) -> float:
    """The layout shift of a visit that arrives at the lesson's heading two thirds down, by a link
    to it, until the parts near it have mounted."""
    page = _page(bench, size)
    url = f"{base}lessons/{lesson}/"
    page.goto(url)
    heading = page.evaluate(HEADING)
    page.goto("about:blank")
    page.goto(f"{url}#{heading}")
    _settle(page)
    shift = page.evaluate("window.layoutShift")
    page.context.close()
    return shift


def figures(bench: Bench) -> list[Row]:
    """A row for each lesson, size and way of arriving."""
    rows = []
    for lesson in LESSONS:
        for name, size in SIZES.items():
            for way, measure in (("read through", reading_through), ("arriving at a heading", arriving_at_a_heading)):
                value = measure(bench, bench.site, lesson, size)
                baseline = measure(bench, bench.material, lesson, size)
                rows.append(Row(f"Layout shift, lesson {lesson[:2]}, {name}, {way}", value, baseline,
                                "Material alone", f"≤ {GOAL}", value <= GOAL, unit="", places=2))
    return rows
