"""The authoring page: nothing for axe to flag, and its live examples run in Pyodide for a reader
who has written no gap."""

import re

from playwright.sync_api import Page, expect


def test_the_authoring_pages_live_examples_run(page: Page, site: str, axe_violations):
    page.goto(site + "authoring/")
    cells = page.get_by_role("group", name=re.compile(r"^Code cell \d+$"))
    expect(cells.first).to_be_visible()
    assert axe_violations() == []
    for number in range(1, cells.count() + 1):
        cell = page.get_by_role("group", name=f"Code cell {number}", exact=True)
        cell.get_by_role("button", name="Run", exact=True).click()
        expect(cell.get_by_role("status")).to_have_text(re.compile("Done|Finished with"), timeout=30_000)
        expect(cell.get_by_role("log")).not_to_contain_text("NotImplementedError")
