"""The built site as a learner's browser sees it, with its service worker (js/offline/sw.js).

On a host that sends no COOP and COEP (GitHub Pages), the worker adds them and the page reloads
once, cross-origin isolated, unless the learner has started on it: Stop then interrupts Python
instead of restarting it. Hosts that read a _headers file get the headers from it. After a first
visit, the site works with the server gone; after a deploy, the learner is offered the new version.
"""

import functools
import http.server
import re
import shutil
import threading

import pytest

from playwright.sync_api import Browser, Error, Page, TimeoutError, expect

from site_src import offline
from site_src.plugin import ISOLATION_HEADERS, pyodide_url
from tests.e2e.pages import LESSON, NEXT_LESSON, SITE, cell, output, replace_code, run
from tools import chromium
from tools.serve import StaticHandler, serve

UNVISITED = NEXT_LESSON
REPO = SITE.parents[1]
BUNDLE = REPO / "build" / "bundle"
PYODIDE = pyodide_url(REPO / "node_modules" / "pyodide")


def isolated(page: Page) -> bool:
    """Whether the page is cross-origin isolated, waiting out the service worker's reload."""
    for _ in range(RELOADS):
        try:
            page.wait_for_function("window.crossOriginIsolated", timeout=ISOLATING)
            return True
        except TimeoutError:
            return False
        except Error:  # the page reloaded while Playwright asked
            continue
    return False


RELOADS = 3
"""How many times the page may reload while isolated() asks: the service worker reloads it once."""
ISOLATING = 600_000
"""How long the service worker may take to store the site and reload the page, in ms: a slow,
busy machine's, not a goal."""


def test_the_service_worker_isolates_the_plain_site_and_stop_keeps_pythons_state(browser: Browser, course: str):
    context = browser.new_context()  # service workers on, as in a learner's browser
    context.add_init_script(chromium.NO_CACHE_STORAGE)  # no snapshot made in the background
    try:
        page = context.new_page()
        console = []  # shown if Stop fails: the runtime says there why Python was restarted
        page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
        page.goto(course + LESSON)
        assert isolated(page), "the page should be cross-origin isolated once the service worker runs"
        expect(cell(page, 1).get_by_role("textbox", name="Code of cell 1")).to_be_visible()
        replace_code(page, 1, "import sys\nsys.ember_kept = 42\nprint('kept')")
        run(page, 1)
        expect(output(page, 1)).to_have_text("kept\n")
        replace_code(page, 1, "while True:\n    pass")
        cell(page, 1).get_by_role("button", name="Run", exact=True).click()
        expect(cell(page, 1).get_by_role("status")).to_have_text("Running…", timeout=30_000)
        cell(page, 1).get_by_role("button", name="Stop").click()
        expect(cell(page, 1).get_by_role("status")).to_have_text("Stopped.", timeout=10_000)
        try:
            expect(output(page, 1)).to_contain_text("KeyboardInterrupt")
        except AssertionError as failure:
            raise AssertionError(f"{failure}\nThe page's console:\n" + "\n".join(console)) from None
        expect(output(page, 1)).not_to_contain_text("restarted")
        replace_code(page, 1, "import sys\nprint(sys.ember_kept)")
        run(page, 1)
        expect(output(page, 1)).to_have_text("42\n")
    finally:
        context.close()


def test_the_site_carries_the_headers_and_cache_lifetimes_for_hosts_that_read_a_headers_file():
    text = (SITE / "_headers").read_text()
    assert text.startswith("/*\n")
    for name, value in ISOLATION_HEADERS.items():
        assert re.search(rf"^  {name}: {value}$", text, re.M)
    assert re.search(r"^/assets/pyodide/[\d.]+/\*\n  Cache-Control: public, max-age=31536000, immutable$", text, re.M)
    assert "/sw.js\n  Cache-Control: no-cache\n" in text


def test_after_a_first_visit_the_site_works_with_the_network_gone(browser: Browser):
    with serve(SITE) as site:  # a server of this test's own, to shut down
        context = browser.new_context()
        context.add_init_script(chromium.NO_CACHE_STORAGE)  # no snapshot made in the background
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
        expect(page.get_by_role("heading", level=1)).to_contain_text("Grads by hand")
        run(page, 1)  # Python runs offline, on the learner's ember: lesson 01's stubs
        expect(output(page, 1)).to_contain_text("NotImplementedError: Keep data as a float")
    finally:
        context.close()


def test_a_learner_who_has_started_on_the_page_is_not_reloaded_under_them(browser: Browser):
    stored = threading.Event()  # the worker cannot finish storing the site until it is set

    class Held(StaticHandler):
        def do_GET(self):
            if self.path == "/404.html":
                stored.wait(timeout=60)
            return super().do_GET()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Held, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()
    context.add_init_script(chromium.NO_CACHE_STORAGE)  # no snapshot made in the background
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/{LESSON}")
        page.evaluate("window.emberFirstLoad = true")
        # Heard after js/offline/register.js's own listener, which reloads the page or not.
        page.evaluate("navigator.serviceWorker.addEventListener('controllerchange', "
                      "() => { window.controllerChanged = true; })")
        cell(page, 1).get_by_role("textbox", name="Code of cell 1").click()
        stored.set()
        page.wait_for_function("window.controllerChanged === true", polling=100, timeout=60_000)
        # register.js notes a reload in sessionStorage before it reloads.
        assert page.evaluate("sessionStorage.getItem('ember-isolation-reload') === null")
        assert page.evaluate("window.emberFirstLoad && !crossOriginIsolated")
        page.reload()  # the next load is isolated
        assert page.evaluate("crossOriginIsolated")
    finally:
        stored.set()
        context.close()
        server.shutdown()
        server.server_close()


def test_after_a_deploy_a_returning_learner_is_offered_the_new_version(browser: Browser, tmp_path):
    deployed = tmp_path / "site"
    shutil.copytree(SITE, deployed)
    with serve(deployed, isolated=True) as site:  # a host that sends the headers: no reload
        context = browser.new_context()
        context.add_init_script(chromium.NO_CACHE_STORAGE)  # no snapshot made in the background
        try:
            page = context.new_page()
            page.goto(site + LESSON)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
            # A deploy changes lesson 01.
            lesson = deployed / LESSON / "index.html"
            lesson.write_text(lesson.read_text().replace("</h1>", " (second edition)</h1>", 1))
            offline.write_worker(BUNDLE / "sw.js", deployed, PYODIDE)
            page.reload()  # the browser finds the new worker, which stores the new files and waits
            expect(page.get_by_role("heading", level=1)).not_to_contain_text("second edition")
            notice = page.get_by_role("alert").filter(has_text="A new version of the course is ready")
            expect(notice).to_be_visible(timeout=60_000)
            notice.get_by_role("button", name="Reload").click()
            expect(page.get_by_role("heading", level=1)).to_contain_text("second edition")
            expect(notice).to_have_count(0)
        finally:
            context.close()


BLOCKED = """
Object.defineProperty(ServiceWorkerContainer.prototype, "register", { value: () => Promise.resolve(undefined) });
Object.defineProperty(window, "sessionStorage", { get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });
"""
"""A context where the service worker's registration comes back empty and session storage is off,
as in some private windows and blocked contexts."""


def test_where_service_workers_and_session_storage_are_blocked_a_page_loads_with_no_uncaught_error(browser: Browser, course: str):
    context = browser.new_context()
    context.add_init_script(BLOCKED)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(course + LESSON)
    page.wait_for_load_state("load")
    replace_code(page, 1, "print('still here')")
    run(page, 1)
    expect(output(page, 1)).to_have_text("still here")
    context.close()
    assert errors == []


DAMAGE_KEPT = """async (paths) => {
  const [name] = (await caches.keys()).filter((name) => name.startsWith("workbox-precache"));
  const cache = await caches.open(name);
  for (const request of await cache.keys()) {
    if (!paths.some((path) => new URL(request.url).pathname.endsWith(path))) continue;
    const kept = await cache.match(request);
    await cache.put(request, new Response("damaged", { headers: kept.headers }));
  }
}"""
"""Put "damaged" in place of the kept copy of each file whose path ends with one of paths."""
KEPT_SIZE = """async (path) => {
  const [name] = (await caches.keys()).filter((name) => name.startsWith("workbox-precache"));
  const cache = await caches.open(name);
  const key = (await cache.keys()).find((request) => new URL(request.url).pathname.endsWith(path));
  return key ? (await (await cache.match(key)).arrayBuffer()).byteLength : 0;
}"""


def test_a_damaged_offline_copy_is_fetched_again_or_said_to_be_damaged_when_the_network_is_gone(browser: Browser):
    wasm = "/pyodide.asm.wasm"
    with serve(SITE, isolated=True) as site:
        context = browser.new_context()  # with Cache Storage, which the test damages
        try:
            page = context.new_page()
            page.goto(site + LESSON)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ISOLATING)
            page.wait_for_function(f"({KEPT_SIZE})('{wasm}').then((size) => size > 1e6)", polling=500, timeout=ISOLATING)
            page.evaluate(DAMAGE_KEPT, [wasm, LESSON + "index.html"])
            page.reload()  # each damaged copy is fetched again, and kept again
            expect(page.get_by_role("heading", level=1)).to_contain_text("Values that remember")
            replace_code(page, 1, "print(6 * 7)")
            run(page, 1)
            expect(output(page, 1)).to_have_text("42\n")
            assert page.evaluate(f"({KEPT_SIZE})('{wasm}')") > 1e6

            page.evaluate(DAMAGE_KEPT, [wasm, LESSON + "index.html"])
            context.set_offline(True)
            page.reload()
            expect(page.get_by_role("heading", level=1)).to_have_text("This page could not be loaded")
            expect(page.get_by_text("The offline copy of this file is damaged or missing")).to_be_visible()
        finally:
            context.close()
