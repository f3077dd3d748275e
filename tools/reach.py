"""Coming to a part of a page as a learner does, by scrolling to it: for the e2e tests, make bench
and the screenshots."""

from playwright.sync_api import Locator, Page, expect


def come_to(part: Locator) -> Locator:
    """part, scrolled into view: a page mounts a cell, a lab, a figure, a plot or a question only
    once it comes near the view (js/slices.js); before that it shows what the build wrote."""
    part.scroll_into_view_if_needed()
    return part


MOUNTED_LATER = ".ember-cell, .ember-lab, .ember-figure, .ember-plot, .ember-quiz"
"""What js/main.js mounts once it comes near the view."""


def read_through(page: Page) -> None:
    """Scroll to each part of page that mounts once it comes near the view, and wait until it
    has: then the whole page is as a learner who read it to the end sees it."""
    parts = page.locator(MOUNTED_LATER)
    for index in range(parts.count()):
        part = come_to(parts.nth(index))
        expect(part).to_have_attribute("data-mounted", "")
