"""Part III in Chromium: lesson 14 trains the moons in the worker, redrawing its plots and its
network as it goes, steered by its sliders, until Stop, and replays the training; Download your
ember saves a zip that CPython imports."""

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from site_src.fences.network import _short as short
from tests.e2e.pages import paste_code
from tools.finished import write_solutions
from tools.reach import cell_with, come_to

LESSON_14 = "lessons/14-training-for-real/"
LESSON_14_SOURCE = Path(__file__).resolve().parents[2] / "docs" / (LESSON_14.rstrip("/") + ".md")
STEP_LINE = re.compile(r"step +(\d+): loss ([\d.]+), accuracy (\d+)%, ([\d.]+) s a step")


def drawing(page: Page, plot: str) -> str:
    """What the plot's canvas shows now, as SVG."""
    return come_to(page.locator(f"#{plot}")).locator(".ember-plot__svg").inner_html()


def network(page: Page):
    """Lesson 14's diagram of the moons network, MLP(2, [16, 16, 1])."""
    return page.locator("#moons-network")


def output_neuron(page: Page):
    return network(page).get_by_role("button", name=re.compile(r"^Output neuron 1\b"))


def weights_said(page: Page) -> list[str]:
    """The output neuron's weights, as the diagram says them in words on Enter (without grads)."""
    come_to(network(page))
    output_neuron(page).focus()
    page.keyboard.press("Enter")
    words = network(page).get_by_text(re.compile(r"^Output neuron 1\b.*Weights: "))
    return re.findall(r"of layer 2 (\S+) \(grad", words.inner_text())


def endless_training() -> str:
    """Lesson 14's training cell, with steps enough that only Stop ends it on any machine, and one
    line more after its own: the output neuron's bias, to hold the diagram to."""
    fences = re.findall(r"^```python cell[^\n]*\n(.*?)^```", LESSON_14_SOURCE.read_text(encoding="utf-8"), re.M | re.S)
    code = next(fence for fence in fences if "DRAW_EVERY" in fence)
    assert re.search(r"^STEPS = \d+", code, re.M), "the training cell should set STEPS"
    return (re.sub(r"^STEPS = \d+", "STEPS = 100_000", code, flags=re.M)
            + 'last = model.layers[-1].neurons[0].b\nprint(f"output bias {last.data!r} grad {last.grad!r}")')


def test_training_in_the_browser_redraws_the_plots_and_the_network_steers_and_replays(page: Page, isolated_site: str):
    page.goto(isolated_site + LESSON_14)
    write_solutions(page)
    page.reload()
    built = {plot: drawing(page, plot) for plot in ("moons-boundary", "moons-loss")}
    starting_weights = weights_said(page)  # the build's diagram: the untrained model's weights
    assert len(starting_weights) == 16
    training = cell_with(page, "DRAW_EVERY")
    paste_code(training, endless_training())
    output = training.get_by_role("log")
    training.get_by_role("button", name="Run", exact=True).click()

    # The diagram changes with the plots, every 5 steps: three states at least.
    step_line = network(page).get_by_text(re.compile(r"^After \d+ steps? of training"))
    names = []
    for step in (5, 10, 15):
        expect(step_line).to_contain_text(f"After {step} steps", timeout=90_000)
        names.append(output_neuron(page).get_attribute("aria-label"))
    assert len(set(names)) == 3, f"the output neuron should change with each redraw: {names}"
    # Steer: lr to its last stop, 3.0, with the sliders under Run, while it trains; the loss curve
    # marks the step it took effect.
    lr = training.get_by_role("group", name="Steer while it runs").get_by_role("slider", name="lr")
    come_to(lr).focus()
    page.keyboard.press("End")
    expect(lr).to_have_attribute("aria-valuetext", "3")
    legend = page.locator("#moons-loss").get_by_role("list", name="Legend")
    expect(legend.get_by_role("listitem")).to_have_text(["loss", "your changes"], timeout=90_000)

    steps = [STEP_LINE.search(line) for line in output.inner_text().splitlines()]
    (five, ten) = [m for m in steps if m][:2]
    assert (five[1], ten[1]) == ("5", "10")
    assert float(ten[2]) < float(five[2]), f"the loss should fall: {five[0]!r}, then {ten[0]!r}"
    assert float(ten[4]) > 0
    for plot in built:
        assert drawing(page, plot) != built[plot], f"{plot} should be redrawn by the training"

    training.get_by_role("button", name="Stop").click()
    expect(training.get_by_role("status")).to_have_text("Stopped.", timeout=10_000)
    stopped = re.search(r"Stopped after (\d+) steps", output.inner_text())
    assert stopped and int(stopped[1]) >= 15
    # The model trained so far is drawn and measured after Stop: the loss plot has its steps, and
    # the diagram the model's numbers.
    # The figures came under the cell as it trained; put back, they show their tables.
    training.get_by_role("button", name="Put them back").click()
    come_to(page.locator("#moons-loss")).get_by_text("The plot as a table").click()
    expect(page.locator("#moons-loss").get_by_role("table", name="loss").get_by_role("row")).to_have_count(int(stopped[1]) + 1)
    expect(page.locator("#moons-loss").get_by_role("table", name="your changes")).to_contain_text("lr 3")
    expect(output).to_contain_text("of the 100 points on the right side")
    bias, grad = map(float, re.search(r"output bias (\S+) grad (\S+)", output.inner_text()).groups())
    expect(step_line).to_have_text(f"After {stopped[1]} steps of training.")
    expect(output_neuron(page)).to_have_accessible_name(f"Output neuron 1: bias {short(bias)}, grad {short(grad)}")

    # Pick a point of the plane: the neurons fill with its activations, and the score is said.
    come_to(page.locator("#moons-boundary")).get_by_role("application").click()
    expect(step_line).to_contain_text(re.compile(r"For the input \(\S+, \S+\), the score is \S+, so the network says -?1\."))
    expect(network(page).get_by_role("button", name=re.compile(r"^Layer 2, neuron 1: .*, activation \S+$"))).to_be_attached()

    # Scrub back to step 0: the starting weights again.
    replay = come_to(network(page).get_by_role("slider", name="Replay the training"))
    replay.focus()
    page.keyboard.press("Home")
    expect(replay).to_have_attribute("aria-valuetext", "step 0")
    expect(step_line).to_contain_text("After 0 steps of training.")
    assert weights_said(page) == starting_weights


WIDE = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
ZOOMED = {"width": 640, "height": 400}
"""A window of 1280 × 800 at 200 % zoom."""

IN_ONE_VIEW = """(parts) => parts.every((part) => {
  const { top, bottom } = part.getBoundingClientRect();
  return top >= document.querySelector(".md-header").getBoundingClientRect().bottom && bottom <= innerHeight;
})"""
"""Whether each part is wholly in the view, below the site's header."""

SMALL_TARGETS = """(cell) => [...cell.querySelectorAll("button, input, [role=button], summary")]
  .filter((el) => el.getClientRects().length)
  .map((el) => [el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40), el.getBoundingClientRect()])
  .filter(([, { width, height }]) => width < 24 || height < 24)
  .map(([name, { width, height }]) => `${name}: ${Math.round(width)} x ${Math.round(height)}`)"""
"""The targets of a cell shown smaller than 24 px either way (WCAG 2.2's target size), named."""

OVERFLOWING = """(cell) => [cell, ...cell.querySelectorAll(".ember-dock__figures > *, .ember-steer")]
  .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth)
  .map((el) => el.id || el.className)"""
"""The parts of a cell, its docked figures and sliders, whose content is wider than they are."""

SERIES_DRAWN = """(svg) => [...svg.querySelectorAll(".ember-plot__series > *")]
  .filter((el) => el.getAttribute("points") || el.getAttribute("d") || el.matches("line, circle, rect, text")).length"""
"""How many lines, markers and marks a plot's SVG draws."""


def train_endlessly(page: Page, site: str) -> Locator:
    """Open lesson 14 with the earlier labs' solutions, and run its training cell with no end of
    steps until the network has drawn step 10: the cell, running."""
    page.goto(site + LESSON_14)
    write_solutions(page)
    page.reload()
    training = cell_with(page, "DRAW_EVERY")
    paste_code(training, endless_training())
    come_to(training.get_by_role("button", name="Run", exact=True)).click()
    expect(network(page).get_by_text(re.compile(r"^After 10 steps"))).to_be_attached(timeout=90_000)
    return training


def one_view(page: Page, parts: list[Locator]) -> None:
    """Wait until every part is wholly in the view at once, as the page scrolls them there."""
    page.wait_for_function(IN_ONE_VIEW, arg=[part.element_handle() for part in parts], timeout=30_000)


@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["1280", "390"])
def test_while_the_moons_train_run_its_sliders_and_the_loss_curve_are_in_one_view(page: Page, isolated_site: str, size):
    page.set_viewport_size(size)
    training = train_endlessly(page, isolated_site)

    loss = training.get_by_role("img", name=re.compile(r"^Plot: loss"))
    sliders = training.get_by_role("group", name="Steer while it runs")
    parts = [training.get_by_role("button", name="Stop"), sliders, loss]
    if size == WIDE:  # and beside them, the plane and the network it trains
        parts += [training.get_by_role("img", name=re.compile(r"^Plot: the network says 1")),
                  training.get_by_role("group", name=re.compile(r"^Network of 3 layers"))]
    one_view(page, parts)
    replay = network(page).get_by_role("slider", name="Replay the training")
    expect(replay).to_be_disabled()
    assert training.evaluate(SMALL_TARGETS) == []
    assert training.evaluate(OVERFLOWING) == []

    training.get_by_role("button", name="Stop").click()
    expect(training.get_by_role("status")).to_have_text("Stopped.", timeout=30_000)
    output = training.get_by_role("log")
    expect(output).to_contain_text("On 100 new points")
    assert output.inner_text().count("Stopped") == 1, output.inner_text()  # the cell's own words, once
    # Scrubbing back keeps the loss curve on the axes of the whole run.
    whole_run = loss.get_attribute("aria-label")
    expect(replay).to_be_enabled()
    replay.focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("aria-valuetext", "step 10")
    expect(training.get_by_role("table", name="loss")).to_have_count(0)  # the dock shows no tables
    expect(loss).to_have_attribute("aria-label", whole_run)
    page.keyboard.press("Home")  # before the loss was first drawn: no curve, not the last one
    expect(replay).to_have_attribute("aria-valuetext", "step 0")
    expect(loss).to_have_attribute("aria-label", whole_run)
    assert loss.evaluate(SERIES_DRAWN) == 0
    if size == WIDE:  # a tapped neuron's words lengthen the diagram, not the plots' rows beside it
        plane = parts[3]
        top = plane.bounding_box()["y"]
        output_neuron(page).click()
        expect(network(page).get_by_text(re.compile(r"^Output neuron 1\b.*Weights: "))).to_be_visible()
        assert plane.bounding_box()["y"] == top


def test_at_200_percent_zoom_the_docked_network_is_as_wide_as_the_cell_and_the_loss_curve_fits_the_view(
        page: Page, isolated_site: str):
    page.set_viewport_size(ZOOMED)
    training = train_endlessly(page, isolated_site)

    dock = training.get_by_role("region", name=re.compile("^Figures that cell"))
    diagram = dock.get_by_role("group", name=re.compile(r"^Network of 3 layers"))
    assert diagram.bounding_box()["width"] == dock.locator(".ember-dock__figures").bounding_box()["width"]
    loss = training.get_by_role("img", name=re.compile(r"^Plot: loss"))
    legend = dock.get_by_role("figure").filter(has=page.get_by_role("img", name=re.compile(r"^Plot: loss")))\
        .get_by_role("list", name="Legend")
    loss.evaluate("""(el) => scrollBy(0, el.getBoundingClientRect().top
      - document.querySelector(".md-header").getBoundingClientRect().bottom - 4)""")  # just under the header
    one_view(page, [loss, legend])
    assert training.evaluate(OVERFLOWING) == []
    training.get_by_role("button", name="Stop").click()
    expect(training.get_by_role("status")).to_have_text("Stopped.", timeout=30_000)


def download(page: Page, tmp_path: Path) -> Path:
    """Press Download your ember; unzip what it saves into tmp_path; the folder with ember in it."""
    with page.expect_download() as saved:
        page.get_by_role("button", name="Download your ember").click()
    expect(page.get_by_role("status").filter(has_text="Your ember was saved as")).to_be_visible()
    path = tmp_path / saved.value.suggested_filename
    saved.value.save_as(path)
    with zipfile.ZipFile(path) as archive:
        archive.extractall(tmp_path)
    return tmp_path / "my-ember"


def python(folder: Path, code: str) -> subprocess.CompletedProcess:
    """Run code in CPython in folder, as the zip's README says, where only the folder's ember can
    be imported: without site-packages, which hold the repository's own."""
    setup = ("import os, sys; sys.path.insert(0, '.'); import ember\n"
             "assert os.path.abspath(ember.__file__).startswith(os.getcwd()), ember.__file__\n")
    return subprocess.run([sys.executable, "-I", "-S", "-c", setup + code], cwd=folder, capture_output=True,
                          text=True, timeout=60)


def test_the_course_maps_download_imports_in_cpython_with_the_learners_code(page: Page, site: str, tmp_path: Path):
    page.goto(site + "course-map/")
    write_solutions(page)
    page.reload()
    folder = download(page, tmp_path)
    assert sorted(p.name for p in (folder / "ember").iterdir()) == [
        "__init__.py", "check.py", "data.py", "digits.py", "fast.py", "neuron.py", "nn.py", "optim.py", "scalar.py",
        "tensor.py", "train.py"]
    done = python(folder, "from ember.nn import MLP\nprint(len(MLP(2, [16, 16, 1]).parameters()))")
    assert (done.returncode, done.stdout) == (0, "337\n"), done.stderr
    assert "the whole course's ember" in (folder / "README.txt").read_text()


def test_a_lessons_download_holds_the_stubs_of_the_gaps_not_written(page: Page, site: str, tmp_path: Path):
    page.goto(site + LESSON_14)
    folder = download(page, tmp_path)
    assert "your ember as lesson 14 has it" in (folder / "README.txt").read_text()
    done = python(folder, "from ember.nn import MLP\nMLP(2, [16, 16, 1]).parameters()")
    # The import works; the first call of a gap not written raises its stub's error.
    assert done.returncode == 1 and done.stderr.strip().splitlines()[-1].startswith("NotImplementedError"), done.stderr
