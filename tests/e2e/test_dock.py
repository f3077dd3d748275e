"""A cell's dock (js/dock.js), on the test course's playground: a figure out of the view that a run
draws into comes under the cell's Run button while the learner watches the run, a stand-in keeping
its place in the lesson, and goes back from there or from the dock."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import cell
from tools.reach import come_to

WATCH = 5
"""The playground's cell that draws into its plot, far above it, until Stop."""
DRAWN = re.compile(r"^Plot: steps;")
"""The plot as the cell draws it, by its accessible name."""

AT_THE_TOP = """(el) => scrollBy(0, el.getBoundingClientRect().top - document.querySelector(".md-header").getBoundingClientRect().bottom - 4)"""
"""Scroll el to just under the site's header, at the top of the view."""

LONE_SHARE = """(dock) => {
  const grid = dock.querySelector(".ember-dock__figures");
  return grid.firstElementChild.offsetWidth / grid.offsetWidth;
}"""
"""The share of the dock's width that its first figure takes."""

IN_VIEW = """(el) => {
  const { top, bottom } = el.getBoundingClientRect();
  return top >= document.querySelector(".md-header").getBoundingClientRect().bottom && bottom <= innerHeight;
}"""
"""Whether el is wholly in the view, below the site's header."""


def test_a_figure_out_of_view_comes_under_run_while_the_cell_draws_it_and_goes_back(page: Page, isolated_course: str):
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(isolated_course + "playground/")
    watching = cell(page, WATCH)
    expect(page.get_by_role("img", name=re.compile(r"^Plot: x²"))).not_to_be_in_viewport()
    watching.get_by_role("button", name="Run").click()

    dock = watching.get_by_role("region", name=f"Figures that cell {WATCH} draws into")
    expect(dock.get_by_role("img", name=DRAWN)).to_be_in_viewport(timeout=60_000)
    expect(watching.get_by_role("button", name="Stop")).to_be_in_viewport()
    expect(dock.get_by_role("button", name="Put them back")).to_be_visible()
    # A lone figure takes the dock's whole width, no column empty beside it.
    assert dock.evaluate(LONE_SHARE) == 1

    # Where the plot was, a stand-in says where it went, and brings it back while it is drawn.
    stand = page.get_by_text("This figure is under the Run button of the cell below that draws into it.")
    come_to(stand)
    page.get_by_role("button", name=re.compile("^Bring it back here: the figure “")).click()
    expect(dock).to_have_count(0)
    expect(stand).to_have_count(0)
    plot = page.get_by_role("img", name=DRAWN)
    expect(plot).to_be_in_viewport()
    expect(watching.get_by_role("img", name=DRAWN)).to_have_count(0)

    # A run comes to it again: docked, then put back from the dock.
    come_to(watching.get_by_role("button", name="Stop")).click()
    expect(watching.get_by_role("status")).to_have_text("Stopped.", timeout=30_000)
    page.get_by_role("img", name=DRAWN).evaluate("(plot) => scrollTo(0, 0)")
    come_to(watching.get_by_role("button", name="Run")).click()
    expect(dock.get_by_role("img", name=DRAWN)).to_be_in_viewport(timeout=60_000)
    back = dock.get_by_role("button", name="Put them back")
    back.evaluate(AT_THE_TOP)  # Run is above the view, under the header: putting them back comes to it
    run = watching.get_by_role("button", name="Run")
    assert not run.evaluate(IN_VIEW)
    back.click()
    expect(dock).to_have_count(0)
    expect(run).to_be_focused()
    page.wait_for_function(IN_VIEW, arg=run.element_handle())
    expect(page.get_by_role("img", name=DRAWN)).to_be_visible()
    watching.get_by_role("button", name="Stop").click()
    expect(watching.get_by_role("status")).to_have_text("Stopped.", timeout=30_000)


STILL = """() => new Promise((done) => {
  const y = scrollY;
  requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY === y)));
})"""
"""Whether the view stayed still for two frames."""


def run_until_docked(page: Page, base: str):
    """At 1280 × 700, run the playground's watched cell until its plot is in its dock, in view:
    the cell and its dock."""
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(base + "playground/")
    watching = cell(page, WATCH)
    watching.get_by_role("button", name="Run").click()
    dock = watching.get_by_role("region", name=f"Figures that cell {WATCH} draws into")
    expect(dock.get_by_role("img", name=DRAWN)).to_be_in_viewport(timeout=60_000)
    return watching, dock


@pytest.mark.parametrize("at_the_end", [False, True], ids=["at the cell", "at the page's end"])
def test_once_a_docked_run_ends_the_stand_in_above_shrinks_and_what_is_in_view_stays(page: Page, isolated_course: str,
                                                                                   at_the_end: bool):
    watching, dock = run_until_docked(page, isolated_course)
    stand = page.get_by_role("group", name=re.compile("^Where the figure “.*” was$"))
    tall = stand.bounding_box()["height"]
    if at_the_end:  # where the shorter page cannot keep the view where it was by itself
        page.wait_for_function("""() => {
          scrollTo(0, document.documentElement.scrollHeight);
          return scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
        }""")
    seen = page.get_by_role("contentinfo") if at_the_end else watching.get_by_role("button", name="Run")  # in view
    page.wait_for_function(STILL)  # the dock's smooth scroll into view has ended
    at = seen.bounding_box()["y"]
    watching.get_by_role("button", name="Stop").dispatch_event("click")  # where the view is: no scroll to it
    expect(watching.get_by_role("status")).to_have_text("Stopped.", timeout=30_000)
    page.wait_for_function("(stand) => stand.getBoundingClientRect().height < 200", arg=stand.element_handle())
    assert tall > 300
    assert abs(seen.bounding_box()["y"] - at) <= 1
    expect(dock.get_by_role("img", name=DRAWN)).to_be_visible()  # still in the dock, to explore


def test_a_quick_run_leaves_its_figure_in_place_and_a_button_shows_it(page: Page, course: str):
    page.set_viewport_size({"width": 1280, "height": 500})
    page.goto(course + "playground/")
    plotting = cell(page, 2)  # redraws the plot above it, at once
    plotting.get_by_role("button", name="Run").click()
    expect(plotting.get_by_role("status").filter(has_text="Done.")).to_be_visible(timeout=60_000)
    plot = page.get_by_role("img", name=re.compile(r"^Plot: x², 2x, x = 1"))
    expect(plot).not_to_be_in_viewport()
    expect(plotting.get_by_role("region")).to_have_count(0)  # not docked
    plotting.get_by_role("button", name="Show the figure it drew").click()
    expect(plot).to_be_in_viewport()


def test_a_cell_with_no_target_draws_in_the_plot_above_its_place_even_while_another_cell_docks_it(page: Page, isolated_course: str):
    watching, dock = run_until_docked(page, isolated_course)
    watching.get_by_role("button", name="Stop").click()
    expect(watching.get_by_role("status")).to_have_text("Stopped.", timeout=30_000)
    plotting = cell(page, 2)  # no target: the plot above where it stands, now docked below
    plotting.get_by_role("button", name="Run").click()
    expect(plotting.get_by_role("status").filter(has_text="Done.")).to_be_visible(timeout=60_000)
    expect(dock.get_by_role("img", name=re.compile(r"^Plot: x², 2x, x = 1"))).to_be_attached()
    expect(plotting.get_by_role("img")).to_have_count(0)  # no plot of its own
