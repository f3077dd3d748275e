"""Steering a run in Chromium, on the test course's playground: hx.steer's sliders appear under the
plot the cell names while it runs, a move reaches the running Python at its next read and is
marked on the plot, and where the page cannot reach Python the sliders say why they are off."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.pages import cell, output, replace_code, shows_focus

CELL = 4
"""The playground's cell that waits for a move of its one knob, "rate", up to 15 s."""

TWO_CALLS = """\
import time
import hx

rates = hx.steer({"rate": [0.5, 2.0]})
decays = hx.steer({"decay": [0.1, 0.9]}, target="playground-figure")
print("two sets of sliders")
step, end = 0, time.monotonic() + 15
while time.monotonic() < end and (rates.read(step, rate=1.0)["rate"] == 1.0 or decays.read(step, decay=0.0)["decay"] == 0.0):
    step += 1
print("rate", rates.read(step, rate=1.0)["rate"], "decay", decays.read(step, decay=0.0)["decay"], flush=True)
end = time.monotonic() + 3  # the learner scrolls away meanwhile
while time.monotonic() < end:
    step += 1
"""
"""Two hx.steer calls in one run, waiting until both have been moved, up to 15 s, then running on
for 3 s: the second names a graph's figure, where sliders cannot go, so both are under the cell."""


def sliders(page: Page):
    return page.get_by_role("group", name="Steer while it runs")


def test_a_move_of_a_slider_reaches_the_running_cell_and_is_marked_on_its_plot(page: Page, isolated_course: str):
    page.goto(isolated_course + "playground/")
    cell(page, CELL).get_by_role("button", name="Run").click()
    expect(output(page, CELL)).to_contain_text("waiting for a move of the rate", timeout=60_000)
    rate = sliders(page).get_by_role("slider", name="rate")
    expect(rate).to_have_attribute("aria-valuetext", "the cell's own")
    # The sliders are in the plot the cell named, above its table, which a run lengthens.
    box = page.locator("#playground-plot").get_by_role("group", name="Steer while it runs")
    expect(box).to_have_accessible_name(f"Steer while it runs, for cell {CELL}")
    expect(cell(page, CELL).get_by_role("group", name="Steer while it runs")).to_have_count(0)
    table = page.locator("#playground-plot").get_by_text("The plot as a table")
    assert box.bounding_box()["y"] < table.bounding_box()["y"]
    assert shows_focus(page, rate), "a slider the keyboard is on shows a focus ring"
    page.keyboard.press("End")  # the last stop, 2.0, in one move: the cell ends at the first it sees
    expect(rate).to_have_attribute("aria-valuetext", "2")
    expect(output(page, CELL)).to_contain_text(re.compile(r"rate 2\.0 from step \d+"))
    expect(cell(page, CELL).get_by_role("status")).to_have_text("Done.")
    legend = page.locator("#playground-plot").get_by_role("list", name="Legend")
    expect(legend.get_by_role("listitem")).to_have_text(["rate", "your changes"])
    step = re.search(r"from step (\d+)", output(page, CELL).inner_text())[1]
    page.locator("#playground-plot").get_by_text("The plot as a table").click()
    changes = page.locator("#playground-plot").get_by_role("table", name="your changes")
    expect(changes.get_by_role("row")).to_have_text(["stepwhat changed", f"{step}.0rate 2"])
    # Once the run is over, the slider stays where it was, switched off.
    expect(rate).to_be_disabled()
    expect(rate).to_have_attribute("aria-valuetext", "2")
    expect(sliders(page)).to_contain_text("The run has ended: run the cell again to steer it.")


def test_where_the_page_cannot_reach_python_the_sliders_say_why_they_are_off(page: Page, course: str):
    page.goto(course + "playground/")
    cell(page, CELL).get_by_role("button", name="Run").click()
    expect(output(page, CELL)).to_contain_text("waiting for a move of the rate", timeout=60_000)
    expect(sliders(page).get_by_role("slider", name="rate")).to_be_disabled()
    expect(sliders(page)).to_contain_text("This page cannot reach Python while it runs")
    cell(page, CELL).get_by_role("button", name="Stop").click()
    expect(cell(page, CELL).get_by_role("status")).to_have_text("Stopped.")


def test_each_hx_steer_call_of_a_run_keeps_its_own_sliders(page: Page, isolated_course: str):
    page.goto(isolated_course + "playground/")
    replace_code(page, CELL, TWO_CALLS)
    cell(page, CELL).get_by_role("button", name="Run").click()
    expect(output(page, CELL)).to_contain_text("two sets of sliders", timeout=60_000)
    status = cell(page, CELL).get_by_role("status")  # found now: cell() scrolls to the cell
    boxes = cell(page, CELL).get_by_role("group", name="Steer while it runs")
    expect(boxes).to_have_count(2)
    # Each call's box, in the order of the calls; the first stays live after the second comes.
    rate = boxes.first.get_by_role("slider", name="rate")
    decay = boxes.last.get_by_role("slider", name="decay")
    expect(output(page, CELL)).to_contain_text(
        'hx.steer: the target "playground-figure" is not a plot or network; the sliders are under the cell.')
    rate.focus()
    page.keyboard.press("End")
    decay.focus()
    page.keyboard.press("End")
    expect(output(page, CELL)).to_contain_text("rate 2.0 decay 0.9")
    page.mouse.wheel(0, -10_000)  # the learner scrolls back up while it runs on; the slider keeps the focus
    expect(boxes.last).not_to_be_in_viewport()
    expect(status).to_have_text("Done.")
    expect(rate).to_be_disabled()
    expect(decay).to_be_disabled()
    # The focus stays in the sliders' box, and the page where the learner was.
    expect(boxes.last).to_be_focused()
    expect(boxes.last).not_to_be_in_viewport()
