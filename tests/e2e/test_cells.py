"""Code cells in Chromium, on the test course: recorded outputs, runs on Pyodide, and the home
page."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.pages import LESSON, cell, output, replace_code, run
from tools.reach import read_through


def test_recorded_output_shows_before_python_boots_and_a_run_waits_for_it(page: Page, course: str):
    held, released = [], False

    def hold(route):
        route.continue_() if released else held.append(route)

    page.route("**/assets/pyodide/**", hold)
    page.goto(course + LESSON)
    expect(output(page, 1)).to_contain_text("does c keep its parents? False")
    expect(cell(page, 1).get_by_text("recorded when this page was built")).to_be_visible()

    cell(page, 1).get_by_role("button", name="Run").click()
    expect(cell(page, 1).get_by_role("status")).to_contain_text("Python is starting")
    released = True
    for route in held:
        route.continue_()
    expect(cell(page, 1).get_by_role("status")).to_have_text("Done.", timeout=30_000)
    expect(output(page, 1)).to_contain_text("does c keep its parents? False")
    expect(cell(page, 1).get_by_text(re.compile(r"ran in your browser in \d+ ms"))).to_be_visible()


def test_run_shows_output_that_pyodide_computed(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, 'import sys\nprint("computed", 6 * 7, "on", sys.platform)')
    run(page, 1)
    expect(output(page, 1)).to_have_text("computed 42 on emscripten\n")


def test_shift_enter_runs_the_cell(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 2, 'print("from the keyboard")')
    page.keyboard.press("Shift+Enter")
    expect(output(page, 2)).to_have_text("from the keyboard\n", timeout=30_000)


def test_cells_run_on_the_learners_ember_which_starts_with_the_stubs(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 3, "import ember.scalar\nprint(ember.scalar.__file__)\n"
                          "ember.scalar.Value(2.0)")
    run(page, 3)
    expect(output(page, 3)).to_contain_text("/home/pyodide/lib/ember/scalar.py\nTraceback")
    expect(output(page, 3)).to_contain_text(
        "NotImplementedError: Keep data as a float, grad as 0.0")


def test_a_syntax_error_shows_in_the_cell(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, "x = 1\nprint(x +")
    run(page, 1)
    expect(output(page, 1)).to_contain_text('File "<cell>", line 2')
    expect(output(page, 1)).to_contain_text("SyntaxError")
    expect(cell(page, 1).get_by_role("status")).to_have_text("Finished with SyntaxError.")


def test_an_exception_shows_output_then_the_traceback(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, 'print("before")\nfrom ember.scalar import Value\nValue("abc")')
    run(page, 1)
    text = output(page, 1)
    expect(text).to_contain_text(re.compile(r"^before\nTraceback", re.M))
    expect(text).to_contain_text('File "<cell>", line 3')
    expect(text).to_contain_text("TypeError: a Value holds a real number, not str")
    expect(text).not_to_contain_text("cellrun")


def test_each_cell_runs_in_a_fresh_namespace(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, "secret = 1\nprint('set')")
    run(page, 1)
    replace_code(page, 2, "print(secret)")
    run(page, 2)
    expect(output(page, 2)).to_contain_text("NameError: name 'secret' is not defined")


def test_without_javascript_code_and_output_stay_readable(browser, course: str):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(course + LESSON)
    expect(cell(page, 1)).to_contain_text("c = a * b")
    expect(output(page, 1)).to_contain_text("does c keep its parents? False")
    expect(page.get_by_text("Running code needs JavaScript.").first).to_be_visible()
    expect(page.get_by_role("button", name="Run")).to_have_count(0)
    context.close()


def test_home_page_lists_the_lessons_and_starts_lesson_01(page: Page, course: str):
    page.goto(course)
    expect(page).not_to_have_title("ember test course - ember test course")
    expect(page).to_have_title(re.compile(r"^\w.* - ember test course$"))
    expect(page.get_by_role("heading", name="Part II · Later")).to_be_visible()
    expect(page.get_by_role("cell", name="Grads by hand")).to_be_visible()
    page.get_by_role("link", name="Start with lesson 01").click()
    expect(page.get_by_role("heading", name="Values that remember", level=1)).to_be_visible()


def test_home_course_map_and_a_read_lesson_pass_axe(page: Page, course: str, axe_violations):
    page.goto(course)
    assert axe_violations() == []
    page.goto(course + "course-map/")
    expect(page.get_by_role("cell", name=re.compile("0 of 2 labs passed")).first).to_be_visible()
    assert axe_violations() == []
    page.goto(course + LESSON)
    read_through(page)
    assert axe_violations() == []


def test_a_patched_ember_does_not_leak_into_the_next_run(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, "import ember.scalar\nember.scalar.PATCHED = True")
    run(page, 1)
    replace_code(page, 2, "import ember.scalar\nprint(hasattr(ember.scalar, 'PATCHED'))")
    run(page, 2)
    expect(output(page, 2)).to_have_text("False\n")


def test_output_streams_while_the_cell_runs(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, 'import time\nprint("started", flush=True)\nt = time.time()\n'
                          'while time.time() - t < 3:\n    pass\nprint("finished")')
    cell(page, 1).get_by_role("button", name="Run").click()
    expect(output(page, 1)).to_have_text("started\n", timeout=30_000)
    expect(output(page, 1)).to_have_text("started\nfinished\n")


def test_writing_bytes_ends_the_run_with_a_type_error(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, 'import sys\nprint("before")\nsys.stderr.write(b"bytes")')
    run(page, 1)
    expect(output(page, 1)).to_contain_text(re.compile(r"^before\n", re.M))
    expect(output(page, 1)).to_contain_text("TypeError: write() argument must be str, not bytes")
    expect(cell(page, 1).get_by_role("status")).to_have_text("Finished with TypeError.")


def test_run_keeps_the_keyboard_focus_while_python_starts(page: Page, course: str):
    page.goto(course + LESSON)
    button = cell(page, 1).get_by_role("button", name="Run")
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_be_focused()
    expect(cell(page, 1).get_by_role("status")).to_have_text("Done.", timeout=30_000)
    expect(button).to_be_focused()
