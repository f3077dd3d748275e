"""site_src/frame.py: the front-matter rules, and the header, footer and course map they make."""

import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from site_src import frame
from site_src.course import Lesson
from site_src.fences import FenceError

COURSE = """\
parts:
  I: Plain numbers
  II: Single Values
planned:
  - number: "01"
    part: I
    title: A neuron
    question: How does a neuron decide?
    minutes: 25
    builds_on: []
    can_now: decide with a step
  - number: "03"
    part: II
    title: Next one
    question: What comes next?
    minutes: 40
    builds_on: ["02"]
    can_now: do the next thing
"""

META = {"number": "02", "part": "I", "title": "A number that remembers", "question": "What must it record?",
        "minutes": 35, "builds_on": ["01"], "can_now": "record how every number was made"}


def make(tmp_path: Path, meta: dict = META, course: str = COURSE, name: str = "02-remember.md",
         labs: int = 2) -> frame.Course:
    (tmp_path / "docs" / "lessons").mkdir(parents=True, exist_ok=True)
    (tmp_path / "docs" / "course.yml").write_text(course)
    src = f"docs/lessons/{name}"
    front = "".join(f"{key}: {value!r}\n".replace("'", '"') for key, value in meta.items())
    (tmp_path / src).write_text(f"---\n{front}---\n\nText.\n")
    lesson = Lesson(int(meta.get("number", "0") or 0), src, meta, (None,) * labs, ("02-r1", "02-q1"))
    return frame.read_course(tmp_path / "docs" / "course.yml", [lesson], tmp_path)


def href(entry):
    return f"../{entry.nn}/" if entry.src_path else None


def test_the_course_is_the_written_and_planned_lessons_in_order(tmp_path):
    course = make(tmp_path)
    assert [e.number for e in course.lessons] == [1, 2, 3]
    written = course.lesson(2)
    assert written.labs == ("02-1", "02-2") and written.quizzes == ("02-r1", "02-q1")
    assert course.neighbours(written) == (course.lesson(1), course.lesson(3))


def test_the_header_places_the_lesson_in_the_course(tmp_path):
    course = make(tmp_path)
    text = re.sub(r"<[^>]+>", " ", frame.header_html(course, course.lesson(2), href))
    assert " ".join(text.split()) == ("Lesson 02 · Part I · Plain numbers A number that remembers "
                                      "What must it record? ~35 min · 2 labs · builds on 01 A neuron (coming)")


def test_the_catch_up_line_names_one_earlier_lesson_or_a_range(tmp_path):
    one = make(tmp_path)
    text = " ".join(re.sub(r"<[^>]+>", " ", frame.catch_up_html(one, one.lesson(2), href)).split())
    assert text == "Lesson 01 is still to be written. Start here: this lesson's labs need nothing from them."
    three = make(tmp_path, {**META, "number": "04", "builds_on": ["03"]}, COURSE.replace('["02"]', '["01"]'),
                 name="04-later.md")
    text = " ".join(re.sub(r"<[^>]+>", " ", frame.catch_up_html(three, three.lesson(4), href)).split())
    assert text.startswith("Lessons 01–03 are still to be written.")


def test_the_footer_says_what_ember_can_now_do_what_it_could_and_where_to_go(tmp_path):
    course = make(tmp_path)
    html = frame.footer_html(course, course.lesson(2), href, "https://example.org/me/ember/")
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Your ember can now: record how every number was made" in text
    assert "It already could" not in text  # lesson 01 is only planned: it built nothing yet
    assert "Next 03 Next one (coming) · What comes next? · ~40 min Previous 01 A neuron (coming)" in text
    report = urlparse(re.search(r'href="([^"]+)">Report a problem with this lesson', html)[1].replace("&amp;", "&"))
    assert report.netloc == "example.org" and report.path == "/me/ember/issues/new"
    assert parse_qs(report.query)["title"] == ["Lesson 02: A number that remembers"]


def test_without_a_repo_url_there_is_no_report_link(tmp_path):
    course = make(tmp_path)
    assert "Report a problem" not in frame.footer_html(course, course.lesson(2), href, None)


def test_the_course_map_lists_every_lesson_with_the_ids_its_progress_counts(tmp_path):
    html = frame.map_html(make(tmp_path), href)
    assert '<h2 id="part-i">Part I · Plain numbers</h2>' in html
    assert 'data-labs="02-1 02-2" data-quizzes="02-r1 02-q1"' in html
    assert '<td class="ember-map__progress">coming</td>' in html


@pytest.mark.parametrize("change, message", [
    ({"minutes": 0}, r"02-remember.md:6: minutes must be a whole number from 1 to 240, not 0"),
    ({"number": "2"}, r"number must be two digits in quotes"),
    ({"part": "IX"}, r"part 'IX' is not one of I, II"),
    ({"builds_on": ["03"]}, r"builds on 03, which is not an earlier lesson"),
    ({"builds_on": "01"}, r"builds_on must be a list"),
    ({"colour": "red"}, r"unknown lesson field 'colour'"),
    ({"can_now": ""}, r"can_now must be text"),
])
def test_front_matter_that_breaks_a_rule_stops_the_build_naming_the_file(tmp_path, change, message):
    meta = {key: value for key, value in {**META, **change}.items() if value is not None}
    with pytest.raises(FenceError, match=message):
        make(tmp_path, meta)


def test_a_missing_field_is_named(tmp_path):
    meta = {key: value for key, value in META.items() if key != "question"}
    with pytest.raises(FenceError, match=r"^docs/lessons/02-remember.md:2: lesson fields missing: question"):
        make(tmp_path, meta)


def test_a_lesson_both_written_and_planned_is_refused(tmp_path):
    with pytest.raises(FenceError, match="lesson 01 is also .*written or planned"):
        make(tmp_path, {**META, "number": "01", "builds_on": []}, name="01-neuron.md")


def test_a_file_named_for_another_number_is_refused(tmp_path):
    with pytest.raises(FenceError, match="file name must start with 02-, not 05-remember.md"):
        make(tmp_path, name="05-remember.md")


def test_materials_own_keys_are_allowed(tmp_path):
    assert make(tmp_path, {**META, "hide": ["toc"]}).lesson(2).title == "A number that remembers"


def test_an_error_in_a_planned_lesson_names_its_own_line(tmp_path):
    with pytest.raises(FenceError, match=r"^docs/course.yml:16: minutes must be"):
        make(tmp_path, course=COURSE.replace("minutes: 40", "minutes: lots"))
    with pytest.raises(FenceError, match=r"^docs/course.yml:13: lesson 03: part 'IV'"):
        make(tmp_path, course=COURSE.replace("part: II\n    title: Next", "part: IV\n    title: Next"))


def test_a_missing_or_malformed_course_file_is_named(tmp_path):
    with pytest.raises(FenceError, match=r"^docs/course.yml: missing"):
        make(tmp_path, course=COURSE)
        (tmp_path / "docs" / "course.yml").unlink()
        frame.read_course(tmp_path / "docs" / "course.yml", [], tmp_path)
    with pytest.raises(FenceError, match=r"^docs/course.yml:1: the course is a mapping"):
        make(tmp_path, course="- a\n- b\n")


def test_a_lesson_that_builds_on_one_lesson_twice_is_refused(tmp_path):
    with pytest.raises(FenceError, match="names a lesson twice"):
        make(tmp_path, {**META, "builds_on": ["01", "01"]})


def test_it_already_could_lists_every_earlier_written_lesson_newest_first(tmp_path):
    course = make(tmp_path)
    first = replace(course.lesson(1), src_path="docs/lessons/01-neuron.md")
    third = replace(course.lesson(3), src_path="docs/lessons/03-next.md")
    course = frame.Course(course.parts, (first, course.lesson(2), third))
    text = " ".join(re.sub(r"<[^>]+>", " ", frame.footer_html(course, third, href, None)).split())
    assert "It already could: record how every number was made decide with a step" in text
