"""Checks that teach, in Chromium, typing as a learner does: a wrong engine fails with a reason
that names what went wrong, a typical mistake gets its words, and once a lab passes, the
course's answer opens beside the learner's."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import LESSON, REPR, WRONG_INIT, check, lab, run_checks, write_gap
from tests.e2e.test_editor import select_gap, type_first_lab, type_lines
from tests.e2e.test_lessons import LESSONS, load_finished_pieces, solution, write
from tests.lessons import test_wrong_answers_are_pointed_at as wrong_answers


def test_the_courses_answer_opens_beside_the_learners_only_once_the_lab_passes(page: Page, course: str):
    page.goto(course + LESSON)
    type_first_lab(page)
    answers = lab(page, 2).get_by_text("Compare with the course's answer")
    expect(lab(page, 2).get_by_role("button", name="Run checks")).to_be_visible()  # mounted
    expect(answers).to_be_hidden()
    select_gap(page, 2, "holding the sum")
    type_lines(page, ["other = _as_value(other)", "out = Value(self.data + other.data, (self, other), '+')"])
    select_gap(page, 2, "holding the product")
    type_lines(page, ["other = _as_value(other)", "out = Value(self.data * other.data, (self, other), '*')"])
    run_checks(page, 2)
    expect(lab(page, 2).get_by_role("status").last).to_have_text("All 6 checks passed.")
    answers.click()
    mul = lab(page, 2).get_by_role("group", name="Answers for gap L01.mul")
    expect(mul.get_by_text("Yours · L01.mul")).to_be_visible()
    expect(mul.get_by_text("The course's · L01.mul")).to_be_visible()
    expect(mul).to_contain_text("(self, other), '*')")  # the learner's, as typed
    expect(mul).to_contain_text('(self, other), "*")')  # the course's


REVERSED_PRE_ORDER = ["order, seen, stack = [], set(), [root]", "while stack:", "value = stack.pop()",
                      "if value in seen:", "continue"]


def test_a_reversed_pre_order_fails_lesson_10s_first_lab_naming_a_value_before_its_parent(page: Page, site: str):
    page.goto(site + "lessons/10-in-order/")
    with page.expect_event("load"):  # the reload: not a history change Material makes as the page scrolls
        page.get_by_role("button", name="Load the finished pieces").click()
    select_gap(page, 1, "NotImplementedError")
    type_lines(page, REVERSED_PRE_ORDER)
    page.keyboard.press("Enter")
    page.keyboard.press("Backspace")  # out of the if
    type_lines(page, ["seen.add(value)", "order.append(value)", "stack.extend(value._prev)"])
    page.keyboard.press("Enter")
    page.keyboard.press("Backspace")  # out of the while
    page.keyboard.type("return order[::-1]")
    run_checks(page, 1)
    expect(lab(page, 1).get_by_role("status").last).not_to_have_text(re.compile("^All"))
    failing = lab(page, 1).get_by_role("listitem").filter(has_text="comes before its parent")
    expect(failing).to_contain_text("paths of different lengths")


def test_loading_the_finished_pieces_after_arriving_at_a_heading_comes_back_at_the_button_saying_what_it_did(
        page: Page, site: str):
    page.goto(site + "lessons/10-in-order/#a-walk-that-calls-itself")
    page.evaluate("scrollTo(0, 0)")  # up to the button under the lesson's header
    with page.expect_event("load"):
        page.get_by_role("button", name="Load the finished pieces").click()
    said = page.get_by_role("status").filter(has_text=re.compile(r"Filled \d+ gaps with their solutions"))
    expect(said).to_be_in_viewport()
    assert "#" not in page.url


def test_assigning_grads_in_lesson_09s_product_gets_the_words_of_that_mistake(page: Page, site: str):
    page.goto(site + "lessons/09-shares-add-up/")
    with page.expect_event("load"):  # the reload: not a history change Material makes as the page scrolls
        page.get_by_role("button", name="Load the finished pieces").click()
    # The gaps start with lesson 08's code, which sets grads with =: the learner mends + alone.
    write(page, 1, "L09.add_back", solution("L09.add_back"))
    run_checks(page, 1)
    expect(check(page, 1, "In a + a, a gets both shares")).to_contain_text("passed")
    a_squared = check(page, 1, "In a * a with a = -3")
    expect(a_squared).to_contain_text("Most likely: in a * a, a kept only its last share")
    expect(a_squared).to_contain_text("+=")


def line_centred_below_header(page: Page, text: str) -> bool:
    """Whether the editor's line that shows text is in the middle half of the view below the page's
    sticky header, once scrolling has ended: clear of the header, with lines to read around it."""
    return page.evaluate("""text => new Promise((resolve) => {
      const check = () => {
        const line = [...document.querySelectorAll(".cm-line")].find((el) => el.textContent.trim() === text);
        const header = document.querySelector(".md-header").getBoundingClientRect();
        const { top, bottom } = line?.getBoundingClientRect() ?? {};
        const quarter = (innerHeight - header.bottom) / 4;
        resolve(top >= header.bottom + quarter && bottom <= innerHeight - quarter);
      };
      addEventListener("scrollend", check, { once: true });
      setTimeout(check, 1000);  // no scroll at all: no scrollend
    })""", text)


def type_first_lab_and_add(page: Page) -> None:
    """Type the test course's first lab, and + in its second, right."""
    type_first_lab(page)
    select_gap(page, 2, "holding the sum")
    type_lines(page, ["other = _as_value(other)", "out = Value(self.data + other.data, (self, other), '+')"])


def test_a_wrong_line_is_pointed_at_and_its_button_selects_it_for_retyping(page: Page, course: str):
    page.goto(course + LESSON)
    type_first_lab_and_add(page)
    select_gap(page, 2, "holding the product")
    type_lines(page, ["other = _as_value(other)", "out = Value(self.data + other.data, (self, other), '*')"])
    run_checks(page, 2)
    pointer = lab(page, 2).get_by_role("listitem").filter(has_text="Gap L01.mul")
    expect(pointer).to_have_text(re.compile(r"^Gap L01\.mul: the checks pass once its line 2 changes; they find nothing wrong in its line 1\."))
    expect(lab(page, 2).get_by_role("listitem").filter(has_text="Gap L01.add")).to_have_count(0)  # right: not named
    page.evaluate("scrollTo(0, document.body.scrollHeight)")  # the line far above: the button brings it into view
    pointer.get_by_role("button", name="Select line 2 of L01.mul").click()
    assert line_centred_below_header(page, "out = Value(self.data + other.data, (self, other), '*')")
    page.keyboard.type("out = Value(self.data * other.data, (self, other), '*')")  # typed over the selected line
    run_checks(page, 2)
    expect(lab(page, 2).get_by_role("status").last).to_have_text("All 6 checks passed.")
    expect(lab(page, 2).get_by_text("Where to look")).to_be_hidden()


def test_a_missing_lines_button_puts_the_cursor_where_it_goes_and_an_edit_takes_the_pointer_away(page: Page, course: str):
    page.goto(course + LESSON)
    type_first_lab_and_add(page)
    select_gap(page, 2, "holding the product")
    type_lines(page, ["out = Value(self.data * other.data, (self, other), '*')"])  # no _as_value
    run_checks(page, 2)
    pointer = lab(page, 2).get_by_role("listitem").filter(has_text=re.compile(r"^Gap L01\.mul:"))
    expect(pointer).to_contain_text("the checks pass once a line is added before its first line")
    pointer.get_by_role("button", name="Go to the start of L01.mul").click()
    page.keyboard.type("other = _as_value(other)")
    expect(lab(page, 2).get_by_text("Where to look")).to_be_hidden()  # the gap changed: its pointer went
    page.keyboard.press("Enter")
    run_checks(page, 2)
    expect(lab(page, 2).get_by_role("status").last).to_have_text("All 6 checks passed.")


# With the course's +, this * never ends; with the learner's (one too many), it does at once.
LOOPS_WITH_THE_COURSES_ADD = ("other = _as_value(other)\nwhile (self + 0).data == self.data:\n    pass\n"
                              "out = Value(self.data * other.data, (self, other), '*')")


def write_add_one_too_many_and_a_mul_that_loops_with_the_courses(page: Page) -> None:
    type_first_lab(page)
    select_gap(page, 2, "holding the sum")
    page.keyboard.insert_text("other = _as_value(other)\nout = Value(self.data + other.data + 1, (self, other), '+')")
    select_gap(page, 2, "holding the product")
    page.keyboard.insert_text(LOOPS_WITH_THE_COURSES_ADD)


def test_a_trial_that_never_ends_costs_its_own_time_and_the_pointers_still_show(page: Page, isolated_course: str):
    # Cross-origin isolated, as the site's service worker makes every page: the page ends a trial
    # through the interrupt buffer.
    page.goto(isolated_course + LESSON)
    write_add_one_too_many_and_a_mul_that_loops_with_the_courses(page)
    run_checks(page, 2)
    expect(lab(page, 2).get_by_role("status").last).not_to_contain_text(re.compile("Stopped|time limit"))
    expect(lab(page, 2).get_by_role("listitem").filter(has_text="Gap L01.add: the checks pass once its line 2 changes")).to_be_visible()


def test_stop_while_finding_where_to_look_keeps_the_results_and_says_so(page: Page, course: str):
    page.goto(course + LESSON)
    write_add_one_too_many_and_a_mul_that_loops_with_the_courses(page)
    lab(page, 2).get_by_role("button", name="Run checks").click()
    expect(check(page, 2, "a + a keeps a twice")).to_contain_text(re.compile("passed|failed"))  # the last result
    lab(page, 2).get_by_role("button", name="Stop").click()  # while its trials run, each up to a second
    expect(lab(page, 2).get_by_role("status").last).to_have_text(re.compile(r"^\d of 6 checks passed\. Stopped while finding where to look\."))
    expect(check(page, 2, "Value(2) + Value(3) has data 5.0")).to_contain_text("failed")



# As the learner has it, or all as the course has it, this * ends at once; with the course's line 2
# and the learner's loop after it, it never does: the search for its lines is stuck there.
LOOPS_WITH_THE_COURSES_LINE_2 = ("other = _as_value(other)\nout = Value(self.data * other.data + 1, (self, other), '*')\n"
                                 "while out.data == self.data * other.data:\n    pass")


def test_where_to_look_shows_each_gap_as_it_is_found_and_keeps_it_when_the_search_is_cut_short(page: Page, course: str):
    page.goto(course + LESSON)
    type_first_lab(page)
    select_gap(page, 2, "holding the sum")
    page.keyboard.insert_text("other = _as_value(other)\nout = Value(self.data + other.data + 1, (self, other), '+')")
    select_gap(page, 2, "holding the product")
    page.keyboard.insert_text(LOOPS_WITH_THE_COURSES_LINE_2)
    lab(page, 2).get_by_role("button", name="Run checks").click()
    add = lab(page, 2).get_by_role("listitem").filter(has_text="Gap L01.add: the checks pass once its line 2 changes")
    expect(add).to_be_visible()
    # Shown while the search goes on: no cross-origin isolation here, so only the checks' time
    # limit ends the trial of * that never ends.
    expect(lab(page, 2).get_by_role("status").last).to_have_text("Every check has run. Finding where to look…")
    expect(lab(page, 2).get_by_role("status").last).to_have_text(re.compile(
        r"^\d of 6 checks passed\. The time limit came while finding where to look\. "
        r"Where to look says what was found by then\."), timeout=60_000)
    expect(add).to_be_visible()
    expect(lab(page, 2).get_by_role("listitem").filter(has_text="Gap L01.mul")).to_have_count(0)


def test_a_wrong_gap_of_an_earlier_lab_of_the_page_is_pointed_at_from_the_next_lab(page: Page, course: str):
    page.goto(course + LESSON)
    write_gap(page, 1, "Keep data as a float", WRONG_INIT)  # data kept as given: Value(2) + Value(3) is 5, an int
    write_gap(page, 1, "Return text such as", REPR)
    select_gap(page, 2, "holding the sum")
    page.keyboard.insert_text("other = _as_value(other)\nout = Value(self.data + other.data, (self, other), '+')")
    select_gap(page, 2, "holding the product")
    page.keyboard.insert_text("other = _as_value(other)\nout = Value(self.data * other.data, (self, other), '*')")
    run_checks(page, 2)
    pointer = lab(page, 2).get_by_role("listitem").filter(has_text="Gap L01.init")
    expect(pointer).to_contain_text("It belongs to an earlier lab of this lesson, whose checks have not passed yet.")
    expect(lab(page, 2).get_by_role("listitem").filter(has_text=re.compile(r"Gap L01\.(add|mul)"))).to_have_count(0)

SAMPLE = ["both at once: step above 0 and no bias", "h not passed on to numerical_gradient",
          "both: add's op and mul adds", "mul's share found by dividing", "the walk goes leaves first",
          "parameters without the bias", "returns the loss Value", "the step taken before backward"]
"""Wrong answers of tests/lessons/wrong_answers.yml, by their why, written in the browser."""


@pytest.mark.parametrize("why", SAMPLE)
def test_a_wrong_answer_is_pointed_at_in_the_browser_as_the_build_points_at_it(page: Page, site: str, why: str, tmp_path):
    answer = next(answer for answer in wrong_answers.ANSWERS if answer["why"] == why)
    lesson, index, _ = wrong_answers._checks(answer["lab"], tmp_path)
    page.goto(site + next(path for path in LESSONS if path[8:10] == answer["lab"][:2]))
    if lesson.number > 1:
        load_finished_pieces(page)
    for number, each in enumerate(lesson.labs[:index + 1], start=1):
        for gap in each.gaps:
            text = answer["gaps"][gap]["text"] if gap in answer["gaps"] else solution(gap)
            write(page, number, gap, text.removesuffix("\n"))
    run_checks(page, index + 1)
    built = wrong_answers.told(answer, tmp_path)["blame"]
    pointers = lab(page, index + 1).get_by_role("listitem").filter(has_text=re.compile(r"^Gap L\d\d\."))
    expect(pointers).to_have_count(len(built))
    for pointer, fault in zip(pointers.all(), built):
        expect(pointer).to_contain_text(fault["text"])
