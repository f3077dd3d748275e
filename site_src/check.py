"""``python -m site_src check``: every problem of the course that shows without a browser.

Each problem is one line, ``file:line: what is wrong``. The check reads, in order:

- each page's front matter, and every lab, quiz and recap fence of it: all of them, not only the
  first that is broken;
- the options of each ``python cell``, ``figure`` and ``plot`` fence, and the ids of figures and
  plots;
- each link from a page to another page of docs/;
- that each lesson is in the nav of ``mkdocs.yml`` (MkDocs itself only mentions it at INFO);
- ``docs/course.yml`` with the lessons' front matter (site_src/frame.py);
- the lab invariants (site_src/course.py). Their checks run under CPython, kept by content in the
  cache, so a second check of an unchanged course runs nothing again;
- that each cell, figure and plot has its output recorded: kept in the cache for its code, its
  time limit and the ember it runs on, as the build keeps it. One that is not has changed since
  the last build, which will run it again.

It runs no cell: the build does, and refuses a cell that raises.
"""

import re
import tempfile
from pathlib import Path

import yaml

from site_src import course, frame, runtime
from site_src.ahead import Run, page_runs
from site_src.execute import Lib, is_kept
from site_src.fences import QUOTE, Declared, FenceError, PageContext, registry
from site_src.gaps import Ember, GapError, read_ember

LINK = re.compile(r"\]\((?P<target>[^)\s#]+\.md)(?:#[^)\s]*)?\)")
"""A Markdown link to another page of docs/, as in [lesson 07](07-a-number-that-remembers.md)."""


def check(repo: Path, docs_dir: Path, course_file: Path, ember_root: Path,
          cache: Path | None = None, config_file: Path | None = None) -> list[str]:
    """Every problem found, as ``file:line: what is wrong``, files relative to repo.

    Args:
        repo: The folder that paths in messages are relative to.
        docs_dir: The pages; those under ``lessons/`` are the lessons.
        course_file: ``docs/course.yml``.
        ember_root: The folder that holds ``ember/``.
        cache: Where the build keeps runs by content (the plugin's ``cache_dir/runs``): the
            labs' checks, and the cells' recorded outputs; None to check neither.
        config_file: ``mkdocs.yml``, whose nav must list every lesson; None to skip that.
    """
    found: list[str] = []
    lessons: list[course.Lesson] = []
    runs: list[Run] = []
    for path in sorted(docs_dir.rglob("*.md")):
        src = path.relative_to(repo).as_posix()
        text = path.read_text(encoding="utf-8")
        page = _links(text, src, path, docs_dir)
        try:
            lesson = _lesson(text, src, path, page, runs)
        except FenceError as exc:
            page.append(_line(exc))
            lesson = None
        found += sorted(page, key=lambda problem: int(problem.split(":")[1]))  # in page order
        if lesson is not None:
            lessons.append(lesson)
    if config_file is not None:
        found += _not_in_nav(lessons, config_file, docs_dir, repo)
    if found:
        return found  # the course and the invariants would only repeat these
    try:
        frame.read_course(course_file, lessons, repo)
        ember = read_ember(ember_root)
    except (FenceError, GapError) as exc:
        return [_line(exc)]
    with tempfile.TemporaryDirectory() as scratch:
        found = course.problems(ember, lessons, runtime.files(), Path(scratch), cache)
        if cache is not None:
            found += _not_recorded(runs, ember, ember_root, cache, Path(scratch))
    return found


def _not_recorded(runs: list[Run], ember: Ember, ember_root: Path, cache: Path, scratch: Path) -> list[str]:
    """A problem for each run whose recorded output the cache does not keep; one in all when it
    keeps none, as after ``make clean``."""
    if runs and not any(cache.glob("*.json")):
        return [f"{runs[0].src_path}:{runs[0].line}: no recorded output is kept for any of the "
                f"course's {len(runs)} cells, figures and plots: build the site (make site) first"]
    libs: dict[int | None, Lib] = {}
    found = []
    runtime_files = runtime.files()
    for run in runs:
        if run.lesson not in libs:
            files = course.page_files(ember, ember_root, run.lesson, runtime_files)
            libs[run.lesson] = Lib(files, scratch / f"page-{run.lesson}")
        if not is_kept(run.source, libs[run.lesson], run.timeout, cache):
            found.append(f"{run.src_path}:{run.line}: the recorded output is out of date: this code, or "
                         "the ember it runs on, changed since the last build (make site, or make serve, runs it again)")
    return found


def _lesson(text: str, src: str, path: Path, found: list[str], runs: list[Run]) -> course.Lesson | None:
    """The page as a Lesson, or None if it is not one; each broken fence's problem goes into
    found, and each fence whose code the build runs into runs.

    Raises:
        FenceError: For front matter that is not YAML, or a fence inside a comment.
    """
    meta = course.front_matter(text, src)
    try:
        number = course.lesson_number(meta, src, in_lessons=path.parent.name == "lessons")
    except FenceError as exc:  # the page's fences are still checked
        found.append(_line(exc))
        number = None
    page = PageContext(src, text, lib=None)  # for its rules only: it runs nothing
    declared = Declared()
    for opener, source, start in course.fences(text, src):
        try:
            declared += _fence(opener, source, page, start)
        except FenceError as exc:
            found.append(_line(exc))
    runs += page_runs(text, src, number)
    if number is None:
        return None
    return course.Lesson(number, src, meta, declared.labs, course.quiz_ids(number, declared.questions))


def _fence(opener: str, source: str, page: PageContext, line: int) -> Declared:
    """Check a fence as the build would, without running its code: its options and id, and what
    it declares, which it returns.

    Raises:
        FenceError: For words that superfences cannot read, an unknown option, a figure or plot
            without an id of its own, a time_limit that is not seconds, or a declaration that
            cannot be read.
    """
    registry.check_opener(page, line, opener)
    fence, options = registry.fence_of(opener) or (None, {})
    if fence is None:
        return Declared()
    fence.check_words(page, line, options)
    return fence.declares(source, page.src_path, line) if fence.declares else Declared()


def _not_in_nav(lessons: list[course.Lesson], config_file: Path, docs_dir: Path, repo: Path) -> list[str]:
    """A problem for each lesson that the nav of config_file leaves out."""
    def pages(item: object) -> list[str]:
        if isinstance(item, str):
            return [item]
        if isinstance(item, dict):
            return [page for value in item.values() for page in pages(value)]
        if isinstance(item, list):
            return [page for value in item for page in pages(value)]
        return []

    nav = set(pages((yaml.safe_load(config_file.read_text(encoding="utf-8")) or {}).get("nav", [])))
    where = config_file.relative_to(repo).as_posix()
    return [f"{lesson.src_path}:1: lesson {lesson.number:02d} is not in the nav of {where}; add it "
            "under its part, or the sidebar will not show it"
            for lesson in lessons
            if (repo / lesson.src_path).relative_to(docs_dir).as_posix() not in nav]


def _links(text: str, src: str, path: Path, docs_dir: Path) -> list[str]:
    """A problem for each link to a page of docs/ that does not exist, outside fences (a
    ````markdown example may show any link)."""
    found, examples = [], set()
    try:
        for _, source, start in course.fences(text, src):
            examples.update(range(start, start + source.count("\n") + 2))
    except FenceError:
        pass  # _lesson reports it
    for number, line in enumerate(text.split("\n"), start=1):
        if number in examples:
            continue
        for link in LINK.finditer(QUOTE.sub("", line)):
            target = link["target"]
            if "://" in target:
                continue
            page = (path.parent / target).resolve()
            if not page.is_file() or docs_dir.resolve() not in page.parents:
                found.append(f"{src}:{number}: the link to {target} leads to no page of docs/")
    return found


def _line(exc: Exception) -> str:
    """The first line of a problem's message: the one that names file and line."""
    return str(exc).split("\n", 1)[0]
