"""Questions in Chromium, most of them lesson 07's: feedback for each option (with its math
typeset), the explanation after the right one, answers kept across reloads, the keyboard alone,
and the answer for readers without JavaScript."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.test_lesson07 import LESSON
from tools.reach import come_to


def question(page: Page, text: str):
    """The quiz whose question holds text, scrolled to, once its code has mounted it (its Check
    button shows)."""
    quiz = come_to(page.get_by_role("group", name=re.compile(re.escape(text))))
    expect(quiz.get_by_role("button", name="Check")).to_be_visible()
    return quiz


PRODUCT = "From c alone, can you tell what a and b were?"


def test_a_wrong_choice_shows_its_feedback_and_the_right_one_the_explanation(page: Page, site: str):
    page.goto(site + LESSON)
    quiz = question(page, PRODUCT)
    quiz.get_by_label("Yes: 2.0 and 3.0").check()
    expect(quiz.get_by_role("status")).to_have_text(re.compile(r"^Not quite\. They are one pair among many\..*Try another option\.$"))
    explanation = quiz.locator(".ember-quiz__explain")
    expect(explanation).to_be_hidden()
    quiz.get_by_label("No. Endless pairs of numbers multiply to 6.0").check()
    expect(quiz.get_by_role("status")).to_have_text("Right. The product holds the answer and nothing about the question.")
    expect(explanation).to_be_visible()
    expect(explanation).to_have_text(re.compile("^A float is only a number."))


def test_answers_are_remembered_across_reloads(page: Page, site: str):
    page.goto(site + LESSON)
    quiz = question(page, "How many new Values")
    quiz.get_by_label("2: the sum is made once and used twice").check()
    quiz.get_by_label("3: two sums and one product").check()
    page.reload()
    quiz = question(page, "How many new Values")
    expect(quiz.get_by_label("3: two sums and one product")).to_be_checked()
    expect(quiz.get_by_role("status")).to_contain_text("Right.")
    expect(quiz.locator(".ember-quiz__explain")).to_contain_text("Lesson 09 depends on that difference.")
    expect(quiz.locator(".ember-quiz__explain")).to_be_visible()


def test_math_in_a_choices_feedback_is_typeset_also_when_a_reload_shows_it(page: Page, site: str):
    page.goto(site + "lessons/02-learning-from-mistakes/")
    for _ in range(2):  # answered, then shown again from the saved answer as the page loads
        quiz = question(page, "which knobs move?")
        quiz.get_by_label("Both weights go up by 0.5, and the bias too").check()
        status = quiz.get_by_role("status")
        expect(status).to_contain_text("Not quite.")
        expect(status.get_by_role("math")).to_have_count(1)
        expect(status).not_to_contain_text("\\(")
        page.reload()


def test_the_keyboard_alone_answers_and_arrows_do_not(page: Page, site: str):
    page.goto(site + LESSON)
    quiz = question(page, "A model has 250 knobs")
    quiz.get_by_label("250", exact=True).focus()
    page.keyboard.press("ArrowDown")  # selects 251 without answering
    expect(quiz.get_by_label("251")).to_be_checked()
    expect(quiz.locator(".ember-quiz__status")).to_be_empty()
    page.keyboard.press("Enter")
    expect(quiz.get_by_role("status")).to_have_text(re.compile("^Right. One pass where you stand"))


def test_without_javascript_the_options_show_with_the_answer_in_closed_details(browser, site: str):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site + LESSON)
    quiz = page.get_by_role("group", name=re.compile(re.escape(PRODUCT)))  # never mounted
    expect(quiz.get_by_label("Yes: 2.0 and 3.0")).to_be_visible()
    answer = quiz.locator("details")
    expect(answer).not_to_have_attribute("open", "")
    answer.get_by_text("Answer").click()
    expect(answer).to_contain_text("No. Endless pairs of numbers multiply to 6.0")
    expect(answer).to_contain_text("A float is only a number.")
    expect(quiz.get_by_role("button", name="Check")).to_be_hidden()
    context.close()
