"""A returning learner's Python starts from the memory snapshot that their first visit left in
Cache Storage (js/runtime/snapshot.js); a snapshot that cannot be loaded is deleted, and Python
boots as usual, with nothing said to the learner; so is one whose bytes do not match its digest."""

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import LESSON, cell

BOOTED = "performance.getEntriesByName('ember:python-ready')[0]?.detail.snapshot"
SNAPSHOT_SIZE = """caches.open('ember-python-snapshot').then(async (cache) => {
  const [key] = await cache.keys();
  return key ? (await (await cache.match(key)).arrayBuffer()).byteLength : 0;
})"""
DAMAGE = """caches.open('ember-python-snapshot').then(async (cache) => {
  const [key] = await cache.keys();
  const stored = await cache.match(key);
  const raw = stored.body.pipeThrough(new DecompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(raw).arrayBuffer());
  for (let i = 0; i < 20; i++) bytes[(bytes.length >> 1) + 997 * i] ^= 0x55;  // 20 bytes flipped
  const gzipped = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
  await cache.put(key, new Response(await new Response(gzipped).blob(), { headers: stored.headers }));
})"""
"""Flips 20 bytes of the stored snapshot, keeping its digest: damage too small to stop Pyodide."""


def first_cell_runs(page: Page) -> None:
    cell(page, 1).get_by_role("button", name="Run").click()
    expect(cell(page, 1).get_by_role("status")).to_have_text("Done.", timeout=60_000)


def snapshot_stored(page: Page) -> None:
    """Wait until the page has stored a snapshot: a whole one is megabytes, gzipped. (Each poll
    asks Cache Storage, and sees the answer of the poll before.)"""
    page.wait_for_function(f"() => {{ {SNAPSHOT_SIZE}.then((size) => (window.snapshotSize = size)); "
                           "return window.snapshotSize > 1e6; }", polling=500, timeout=180_000)


@pytest.mark.snapshots
def test_a_returning_learners_python_starts_from_its_snapshot_and_a_damaged_one_is_replaced(page: Page, course: str):
    page.goto(course + LESSON)
    first_cell_runs(page)
    assert page.evaluate(BOOTED) == "wanted"
    snapshot_stored(page)

    page.reload()
    first_cell_runs(page)
    assert page.evaluate(BOOTED) == "used"

    page.evaluate(DAMAGE)
    page.reload()
    first_cell_runs(page)
    assert page.evaluate(BOOTED) == "wanted"  # the damaged snapshot was not used
    expect(page.get_by_role("alert").filter(has_text="Python")).to_have_count(0)  # nothing was said of it
    snapshot_stored(page)  # a whole one again, from this boot
    page.reload()
    first_cell_runs(page)
    assert page.evaluate(BOOTED) == "used"
