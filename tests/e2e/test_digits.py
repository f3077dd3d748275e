"""The digits figure in Chromium, on the test course's playground: a pad that its network reads as
it is drawn, with the mouse and with the keyboard; an image put on the pad; a cell's network
reading what is already drawn."""

import math
import re

from playwright.sync_api import Page, expect

from pathlib import Path

from tests.e2e.pages import cell, output, run
from tools.finished import write_solutions
from tools.reach import cell_with, come_to, paste_code

LESSON_18 = "lessons/18-reading-handwriting/"
LESSON_18_SOURCE = Path(__file__).resolve().parents[2] / "docs" / "lessons" / "18-reading-handwriting.md"

FIGURE = "#playground-digits"
"""Its network's score for digit d is the ink in column d of the image (tests/e2e/course/docs/playground.md)."""


def pad(page: Page):
    """The pad, its figure scrolled to and mounted."""
    come_to(page.locator(FIGURE))
    return page.get_by_role("grid", name="Drawing pad, 8 by 8 pixels")


def reads(page: Page, text: str):
    expect(page.locator(FIGURE).get_by_text(re.compile(text))).to_be_visible()


def stroke_down_column(page: Page, column: int) -> None:
    """Press the mouse at the top of a column of the pad and draw to its bottom."""
    grid = pad(page)
    grid.evaluate("element => element.scrollIntoView({block: 'center'})")  # clear of the page's header
    box = grid.bounding_box()
    x = box["x"] + box["width"] * (column + 0.5) / 8
    page.mouse.move(x, box["y"] + box["height"] * 0.05)
    page.mouse.down()
    page.mouse.move(x, box["y"] + box["height"] * 0.95, steps=12)
    page.mouse.up()


def test_a_stroke_drawn_with_the_mouse_is_read_centred_as_it_is_drawn(page: Page, course: str):
    page.goto(course + "playground/")
    expect(pad(page)).to_be_visible()
    reads(page, r"^Draw a digit on the pad\.$")
    stroke_down_column(page, 1)
    # The pad shows the stroke where it was drawn; the network reads it fitted: in the middle.
    expect(pad(page).get_by_role("gridcell", name=re.compile(r"^row 4, column 2, inked \d+ %$"))).to_be_attached()
    reads(page, r"^It reads [34], with a chance of \d+ %\.$")
    expect(page.locator(FIGURE).get_by_role("img", name=re.compile("^What the network reads"))).to_be_visible()
    page.locator(FIGURE).get_by_role("button", name="Clear the pad").click()
    reads(page, r"^Draw a digit on the pad\.$")


def test_a_figure_eight_drawn_with_the_mouse_as_large_as_the_pad_reads_8(page: Page, site: str):
    # Drawn so, unfitted, lesson 18's network read it as 5 (75 %); a learner's read as 9.
    page.goto(site + LESSON_18)
    figure = come_to(page.locator("#digits-pad"))
    grid = figure.get_by_role("grid", name="Drawing pad, 8 by 8 pixels")
    grid.evaluate("element => element.scrollIntoView({block: 'center'})")  # clear of the page's header
    box = grid.bounding_box()
    points = [(box["x"] + box["width"] * (0.5 - 0.44 * math.sin(4 * math.pi * i / 60)),
               box["y"] + box["height"] * (0.5 - 0.45 * math.cos(2 * math.pi * i / 60))) for i in range(61)]
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point, steps=2)
    page.mouse.up()
    expect(figure.get_by_text(re.compile(r"^It reads 8, with a chance of \d+ %\.$"))).to_be_visible()


def test_the_keyboard_moves_over_the_pixels_and_space_inks_one(page: Page, course: str):
    page.goto(course + "playground/")
    pad(page).focus()
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    expect(pad(page)).to_have_attribute("aria-activedescendant", re.compile(r"-pixel-1-4$"))
    page.keyboard.press("Space")
    reads(page, r"^It reads 4, with a chance of \d+ %\.$")
    expect(pad(page).get_by_role("gridcell", name="row 2, column 5, inked 100 %")).to_be_attached()
    page.keyboard.press("Space")  # the same pixel again: cleared
    reads(page, r"^Draw a digit on the pad\.$")
    page.keyboard.press("Space")
    page.keyboard.press("Delete")
    expect(pad(page).get_by_role("gridcell", name="row 2, column 5, blank")).to_be_attached()


def seen_whole(part) -> bool:
    """Whether all of part is in the view and below the page's sticky header."""
    return part.evaluate("""element => {
      const { top, bottom } = element.getBoundingClientRect();
      return top >= document.querySelector(".md-header").getBoundingClientRect().bottom && bottom <= innerHeight;
    }""")


def test_a_misread_digit_chosen_far_below_the_pad_on_a_phone_brings_the_pad_into_view(page: Page, site: str):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + LESSON_18)
    figure = come_to(page.locator("#digits-pad"))
    grid = figure.get_by_role("grid", name="Drawing pad, 8 by 8 pixels")
    expect(grid).to_be_visible()
    last = figure.get_by_role("button", name=re.compile("^Put on the pad: ")).last
    last.evaluate("element => element.scrollIntoView({block: 'center'})")
    assert not seen_whole(grid)
    last.click()
    expect(figure.get_by_text(re.compile(r"^It reads \d, with a chance of \d+ %\.$"))).to_be_visible()
    assert seen_whole(grid)


def test_an_image_put_on_the_pad_is_read_and_a_cells_network_reads_what_is_drawn(page: Page, course: str):
    page.goto(course + "playground/")
    expect(pad(page)).to_be_visible()
    page.locator(FIGURE).get_by_role("button", name="Put on the pad: a five").click()
    reads(page, r"^It reads 5, with a chance of \d+ %\.$")
    last = page.get_by_role("group", name=re.compile(r"^Code cell \d+$")).count()
    run(page, last)
    expect(output(page, last)).to_contain_text("redrawn")
    reads(page, r"^It reads 2, with a chance of \d+ %\.$")  # column 5 is digit 7 - 5 for this network
    expect(cell(page, last).get_by_role("status")).to_have_text(re.compile("Done"))


def test_at_a_learning_rate_of_2_the_loss_plot_marks_the_leap_and_keeps_the_share_right_readable(page: Page, site: str):
    page.goto(site + LESSON_18)
    write_solutions(page)
    page.reload()
    fences = re.findall(r"^```python cell[^\n]*\n(.*?)^```", LESSON_18_SOURCE.read_text(encoding="utf-8"), re.M | re.S)
    code = next(fence for fence in fences if "steering.read" in fence)
    assert "lr=0.5)" in code and re.search(r"^EPOCHS = \d+", code, re.M)
    training = cell_with(page, "steering.read")
    paste_code(training, re.sub(r"^EPOCHS = \d+", "EPOCHS = 1", code, flags=re.M).replace("lr=0.5)", "lr=2.0)"))
    training.get_by_role("button", name="Run", exact=True).click()
    expect(training.get_by_role("status")).to_have_text(re.compile("Done|Finished"), timeout=120_000)
    plot = page.locator("#digits-training")
    legend = plot.get_by_role("list", name="Legend").get_by_role("listitem")
    expect(legend).to_contain_text(["loss of a batch", "loss above 3, drawn at 3", "held out, read right"])
    expect(plot.get_by_role("img")).to_have_attribute("aria-label", re.compile(r"share right from \S+ to 3\."))
