"""Lighthouse's scores of lessons 07 and 14, with its desktop and its mobile preset, against the
same page built with Material alone. Lighthouse is the npm package pinned in package.json, run by
Node on the Chromium that the e2e tests use, against the site as a host serves it
(tools/serve.py): with its _headers, gzipped."""

import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

from bench.browser import ROOT, Bench
from bench.loading import LESSONS
from bench.table import Row
from tools import chromium

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
PRESETS = {"desktop": 95, "mobile": 85}
"""Each preset, with its goal for the performance score; "mobile" is Lighthouse's default."""
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
REPEATS = 3  # a score varies from run to run; the median of three
AGAIN = "Please run Lighthouse again"
"""What Lighthouse says when its trace of the page load went wrong (NO_NAVSTART, NO_FCP on a busy
machine): a run to make again, not a failure of the page."""
TRIES = 3


def scores(bench: Bench, url: str, preset: str) -> dict[str, int]:
    """Lighthouse's score, out of 100, in each of CATEGORIES for url, with preset, in bench's
    Chromium; a run that Lighthouse asks to make again is made again, up to TRIES in all.

    Raises:
        RuntimeError: If Lighthouse fails; with the end of what it printed.
    """
    for _ in range(TRIES - 1):
        try:
            return _scores(bench, url, preset)
        except RuntimeError as error:
            if AGAIN not in str(error):
                raise
    return _scores(bench, url, preset)


def _scores(bench: Bench, url: str, preset: str) -> dict[str, int]:
    """One run of Lighthouse, as scores() makes it."""
    with tempfile.TemporaryDirectory(prefix="ember-lighthouse-") as folder:
        report = Path(folder) / "report.json"
        done = subprocess.run(
            [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report}",
             f"--only-categories={','.join(CATEGORIES)}", *(["--preset=desktop"] if preset == "desktop" else []),
             f"--chrome-flags=--headless=new {' '.join(chromium.LAUNCH_ARGS)}"],
            capture_output=True, text=True, cwd=ROOT,
            env={**os.environ, "CHROME_PATH": str(bench.chromium), "TMPDIR": folder})
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()[-5:]
            raise RuntimeError(f"Lighthouse failed on {url} ({preset}, exit {done.returncode}):\n" + "\n".join(said))
        categories = json.loads(report.read_text(encoding="utf-8"))["categories"]
    return {name: round(categories[name]["score"] * 100) for name in CATEGORIES}


def _median(bench: Bench, url: str, preset: str) -> dict[str, int]:
    runs = [scores(bench, url, preset) for _ in range(REPEATS)]
    return {name: statistics.median_low(run[name] for run in runs) for name in CATEGORIES}


def figure(bench: Bench, lesson: str, preset: str) -> Row:
    """The performance score of lesson with preset, and whether the other three are 100."""
    value, baseline = _median(bench, bench.site + lesson, preset), _median(bench, bench.material + lesson, preset)
    others = ", ".join(f"{name.replace('-', ' ')} {value[name]}" for name in CATEGORIES[1:])
    return Row(f"Lighthouse {preset}, lesson {lesson[8:10]}: performance ({others})", value["performance"],
               baseline["performance"], "Material alone", f"≥ {PRESETS[preset]}, the other three 100",
               value["performance"] >= PRESETS[preset] and all(value[name] == 100 for name in CATEGORIES[1:]),
               unit="")


def figures(bench: Bench) -> list[Row]:
    return [figure(bench, lesson, preset) for lesson in LESSONS for preset in PRESETS]
