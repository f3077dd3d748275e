"""Wrong answers written cold, as new learners write them (wrong_answers.yml, beside this file):
each is caught by its lab's checks and pointed at, as the page does it (site_src/runtime/blame.py):
the gap at fault, and the learner's line where one line is wrong; no pointer or declared mistake's
words name a gap or line that is right.

``python -m tests.lessons.test_wrong_answers_are_pointed_at [words]`` prints what each answer is
told (each whose why holds words).
"""

import functools
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import yaml

from site_src import course, runtime
from site_src.gaps import read_ember

REPO = Path(__file__).resolve().parents[2]
ANSWERS = yaml.safe_load((Path(__file__).parent / "wrong_answers.yml").read_text(encoding="utf-8"))
PAGE_TIME_LIMIT = 10
"""The seconds the page gives a lab's checks (CHECKS_TIME_LIMIT in js/lab.js), for an answer
that never ends."""
LINE_GOAL = 0.9
"""The share of answers wrong on one line whose pointer names that line."""


@functools.cache
def _course():
    ember = read_ember(REPO)
    return ember, {lesson.number: lesson for lesson in course.read_lessons(REPO, REPO / "docs")}


@functools.cache
def _checks(lab_id: str, scratch: Path) -> tuple:
    """The lab's checks with their declared mistakes, as the page has them."""
    ember, lessons = _course()
    number, index = (int(part) for part in lab_id.split("-"))
    lesson = lessons[number]
    return lesson, index - 1, course.diagnosed_checks(ember, lesson, index - 1, runtime.files(), scratch / lab_id)


def told_all(scratch: Path, answers: list[dict] = ANSWERS) -> list[dict]:
    """told of each answer, one on each processor at a time; each lab's checks made first, once."""
    for lab_id in dict.fromkeys(answer["lab"] for answer in answers):
        _checks(lab_id, scratch)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:  # as many as run at once: the blame's time is the clock's
        return list(pool.map(lambda answer: told(answer, scratch), answers))


def told(answer: dict, scratch: Path) -> dict:
    """What the page tells a learner who wrote answer: the results of the lab's checks and the
    blame, run with the lab's other gaps and earlier labs solved; within the page's time limit
    only for an answer that never ends (the limit's cuts depend on how busy the machine is)."""
    ember, _ = _course()
    lesson, index, checks = _checks(answer["lab"], scratch)
    mine = {gap: wrong["text"] for gap, wrong in answer["gaps"].items()}
    answers = {**course._answers(ember, lesson, index), **mine}
    folder = Path(tempfile.mkdtemp(dir=scratch))
    return course.blamed_run(ember, lesson.number, lesson.labs[index].gaps, answers, checks, runtime.files(), folder,
                             time_limit=PAGE_TIME_LIMIT if answer.get("never_ends") else None,
                             beside=tuple(gap for lab in lesson.labs[:index] for gap in lab.gaps))


def judged(answer: dict, lab: dict) -> dict:
    """How well lab (told's) points at answer: caught, each wrong gap pointed at, the wrong line
    named where one line is wrong, and what misleads: a pointer or a mistake's words for a gap
    that is right, a line named that is right (any, where only a line is missing), only a line to add where a line is wrong ("they find
    nothing wrong in the lines it has"), or the words of a mistake the answer does not make (its
    not_said)."""
    wrong = {gap: wrong.get("lines", []) for gap, wrong in answer["gaps"].items()}
    faults = {fault["gap"]: fault for fault in lab["blame"]}
    misleads = [f"pointer at {gap}, which is right" for gap in faults if gap not in wrong]
    misleads += [f"lines {faults[gap]['lines']} of {gap}, where {lines} are wrong" for gap, lines in wrong.items()
                 if gap in faults and lines and faults[gap]["lines"] and not set(faults[gap]["lines"]) <= set(lines)]
    misleads += [f"no line of {gap} named wrong, where {lines} are" for gap, lines in wrong.items()
                 if gap in faults and lines and not faults[gap]["lines"] and faults[gap]["after"] is not None]
    misleads += [f"lines {faults[gap]['lines']} of {gap} named, where only a line is missing" for gap, wrong in answer["gaps"].items()
                 if wrong.get("missing") and gap in faults and faults[gap]["lines"]]
    misleads += [f"mistake's words for {fault['gap']}, which is right" for fault in lab["blame"]
                 if fault["says"] and fault["gap"] not in wrong]
    misleads += [f"words of a mistake not made: {fault['says']}" for fault in lab["blame"]
                 if fault["says"] and any(words in fault["says"] for words in answer.get("not_said", ()))]
    one_line = [gap for gap, lines in wrong.items() if len(lines) == 1]
    return {
        "caught": any(result["status"] != "passed" for result in lab["results"]),
        "gaps": set(wrong) <= set(faults),
        "one_line": len(one_line),
        "lines": sum(1 for gap in one_line if gap in faults and faults[gap]["lines"] == wrong[gap]),
        "misleads": misleads,
    }


@pytest.fixture(scope="module")
def judgements(tmp_path_factory) -> list[dict]:
    labs = told_all(tmp_path_factory.mktemp("wrong"))
    return [judged(answer, lab) for answer, lab in zip(ANSWERS, labs)]


def _named(judgements: list[dict], key: str) -> list[str]:
    return [f"{answer['lab']} {list(answer['gaps'])}: {answer['why']}"
            for answer, judgement in zip(ANSWERS, judgements) if not judgement[key]]


def test_every_wrong_answer_is_caught(judgements):
    assert _named(judgements, "caught") == []


def test_every_caught_answer_is_pointed_at_its_wrong_gaps(judgements):
    assert _named([{**j, "gaps": j["gaps"] or not j["caught"]} for j in judgements], "gaps") == []


def test_a_wrong_line_among_right_ones_is_named(judgements):
    one_line = sum(j["one_line"] for j in judgements)
    assert sum(j["lines"] for j in judgements) >= LINE_GOAL * one_line


def test_no_pointer_and_no_mistakes_words_mislead(judgements):
    assert [(answer["lab"], answer["why"], j["misleads"]) for answer, j in zip(ANSWERS, judgements) if j["misleads"]] == []


def test_the_corpus_covers_every_lab_of_the_course():
    _, lessons = _course()
    labs = {lesson.lab_id(index) for lesson in lessons.values() for index in range(len(lesson.labs))}
    assert labs <= {answer["lab"] for answer in ANSWERS}


def main(only: str = "") -> None:
    """Print what each wrong answer is told, and the totals; only the answers whose why holds
    only, if given."""
    answers = [answer for answer in ANSWERS if only in answer["why"]]
    with tempfile.TemporaryDirectory() as folder:
        labs = told_all(Path(folder), answers)
    totals = {"caught": 0, "gaps": 0, "one_line": 0, "lines": 0, "misleads": 0}
    for answer, lab in zip(answers, labs):
        judgement = judged(answer, lab)
        print(f"{answer['lab']} {answer['why']}")
        for fault in lab["blame"]:
            print(f"    {fault['text']}" + (f" Most likely: {fault['says']}" if fault["says"] else ""))
        for mislead in judgement["misleads"]:
            print(f"    MISLEADS: {mislead}")
        for key in ("caught", "gaps", "one_line", "lines"):
            totals[key] += int(judgement[key])
        totals["misleads"] += len(judgement["misleads"])
    print(f"{len(answers)} answers: {totals['caught']} caught, {totals['gaps']} pointed at every wrong gap; "
          f"{totals['lines']} of {totals['one_line']} gaps wrong on one line have it named; "
          f"{totals['misleads']} misleading words")


if __name__ == "__main__":
    main(*sys.argv[1:2])
