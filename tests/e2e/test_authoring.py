"""The authoring page: nothing for axe to flag, and its live examples run in Pyodide for a reader
who has written no gap."""

import re

from playwright.sync_api import Page, expect

from tools.reach import come_to, read_through


def test_the_authoring_pages_live_examples_run(page: Page, site: str, axe_violations):
    page.goto(site + "authoring/")
    read_through(page)
    assert axe_violations() == []
    cells = page.get_by_role("group", name=re.compile(r"^Code cell \d+$"))
    for number in range(1, cells.count() + 1):
        cell = come_to(page.get_by_role("group", name=f"Code cell {number}", exact=True))
        cell.get_by_role("button", name="Run", exact=True).click()
        expect(cell.get_by_role("status")).to_have_text(re.compile("Done|Finished with"), timeout=30_000)
        expect(cell.get_by_role("log")).not_to_contain_text("NotImplementedError")
