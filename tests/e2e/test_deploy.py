"""The built site as a learner's browser sees it, with its service worker (js/offline/sw.js).

On a host that sends no COOP and COEP (GitHub Pages), the worker adds them and the page reloads
once, cross-origin isolated: Stop then interrupts Python instead of restarting it. Hosts that read a
_headers file get the headers from it. After a first visit, the site works with the server gone.
"""

import re

import pytest

from playwright.sync_api import Browser, Error, Page, expect

from site_src.plugin import ISOLATION_HEADERS
from tests.e2e.conftest import SITE
from tests.e2e.test_lesson07 import LESSON, cell, output, replace_code, run
from tools.serve import serve

UNVISITED = "lessons/08-who-owes-the-gradient/"


def isolated(page: Page) -> bool:
    """Whether the page is cross-origin isolated, waiting out the service worker's reload."""
    for _ in range(60):
        try:
            if page.evaluate("window.crossOriginIsolated"):
                return True
        except Error:  # the page is reloading
            pass
        page.wait_for_timeout(500)
    return False


def test_the_service_worker_isolates_the_plain_site_and_stop_keeps_pythons_state(browser: Browser, site: str):
    context = browser.new_context()  # service workers on, as in a learner's browser
    try:
        page = context.new_page()
        page.goto(site + LESSON)
        assert isolated(page), "the page should be cross-origin isolated once the service worker runs"
        expect(page.get_by_role("textbox", name="Code of cell 1")).to_be_visible()
        replace_code(page, 1, "import sys\nsys.ember_kept = 42\nprint('kept')")
        run(page, 1)
        expect(output(page, 1)).to_have_text("kept\n")
        replace_code(page, 1, "while True:\n    pass")
        cell(page, 1).get_by_role("button", name="Run", exact=True).click()
        expect(cell(page, 1).get_by_role("status")).to_have_text("Running…", timeout=30_000)
        cell(page, 1).get_by_role("button", name="Stop").click()
        expect(cell(page, 1).get_by_role("status")).to_have_text("Stopped.", timeout=10_000)
        expect(output(page, 1)).to_contain_text("KeyboardInterrupt")
        expect(output(page, 1)).not_to_contain_text("restarted")
        replace_code(page, 1, "import sys\nprint(sys.ember_kept)")
        run(page, 1)
        expect(output(page, 1)).to_have_text("42\n")
    finally:
        context.close()


def test_the_site_carries_the_headers_for_hosts_that_read_a_headers_file():
    text = (SITE / "_headers").read_text()
    assert text.startswith("/*\n")
    for name, value in ISOLATION_HEADERS.items():
        assert re.search(rf"^  {name}: {value}$", text, re.M)


def test_after_a_first_visit_the_site_works_with_the_network_gone(browser: Browser):
    with serve(SITE) as site:  # a server of this test's own, to shut down
        context = browser.new_context()
        page = context.new_page()
        page.goto(site + LESSON)
        # Isolated means the worker controls the page, so it has installed: every file is kept.
        assert isolated(page), "the page should be cross-origin isolated once the service worker runs"
    try:
        context.set_offline(True)
        with pytest.raises(Error):  # the server is gone indeed
            page.evaluate(f"fetch('{site}sitemap.xml.gz', {{cache: 'no-store'}})")
        page.reload()
        replace_code(page, 1, "import ember\nprint(6 * 7)")
        run(page, 1)
        expect(output(page, 1)).to_have_text("42\n")
        page.goto(site + UNVISITED)  # a lesson never opened, kept too
        expect(page.get_by_role("heading", level=1)).to_contain_text("Who owes the gradient?")
        run(page, 1)
        expect(output(page, 1)).not_to_be_empty()
    finally:
        context.close()
