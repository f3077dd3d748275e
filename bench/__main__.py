"""Run every figure of make bench, print the table, and write it into docs/performance.md."""

import datetime
import os
import platform
import tempfile
from pathlib import Path

from bench import build, digits, drawings, engine, graphs, lesson, lighthouse, loading, network, runtime, shifts, training
from bench.browser import ROOT, bench
from bench.table import render

PAGE = ROOT / "docs" / "performance.md"
INTRO = """\
# Performance

How fast the course is, as `make bench` last measured it. Every figure is a ratio against a
baseline measured in the same run, on the same machine; the goals are in the table. `bench/`
says how each figure is measured. Run `make bench` to measure again: it rewrites this page.
"""


def main() -> None:
    rows = build.figures() + engine.figures()
    with tempfile.TemporaryDirectory(prefix="ember-bench-") as folder, \
            bench(build.material_alone(Path(folder) / "material")) as b:
        rows += (loading.figures(b) + lighthouse.figures(b) + lesson.figures(b) + graphs.figures(b)
                 + runtime.figures(b) + drawings.figures(b) + training.figures(b) + network.figures(b)
                 + digits.figures(b) + shifts.figures(b))
    machine = (f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
               f"{platform.system()} {platform.release()}, headless Chromium")
    table = render(rows)
    print(f"Machine: {machine}\n\n{table}")
    PAGE.write_text(f"{INTRO}\nMeasured on {datetime.date.today():%Y-%m-%d}, on {machine}.\n\n{table}\n",
                    encoding="utf-8")


if __name__ == "__main__":
    main()
