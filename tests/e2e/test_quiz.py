"""Questions in Chromium, on the test course: feedback for each option (with its math
typeset), the explanation after the right one, answers kept across reloads, the keyboard alone,
and the answer for readers without JavaScript."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.pages import LESSON, question, shows_focus

PRODUCT = "Can you tell a and b from c alone?"
"""The test course's first question (tests/e2e/course/docs/lessons/01-values-that-remember.md)."""
RIGHT = "No, many pairs give 6.0"
"""Its right answer."""


def test_a_wrong_choice_shows_its_feedback_and_the_right_one_the_explanation(page: Page, course: str):
    page.goto(course + LESSON)
    quiz = question(page, PRODUCT)
    quiz.get_by_label("Yes: 2.0 and 3.0").check()
    expect(quiz.get_by_role("status")).to_have_text(re.compile(r"^Not quite\. That is one pair\..*Try another option\.$"))
    explanation = quiz.locator(".ember-quiz__explain")
    expect(explanation).to_be_hidden()
    quiz.get_by_label(RIGHT).check()
    expect(quiz.get_by_role("status")).to_have_text("Right. A float keeps the result and nothing else.")
    expect(explanation).to_be_visible()
    expect(explanation).to_have_text(re.compile("^A plain number forgets how it was made."))


def test_answers_are_remembered_across_reloads(page: Page, course: str):
    page.goto(course + LESSON)
    quiz = question(page, "How many new Values")
    quiz.get_by_label("2: the sum once and the product").check()
    quiz.get_by_label("3: two sums and one product").check()
    page.reload()
    quiz = question(page, "How many new Values")
    expect(quiz.get_by_label("3: two sums and one product")).to_be_checked()
    expect(quiz.get_by_role("status")).to_contain_text("Right.")
    expect(quiz.locator(".ember-quiz__explain")).to_contain_text("The same number in two Values is not one Value used twice.")
    expect(quiz.locator(".ember-quiz__explain")).to_be_visible()


def test_math_in_a_choices_feedback_is_typeset_also_when_a_reload_shows_it(page: Page, course: str):
    page.goto(course + LESSON)
    for _ in range(2):  # answered, then shown again from the saved answer as the page loads
        quiz = question(page, "A loss has 100 knobs")
        quiz.get_by_label(re.compile("^100( |$)")).check()  # once tried, its label says so
        status = quiz.get_by_role("status")
        expect(status).to_contain_text("Not quite.")
        expect(status.get_by_role("math")).to_have_count(1)
        expect(status).not_to_contain_text("\\(")
        page.reload()


def test_the_keyboard_alone_answers_and_arrows_do_not(page: Page, course: str):
    page.goto(course + LESSON)
    quiz = question(page, "A loss has 100 knobs")
    quiz.get_by_label("100", exact=True).focus()
    page.keyboard.press("ArrowDown")  # selects 101 without answering
    expect(quiz.get_by_label("101")).to_be_checked()
    expect(quiz.locator(".ember-quiz__status")).to_be_empty()
    page.keyboard.press("Enter")
    expect(quiz.get_by_role("status")).to_have_text(re.compile("^Right. One pass at"))


def test_a_choice_the_keyboard_is_on_shows_a_focus_ring(page: Page, course: str):
    page.goto(course + LESSON)
    quiz = question(page, "A loss has 100 knobs")
    assert shows_focus(page, quiz.get_by_label("100", exact=True))


def test_without_javascript_the_options_show_with_the_answer_in_closed_details(browser, course: str):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(course + LESSON)
    quiz = page.get_by_role("group", name=re.compile(re.escape(PRODUCT)))  # never mounted
    expect(quiz.get_by_label("Yes: 2.0 and 3.0")).to_be_visible()
    answer = quiz.locator("details")
    expect(answer).not_to_have_attribute("open", "")
    answer.get_by_text("Answer").click()
    expect(answer).to_contain_text(RIGHT)
    expect(answer).to_contain_text("A plain number forgets how it was made.")
    expect(quiz.get_by_role("button", name="Check")).to_be_hidden()
    context.close()
