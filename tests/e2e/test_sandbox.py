"""The boundary the browser keeps around a learner's code (js/runtime/sandbox.js): a cell runs in
an origin of its own, which the browser keeps from the site's Cache Storage (its offline copy of
every page), its IndexedDB and localStorage, its service worker, the tabs' Web Lock and
BroadcastChannel, and the site's own code; and what a cell posts or dispatches to its own worker
is never taken as the page's. Each attack is tried as a hostile page would write it."""

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.pages import LESSON, PROGRESS_KEY, SITE, cell, output, replace_code, run

ATTACK = Path(__file__).parents[1] / "attacks" / "reach-the-site.js"
TRY = """import js
tried = js.eval({script})({chunk}, {channel}, {lock}).tried
print(js.JSON.stringify(tried))"""
"""A cell that runs the attack and prints what it found at once."""
CHANNEL, LOCK = f"{PROGRESS_KEY}:texts:1", f"{PROGRESS_KEY}:authority:1"  # js/progress/collab.js's


def snapshot_chunk() -> str:
    """The path, under the site, of the chunk that holds the code keeping Python's snapshot in
    Cache Storage (js/runtime/snapshot.js): the one a cell imported to get the cache back."""
    for path in sorted((SITE / "assets" / "ember").glob("*.js")):
        if "ember-python-snapshot" in path.read_text(encoding="utf-8"):
            return path.relative_to(SITE).as_posix()
    raise AssertionError("no chunk of the bundle holds the snapshot's code")


def listen_to_the_tabs(page: Page) -> None:
    """Keep in window.heard what the page hears on the tabs' channel."""
    page.evaluate("(name) => { window.heard = []; new BroadcastChannel(name).onmessage = (e) => heard.push(e.data); }", CHANNEL)


def test_a_cell_runs_in_an_origin_of_its_own_that_reaches_no_storage_lock_or_tab_of_the_site(page: Page, course: str):
    page.goto(course + LESSON)
    listen_to_the_tabs(page)
    script = ATTACK.read_text(encoding="utf-8")
    chunk = course + snapshot_chunk()
    replace_code(page, 1, TRY.format(script=json.dumps(script), chunk=json.dumps(chunk),
                                     channel=json.dumps(CHANNEL), lock=json.dumps(LOCK)))
    run(page, 1)
    expect(output(page, 1)).to_contain_text('"Web Locks"')
    tried = json.loads(output(page, 1).inner_text().splitlines()[0])
    assert tried == {"origin": "null", "the site's code": "asked", "Cache Storage": "refused", "IndexedDB": "refused",
                     "localStorage": "refused", "the service worker": "refused", "Web Locks": "refused"}
    # What the cell could not wait for, its origin's frame can: the sandbox around the workers.
    sandbox = page.locator("iframe[title=\"Python's sandbox\"]").element_handle().content_frame()
    assert sandbox.evaluate(f"({script})({json.dumps(chunk)}, {json.dumps(CHANNEL)}, {json.dumps(LOCK)}).settled") == {
        "origin": "null", "the site's code": "refused", "Cache Storage": "refused", "IndexedDB": "refused",
        "localStorage": "refused", "the service worker": "refused", "Web Locks": "refused"}
    assert "planted" not in page.evaluate("window.heard")  # the page's own collab.js talks on it too
    assert page.evaluate("localStorage.getItem('ember')") is None


FORGE_RUNS = """import js
js.eval('''for (let id = 1; id < 200; id++) self.dispatchEvent(new MessageEvent("message",
  {data: {id, type: "run", source: "print('FORGED')", files: null, gaps: {}}}));''')
js.self.onmessage = None
print('sent')"""


def test_runs_a_cell_dispatches_to_its_own_worker_are_not_taken_as_the_pages(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, FORGE_RUNS)
    run(page, 1)
    expect(output(page, 1)).to_contain_text("sent\n")  # and that Python is started afresh: tests/e2e/test_tamper.py
    replace_code(page, 2, "print('mine', 6 * 7)")
    run(page, 2)
    expect(output(page, 2)).to_have_text("mine 42\n")
    expect(page.get_by_role("log").filter(has_text=re.compile("FORGED"))).to_have_count(0)


def test_a_cell_that_replaces_the_workers_json_parse_leaves_the_next_cells_output_its_own(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, "import js\njs.eval('JSON.parse = () => [[\"stdout\", \"FORGED\\\\n\"]]')\nprint('patched')")
    run(page, 1)
    expect(output(page, 1)).to_contain_text("patched\n")
    replace_code(page, 2, "print('mine', 6 * 7)")
    run(page, 2)
    expect(output(page, 2)).to_have_text("mine 42\n")
    expect(cell(page, 2).get_by_role("status")).to_have_text(re.compile("^Done"))
