"""The page and the build agree where both write a format: the page builds the learner's ember
(js/assemble.js) as site_src/gaps.py writes it, for every lesson, byte for byte, with the lesson's
own gaps between the same marker lines; and the page tells which lesson a saved gap, lab or
question belongs to (js/progress/keys.js) from the names and ids site_src/course.py
gives them. Each format is written on both sides of the boundary; these tests keep them equal."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from site_src import course
from site_src.gaps import read_ember
from site_src.plugin import _segments

REPO = Path(__file__).resolve().parents[2]
NODE = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (make test installs it)")
ASSEMBLE = """
import { readFileSync } from "node:fs";
import { assemble } from "./js/assemble.js";
const lessons = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(lessons.map(({ files, answers }) => assemble(files, (gap) => answers[gap]))));
"""


def answers_for_earlier_gaps(template: dict) -> dict[str, str]:
    """A made-up answer for each gap of an earlier lesson: the learner's text, as the page has it."""
    return {segment.gap: f"{segment.indent}pass  # {segment.gap}, as written\n"
            for segments in template.values() for segment in segments
            if not isinstance(segment, str) and not segment.marked}


def node(script: str, data: object) -> object:
    """What script, an ES module run by Node.js in the repository, prints as JSON for data on stdin."""
    done = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(data),
                          capture_output=True, text=True, encoding="utf-8", cwd=REPO, check=True)
    return json.loads(done.stdout)


@NODE
def test_the_page_assembles_every_lessons_ember_as_the_build_does():
    ember = read_ember(REPO)
    numbers = [lesson.number for lesson in course.read_lessons(REPO, REPO / "docs")]
    asked, expected = [], []
    for number in numbers:
        template = ember.template(number)
        answers = answers_for_earlier_gaps(template)
        asked.append({"files": _segments(template), "answers": answers})
        expected.append(ember.snapshot(number, answers=answers))
    assembled = node(ASSEMBLE, asked)
    for number, page, build in zip(numbers, assembled, expected, strict=True):
        assert page == build, f"lesson {number:02d}: the page's ember differs from the build's"
    assert any("# --- gap " in text for files in expected for text in files.values())  # marked gaps were compared


OF_LESSON = """
import { readFileSync } from "node:fs";
import { ofLesson } from "./js/progress/keys.js";
const { keys, lessons } = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(Object.fromEntries(keys.map((key) => [key, lessons.filter((n) => ofLesson(key, n))]))));
"""


@NODE
def test_the_page_finds_the_lesson_of_every_gap_lab_and_question_the_build_names():
    lessons = course.read_lessons(REPO, REPO / "docs")
    owner = {name: version.lesson for name, (_, version) in read_ember(REPO).gaps.items()}
    for lesson in lessons:
        owner.update({lesson.lab_id(index): lesson.number for index in range(len(lesson.labs))})
        owner.update({quiz: lesson.number for quiz in lesson.quizzes})
    found = node(OF_LESSON, {"keys": list(owner), "lessons": [lesson.number for lesson in lessons]})
    assert found == {key: [number] for key, number in owner.items()}
    for kind in (r"L\d\d\.\w+", r"\d\d-\d+", r"\d\d-q\d+", r"\d\d-r\d+"):  # gaps, labs, questions, recaps
        assert any(re.fullmatch(kind, key) for key in owner), kind
