"""Material's instant navigation: a link to another page keeps the document, and so Python, alive.
The new page's components mount, the old page's are told it was left, and its queued or running
requests do not hold up the new page."""

import re
from urllib.parse import urlparse

from playwright.sync_api import Page, expect

from tests.e2e.pages import LESSON, NEXT_LESSON, ROOT, cell, lab, output, python_boots, replace_code, run, write_solutions
from tools.reach import come_to

MKDOCS_YML = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
SITE_URL = re.search(r"^site_url: (\S+)", MKDOCS_YML, re.M)[1]


def shown(page: Page, title: str) -> None:
    """Wait until the page titled title has replaced the one before: instant navigation changes
    the address at once, and the page once it has come."""
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(f"^{re.escape(title)}"))  # and its ¶


def follow(page: Page, name: str) -> None:
    """Click the link called name in the site's navigation."""
    page.get_by_role("navigation", name="Navigation").get_by_role("link", name=name, exact=True).click()


def booted(page: Page, url: str) -> None:
    """Open url with the finished ember saved, run cell 1."""
    page.goto(url)
    write_solutions(page)
    page.reload()
    run(page, 1)
    page.evaluate("window.sameDocument = true")


def test_a_link_keeps_python_booted_and_the_next_page_runs_at_once(page: Page, course: str):
    booted(page, course + LESSON)
    follow(page, "Playground")
    expect(page).to_have_url(re.compile("playground/$"))
    shown(page, "Playground")
    expect(cell(page, 1).get_by_role("button", name="Run")).to_be_visible()
    page.evaluate("window.statuses = []; new MutationObserver(() => statuses.push("
                  "document.querySelector('.ember-cell__status')?.textContent)).observe("
                  "document.body, {subtree: true, childList: true, characterData: true})")
    run(page, 1)
    expect(output(page, 1)).to_have_text("Value(9.0, grad=0.0)\n")
    assert page.evaluate("window.sameDocument") is True
    statuses = page.evaluate("window.statuses")
    assert "Running…" in statuses and not [s for s in statuses if s and s.startswith("Python is starting")]
    assert python_boots(page) == 1
    graph = page.locator("#playground-figure").get_by_role("group", name=re.compile("Computation graph"))
    expect(graph.get_by_role("button", name=re.compile("^d data"))).to_contain_text("data 9.0")


def test_on_a_port_that_is_not_site_urls_a_link_to_the_next_lesson_keeps_what_python_holds(page: Page, course: str):
    assert urlparse(course).port != urlparse(SITE_URL).port  # sitemap.xml lists site_url's port
    page.goto(course + LESSON)
    replace_code(page, 1, "import sys\nsys.kept = 6 * 7\nprint('kept')")
    run(page, 1)
    expect(output(page, 1)).to_have_text("kept\n")
    page.evaluate("window.sameDocument = true")
    follow(page, "02 Grads by hand")
    expect(page).to_have_url(re.compile(f"{NEXT_LESSON}$"))
    shown(page, "Grads by hand")
    replace_code(page, 1, "import sys\nprint(sys.kept)")
    run(page, 1)
    expect(output(page, 1)).to_have_text("42\n")
    assert page.evaluate("window.sameDocument") is True


def test_going_back_mounts_the_lesson_again_with_its_labs_figures_and_math(page: Page, course: str):
    booted(page, course + LESSON)
    follow(page, "Playground")
    expect(page).to_have_url(re.compile("playground/$"))
    page.go_back()
    expect(page).to_have_url(re.compile(f"{LESSON}$"))
    shown(page, "Values that remember")
    assert page.evaluate("window.sameDocument") is True
    expect(lab(page, 2).get_by_role("button", name="Run checks")).to_be_visible()
    lab(page, 2).get_by_role("button", name="Run checks").click()
    expect(lab(page, 2).get_by_text(re.compile(r"checks passed"))).to_be_visible(timeout=30_000)
    expect(come_to(page.locator("#loss"))).to_have_attribute("data-drawn", "")
    expect(page.locator(".md-content .katex").first).to_be_attached()
    replace_code(page, 1, "print('back', 6 * 7)")
    run(page, 1)
    expect(output(page, 1)).to_have_text("back 42\n")


def endless_time_limits(page: Page, url: str) -> None:
    """Serve url with an hour as each cell's time limit: a run that ends soon ended otherwise."""
    def hour(route):
        response = route.fetch()
        route.fulfill(response=response, body=re.sub(r'data-time-limit="\d+"', 'data-time-limit="3600"', response.text()))

    page.route(url, hour)


def test_leaving_a_page_interrupts_its_endless_loop_when_python_can_be_interrupted(page: Page, isolated_course: str):
    endless_time_limits(page, isolated_course + LESSON)
    booted(page, isolated_course + LESSON)
    replace_code(page, 1, "while True:\n    pass")
    cell(page, 1).get_by_role("button", name="Run").click()
    expect(cell(page, 1).get_by_role("status")).to_have_text("Running…")
    replace_code(page, 2, "print('never sent')")
    cell(page, 2).get_by_role("button", name="Run").click()  # queued behind the loop
    follow(page, "Playground")
    shown(page, "Playground")
    cell(page, 1).get_by_role("button", name="Run").click()
    # Before the loop's time limit of an hour would have ended it.
    expect(output(page, 1)).to_have_text("Value(9.0, grad=0.0)\n", timeout=60_000)
    assert page.evaluate("window.sameDocument") is True


def test_links_within_the_page_and_back_keep_the_live_page(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, "print('mine')")
    run(page, 1)
    fetched = []
    page.on("request", lambda request: fetched.append(request.url) if LESSON in request.url else None)
    page.get_by_role("navigation", name="Table of contents").get_by_role("link", name="Graphs").click()
    expect(page).to_have_url(re.compile("#graphs$"))
    page.go_back()
    expect(page).to_have_url(re.compile(f"{LESSON}$"))
    page.go_forward()
    expect(page).to_have_url(re.compile("#graphs$"))
    expect(output(page, 1)).to_have_text("mine\n")
    expect(cell(page, 1).get_by_role("textbox", name="Code of cell 1")).to_have_text("print('mine')")
    assert fetched == []


def test_checks_dropped_by_leaving_keep_the_lab_passed(page: Page, isolated_course: str):
    booted(page, isolated_course + LESSON)
    lab(page, 1).get_by_role("button", name="Run checks").click()
    expect(lab(page, 1).get_by_role("status").last).to_have_text("All 5 checks passed.", timeout=30_000)
    replace_code(page, 1, "while True:\n    pass")
    cell(page, 1).get_by_role("button", name="Run").click()
    expect(cell(page, 1).get_by_role("status")).to_have_text("Running…")
    lab(page, 1).get_by_role("button", name="Run checks").click()  # queued behind the loop
    follow(page, "Course map")
    expect(page).to_have_url(re.compile("course-map/$"))
    shown(page, "Course map")
    page.go_back()
    shown(page, "Values that remember")
    expect(lab(page, 1).get_by_role("status").last).to_contain_text("You passed this lab")


def test_a_run_of_a_page_left_draws_nothing_on_the_next_one(page: Page, course: str):
    booted(page, course + LESSON)
    replace_code(page, 1, "import time, hx\nfrom ember.scalar import Value\ntime.sleep(0.5)\n"
                          "hx.show_graph(Value(1.0) * 2, target='loss')\nhx.show_graph(Value(1.0) * 2, target='playground-figure')")
    cell(page, 1).get_by_role("button", name="Run").click()
    follow(page, "Playground")
    graph = page.locator("#playground-figure").get_by_role("group", name=re.compile("Computation graph"))
    expect(graph).to_have_attribute("aria-label", "Computation graph of 5 values")
    replace_code(page, 1, "print('after')")  # Python runs it once the left page's run has ended
    run(page, 1)
    expect(output(page, 1)).to_have_text("after\n")
    expect(graph).to_have_attribute("aria-label", "Computation graph of 5 values")


def test_a_page_without_code_says_nothing_of_a_python_that_failed(page: Page, course: str):
    page.route("**/assets/pyodide/*/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(course + LESSON)
    expect(page.get_by_role("alert").filter(has_text="Python could not be loaded (")).to_contain_text(
        "pyodide.asm.wasm", timeout=30_000)
    follow(page, "Course map")
    expect(page).to_have_url(re.compile("course-map/$"))
    expect(page.locator(".ember-map__progress").first).to_be_visible()
    expect(page.get_by_text("Python could not be loaded")).to_have_count(0)
