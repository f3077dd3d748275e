"""One browser and two served sites for every e2e test.

The sites are the course, build/site (``make site``), and the test course, build/test-course
(``make test-course``; tests/e2e/pages.py), each served on a free localhost port, and on a second
one with the headers that make it cross-origin isolated. Every request that is not
to that server is aborted and recorded; a test that caused one, or that left an uncaught error in
the page, fails.
"""

from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests.e2e import pages
from tools import chromium
from tools.serve import serve

SITE = Path(__file__).resolve().parents[2] / "build" / "site"
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

# What an assertion waits for comes on a slow, shared machine too (CI's has 2 cores, and a second
# make test may run beside this one): a ceiling on the wait, not a goal.
expect.set_options(timeout=30_000)


@pytest.fixture(scope="session")
def site() -> str:
    """The base URL of the built site, ending in a slash."""
    if not (SITE / "index.html").is_file():
        pytest.fail("build/site is missing: run `make site` (make test does)")
    with serve(SITE) as url:
        yield url


@pytest.fixture(scope="session")
def isolated_site(site) -> str:
    """The built site again, served with COOP and COEP: its pages are cross-origin isolated."""
    with serve(SITE, isolated=True) as url:
        yield url


@pytest.fixture(scope="session")
def course() -> str:
    """The base URL of the built test course (tests/e2e/pages.py), ending in a slash."""
    if not (pages.SITE / "index.html").is_file():
        pytest.fail("build/test-course is missing: run `make test-course` (make test does)")
    with serve(pages.SITE) as url:
        yield url


@pytest.fixture(scope="session")
def isolated_course(course) -> str:
    """The test course again, served with COOP and COEP."""
    with serve(pages.SITE, isolated=True) as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_type):
    path = chromium.find(browser_type.executable_path)
    if path is None:
        pytest.fail("no Chromium: run `make browser` (make test does)")
    return {**browser_type_launch_args, "executable_path": str(path), "args": chromium.LAUNCH_ARGS}


@pytest.fixture(autouse=True)
def guard(request, context, site, isolated_site, course, isolated_course):
    """Turn service workers off (chromium.NO_SERVICE_WORKERS), and Python's memory snapshots unless
    the test is marked ``@pytest.mark.snapshots`` (chromium.NO_CACHE_STORAGE); abort every request that leaves the local
    servers; fail the test if there was one, or if a page had an uncaught JavaScript error (but
    those that ``@pytest.mark.page_errors(text)`` expects)."""
    local = {urlparse(url).netloc for url in (site, isolated_site, course, isolated_course)}
    outside, errors = [], []

    def handle(route):
        url = urlparse(route.request.url)
        if url.scheme in ("data", "blob") or url.netloc in local:
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.add_init_script(chromium.NO_SERVICE_WORKERS)
    if not request.node.get_closest_marker("snapshots"):
        context.add_init_script(chromium.NO_CACHE_STORAGE)
    context.route("**/*", handle)
    context.on("weberror", lambda error: errors.append(str(error.error)))
    yield
    assert not outside, f"requests left the site: {outside}"
    expected = request.node.get_closest_marker("page_errors")
    errors = [error for error in errors if not expected or error not in expected.args]
    assert not errors, f"uncaught errors in the page: {errors}"


AXE_RUN = """Promise.race([axe.run(document), new Promise((resolve, reject) =>
  setTimeout(() => reject(new Error("axe.run did not end in a minute")), 60_000))])"""
"""axe-core's run of the page, bounded: a page that never lets it end fails the test, not the run."""


AXE_ALSO = {"empty-table-header"}
"""axe-core's rules of minor impact that still fail a page: a header a screen reader reads as
nothing (a formula's text is hidden from sight, its picture from the reader)."""


@pytest.fixture
def axe_violations(page):
    """Run axe-core on the current page; return its serious and critical violations, and those of
    AXE_ALSO."""

    def check() -> list[str]:
        page.add_script_tag(path=str(AXE))
        result = page.evaluate(AXE_RUN)
        return [
            f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: {v['nodes'][0]['target']})"
            for v in result["violations"]
            if v["impact"] in ("serious", "critical") or v["id"] in AXE_ALSO
        ]

    return check
