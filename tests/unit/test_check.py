"""python -m site_src check: every problem of the course on a line of its own, file:line first,
from lesson files with one mistake each (tests/unit/broken/) and from small courses made here."""

import shutil
from pathlib import Path

from site_src import course as course_src
from site_src import runtime
from site_src.__main__ import main
from site_src.check import check
from site_src.execute import Lib, run_cell
from site_src.gaps import read_ember

REPO = Path(__file__).resolve().parents[2]
BROKEN = Path(__file__).parent / "broken"
COURSE_YML = "parts:\n  I: One\n  II: Two\n  III: Three\nplanned: []\n"
LESSON = """---
number: "{number}"
part: {part}
title: A lesson
question: Does it hold?
minutes: 5
builds_on: []
can_now: be checked
---

Text.
"""


def course(tmp_path: Path, lessons: dict[str, str], course_yml: str = COURSE_YML) -> Path:
    """A docs folder in tmp_path with course_yml and lessons (file name → text)."""
    docs = tmp_path / "docs"
    (docs / "lessons").mkdir(parents=True)
    (docs / "course.yml").write_text(course_yml)
    for name, text in lessons.items():
        (docs / "lessons" / name).write_text(text)
    return docs


def problems_of(tmp_path: Path, docs: Path) -> list[str]:
    return check(tmp_path, docs, docs / "course.yml", REPO, cache=None)


def test_each_broken_fence_and_link_is_a_line_of_its_own(tmp_path):
    docs = course(tmp_path, {})
    for path in BROKEN.glob("*.md"):
        if path.name != "README.md":
            shutil.copy(path, docs / "lessons" / path.name)
    lesson = "docs/lessons/07-broken-fences.md"
    assert problems_of(tmp_path, docs) == [
        f"{lesson}:14: a question needs exactly one right option (right: true), not 2",
        f"{lesson}:24: a recap is 'questions:' and a list of questions",
        f"{lesson}:27: cannot read the options of '```python cell raises=TypeError': write each as "
        'name="value", with quotes',
        f"{lesson}:31: unknown cell option 'speed'; known: raises, time_limit, build",
        f'{lesson}:35: a figure needs an id of lowercase letters, digits and -, as in id="loss"',
        f"{lesson}:43: a figure or plot with id 'twice' is already on this page",
        f"{lesson}:47: the link to 08-nowhere.md leads to no page of docs/",
        f"{lesson}:53: lab fields missing ['checks', 'hints', 'praise', 'why']; a lab has: gaps, what, "
        "why, hints, checks, praise, and may have: mistakes, also_right",
        f'{lesson}:58: time_limit must be seconds from 1 to 3600, as in time_limit="60", not \'0\'',
        "docs/lessons/08-no-number.md:1: a page in lessons/ is a lesson: its front matter needs "
        'number: "NN" and the other fields of site_src/frame.py',
    ]


def test_the_course_file_is_checked_once_the_pages_are_sound(tmp_path):
    docs = course(tmp_path, {"07-a.md": LESSON.format(number="07", part="IV")})
    assert problems_of(tmp_path, docs) == [
        "docs/lessons/07-a.md:3: lesson 07: part 'IV' is not one of I, II, III (docs/course.yml)"]


def test_the_lab_invariants_are_checked_last(tmp_path):
    lab = ("\n```yaml lab\ngaps: [L07.nothing]\nwhat: W.\nwhy: W.\nhints: [a, b, c]\n"
           "checks:\n  - title: t\n    code: pass\npraise: P.\n```\n")
    docs = course(tmp_path, {"07-a.md": LESSON.format(number="07", part="II") + lab})
    problems = problems_of(tmp_path, docs)
    assert "docs/lessons/07-a.md:13: no such gap in ember/: L07.nothing" in problems
    assert any(p.startswith("ember/scalar.py:") and "gap L07.init is in no lab of lesson 07" in p for p in problems)


def test_a_lesson_left_out_of_the_nav_is_named(tmp_path):
    docs = course(tmp_path, {"07-a.md": LESSON.format(number="07", part="II"),
                             "08-b.md": LESSON.format(number="08", part="II")})
    config = tmp_path / "mkdocs.yml"
    config.write_text("nav:\n  - Home: index.md\n  - Part II:\n      - 07 A: lessons/07-a.md\n")
    assert check(tmp_path, docs, docs / "course.yml", REPO, None, config) == [
        "docs/lessons/08-b.md:1: lesson 08 is not in the nav of mkdocs.yml; add it under its part, "
        "or the sidebar will not show it"]


def test_a_cell_changed_since_the_last_build_has_its_recorded_output_out_of_date(tmp_path):
    cells = "\n```python cell\nprint(1)\n```\n\n```python cell time_limit=\"60\"\nprint(2)\n```\n"
    docs = course(tmp_path, {"07-a.md": LESSON.format(number="07", part="II") + cells})
    runs = tmp_path / "cache"

    def out_of_date() -> list[str]:  # a course of one lesson breaks the invariants too
        return [p for p in check(tmp_path, docs, docs / "course.yml", REPO, runs) if "recorded output" in p]

    assert out_of_date() == [
        "docs/lessons/07-a.md:13: no recorded output is kept for any of the course's 2 cells, figures and "
        "plots: build the site (make site) first"]
    # What the build keeps: each cell run on ember as lesson 07 ends, for its time limit.
    files = course_src.page_files(read_ember(REPO), REPO, 7, runtime.files())
    lib = Lib(files, tmp_path / "lib")
    run_cell("print(1)", lib, 20, runs)
    run_cell("print(2)", lib, 60.0, runs)
    assert out_of_date() == []
    lesson = docs / "lessons" / "07-a.md"
    lesson.write_text(lesson.read_text().replace("print(2)", "print(3)"))
    assert out_of_date() == [
        "docs/lessons/07-a.md:17: the recorded output is out of date: this code, or the ember it runs on, "
        "changed since the last build (make site, or make serve, runs it again)"]


def test_the_command_prints_each_problem_and_exits_1(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("site_src.__main__.check", lambda *args: ["docs/x.md:3: wrong", "docs/y.md:1: also"])
    assert main(["check"]) == 1
    out, err = capsys.readouterr()
    assert out == "docs/x.md:3: wrong\ndocs/y.md:1: also\n" and err == "2 problems found\n"
    monkeypatch.setattr("site_src.__main__.check", lambda *args: [])
    assert main(["check"]) == 0


def test_the_real_course_has_no_problem():
    assert check(REPO, REPO / "docs", REPO / "docs" / "course.yml", REPO, REPO / "build" / "cache" / "runs",
                 REPO / "mkdocs.yml") == []
