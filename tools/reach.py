"""Coming to a part of a page as a learner does, by scrolling to it: for the e2e tests, make bench
and the screenshots."""

import re

from playwright.sync_api import Locator, Page, expect


def come_to(part: Locator) -> Locator:
    """part, scrolled into view: a page mounts a cell, a lab, a figure, a plot or a question only
    once it comes near the view (js/slices.js); before that it shows what the build wrote.

    It scrolls with the page's own scrollIntoView, not with Playwright's
    scroll_into_view_if_needed, which first waits for the part to stand still: on a page whose
    parts mount and grow meanwhile, that wait ran out (lesson 14, once). Parts mounting above it
    can still carry it out of the view again (a jump early in a page's life lands off its target,
    a known defect of the page), so it keeps the part in view until it has mounted. A part's
    mount, or instant navigation's new content, may replace the element found before it scrolls;
    then it scrolls to the one that replaced it."""
    for _ in range(REPLACED_AT_MOST):
        if part.evaluate(KEEP_IN_VIEW, KEEP):
            return part
    raise AssertionError(f"{part} was replaced {REPLACED_AT_MOST} times as the page scrolled to it")


KEEP_IN_VIEW = """(el, { frames, ms }) => new Promise((resolve) => {
  const part = el.closest("[data-found]");
  setTimeout(() => resolve(el.isConnected), ms);
  const step = () => {
    if (!el.isConnected) return resolve(false);
    const { top, bottom, height } = el.getBoundingClientRect();
    if (top < 0 || bottom > innerHeight) el.scrollIntoView({ block: height > innerHeight ? "start" : "center" });
    if (!part || "mounted" in part.dataset || --frames < 0) return resolve(true);
    requestAnimationFrame(step);
  };
  step();
})"""
"""Scrolls an element not wholly in view to the middle of the view, or one taller than the view to
its top, as a learner reading down to it, and again at each frame until the part it is in has
mounted (or for at most the given frames or ms: the caller's assertion then says what is missing;
a page that draws no frames must not hold its caller for ever); says whether it is still in the
page."""
KEEP = {"frames": 3600, "ms": 60_000}
"""The most frames, and ms, come_to keeps a part in view while it waits for it to mount: a minute,
or 3,600 frames at 60 a second."""
REPLACED_AT_MOST = 5
"""How many times a part may be replaced while come_to scrolls to it: its mount replaces it once."""


MOUNTED_LATER = ".ember-cell, .ember-lab, .ember-figure, .ember-plot, .ember-quiz"
"""What js/main.js mounts once it comes near the view."""


def read_through(page: Page) -> None:
    """Scroll to each part of page that mounts once it comes near the view, and wait until it
    has: then the whole page is as a learner who read it to the end sees it."""
    parts = page.locator(MOUNTED_LATER)
    for index in range(parts.count()):
        part = come_to(parts.nth(index))
        expect(part).to_have_attribute("data-mounted", "")


MOUNTING = 60_000
"""How long a lesson may take to mount, in ms: seconds on a busy 2-core machine."""

UNMOUNTED_NEAR = """() => [...document.querySelectorAll("[data-found]:not([data-mounted])")]
  .filter((el) => {
    const { top, bottom, height } = el.getBoundingClientRect();
    return height > 0 && bottom > -innerHeight && top < 2 * innerHeight && !el.closest("[data-set-aside]");
  }).length"""
"""How many components within a screen of the view are not mounted yet (js/slices.js, NEAR); those
farther away wait for the learner, and so do the parts set aside until the learner's first move
(js/slices.js, setAside)."""


def every_component_near_mounted(page: Page) -> None:
    """Wait until every component near the view has mounted: the page as it first shows, before
    the learner scrolls; one farther away mounts only once they do."""
    # One in the page's content: a new page's has none until its components are found, and all are
    # found at once, before the first mounts; the header's stay mounted across instant navigation.
    expect(page.locator(".md-content [data-mounted]").first).to_be_attached(timeout=MOUNTING)
    page.wait_for_function(f"({UNMOUNTED_NEAR})() === 0", timeout=MOUNTING)


def cell_with(page: Page, text: str) -> Locator:
    """The code cell whose code shows text, by its name, scrolled to: CodeMirror draws only the
    lines in view, so a filter on the text would lose the cell once it scrolls."""
    cells = page.get_by_role("group", name=re.compile(r"^Code cell \d+$"))
    expect(cells.first).to_be_visible()
    name = cells.filter(has_text=text).get_attribute("aria-label")
    return come_to(page.get_by_role("group", name=name, exact=True))


def paste_code(cell: Locator, code: str) -> None:
    """Replace the code of cell (a code cell's group) with code, as a paste: a click in its
    editor, Ctrl+A (⌘A), and the text inserted at once."""
    cell.get_by_role("textbox").click()
    cell.page.keyboard.press("ControlOrMeta+a")
    cell.page.keyboard.insert_text(code)


LAYOUT_SHIFTS = """() => {
  window.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShift += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
}"""
"""An init script: the sum of the page's layout shifts without recent input (the Layout Instability
API: what moved, times how far, as shares of the view), in window.layoutShift."""
