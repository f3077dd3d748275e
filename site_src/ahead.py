"""Run ahead: the code of every cell, figure and plot of the course, run before its pages are
built, several at once, so that each page finds its runs kept (site_src/execute.py). Formatting a
page runs its fences one after another, one process at a time: a cold build then left every core
but one idle while lesson 14 trained its networks.

A run that fails here is left to the build: formatting its page runs it again, and reports it at
the page's file and line.
"""

import contextlib
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from site_src import course
from site_src.execute import CellFailure, Lib, run_cell
from site_src.fences import FenceError, PageContext, registry, time_limit_of


@dataclass(frozen=True)
class Run:
    """A fence whose code the build runs, and whose output the page shows as recorded."""

    src_path: str
    line: int
    lesson: int | None
    source: str
    timeout: float


def page_runs(text: str, src_path: str, lesson: int | None) -> list[Run]:
    """The runs of a page's fences (Fence.time_limit), in page order, each with its code as
    superfences hands it to the fence's format; a fence whose time_limit cannot be read is left
    out (the build and ``site_src check`` report it)."""
    page = PageContext(src_path, text, lib=None)  # for its rules only: it runs nothing
    runs = []
    for opener, source, line in course.fences(text, src_path):
        fence, options = registry.fence_of(opener) or (None, {})
        if fence is None or fence.time_limit is None or fence.compiled_only(options):
            continue
        try:
            timeout = time_limit_of(page, line, options.get("time_limit"), fence.time_limit)
        except FenceError:
            continue
        runs.append(Run(src_path, line, lesson, source.removesuffix("\n"), timeout))
    return runs


def course_runs(repo: Path, docs_dir: Path) -> list[Run]:
    """The runs of every page under docs_dir; a page whose front matter cannot be read is left
    out (the build reports it)."""
    runs = []
    for path in sorted(docs_dir.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        src = path.relative_to(repo).as_posix()
        try:
            lesson = course.lesson_number(course.front_matter(text, src), src,
                                          in_lessons=path.parent.name == "lessons")
            runs += page_runs(text, src, lesson)
        except FenceError:
            continue
    return runs


@contextlib.contextmanager
def running(runs: list[Run], lib_of: Callable[[int | None], Lib], cache: Path, workers: int) -> Iterator[None]:
    """Run each of runs not kept in cache, workers at a time, while the body of the with runs;
    leave the with once all have ended, or once those under way have if the body raised. lib_of
    gives the files a lesson's code runs on (None: a page that is not a lesson).

    The longest first, by time limit, so that the last to end is not a long one started late; a
    run the course has twice runs once, and one kept is only read (execute.run_cell)."""
    once = {(run.lesson, run.source, run.timeout): run for run in runs}
    pending = sorted(once.values(), key=lambda run: -run.timeout)
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ember-ahead")
    try:
        for run in pending:
            pool.submit(_run, run, lib_of(run.lesson), cache)
        yield
    except BaseException:
        pool.shutdown(cancel_futures=True)  # the build stops: only the runs under way end
        raise
    pool.shutdown()


def _run(run: Run, lib: Lib, cache: Path) -> None:
    """Run run's code on lib, keeping its result in cache; a failure is left to the build."""
    with contextlib.suppress(CellFailure):
        run_cell(run.source, lib, run.timeout, cache)
