"""The course as a whole: its lessons, their labs, and the invariants every lab must keep.

Invariants, for every lesson N that has labs (DESIGN.md, "ember and its gaps"):

- every gap of N is written in one of N's labs, and every lab's gaps exist;
- each check of N fails on the start snapshot of N and passes on its end snapshot;
- every check of an earlier lesson still passes on the end snapshot of N.
"""

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from site_src.execute import CellFailure, run_checks, write_lib
from site_src.fences import QUOTE
from site_src.fences import lab as lab_fence
from site_src.gaps import Ember

FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)


@dataclass(frozen=True)
class Lesson:
    """A lesson page: its number, its file and its labs in page order."""

    number: int
    src_path: str
    labs: tuple[lab_fence.Lab, ...]

    def lab_id(self, index: int) -> str:
        """The id of the lab at 0-based index, such as ``07-1``."""
        return f"{self.number:02d}-{index + 1}"


def read_lessons(repo: Path, docs_dir: Path) -> list[Lesson]:
    """Every page under docs_dir whose front matter has a ``number``, in lesson order.

    Raises:
        site_src.fences.FenceError: For a lab declaration that does not parse.
    """
    lessons = []
    for path in sorted(docs_dir.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        meta = FRONT_MATTER.match(text)
        number = (yaml.safe_load(meta[1]) or {}).get("number") if meta else None
        if number is None:
            continue
        src = path.relative_to(repo).as_posix()
        lessons.append(Lesson(int(number), src, tuple(_labs(text, src))))
    return sorted(lessons, key=lambda lesson: lesson.number)


def _labs(text: str, src_path: str) -> list[lab_fence.Lab]:
    """Parse each ``yaml lab`` fence of a page."""
    labs, lines = [], text.split("\n")
    number = 0
    while number < len(lines):
        opener = lab_fence.OPENER.match(QUOTE.sub("", lines[number]).strip())
        number += 1
        if not opener:
            continue
        start = number
        while number < len(lines) and lines[number].strip() != opener[1]:
            number += 1
        labs.append(lab_fence.parse("\n".join(lines[start:number]) + "\n", src_path, start))
    return labs


def problems(ember: Ember, lessons: list[Lesson], runtime: dict[str, str], scratch: Path
             ) -> list[str]:
    """Check the invariants; return each problem as ``file:line: what is wrong``.

    Args:
        ember: ember/ as read by gaps.read_ember.
        lessons: From read_lessons.
        runtime: The runtime's Python files (``{"cellrun.py": text, ...}``), to run checks.
        scratch: A folder for the snapshots under test.
    """
    found: list[str] = []
    gaps = ember.gaps
    written = {gap for lesson in lessons for lab in lesson.labs for gap in lab.gaps}
    for name, (region, version) in gaps.items():
        if name not in written and any(lesson.number == version.lesson for lesson in lessons):
            found.append(f"{region.path}:{region.line}: gap {name} is in no lab of lesson "
                         f"{version.lesson:02d}")
    earlier: list[lab_fence.Check] = []
    for lesson in lessons:
        own = [check for lab in lesson.labs for check in lab.checks]
        missing = [(lab, gap) for lab in lesson.labs for gap in lab.gaps if gap not in gaps]
        found += [f"{lab.src_path}:{lab.line}: no such gap in ember/: {gap}" for lab, gap in missing]
        if not own or missing:
            continue
        start = _run(ember.snapshot(lesson.number), own, runtime, scratch / "start")
        for check, result in zip(own, start):
            if result["status"] == "passed":
                found.append(f"{lesson.src_path}:{check.line}: check '{check.title}' passes on "
                             f"the start snapshot of lesson {lesson.number:02d}, before the "
                             "learner writes anything")
        earlier += own
        end = _run(ember.snapshot(lesson.number, end=True), earlier, runtime, scratch / "end")
        for check, result in zip(earlier, end):
            if result["status"] != "passed":
                found.append(f"{check_file(lessons, check)}:{check.line}: check '{check.title}' "
                             f"fails on the end snapshot of lesson {lesson.number:02d}: "
                             f"{result['reason']}")
    return found


def check_file(lessons: list[Lesson], check: lab_fence.Check) -> str:
    """The lesson file a check is declared in."""
    return next(lab.src_path for lesson in lessons for lab in lesson.labs if check in lab.checks)


def _run(files: dict[str, str], checks: list, runtime: dict[str, str], folder: Path) -> list[dict]:
    """Run checks on a snapshot written with the runtime into folder."""
    lib = write_lib({**files, **runtime}, folder)
    try:
        return run_checks([{"title": c.title, "code": c.code} for c in checks], lib)
    except CellFailure as exc:
        return [{"status": "error", "reason": str(exc)} for _ in checks]
