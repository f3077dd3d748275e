"""A lesson's header and footer, the course map, and the learner's progress as a file:
export, import into a fresh browser, a broken file refused, and a lesson reset."""

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import COURSE_ID, LESSON, NEXT_LESSON, PROGRESS_KEY, REPR, editor, question, write_gap
from tests.e2e.test_quiz import PRODUCT, RIGHT
from tools import chromium
from tools.reach import every_component_near_mounted, read_through


def test_the_header_places_the_lesson_in_the_course(page: Page, course: str):
    page.goto(course + NEXT_LESSON)
    header = page.locator(".ember-lesson-header")
    expect(header).to_have_text(re.compile(
        r"^Lesson 02 · Part I · Values\s*Grads by hand\s*Can a Value pass its grad back to its parents\?\s*"
        r"~15 min · 2 labs · builds on 01 Values that remember$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Grads by hand")
    expect(page.locator(".ember-catchup")).to_contain_text(
        "This lesson builds on lesson 01. New here? Start at lesson 01 Values that remember, or load the "
        "finished pieces of the earlier lessons and carry on.")


def test_the_footer_says_what_ember_can_now_do_and_what_comes_next(page: Page, course: str):
    page.goto(course + NEXT_LESSON)
    footer = page.get_by_role("region", name="When you finish this lesson")
    expect(footer).to_contain_text("Your ember can now: pass a grad back through +, by hand")
    expect(footer).to_contain_text("It already could:")
    could = footer.get_by_role("listitem")
    expect(could).to_have_count(1)
    expect(could.first).to_have_text("keep each number's parents, and draw them as a graph")
    lessons = footer.get_by_role("navigation", name="Next and previous lessons")
    expect(lessons).to_contain_text("Next 03 Not written yet (coming) · What does a planned lesson show? · ~5 min")
    expect(lessons).to_contain_text("Previous 01 Values that remember")
    expect(lessons).not_to_contain_text("Previous 01 Values that remember (coming)")
    page.goto(course + LESSON)
    lessons.get_by_role("link", name="Continue to lesson 02").click()
    expect(page).to_have_url(re.compile(f"{NEXT_LESSON}$"))


def test_back_to_top_sits_in_a_bottom_corner_and_is_not_over_a_phone_s_buttons(page: Page, course: str):
    top = page.get_by_role("button", name="Back to top", include_hidden=True)
    for width, height in ((1280, 800), (390, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(course + LESSON)
        page.get_by_role("region", name="When you finish this lesson").scroll_into_view_if_needed()
        page.mouse.move(width / 2, height / 2)  # over the text, not a sidebar that scrolls by itself
        page.mouse.wheel(0, 100)  # the learner's first move, which the parts near the view wait for
        # A component mounting near the footer grows the page, and the browser keeps the view by
        # scrolling down: after the wheel, Material would see the page scroll down and hide it.
        every_component_near_mounted(page)
        page.mouse.wheel(0, -200)  # Material shows the button while the page scrolls up
        expect(top).not_to_have_attribute("hidden", "")
        if width == 390:  # it would cover a lab's Reset this gap, at the right of the text
            expect(top).to_be_hidden()
            continue
        expect(top).to_be_visible()
        box = top.bounding_box()
        assert box["y"] > height * 0.8 and box["height"] < 60 and box["x"] + box["width"] > width * 0.8


def test_the_report_link_opens_a_new_issue_naming_the_lesson_and_says_it_needs_a_sign_in(page: Page, course: str):
    page.goto(course + LESSON)
    link = page.get_by_role("link", name="Report a problem with this lesson")
    expect(page.get_by_text("(on GitHub, which asks you to sign in)")).to_be_visible()
    url = urlparse(link.get_attribute("href"))
    assert (url.netloc, url.path) == ("github.com", "/ember-course/ember/issues/new")
    assert parse_qs(url.query)["title"] == ["Lesson 01: Values that remember"]


def test_the_course_map_shows_the_learners_progress(page: Page, course: str):
    page.goto(course + LESSON)
    question(page, PRODUCT).get_by_label(RIGHT).check()
    page.goto(course + "course-map/")
    row = page.get_by_role("row").filter(has_text="Values that remember")
    expect(row).to_contain_text("0 of 2 labs passed · 1 of 3 questions answered")
    expect(page.get_by_role("row").filter(has_text="Grads by hand")).to_contain_text(
        "0 of 2 labs passed · 0 of 1 question answered")


def export(page: Page) -> str:
    with page.expect_download() as download:
        page.get_by_role("button", name="Export progress").click()
    return open(download.value.path(), encoding="utf-8").read()


def test_exported_progress_imported_into_a_fresh_browser_shows_the_same_state(browser, page: Page, course: str):
    page.goto(course + LESSON)
    write_gap(page, 1, "Return text such as", REPR)
    question(page, PRODUCT).get_by_label("Yes: 2.0 and 3.0").check()
    question(page, PRODUCT).get_by_label(RIGHT).check()
    text = export(page)
    assert json.loads(text)["course"] == COURSE_ID
    fresh = browser.new_context()
    fresh.add_init_script(chromium.NO_CACHE_STORAGE)  # no snapshot made in the background
    fresh.add_init_script(chromium.NO_SERVICE_WORKERS)
    other = fresh.new_page()
    other.goto(course + LESSON)
    other.get_by_label("Progress file to import").set_input_files(
        files=[{"name": "progress.json", "mimeType": "application/json", "buffer": text.encode()}])
    expect(question(other, PRODUCT).get_by_role("status")).to_contain_text("Right.")
    expect(editor(other, 1)).to_contain_text("grad={self.grad}")
    assert other.evaluate("key => localStorage.getItem(key)", PROGRESS_KEY) == \
        page.evaluate("key => localStorage.getItem(key)", PROGRESS_KEY)
    fresh.close()


def test_a_broken_or_hostile_file_is_refused_and_nothing_changes(page: Page, course: str):
    page.goto(course + LESSON)
    question(page, PRODUCT).get_by_label("Yes: 2.0 and 3.0").check()
    before = page.evaluate("key => localStorage.getItem(key)", PROGRESS_KEY)
    good = json.loads(export(page))
    hostile = {**good, "progress": {**good["progress"], "answers": {"L01.repr": 5, "<img src=x onerror=alert(1)>": "x"}}}
    for body, message in [(b"{not json", "it is not JSON"), (b'{"format": "zip"}', "not an ember progress file"),
                          (json.dumps(hostile).encode(), "damaged")]:
        page.get_by_label("Progress file to import").set_input_files(
            files=[{"name": "progress.json", "mimeType": "application/json", "buffer": body}])
        status = page.locator(".ember-progress-tools__status")
        expect(status).to_contain_text(message)
        expect(status).to_contain_text("Nothing was changed.")
        expect(status.locator("img")).to_have_count(0)
        assert page.evaluate("key => localStorage.getItem(key)", PROGRESS_KEY) == before


def test_reset_this_lesson_asks_first(page: Page, course: str):
    page.goto(course + LESSON)
    question(page, PRODUCT).get_by_label("Yes: 2.0 and 3.0").check()
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name="Reset this lesson").click()
    expect(question(page, PRODUCT).get_by_role("status")).to_contain_text("Not quite.")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Reset this lesson").click()
    page.wait_for_load_state()
    expect(question(page, PRODUCT).get_by_label("Yes: 2.0 and 3.0")).not_to_be_checked()
    assert page.evaluate("key => JSON.parse(localStorage.getItem(key)).quizzes", PROGRESS_KEY) == {}


def test_a_saved_answer_the_question_cannot_have_is_ignored_and_the_page_works(page: Page, course: str):
    page.goto(course + LESSON)
    saved = {"answers": {}, "hints": {}, "passed": {}, "quizzes": {"01-q1": {"chosen": [15], "right": False}}}
    page.evaluate("([key, p]) => localStorage.setItem(key, JSON.stringify(p))", [PROGRESS_KEY, saved])
    page.reload()
    expect(question(page, PRODUCT).locator(".ember-quiz__status")).to_be_empty()
    read_through(page)
    expect(page.get_by_role("button", name="Run checks")).to_have_count(2)
    expect(page.get_by_role("button", name="Export progress")).to_be_visible()


@pytest.mark.page_errors("blocked")  # Material's own palette script reads localStorage unguarded
def test_with_storage_blocked_everything_works_and_a_notice_says_nothing_is_saved(page: Page, course: str):
    page.add_init_script("""Object.defineProperty(window, "localStorage", {
      get() { throw new DOMException("blocked", "SecurityError"); } });""")
    page.goto(course + LESSON)
    expect(page.get_by_role("alert").filter(has_text="Your work could not be saved")).to_be_visible()
    question(page, PRODUCT).get_by_label(RIGHT).check()
    expect(question(page, PRODUCT).get_by_role("status")).to_contain_text("Right.")
    write_gap(page, 1, "Return text such as", REPR)
    expect(editor(page, 1)).to_contain_text("grad={self.grad}")


def test_a_damaged_saved_state_keeps_what_can_be_read_and_says_where_the_rest_went(page: Page, course: str):
    page.goto(course + LESSON)
    damaged = {"answers": {"L01.repr": REPR + "\n", "L01.init": "x" * 1_000_001}, "hints": {}, "passed": {},
               "quizzes": {"01-q1": {"chosen": [1], "right": True}}}
    page.evaluate("([key, p]) => localStorage.setItem(key, JSON.stringify(p))", [PROGRESS_KEY, damaged])
    page.reload()
    notice = page.get_by_role("alert").filter(has_text="Some of the work saved in this browser could not be read")
    expect(notice).to_contain_text(f"{PROGRESS_KEY}:unreadable:")
    expect(editor(page, 1)).to_contain_text("grad={self.grad}")
    expect(question(page, PRODUCT).get_by_role("status")).to_contain_text("Right.")
    page.reload()  # the readable part is saved: the notice does not come back
    expect(page.get_by_role("alert").filter(has_text="could not be read")).to_have_count(0)


def import_file(page: Page, file: dict) -> None:
    page.get_by_label("Progress file to import").set_input_files(
        files=[{"name": "progress.json", "mimeType": "application/json", "buffer": json.dumps(file).encode()}])


def test_an_import_that_replaces_work_asks_first_and_says_what_an_older_file_did_not_keep(page: Page, course: str):
    page.goto(course + LESSON)
    question(page, PRODUCT).get_by_label("Yes: 2.0 and 3.0").check()
    before = page.evaluate("key => localStorage.getItem(key)", PROGRESS_KEY)
    older = {"format": "ember-progress", "course": COURSE_ID, "schema": 1, "exported": "2026-11-01T00:00:00Z",
             "progress": {"answers": {}, "hints": {}, "passed": {}}}
    asked = []

    def dismiss(dialog):
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    import_file(page, older)
    expect(page.locator(".ember-progress-tools__status")).to_have_text("You kept your progress. Nothing was changed.")
    assert "(1 question)" in asked[0] and "did not keep your answers to questions or your cells' code" in asked[0]
    assert page.evaluate("key => localStorage.getItem(key)", PROGRESS_KEY) == before
    page.once("dialog", lambda dialog: dialog.accept())
    import_file(page, older)
    page.wait_for_load_state()
    expect(question(page, PRODUCT).get_by_label("Yes: 2.0 and 3.0")).not_to_be_checked()
