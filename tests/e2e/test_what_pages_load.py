"""Pages load only the code they use: the page bundle is split into a chunk per component
(js/main.js), so a page without code cells, figures or math loads no editor, graph, runtime or
KaTeX fonts, and a lesson page loads what it has."""

import json
import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect

from tests.e2e.pages import LESSON
from tools.reach import MOUNTING, come_to, every_component_near_mounted

ROOT = Path(__file__).resolve().parents[2]
COURSE_SITE = ROOT / "build" / "site"
LESSON_07 = ROOT / "docs" / "lessons" / "07-a-number-that-remembers.md"
LARGEST_PAGE_CODE = 80_000
"""The most bytes of ember's JavaScript that a page without code may load: a tenth of a lesson's."""


def ember_scripts(page: Page, url: str) -> dict[str, int]:
    """Open url and wait until it is idle; the names and sizes of the assets/ember/ scripts it loaded."""
    loaded = {}
    page.on("response", lambda response: response.url.endswith(".js") and "/assets/ember/" in response.url
            and loaded.setdefault(response.url.rsplit("/", 1)[1], int(response.headers["content-length"])))
    page.goto(url, wait_until="networkidle")
    return loaded


@pytest.mark.parametrize("path", ["", "course-map/"], ids=["home", "course map"])
def test_a_page_without_code_loads_no_editor_graph_runtime_or_math(page: Page, course: str, path: str):
    loaded = ember_scripts(page, course + path)
    expect(page.get_by_role("main")).to_be_visible()
    assert "ember.js" in loaded
    assert not [name for name in loaded if re.match(r"(lab|cell|graph|plot|math)-|worker\.js", name)], loaded
    expect(page.locator("link[href$='katex-fonts.css']")).to_have_count(0)
    assert sum(loaded.values()) < LARGEST_PAGE_CODE, loaded


def test_a_lesson_loads_its_labs_cells_figures_and_math(page: Page, course: str):
    loaded = ember_scripts(page, course + LESSON)
    expect(come_to(page.get_by_role("region", name="Lab 1")).get_by_role("button", name="Run checks")).to_be_visible()
    expect(page.locator(".katex").first).to_be_attached()
    for component in ("lab-", "cell-", "math-"):
        assert [name for name in loaded if name.startswith(component)], (component, loaded)


def test_every_formula_of_a_lesson_is_typeset_as_built_in_katexs_fonts_with_no_script_run(browser, course: str):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(course + LESSON)
    formulas = page.locator(".arithmatex")
    expect(formulas.first).to_be_attached()
    expect(formulas.filter(has=page.locator(".katex"))).to_have_count(formulas.count())
    expect(page.get_by_role("main")).not_to_contain_text("\\(")
    expect(page.get_by_role("main")).not_to_contain_text("\\[")
    # Laid out in KaTeX's fonts from the first paint: the head declares them, no script.
    loaded = page.evaluate("document.fonts.ready.then((fonts) => [...fonts].filter((f) => f.status === 'loaded').map((f) => f.family))")
    assert {"KaTeX_Main", "KaTeX_Math"} <= set(loaded), loaded
    context.close()


def test_a_figure_whose_code_cannot_load_still_shows_its_graph_as_a_table_and_no_dead_buttons(page: Page, course: str):
    page.route("**/assets/ember/graph-*.js", lambda route: route.abort())
    page.goto(course + LESSON)
    figure = come_to(page.locator(".ember-figure").first)
    figure.get_by_text("The graph as a table").click()
    expect(figure.get_by_role("row").first).to_be_visible()
    expect(figure.get_by_role("cell", name="input").first).to_be_visible()
    expect(figure.get_by_role("button")).to_have_count(0)  # nor the places the drawing's buttons waited in


FETCHED = """(prefix) => {
  const chunk = performance.getEntriesByType("resource").find((entry) => entry.name.includes(`/assets/ember/${prefix}`));
  return chunk && { start: chunk.startTime, loaded: performance.getEntriesByType("navigation")[0].loadEventEnd };
}"""
"""When the page began to fetch the chunk whose name starts with prefix, and when it had loaded."""


def test_a_lab_far_down_a_lesson_gets_its_code_once_the_page_has_loaded_and_its_editor_when_the_learner_scrolls_near_it(
        page: Page, course: str):
    page.goto(course + LESSON)
    fetched = page.wait_for_function(FETCHED, arg="lab-", timeout=MOUNTING).json_value()
    assert fetched["start"] >= fetched["loaded"] > 0, fetched  # not while the page loads: it is dear on a phone
    far = page.get_by_role("region", name="Lab 2")
    expect(far.get_by_role("button", name="Run checks")).to_have_count(0)
    expect(far.get_by_text("holding the sum")).to_be_hidden()  # the page's stub, which may not be the learner's code
    come_to(far)
    expect(far.get_by_role("button", name="Run checks")).to_be_visible()


NO_SCROLL_ANCHORING = """{
  const supports = CSS.supports.bind(CSS);
  CSS.supports = (...asked) => !String(asked[0]).startsWith("overflow-anchor") && supports(...asked);
}"""
"""A browser without CSS scroll anchoring, as Safari is."""


def test_a_browser_that_does_not_keep_the_view_still_as_parts_grow_mounts_them_all_at_once(page: Page, course: str):
    page.add_init_script(NO_SCROLL_ANCHORING)
    page.goto(course + LESSON)
    expect(page.get_by_role("region", name="Lab 2").get_by_role("button", name="Run checks")).to_be_attached()
    assert page.evaluate("scrollY") == 0


def test_the_keyboard_going_into_a_lab_before_it_mounts_keeps_the_focus_in_it(page: Page, course: str):
    page.goto(course + LESSON)
    far = page.get_by_role("region", name="Lab 2")
    expect(far.get_by_role("button", name="Run checks")).to_have_count(0)
    heading = page.get_by_role("heading", name=re.compile("^Lab 2"))
    heading.get_by_role("link").evaluate("link => link.focus({ preventScroll: true })")  # the view stays put
    page.keyboard.press("Tab")  # into the lab, onto its hints, which its mount replaces
    expect(far.get_by_role("button", name="Run checks")).to_be_visible()
    page.wait_for_function("document.activeElement.closest('.ember-lab')?.dataset.lab === '01-2'")


LAST_CONTROL_FOCUSED = """lab => {
  const shown = [...lab.querySelectorAll("button, a[href], input, textarea, select, summary, [contenteditable=true], [tabindex='0']")]
    .filter((control) => control.checkVisibility());
  return shown.length > 1 && document.activeElement === shown.at(-1);
}"""
"""Whether the focus is on the last control shown in the lab."""


def test_shift_tab_into_a_lab_before_it_mounts_lands_on_its_last_control(page: Page, course: str):
    page.goto(course + LESSON)
    far = page.get_by_role("region", name="Lab 2")
    expect(far.get_by_role("button", name="Run checks")).to_have_count(0)
    far.evaluate("""lab => {  // the first link after the lab; the view stays put
      let block = lab.nextElementSibling;
      while (!block.querySelector("a[href]")) block = block.nextElementSibling;
      block.querySelector("a[href]").focus({ preventScroll: true });
    }""")
    page.keyboard.press("Shift+Tab")  # back into the lab, onto its hints, which its mount replaces
    expect(far.get_by_role("button", name="Run checks")).to_be_visible()
    page.wait_for_function(LAST_CONTROL_FOCUSED, arg=far.element_handle())


STATIC_IMPORTS = re.compile(r'^(?:import\{[^}]*\}from|import)"\./([\w-]+\.js)";')
"""A static import at the start of a module esbuild wrote: the chunks a module needs to run."""
MODULEPRELOADS = re.compile(r'<link rel="modulepreload" href="([^"]+)">')


def test_a_page_names_in_its_head_every_chunk_its_bundle_starts_with(page: Page, course: str):
    # The head as served: once the page runs, js/prefetch.js adds the preloads of parts coming into view.
    head = page.request.get(course + LESSON).text().split("</head>", 1)[0]
    named = {href.rsplit("/", 1)[1] for href in MODULEPRELOADS.findall(head)}
    base = course + "assets/ember/"
    needed, todo = set(), ["ember.js"]
    while todo:
        code = page.request.get(base + todo.pop()).text()
        while match := STATIC_IMPORTS.match(code):
            if match[1] not in needed:
                needed.add(match[1])
                todo.append(match[1])
            code = code[match.end():]
    assert needed and named == needed



def test_the_sites_search_finds_the_lessons_words_but_no_hint_quiz_answer_code_or_formula():
    # Material's search plugin leaves out what data-search-exclude marks (site_src/fences).
    index = json.loads((COURSE_SITE / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = " ".join(doc["text"] for doc in index["docs"] if doc["location"].startswith("lessons/"))
    assert "Checks" in text and "topological order" in text
    for hidden in ("as this lab starts", "Nearly the code", "Hints"):
        assert hidden not in text
    cell = re.search(r"```python cell\n(.*?)```", LESSON_07.read_text(), re.S)[1]
    assert max(cell.splitlines(), key=len).strip() not in text  # a cell's code
    quiz = json.loads(json.dumps(yaml.safe_load(re.search(r"```yaml quiz\n(.*?)```", LESSON_07.read_text(), re.S)[1])))
    for option in quiz["options"]:
        assert " ".join(option["feedback"].split()[:6]) not in text
    for tex in ("\\frac", "\\text", "\\sum"):  # a formula's TeX, in its MathML's annotation
        assert tex not in text


def test_a_cell_just_below_the_first_screen_gets_its_editor_once_the_learner_first_scrolls(page: Page, course: str):
    page.goto(course + "playground/")
    first = page.get_by_role("group", name="Code cell 1")
    every_component_near_mounted(page)
    top = first.evaluate("cell => cell.getBoundingClientRect().top + scrollY")
    page.set_viewport_size({"width": 1280, "height": int(top * 0.6)})  # out of the view, within a screen of it
    page.goto(course + "playground/")
    page.wait_for_function(FETCHED, arg="cell-", timeout=MOUNTING)  # its code comes, the learner has not moved
    page.wait_for_load_state("networkidle")
    expect(first.get_by_role("button", name="Run")).to_have_count(0)  # mounting an editor is dear on a phone
    page.mouse.move(640, 10)
    page.mouse.wheel(0, 40)
    expect(first.get_by_role("button", name="Run")).to_be_attached()  # mounted before it comes into view
    expect(first).not_to_be_in_viewport()


COMPONENT = re.compile(r'"([\w/]+\.js)", \(\) => import\("\./\1"\)')
"""A component in js/main.js: its source's name, then its import."""


def test_each_component_a_page_loads_later_has_its_chunks_named_for_fetching_ahead():
    main = (ROOT / "js" / "main.js").read_text(encoding="utf-8")
    named = COMPONENT.findall(main)
    assert len(named) == main.count("() => import(")  # each names the source it imports
    lazy = json.loads((COURSE_SITE / "assets" / "ember" / "ember.lazy.json").read_text(encoding="utf-8"))
    assert set(named) == set(lazy)  # js/build.mjs's map, which js/prefetch.js reads
    assert all(lazy[name] for name in ("cell.js", "lab.js", "math.js"))


def test_a_cell_waiting_for_its_code_keeps_about_the_height_its_editor_and_run_bar_will_have(page: Page, course: str):
    page.set_viewport_size({"width": 390, "height": 844})  # where long lines wrap
    held = []
    page.route("**/assets/ember/cell-*.js", lambda route: held.append(route))
    page.goto(course + LESSON)
    cell = page.get_by_role("group", name="Code cell 1")
    cell.evaluate("cell => cell.scrollIntoView({ block: 'center' })")  # not come_to: it waits for the mount
    expect(cell).to_have_attribute("data-found", "")
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    waiting = cell.bounding_box()["height"]
    for route in held:
        route.continue_()
    expect(cell.get_by_role("button", name="Run")).to_be_visible()
    assert abs(cell.bounding_box()["height"] - waiting) <= 20, waiting  # a wrapped line, at most
