"""The browser side of make bench: the built site and the repository served, one Chromium."""

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from tools import chromium
from tools.serve import serve

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"

LONG_TASKS = """() => {
  window.benchLongTasks = [];
  new PerformanceObserver((list) => window.benchLongTasks.push(...list.getEntries().map((e) => e.duration)))
    .observe({ type: "longtask" });
}"""
"""Records the page's long tasks (over 50 ms on the main thread) in window.benchLongTasks."""


@dataclass
class Bench:
    """What each figure measures with."""

    browser: Browser
    site: str
    """Base URL of build/site."""
    repo: str
    """Base URL of the repository, for the baseline pages in bench/pages."""

    def page(self) -> Page:
        """A new page, in a context of its own, 1280 by 900 pixels, that records long tasks."""
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(chromium.NO_SERVICE_WORKERS)  # the site as its server sends it
        context.add_init_script(f"({LONG_TASKS})()")
        return context.new_page()


@contextlib.contextmanager
def bench() -> Iterator[Bench]:
    """Serve the site and the repository, and start Chromium headless."""
    if not (SITE / "index.html").is_file():
        raise SystemExit("build/site is missing: run `make site` (make bench does)")
    with sync_playwright() as playwright, serve(SITE) as site, serve(ROOT) as repo:
        path = chromium.find(playwright.chromium.executable_path)
        if path is None:
            raise SystemExit("no Chromium: run `make browser` (make bench does)")
        browser = playwright.chromium.launch(executable_path=str(path), args=chromium.LAUNCH_ARGS)
        try:
            yield Bench(browser, site, repo)
        finally:
            browser.close()
