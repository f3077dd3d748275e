"""Checks that teach, in Chromium, typing as a learner does: a wrong engine fails with a reason
that names what went wrong, a typical mistake gets its words, and once a lab passes, the
course's answer opens beside the learner's."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.test_editor import INIT, REPR, select_gap, type_lines
from tests.e2e.test_labs import check, lab, run_checks
from tests.e2e.test_lesson07 import LESSON


def test_the_courses_answer_opens_beside_the_learners_only_once_the_lab_passes(page: Page, site: str):
    page.goto(site + LESSON)
    select_gap(page, 1, "Keep data as a float")
    type_lines(page, INIT)
    select_gap(page, 1, "Return text such as")
    type_lines(page, [REPR])
    answers = lab(page, 2).get_by_text("Compare with the course's answer")
    expect(answers).to_be_hidden()
    select_gap(page, 2, "holding the sum")
    type_lines(page, ["other = _as_value(other)", "out = Value(self.data + other.data, (self, other), '+')"])
    select_gap(page, 2, "holding the product")
    type_lines(page, ["other = _as_value(other)", "out = Value(self.data * other.data, (self, other), '*')"])
    run_checks(page, 2)
    expect(lab(page, 2).get_by_role("status").last).to_have_text("All 6 checks passed.")
    answers.click()
    mul = lab(page, 2).get_by_role("group", name="Answers for gap L07.mul")
    expect(mul.get_by_text("Yours · L07.mul")).to_be_visible()
    expect(mul.get_by_text("The course's · L07.mul")).to_be_visible()
    expect(mul).to_contain_text("(self, other), '*')")  # the learner's, as typed
    expect(mul).to_contain_text('(self, other), "*")')  # the course's
