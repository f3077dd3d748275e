"""The editors as a learner types in them, one key at a time: a lab's gaps behave like a Python
editor whose other lines are locked, a syntax error is marked on the gap's own line, undo is the
learner's own history, and neither a reset, another tab, an imported file nor a reload loses or
garbles their code. What a gap prints shows under the checks."""

import json
import re

from playwright.sync_api import Page, expect

from tests.e2e.pages import (COURSE_ID, INIT, LESSON, NEXT_LESSON, PROGRESS_KEY, REPR, cell, check, editor, lab,
                             output, replace_code, run, run_checks)


def saved(page: Page) -> dict:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", PROGRESS_KEY) or "{}")


def answer(page: Page, gap: str) -> str | None:
    return saved(page).get("answers", {}).get(gap)


def wait_for_answer(page: Page, gap: str, text: str | None = None, pattern: str | None = None) -> None:
    """Wait until the saved text of gap is text (None: no answer, the stub), or matches pattern."""
    page.wait_for_function("""([key, gap, text, pattern]) => {
      const got = (JSON.parse(localStorage.getItem(key) || "{}").answers || {})[gap];
      return pattern ? got !== undefined && new RegExp(pattern).test(got) : (got ?? null) === text;
    }""", arg=[PROGRESS_KEY, gap, text, pattern])


def type_lines(page: Page, lines: list[str]) -> None:
    """Type lines as a person does, with Enter between them."""
    for index, line in enumerate(lines):
        if index:
            page.keyboard.press("Enter")
        page.keyboard.type(line)


def select_gap(page: Page, number: int, stub_start: str) -> None:
    """Click into a gap's text, then select its code with Ctrl+A."""
    editor(page, number).get_by_text(stub_start).click()
    page.keyboard.press("ControlOrMeta+a")


def type_first_lab(page: Page) -> None:
    """Type the test course's first lab, each gap flush-left after selecting it, one key at a time."""
    select_gap(page, 1, "Keep data as a float")
    type_lines(page, INIT)
    select_gap(page, 1, "Return text such as")
    type_lines(page, [REPR.strip()])


def test_the_first_lab_typed_flush_left_after_select_all_passes_every_check(page: Page, course: str):
    page.goto(course + LESSON)
    type_first_lab(page)
    run_checks(page, 1)
    expect(lab(page, 1).get_by_role("status").last).to_have_text("All 5 checks passed.")
    assert answer(page, "L01.init") == "".join(f"        {line}\n" for line in INIT)

    select_gap(page, 2, "holding the sum")
    type_lines(page, ["other = _as_value(other)", "out = Value(self.data + other.data, (self, other), '+')"])
    select_gap(page, 2, "holding the product")
    type_lines(page, ["other = _as_value(other)", "out = Value(self.data * other.data, (self, other), '*')"])
    run_checks(page, 2)
    expect(lab(page, 2).get_by_role("status").last).to_have_text("All 6 checks passed.")


def test_a_for_loop_typed_line_by_line_indents_after_the_colon_and_backspace_dedents(page: Page, course: str):
    page.goto(course + NEXT_LESSON)
    with page.expect_event("load"):  # the reload: not a history change Material makes as the page scrolls
        page.get_by_role("button", name="Load the finished pieces").click()
    select_gap(page, 2, "Make each grad 0.0")
    type_lines(page, ["for value in values:", "value.grad = 0.0"])
    select_gap(page, 2, "Add up the values")
    type_lines(page, ["out = Value(0.0)", "for value in values:", "out = out + value"])
    page.keyboard.press("Enter")
    page.keyboard.press("Backspace")
    page.keyboard.type("return out")
    wait_for_answer(page, "L02.zero_grad", "    for value in values:\n        value.grad = 0.0\n")
    wait_for_answer(page, "L02.total", "    out = Value(0.0)\n    for value in values:\n        out = out + value\n"
                                       "    return out\n")
    run_checks(page, 2)


def test_tab_indents_shift_tab_dedents_no_further_than_the_gap_and_escape_tab_leaves(page: Page, course: str):
    page.goto(course + LESSON)
    select_gap(page, 1, "Return text such as")
    page.keyboard.type("return 1")
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    wait_for_answer(page, "L01.repr", "            return 1\n")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    wait_for_answer(page, "L01.repr", "        return 1\n")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    expect(editor(page, 1)).not_to_be_focused()
    expect(lab(page, 1).get_by_text("press Esc, then Tab")).to_be_visible()


def test_a_cell_says_how_to_leave_it_before_the_focus_enters_and_escape_tab_leaves(page: Page, course: str):
    page.goto(course + LESSON)
    code = cell(page, 1).get_by_role("textbox")
    expect(code).to_have_accessible_description(re.compile("Esc, then Tab, leaves the editor"))
    expect(cell(page, 1).get_by_text("Esc, then Tab, leaves the editor.")).to_be_visible()
    run_button = cell(page, 1).get_by_role("button", name="Run")
    where = run_button.bounding_box()
    code.click()
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    expect(code).not_to_be_focused()
    assert run_button.bounding_box() == where, "nothing in the bar moves as the focus comes and goes"


def test_home_and_shift_end_take_the_whole_of_a_wrapped_line(page: Page, course: str):
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(course + LESSON)
    stub = editor(page, 1).locator(".cm-line", has_text="Return text such as")
    stub.scroll_into_view_if_needed()
    assert stub.bounding_box()["height"] > 40, "the stub should wrap at this width"
    stub.get_by_text("built from data and grad").click()
    page.keyboard.press("Home")
    page.keyboard.press("Shift+End")
    page.keyboard.type("return 'short'")
    wait_for_answer(page, "L01.repr", "        return 'short'\n")


def test_a_wrapped_line_hangs_right_of_its_indentation_and_code_is_at_least_14px(page: Page, course: str):
    # A phone held sideways, or a narrow window: room for the hang and 30 columns of code after it.
    page.set_viewport_size({"width": 500, "height": 800})
    page.goto(course + LESSON)
    stub = editor(page, 1).locator(".cm-line", has_text="Return text such as")
    stub.scroll_into_view_if_needed()
    rows = stub.evaluate("""line => {
      const range = document.createRange();
      range.selectNodeContents(line);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const tops = [...new Set(rects.map((r) => Math.round(r.top)))];
      return tops.map((top) => Math.min(...rects.filter((r) => Math.round(r.top) === top).map((r) => r.left)));
    }""")
    code_starts = stub.get_by_text("raise").evaluate("e => e.getBoundingClientRect().left")
    assert len(rows) > 1 and all(left > code_starts for left in rows[1:])
    for textbox in (cell(page, 1).get_by_role("textbox"), editor(page, 1)):
        size = textbox.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 14


def test_a_deeply_indented_line_on_a_phone_wraps_in_rows_of_30_columns_at_least(page: Page, course: str):
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(course + LESSON)
    deep = " " * 24 + "total = some_function_name(argument_one, argument_two) + another_call(x, y) + 1"
    replace_code(page, 1, "if a:\n" + deep)
    line = cell(page, 1).locator(".cm-line", has_text="total =")
    rows = line.evaluate("""line => {
      const range = document.createRange();
      range.selectNodeContents(line);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const tops = [...new Set(rects.map((r) => Math.round(r.top)))];
      const lefts = tops.map((top) => Math.min(...rects.filter((r) => Math.round(r.top) === top).map((r) => r.left)));
      const spaces = document.createRange();
      spaces.setStart(line.firstChild, 0);
      spaces.setEnd(line.firstChild, 24);
      const ch = spaces.getBoundingClientRect().width / 24;
      const right = line.getBoundingClientRect().right - parseFloat(getComputedStyle(line).paddingRight);
      return lefts.map((left) => (right - left) / ch);
    }""")
    assert len(rows) > 1 and all(columns >= 30 for columns in rows[1:]), f"columns of each row: {rows}"


def test_text_pasted_from_the_hints_lands_at_the_gaps_indentation(page: Page, course: str):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(course + LESSON)
    page.evaluate("text => navigator.clipboard.writeText(text)", "\n".join(INIT))
    select_gap(page, 1, "Keep data as a float")
    page.keyboard.press("ControlOrMeta+v")
    wait_for_answer(page, "L01.init", "".join(f"        {line}\n" for line in INIT))
    block = "        if True:\n            x = 1\n        self._op = _op"
    page.evaluate("text => navigator.clipboard.writeText(text)", block)
    editor(page, 1).get_by_text("self._op = _op").click()
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.press("ControlOrMeta+v")
    wait_for_answer(page, "L01.init", pattern=re.escape(
        "        self._op = _op\n        if True:\n            x = 1\n        self._op = _op\n") + "$")


def test_code_pasted_from_a_web_page_with_non_breaking_spaces_runs_and_the_cell_says_so_once(page: Page, course: str):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(course + LESSON)
    page.evaluate("text => navigator.clipboard.writeText(text)", "x\u00a0=\u00a0'a\u00a0b'\nprint(x,\u00a0len(x))")
    cell(page, 1).get_by_role("textbox").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("ControlOrMeta+v")
    note = cell(page, 1).get_by_role("status").filter(has_text="Non-breaking and other odd spaces")
    expect(note).to_have_text(re.compile("now plain spaces"))
    run(page, 1)
    expect(output(page, 1)).to_have_text("a\u00a0b 3\n")  # the one in the string is the learner's own
    cell(page, 1).get_by_role("textbox").click()
    page.keyboard.type(" ")
    expect(note).to_have_count(0)
    page.keyboard.press("ControlOrMeta+v")
    expect(cell(page, 1).get_by_role("textbox")).to_contain_text("x = 'a")
    expect(note).to_have_count(0)


def test_a_syntax_error_is_marked_on_the_gaps_own_line_with_pythons_message(page: Page, course: str):
    page.goto(course + NEXT_LESSON)
    select_gap(page, 1, "Set self.grad and other.grad")
    page.keyboard.type("def _backward():")  # no body: Python finds out only on the next line of code
    problems = lab(page, 1).get_by_role("status").filter(has_text="Gap L02.add_back")
    expect(problems).to_have_text(re.compile(
        r"^Gap L02.add_back, line 1: IndentationError: expected an indented block after function definition "
        r"on line 1 of gap L02.add_back \(found after the gap"), timeout=30_000)
    editor(page, 1).get_by_text("def _backward():").hover()  # the lint mark's message
    message = page.get_by_text(re.compile("^IndentationError: expected an indented block")).first
    expect(message).to_be_visible()
    run_checks(page, 1)
    reason = check(page, 1, "gives a and b grad 1.0")
    expect(reason).to_contain_text("(at the end of gap L02.add_back)")
    expect(reason).not_to_contain_text("scalar.py")
    editor(page, 1).get_by_text("def _backward():").click()
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.type("self.grad = other.grad = out.grad")
    expect(problems).to_have_count(0, timeout=30_000)


def test_undo_after_reset_brings_back_the_learners_text_and_redo_the_stub(page: Page, course: str):
    page.goto(course + LESSON)
    select_gap(page, 1, "Return text such as")
    page.keyboard.type('return "mine"')
    page.once("dialog", lambda dialog: dialog.accept())
    lab(page, 1).get_by_role("group", name="Gap L01.repr").get_by_role("button", name="Reset this gap").click()
    expect(editor(page, 1)).to_contain_text("Return text such as")
    wait_for_answer(page, "L01.repr", None)
    editor(page, 1).get_by_text("Return text such as").click()
    page.keyboard.press("ControlOrMeta+z")
    expect(editor(page, 1)).to_contain_text('return "mine"')
    expect(editor(page, 1)).not_to_contain_text("Return text such as")
    wait_for_answer(page, "L01.repr", '        return "mine"\n')
    page.keyboard.press("ControlOrMeta+Shift+Z")
    expect(editor(page, 1)).to_contain_text("Return text such as")
    wait_for_answer(page, "L01.repr", None)
    for _ in range(3):
        page.keyboard.press("ControlOrMeta+z")
    expect(editor(page, 1)).to_contain_text("Return text such as")  # back to the start: the stub
    expect(editor(page, 1)).not_to_contain_text('return "mine"')
    wait_for_answer(page, "L01.repr", None)


def second_tab_in_the_gap(page: Page, course: str, stub_start: str, typed: str) -> Page:
    """Open the test course's lesson 01 in page and in a second tab; type into a gap of lab 1 in page, and put the
    second tab's cursor at the end of that text once it shows there."""
    other = page.context.new_page()
    page.goto(course + LESSON)
    other.goto(course + LESSON)
    select_gap(page, 1, stub_start)
    page.keyboard.type(typed)
    expect(editor(other, 1)).to_contain_text(typed)
    editor(other, 1).get_by_text(typed.strip()).click()
    other.keyboard.press("End")
    return other


def test_two_tabs_typing_in_turn_keep_every_keystroke_and_undo_takes_back_only_its_own(page: Page, course: str):
    other = second_tab_in_the_gap(page, course, "Return text such as", "return ")
    keys = "keystrokes"  # the other tab types the last one
    for index, key in enumerate(keys):
        typing, watching = (page, other) if index % 2 == 0 else (other, page)
        typing.bring_to_front()
        typing.keyboard.type(key)
        expect(editor(watching, 1)).to_contain_text(f"return {keys[:index + 1]}")  # a person waits to see it
    wait_for_answer(page, "L01.repr", f"        return {keys}\n")
    expect(lab(page, 1).get_by_text("Gap L01.repr was changed in another tab")).to_be_visible()
    page.bring_to_front()
    page.keyboard.press("ControlOrMeta+z")  # takes back this tab's last key, the second "e", not the other's "s"
    wait_for_answer(page, "L01.repr", f"        return {keys[:8] + keys[9:]}\n")
    expect(editor(other, 1)).to_contain_text(f"return {keys[:8] + keys[9:]}")
    other.close()


def test_two_tabs_whose_saves_cross_keep_both_keystrokes_and_agree(page: Page, course: str):
    other = second_tab_in_the_gap(page, course, "Keep data as a float", "x = 1")
    page.keyboard.press("Home")
    # This tab is busy for a moment: the other tab's save and its own keystroke cross.
    page.evaluate("setTimeout(() => { const end = Date.now() + 1500; while (Date.now() < end); }, 0)")
    other.keyboard.type("B")
    page.keyboard.type("A")
    for tab in (page, other):
        expect(editor(tab, 1)).to_contain_text("Ax = 1B")
    wait_for_answer(page, "L01.init", "        Ax = 1B\n")
    other.close()


def type_at_once_and_agree(page: Page, other: Page) -> None:
    """Type x in page and y in other, 40 each, with no pause; wait until both tabs show and save
    the same text, with each of the 80 keystrokes once."""
    for _ in range(40):  # no pause: each tab's keystrokes cross the other's on their way
        page.keyboard.type("x")
        other.keyboard.type("y")
    forty_each = r"^        return (?=(?:[^x]*x){40}[^x]*$)(?=(?:[^y]*y){40}[^y]*$)[xy]{80}\n$"
    for tab in (page, other):
        wait_for_answer(tab, "L01.repr", pattern=forty_each)
    saved = page.evaluate("key => JSON.parse(localStorage.getItem(key)).answers['L01.repr']", PROGRESS_KEY)
    for tab in (page, other):
        expect(editor(tab, 1)).to_contain_text(saved.strip())
        wait_for_answer(tab, "L01.repr", saved)


def test_two_tabs_typing_at_the_same_moment_keep_every_keystroke_once_in_both_and_in_storage(page: Page, course: str):
    other = second_tab_in_the_gap(page, course, "Return text such as", "return ")
    type_at_once_and_agree(page, other)
    other.close()


STEAL = """navigator.locks.query().then(({ held }) => navigator.locks.request(
  held.find((lock) => lock.name.includes(":authority:")).name, { steal: true }, () => "taken"))"""
"""Takes the lock that makes a tab the authority from the tab that holds it, and lets it go."""


def test_a_tab_whose_authority_is_taken_from_it_gives_it_up_and_no_keystroke_is_lost_or_doubled(page: Page, course: str):
    other = second_tab_in_the_gap(page, course, "Return text such as", "return ")
    assert other.evaluate(STEAL) == "taken"  # from the first tab: the second is next in line
    type_at_once_and_agree(page, other)
    other.close()


def test_when_the_first_tab_closes_the_second_keeps_typing_and_saving(page: Page, course: str):
    other = second_tab_in_the_gap(page, course, "Return text such as", "return ")
    other.keyboard.type("a")
    expect(editor(page, 1)).to_contain_text("return a")
    page.close()  # the tab the texts went through: the second takes over
    other.keyboard.type("bc")
    wait_for_answer(other, "L01.repr", "        return abc\n")
    other.reload()
    expect(editor(other, 1)).to_contain_text("return abc")


def test_a_cell_changed_in_another_tab_shows_the_change_and_says_so(page: Page, course: str):
    other = page.context.new_page()
    page.goto(course + LESSON)
    expect(cell(page, 1).get_by_role("textbox")).to_be_visible()  # shown before the change
    other.goto(course + LESSON)
    cell(other, 1).get_by_role("textbox", name="Code of cell 1").click()
    other.keyboard.press("ControlOrMeta+End")
    other.keyboard.type("  # from the other tab")
    expect(cell(page, 1).get_by_role("textbox", name="Code of cell 1")).to_contain_text("# from the other tab")
    expect(cell(page, 1).get_by_role("status")).to_have_text(re.compile("^Changed in another tab of this site"))
    other.close()


def test_typing_left_of_a_gaps_indentation_lands_at_it_and_locked_lines_say_why_they_refuse(page: Page, course: str):
    page.goto(course + LESSON)
    select_gap(page, 1, "Return text such as")
    page.keyboard.type("return x")
    page.keyboard.press("Home")
    page.keyboard.press("Home")  # the line's very start, left of the gap's indentation
    page.keyboard.type("y = 1; ")
    wait_for_answer(page, "L01.repr", "        y = 1; return x\n")
    editor(page, 1).get_by_text("def __repr__").click()
    page.keyboard.type("oops")
    expect(lab(page, 1).get_by_text("Only the shaded gaps are yours to edit")).to_be_visible()
    expect(editor(page, 1)).not_to_contain_text("oops")


def test_an_imported_progress_file_with_crlf_line_ends_keeps_every_gap_in_place_and_shows_in_another_tab(page: Page, course: str, tmp_path):
    page.goto(course + LESSON)
    init = "\r\n".join(f"        {line}" for line in INIT) + "\r\n"
    exported = {"format": "ember-progress", "course": COURSE_ID, "schema": 3, "exported": "2026-12-01T00:00:00Z",
                "progress": {"answers": {"L01.init": init, "L01.repr": f"{REPR}\r\n"}, "hints": {},
                             "passed": {}, "quizzes": {}, "cells": {}}}
    file = tmp_path / "progress.json"
    file.write_text(json.dumps(exported))
    other = page.context.new_page()  # a second tab on the lesson, which shows the import too
    other.goto(course + LESSON)
    expect(editor(other, 1)).to_contain_text("Return text such as")
    with page.expect_event("load"):  # the reload: not a history change Material makes as the page scrolls
        page.get_by_label("Progress file to import").set_input_files(file)
    assert answer(page, "L01.init") == "".join(f"        {line}\n" for line in INIT)
    expect(editor(other, 1)).to_contain_text("grad={self.grad}")
    other.close()
    end_marker = editor(page, 1).locator(".cm-line", has_text="# --- end ---").first
    expect(end_marker).to_have_text("        # --- end ---")
    run_checks(page, 1)
    expect(lab(page, 1).get_by_role("status").last).to_have_text("All 5 checks passed.")


def test_a_cell_keeps_its_edit_across_a_reload_and_reset_brings_back_the_pages_code(page: Page, course: str):
    page.goto(course + LESSON)
    code = cell(page, 1).get_by_role("textbox", name="Code of cell 1")
    code.click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type('print("my own line")')
    page.reload()
    expect(code).to_contain_text('print("my own line")')
    expect(cell(page, 1).get_by_text("from its code, not yours")).to_be_visible()
    run(page, 1)
    expect(output(page, 1)).to_contain_text("my own line")
    cell(page, 1).get_by_role("button", name="Reset").click()
    expect(code).not_to_contain_text("my own line")
    expect(cell(page, 1).get_by_role("button", name="Reset")).to_be_hidden()
    page.wait_for_function("key => Object.keys(JSON.parse(localStorage.getItem(key)).cells).length === 0", arg=PROGRESS_KEY)
    code.click()
    page.keyboard.press("ControlOrMeta+z")
    expect(code).to_contain_text('print("my own line")')
    page.reload()
    expect(code).to_contain_text('print("my own line")')


def test_an_export_from_before_cells_were_kept_imports_without_loss(page: Page, course: str, tmp_path):
    page.goto(course + LESSON)
    progress = {"answers": {"L01.repr": f"{REPR}\n"}, "hints": {"01-1": 2}, "passed": {"01-1": False},
                "quizzes": {"01-q1": {"chosen": [1], "right": False}}}
    file = tmp_path / "old.json"
    file.write_text(json.dumps({"format": "ember-progress", "course": COURSE_ID, "schema": 2,
                                "exported": "2026-11-30T00:00:00Z", "progress": progress}))
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    with page.expect_event("load"):  # the reload: not a history change Material makes as the page scrolls
        page.get_by_label("Progress file to import").set_input_files(file)
    assert "did not keep your cells' code" in asked[0]  # an older file says what it did not keep
    assert saved(page) == {**progress, "cells": {}}
    expect(lab(page, 1).get_by_text("Hint 2 of 3.")).to_be_visible()


def test_what_a_gap_prints_shows_under_each_check_and_a_flood_is_cut_not_called_a_loop(page: Page, course: str):
    page.goto(course + LESSON)
    select_gap(page, 1, "Keep data as a float")
    type_lines(page, INIT)
    select_gap(page, 1, "Return text such as")
    type_lines(page, ["for i in range(200_000):", "print(i)"])
    page.keyboard.press("Enter")
    page.keyboard.press("Backspace")
    page.keyboard.type(REPR.strip())
    select_gap(page, 2, "holding the sum")
    type_lines(page, ['print("inside add")', "other = _as_value(other)", "out = Value(self.data + other.data, (self, other), '+')"])
    run_checks(page, 2)
    printed = lab(page, 2).get_by_role("log", name=re.compile("What was printed during: Value\\(2\\) \\+ Value\\(3\\)"))
    expect(printed).to_have_text("inside add\n")

    run_checks(page, 1)
    expect(lab(page, 1).get_by_role("status").last).to_have_text("All 5 checks passed.")
    flood = lab(page, 1).get_by_role("log", name=re.compile("What was printed during: repr shows"))
    expect(flood).to_contain_text(re.compile(r"^0\n1\n2\n"))
    expect(flood).to_contain_text(re.compile(r"characters of output cut here; the last 10,000 follow"))
    expect(flood).to_contain_text("199999")
    assert len(flood.inner_text()) < 70_000


def test_results_of_the_last_run_are_marked_earlier_while_the_checks_run_again(page: Page, course: str):
    page.goto(course + LESSON)
    run_checks(page, 1)
    select_gap(page, 1, "Keep data as a float")
    page.keyboard.type("import time; time.sleep(60)")
    lab(page, 1).get_by_role("button", name="Run checks").click()
    expect(check(page, 1, "Value(3).data is the float 3.0")).to_contain_text("earlier run")
    expect(lab(page, 1).get_by_role("status").last).to_contain_text("Results marked earlier are from the last run.")
    lab(page, 1).get_by_role("button", name="Stop").click()
    expect(lab(page, 1).get_by_role("status").last).to_contain_text("Stopped.", timeout=30_000)


def test_completion_offers_the_files_names_after_a_dot_and_builtins_on_ctrl_space(page: Page, course: str):
    page.goto(course + LESSON)
    select_gap(page, 1, "Keep data as a float")
    type_lines(page, INIT)
    select_gap(page, 1, "Return text such as")
    page.keyboard.type("return self.")
    options = page.get_by_role("listbox")
    expect(options.get_by_role("option", name="data", exact=True)).to_be_visible()
    expect(options.get_by_role("option", name="grad", exact=True)).to_be_visible()
    expect(options.get_by_role("option", name="__add__", exact=True)).to_be_visible()
    expect(options.get_by_role("option", name="_check_number")).to_have_count(0)  # not a Value's
    options.get_by_role("option", name="data", exact=True).click()
    wait_for_answer(page, "L01.repr", "        return self.data\n")
    page.keyboard.press("Enter")
    page.keyboard.type("isinst")
    expect(options).to_have_count(0)
    page.keyboard.press("Control+Space")
    expect(options.get_by_role("option", name="isinstance")).to_be_visible()
