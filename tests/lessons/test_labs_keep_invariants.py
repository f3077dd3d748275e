"""The real course: every lab keeps the invariants, and every lesson's cells and labs build."""

from pathlib import Path

import pytest

from site_src import course, runtime
from site_src.gaps import read_ember

REPO = Path(__file__).resolve().parents[2]
LESSONS = course.read_lessons(REPO, REPO / "docs")


def test_the_course_keeps_every_lab_invariant(tmp_path):
    assert course.problems(read_ember(REPO), LESSONS, runtime.files(), tmp_path) == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: f"{lesson.number:02d}")
def test_every_gap_of_a_lesson_is_written_in_one_of_its_labs(lesson):
    gaps = {name for name, (_, version) in read_ember(REPO).gaps.items() if version.lesson == lesson.number}
    assert gaps == {gap for lab in lesson.labs for gap in lab.gaps}


def test_lesson_07_has_the_seeds_two_labs_with_five_and_six_checks():
    seven = next(lesson for lesson in LESSONS if lesson.number == 7)
    assert [len(lab.checks) for lab in seven.labs] == [5, 6]
    assert [lab.gaps for lab in seven.labs] == [("L07.init", "L07.repr"), ("L07.add", "L07.mul")]
