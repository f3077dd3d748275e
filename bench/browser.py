"""The browser side of make bench: the built site served as a host serves it, Material's build of
the same pages, and the repository, with one Chromium."""

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

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
    """Base URL of build/site, served with the headers of its _headers, gzipped."""
    material: str
    """Base URL of the course built by Material alone (bench/build.py, material_alone), served
    the same way."""
    repo: str
    """Base URL of the repository, for the baseline pages in bench/pages."""
    chromium: Path
    """The Chromium that browser runs, for tools that launch their own (bench/lighthouse.py)."""

    def context(self, snapshots: bool = False) -> BrowserContext:
        """A new context, as a new browser profile, whose pages are 1280 by 900 pixels and record
        long tasks; with snapshots, its pages make Python's memory snapshot once idle."""
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(chromium.NO_SERVICE_WORKERS)  # the site as its server sends it
        if not snapshots:
            context.add_init_script(chromium.NO_CACHE_STORAGE)
        context.add_init_script(f"({LONG_TASKS})()")
        return context

    def page(self) -> Page:
        """A new page, in a context of its own (context)."""
        return self.context().new_page()


@contextlib.contextmanager
def bench(material: Path) -> Iterator[Bench]:
    """Serve the site, material (Material's build of it) and the repository, and start Chromium
    headless."""
    if not (SITE / "index.html").is_file():
        raise SystemExit("build/site is missing: run `make site` (make bench does)")
    with (sync_playwright() as playwright, serve(SITE, host=True) as site, serve(material, host=True) as alone,
          serve(ROOT) as repo):
        path = chromium.find(playwright.chromium.executable_path)
        if path is None:
            raise SystemExit("no Chromium: run `make browser` (make bench does)")
        browser = playwright.chromium.launch(executable_path=str(path), args=chromium.LAUNCH_ARGS)
        try:
            yield Bench(browser, site, alone, repo, path)
        finally:
            browser.close()
