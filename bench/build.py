"""P7: the time of ``mkdocs build`` for the whole course, with no run kept (cold) and with every
run kept (warm), against Material building the same pages without the ember plugin; and that
build of Material alone, the baseline of the figures of a page loading (bench/loading.py)."""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from bench.browser import ROOT
from bench.table import Row

REPEATS = 3
COLD_GOAL = 45_000
"""ms: the course with Part IV in it, lessons 15 and 16 timing their engines and blaming their
labs' mistakes (issue 39); 30 s before it."""


def _build(config: Path, site: Path) -> float:
    """Seconds that one ``mkdocs build`` of config takes, into site."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config),
                    "-d", str(site)], cwd=ROOT, check=True,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return time.perf_counter() - start


def _configs(scratch: Path) -> tuple[Path, Path]:
    """mkdocs.yml with its run cache in scratch, and mkdocs.yml without the ember plugin. Both
    are written beside mkdocs.yml, whose relative paths they keep."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    plugins = config["plugins"]
    ember = next(p for p in plugins if isinstance(p, dict) and "ember" in p)
    with_ember = {**config, "plugins": [p if p is not ember else
                                        {"ember": {**ember["ember"], "cache_dir": str(scratch / "cache")}}
                                        for p in plugins]}
    without = {**config, "plugins": [p for p in plugins if p is not ember]}
    paths = (ROOT / ".bench-ember.yml", ROOT / ".bench-material.yml")
    for path, data in zip(paths, (with_ember, without)):
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return paths


def material_alone(site: Path) -> Path:
    """Build the course with Material alone (mkdocs.yml without the ember plugin) into site.

    Returns:
        site
    """
    with tempfile.TemporaryDirectory(prefix="ember-bench-") as folder:
        configs = _configs(Path(folder))
        try:
            _build(configs[1], site)
        finally:
            for config in configs:
                config.unlink()
    return site


def figures() -> list[Row]:
    """P7 cold and warm, each the median of REPEATS builds, against Material alone."""
    with tempfile.TemporaryDirectory(prefix="ember-bench-") as folder:
        scratch = Path(folder)
        ember, material = _configs(scratch)
        try:
            cold, warm, alone, runs = [], [], [], []
            for _ in range(REPEATS):
                shutil.rmtree(scratch / "cache", ignore_errors=True)
                cold.append(_build(ember, scratch / "site"))
                kept = set((scratch / "cache" / "runs").iterdir())
                warm.append(_build(ember, scratch / "site"))
                runs.append(len(set((scratch / "cache" / "runs").iterdir()) - kept))
                alone.append(_build(material, scratch / "material"))
        finally:
            ember.unlink()
            material.unlink()
    median = lambda times: sorted(times)[len(times) // 2] * 1000  # noqa: E731
    baseline = median(alone)
    return [
        Row("P7 build: mkdocs build, no run kept", median(cold), baseline, "Material alone",
            f"≤ {COLD_GOAL:,} ms", median(cold) <= COLD_GOAL),
        Row(f"P7 rebuild, every run kept ({max(runs)} runs made)", median(warm), baseline,
            "Material alone", "no run made again", max(runs) == 0),
    ]
