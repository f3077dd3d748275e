"""Plots in Chromium, on the test course's playground: drawn from the build's JSON, redrawn by a cell's hx.show_plot, and a table
for readers without the drawing."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import output, replace_code, run

PLOT = "#playground-plot"


def test_the_plot_is_drawn_with_its_legend_and_named_for_screen_readers(page: Page, course: str):
    page.goto(course + "playground/")
    plot = page.locator(PLOT)
    expect(plot.get_by_role("img")).to_have_attribute(
        "aria-label", re.compile(r"^Plot: x², 2x; x from -3 to 3, y from -6 to 9\."))
    expect(plot.get_by_role("list", name="Legend").get_by_role("listitem")).to_have_text(["x²", "2x"])
    expect(plot.locator("polyline")).to_have_count(4)  # two series, two legend samples


@pytest.mark.parametrize("width", [390, 1280])
def test_a_plot_waiting_for_its_code_has_the_height_it_is_drawn_at(page: Page, course: str, width: int):
    page.set_viewport_size({"width": width, "height": 844})
    held = []
    page.route("**/assets/ember/plot-*.js", lambda route: held.append(route))
    page.goto(course + "playground/")
    plot = page.locator(PLOT)
    plot.evaluate("plot => plot.scrollIntoView({ block: 'center' })")  # not come_to: it waits for the mount
    expect(plot).to_have_attribute("data-found", "")
    waiting = plot.bounding_box()["height"]
    for route in held:
        route.continue_()
    expect(plot.get_by_role("img")).to_be_visible()
    assert abs(plot.bounding_box()["height"] - waiting) <= 2, waiting


def test_a_cell_redraws_the_plot_above_it(page: Page, course: str):
    page.goto(course + "playground/")
    run(page, 2)
    expect(output(page, 2)).to_have_text("min of x²: 0.0\n")
    plot = page.locator(PLOT)
    expect(plot.get_by_role("list", name="Legend").get_by_role("listitem")).to_have_text(["x²", "2x", "x = 1"])
    expect(plot.locator(".ember-plot__svg .ember-plot__series--2 polygon")).to_have_count(1)  # a triangle
    plot.get_by_text("The plot as a table").click()
    expect(plot.get_by_role("table").last).to_contain_text("x = 1")


def test_a_plots_text_alternatives_round_its_numbers_as_its_axis_does(page: Page, course: str):
    page.goto(course + "playground/")
    replace_code(page, 2, "import hx\nhx.show_plot({'y': hx.line([0.1 + 0.2, 2.6000000000000005], [1 / 3, 7])}, "
                          "target='playground-plot')")
    run(page, 2)
    plot = page.locator(PLOT)
    expect(plot.get_by_role("img")).to_have_attribute("aria-label", re.compile(r"x from 0\.3 to 2\.6, y from [\d.]+ to 7\.\s"))
    plot.get_by_text("The plot as a table").click()
    expect(plot.get_by_role("table").last).to_contain_text("0.30.333333")
    expect(plot.get_by_role("table").last).to_contain_text("2.67.0")


def test_shaded_cells_are_one_shape_per_series_in_the_series_colour(page: Page, course: str):
    page.goto(course + "playground/")
    replace_code(page, 2, "import hx\nhx.show_plot({'yes': hx.cells([0, 1, 1], [0, 0, 1], 1, 1), "
                          "'no': hx.cells([0], [1], 1, 1)}, target='playground-plot')")
    run(page, 2)
    cells = page.locator(PLOT).locator(".ember-plot__svg .ember-plot__cells")
    expect(cells.locator("path")).to_have_count(2)  # one for the 3 cells of yes, one for no
    for series in cells.all():
        fill, colour = series.evaluate("g => [getComputedStyle(g.querySelector('path')).fill, getComputedStyle(g).color]")
        assert fill == colour


def test_a_plot_that_cannot_be_drawn_says_why_in_the_cell(page: Page, course: str):
    page.goto(course + "playground/")
    replace_code(page, 2, "import hx\nhx.show_plot({'y': hx.line([0, 1], [float('nan'), 1])})")
    run(page, 2)
    expect(output(page, 2)).to_contain_text("ValueError: a plot needs finite numbers, not nan")
    expect(page.locator(PLOT).get_by_role("list", name="Legend").get_by_role("listitem")).to_have_text(["x²", "2x"])


def test_without_javascript_the_plot_is_a_table(browser, course: str):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(course + "playground/")
    page.locator(PLOT).get_by_text("The plot as a table").click()
    expect(page.locator(PLOT).get_by_role("table").first).to_contain_text("-3")
    context.close()


def test_a_range_no_wider_than_rounding_draws_at_once(page: Page, course: str):
    page.goto(course + "playground/")
    replace_code(page, 2, "import hx\nhx.show_plot({'loss': hx.line([0, 1, 2], [0.1 + 0.2, 0.3, 0.3])})\nprint('sent')")
    run(page, 2)
    expect(output(page, 2)).to_have_text("sent\n")
    plot = page.locator(PLOT)
    expect(plot.get_by_role("list", name="Legend").get_by_role("listitem")).to_have_text(["loss"])
    expect(plot.get_by_role("img")).to_have_attribute("aria-label", re.compile(r"^Plot: loss; x from "))


def test_a_target_that_is_not_a_plot_says_so_and_the_plot_above_is_drawn(page: Page, course: str):
    page.goto(course + "playground/")
    replace_code(page, 2, "import hx\nhx.show_plot({'y': hx.line([0, 1], [1, 0])}, target='playground-figure')")
    run(page, 2)
    expect(output(page, 2)).to_contain_text(
        'hx.show_plot: the target "playground-figure" is not a plot; drawn in the nearest one instead.')
    expect(page.locator(PLOT).get_by_role("list", name="Legend").get_by_role("listitem")).to_have_text(["y"])
