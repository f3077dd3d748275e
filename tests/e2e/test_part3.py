"""Part III in Chromium: lesson 14 trains the moons in the worker, redrawing its plots as it
goes, until Stop; Download your ember saves a zip that CPython imports."""

import re
import subprocess
import sys
import zipfile
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.test_part2 import cell_with
from tools.finished import write_solutions
from tools.reach import come_to

LESSON_14 = "lessons/14-training-for-real/"
STEP_LINE = re.compile(r"step +(\d+): loss ([\d.]+), accuracy (\d+)%, ([\d.]+) s a step")


def drawing(page: Page, plot: str) -> str:
    """What the plot's canvas shows now, as SVG."""
    return come_to(page.locator(f"#{plot}")).locator(".ember-plot__svg").inner_html()


def test_training_in_the_browser_lowers_the_loss_redraws_both_plots_and_stops(page: Page, isolated_site: str):
    page.goto(isolated_site + LESSON_14)
    write_solutions(page)
    page.reload()
    built = {plot: drawing(page, plot) for plot in ("moons-boundary", "moons-loss")}
    training = cell_with(page, "DRAW_EVERY")
    output = training.get_by_role("log")
    training.get_by_role("button", name="Run", exact=True).click()
    expect(output).to_contain_text("step 10:", timeout=90_000)
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
    assert stopped and 10 <= int(stopped[1]) < 60
    # The model trained so far is drawn and measured after Stop: the loss plot has its steps.
    come_to(page.locator("#moons-loss")).get_by_text("The plot as a table").click()
    expect(page.locator("#moons-loss .ember-plot__table caption")).to_have_text("loss")
    assert page.locator("#moons-loss .ember-plot__table tbody tr").count() == int(stopped[1])
    expect(output).to_contain_text("of the 100 points on the right side")


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
        "__init__.py", "check.py", "data.py", "neuron.py", "nn.py", "optim.py", "scalar.py", "train.py"]
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
