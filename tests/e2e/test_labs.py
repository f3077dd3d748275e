"""Labs in Chromium, on the test course: gaps, checks with reasons, praise, saved work, hints, reset."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.pages import (ADD, LESSON, MUL, PROGRESS_KEY, REPR, RIGHT_INIT, WRONG_INIT, cell, check, editor, lab,
                             output, run, run_checks, write_gap)
from tests.e2e.conftest import AXE
from tools.reach import come_to


def test_wrong_init_fails_the_matching_checks_with_reasons_and_passes_the_others(page: Page, course: str):
    page.goto(course + LESSON)
    write_gap(page, 1, "Keep data as a float", WRONG_INIT)
    write_gap(page, 1, "Return text such as", REPR)
    run_checks(page, 1)
    expect(lab(page, 1).get_by_role("status").last).to_have_text("2 of 5 checks passed.")
    expect(check(page, 1, "Value(3).data is the float 3.0")).to_contain_text(
        "failed" + "Value(3).data is the float 3.0" + "Value(3).data: expected the float 3.0, got the int 3")
    expect(check(page, 1, "no parents and no op")).to_contain_text("got a set set()")
    expect(check(page, 1, "keeps a, b and '+'")).to_contain_text("_prev: expected a tuple (")
    expect(check(page, 1, "starts with grad 0.0")).to_contain_text("passed")
    expect(check(page, 1, "repr shows data and grad")).to_contain_text("passed")
    expect(lab(page, 1).get_by_text("Your test ember has a number that remembers.")).to_be_hidden()

    write_gap(page, 1, "self.data = data", RIGHT_INIT)
    run_checks(page, 1)
    expect(lab(page, 1).get_by_role("status").last).to_have_text("All 5 checks passed.")
    expect(lab(page, 1).get_by_text("Your test ember has a number that remembers.")).to_be_visible()

    page.reload()
    expect(editor(page, 1)).to_contain_text("self._prev = tuple(_children)")
    expect(lab(page, 1).get_by_text("Your test ember has a number that remembers.")).to_be_visible()
    expect(lab(page, 1).get_by_role("status").last).to_contain_text("You passed this lab")


def test_the_playground_runs_the_learners_own_add(page: Page, course: str):
    page.goto(course + LESSON)
    write_gap(page, 1, "Keep data as a float", RIGHT_INIT)
    write_gap(page, 1, "Return text such as", REPR)
    write_gap(page, 2, "holding the sum", ADD)
    write_gap(page, 2, "holding the product", MUL)
    run_checks(page, 2)
    expect(lab(page, 2).get_by_role("status").last).to_have_text("All 6 checks passed.")
    expect(lab(page, 2).get_by_text("Your test ember's numbers remember how they were made.")).to_be_visible()
    run(page, 2)
    expect(output(page, 2)).to_have_text(
        "my add was called\n"
        "z = 2.0, made by '+' from the parents 1.0, 1.0\nL = 1.0, made by '**2'\n")
    expect(cell(page, 2).get_by_text(re.compile("ran in your browser"))).to_be_visible()


def test_a_gap_written_in_one_lab_shows_in_the_other(page: Page, course: str):
    page.goto(course + LESSON)
    write_gap(page, 2, "holding the sum", ADD)
    # Lab 1 opens with __add__'s body folded away; unfold it.
    add = editor(page, 1).locator(".cm-line", has_text="def __add__")
    add.locator("xpath=following-sibling::div[1]").get_by_role("button", name=re.compile("hidden lines")).click()
    expect(editor(page, 1)).to_contain_text("print('my add was called')")


def test_text_outside_the_gaps_cannot_be_changed(page: Page, course: str):
    page.goto(course + LESSON)
    textbox = editor(page, 1)
    textbox.get_by_text("_check_number(data)").click()
    page.keyboard.type("oops")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Delete")
    expect(textbox).to_contain_text("_check_number(data)")
    expect(textbox).not_to_contain_text("oops")


def test_hints_open_one_level_at_a_time_and_stay_open(page: Page, course: str):
    page.goto(course + LESSON)
    button = lab(page, 1).get_by_role("button", name="Show a hint")
    expect(button).to_be_visible()  # mounted: the build's hints, in a closed details, are gone
    hints = lab(page, 1).get_by_role("listitem").filter(has_text=re.compile("arguments|float\\(|Nearly"))
    expect(hints).to_have_count(0)
    button.click()
    expect(lab(page, 1).get_by_text("Hint 1 of 3.")).to_be_visible()
    expect(lab(page, 1).get_by_text("Which of the four fields come from the arguments?")).to_be_visible()
    button.click()
    button.click()
    expect(lab(page, 1).get_by_text("That was the last hint.")).to_be_visible()
    expect(button).to_have_attribute("aria-disabled", "true")
    expect(button).to_be_focused()
    page.reload()
    expect(lab(page, 1).get_by_text(re.compile("^Nearly the code"))).to_be_visible()


def test_reset_this_gap_asks_first_then_brings_back_the_stub(page: Page, course: str):
    page.goto(course + LESSON)
    write_gap(page, 1, "Return text such as", REPR)
    textbox = editor(page, 1)
    reset = lab(page, 1).get_by_role("group", name="Gap L01.repr").get_by_role("button", name="Reset this gap")
    page.once("dialog", lambda dialog: dialog.dismiss())
    reset.click()
    expect(textbox).to_contain_text('grad={self.grad})"')
    page.once("dialog", lambda dialog: dialog.accept())
    reset.click()
    expect(textbox).to_contain_text("Return text such as Value(2.0, grad=0.0)")
    page.reload()
    expect(editor(page, 1)).to_contain_text("Return text such as Value(2.0, grad=0.0)")


def test_without_javascript_the_lab_shows_its_file_hints_and_checks(browser, course: str):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(course + LESSON)
    expect(page.get_by_text("ember/scalar.py as this lab starts.").first).to_be_visible()
    expect(page.get_by_text('raise NotImplementedError("Keep data as a float').first).to_be_visible()
    expect(page.get_by_text("Value(3).data is the float 3.0")).to_be_visible()
    expect(page.locator("details").filter(has_text="Hints").first).not_to_have_attribute("open", "")
    context.close()


def test_unreadable_saved_progress_is_set_aside_and_the_page_still_works(page: Page, course: str):
    page.goto(course + LESSON)
    page.evaluate("key => localStorage.setItem(key, '{not json')", PROGRESS_KEY)
    page.reload()
    write_gap(page, 1, "Return text such as", REPR)
    ours = "Object.keys(localStorage).filter(k => k.startsWith('ember:')).sort()"
    keys = page.evaluate(ours)
    assert keys[0] == PROGRESS_KEY and keys[1].startswith(f"{PROGRESS_KEY}:unreadable:")
    assert page.evaluate(f"localStorage.getItem('{keys[1]}')") == "{not json"
    page.reload()
    assert page.evaluate(ours) == keys


def test_progress_saved_under_the_older_schema_is_upgraded_and_kept(page: Page, course: str):
    page.goto(course + LESSON)
    old = {"answers": {"L01.repr": REPR + "\n"}, "hints": {"01-1": 1}, "passed": {}}
    page.evaluate("p => localStorage.setItem('ember:progress:v1', JSON.stringify(p))", old)
    page.reload()
    expect(editor(page, 1)).to_contain_text("grad={self.grad}")
    saved = page.evaluate("key => JSON.parse(localStorage.getItem(key))", PROGRESS_KEY)
    assert saved == {**old, "quizzes": {}, "cells": {}}
    assert page.evaluate("JSON.parse(localStorage.getItem('ember:progress:v1'))") == old


def test_a_saved_answer_without_its_last_newline_loses_nothing(page: Page, course: str):
    page.goto(course + LESSON)
    saved = {"answers": {"L01.repr": '        return f"Value({self.data}, grad={self.grad})"'},
             "hints": {}, "passed": {}}
    page.evaluate("p => localStorage.setItem('ember:progress:v1', JSON.stringify(p))", saved)
    page.reload()
    write_gap(page, 1, "Keep data as a float", RIGHT_INIT)
    run_checks(page, 1)
    expect(lab(page, 1).get_by_role("status").last).to_have_text("All 5 checks passed.")


def test_runaway_recursion_in_a_gap_is_a_recursion_error_and_python_lives_on(page: Page, course: str):
    page.goto(course + LESSON)
    write_gap(page, 1, "Keep data as a float", RIGHT_INIT)
    write_gap(page, 1, "Return text such as", "        return repr(self)")
    run_checks(page, 1)
    expect(check(page, 1, "repr shows data and grad")).to_contain_text("RecursionError")
    write_gap(page, 1, "return repr(self)", REPR)
    run_checks(page, 1)
    expect(lab(page, 1).get_by_role("status").last).to_have_text("All 5 checks passed.")


def test_a_labs_tip_names_keys_under_a_mouse_and_not_on_a_touch_screen(browser, course: str):
    for touch, keys_shown in ((False, True), (True, False)):
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=touch, is_mobile=touch)
        page = context.new_page()
        page.goto(course + LESSON)
        tip = come_to(lab(page, 1)).get_by_text("Enter already indents the next line")
        expect(tip).to_be_visible()
        expect(tip).to_contain_text("Select code selects its code.")
        keys = tip.get_by_text("Shift+Tab indent")
        if keys_shown:
            expect(keys).to_be_visible()
        else:
            expect(keys).to_be_hidden()
        context.close()


def test_code_in_a_gap_keeps_4_5_to_1_contrast_in_dark_mode_on_the_cursors_line(page: Page, course: str):
    page.emulate_media(color_scheme="dark")
    page.goto(course + LESSON)
    editor(page, 1).get_by_text("Keep data as a float").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text('        if data is not None and 1.5 > 0:\n            self.data = float(data)  # "kept"')
    page.add_script_tag(path=str(AXE))
    result = editor(page, 1).evaluate("box => axe.run(box, {runOnly: ['color-contrast']})")
    assert [node["html"] for rule in result["violations"] for node in rule["nodes"]] == []
