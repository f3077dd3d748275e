"""Figures in Chromium, on the test course: drawn from JSON, where each value came from, the table without
JavaScript, the playground's hx.show_graph redrawing it from the learner's Values, and its backward
pass replayed a step at a time."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import (ADD, LESSON, MUL, REPR, RIGHT_INIT, lab, output, replace_code, run, write_gap,
                             write_solutions)
from tools.reach import come_to

VALUES = {"y": "3.0", "b": "1.0", "x": "2.0", "w": "0.5", "#4": "1.0", "z": "2.0", "#6": "-1.0", "L": "1.0"}


def loss_figure(page: Page):
    """The test course's figure of the loss, scrolled to."""
    return come_to(page.locator("#loss"))


def figure(page: Page):
    return loss_figure(page).get_by_role("group", name=re.compile("Computation graph"))


def node(page: Page, label: str):
    return figure(page).get_by_role("button", name=re.compile(f"^{re.escape(label)} data"))


def test_the_figure_shows_eight_values_with_their_data_and_zero_grads(page: Page, course: str):
    page.goto(course + LESSON)
    expect(figure(page)).to_have_attribute("aria-label", "Computation graph of 8 values")
    for label, data in VALUES.items():
        expect(node(page, label)).to_have_text(re.compile(f"data {re.escape(data)}\\s*grad 0.0"))


def test_clicking_z_says_where_it_came_from_and_names_its_parents(page: Page, course: str):
    page.goto(course + LESSON)
    node(page, "z").click()
    panel = loss_figure(page).get_by_text("z = #4 + b = 1.0 + 1.0 = 2.0")
    expect(panel).to_be_visible()
    loss_figure(page).get_by_role("button", name="#4", exact=True).click()
    expect(node(page, "#4")).to_be_focused()
    expect(loss_figure(page).get_by_text("#4 = w * x = 0.5 * 2.0 = 1.0")).to_be_visible()


def test_the_graph_is_one_tab_stop_and_the_arrow_keys_reach_every_value(page: Page, course: str):
    page.goto(course + LESSON)
    node(page, "z").focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # back into the graph: at the Value it was left on
    expect(node(page, "z")).to_be_focused()
    page.keyboard.press("Enter")
    panel = loss_figure(page).get_by_text("z = #4 + b = 1.0 + 1.0 = 2.0")
    expect(panel).to_be_visible()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    page.keyboard.press("ArrowLeft")  # to a parent
    expect(figure(page).locator(":focus")).to_have_accessible_name(re.compile("^(#4|b) "))
    page.keyboard.press("Home")
    seen = []
    for _ in range(len(VALUES)):
        seen.append(figure(page).locator(":focus .ember-graph__label").text_content())
        page.keyboard.press("ArrowDown")
    assert sorted(seen) == sorted(VALUES)
    expect(node(page, "L")).to_be_focused()  # the last in reading order
    node(page, "y").focus()
    page.keyboard.press("Enter")
    expect(loss_figure(page).get_by_text("y is an input")).to_be_visible()


def test_without_javascript_the_graph_is_a_table(browser, course: str):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(course + LESSON)
    loss_figure(page).get_by_text("The graph as a table").click()
    rows = loss_figure(page).get_by_role("row")
    expect(rows).to_have_count(9)
    expect(rows.nth(5)).to_have_text(re.compile(r"#4\s*\*\s*w, x\s*1\.0\s*0\.0"))
    expect(loss_figure(page).get_by_role("button")).to_have_count(0)  # nor the buttons that wait for the drawing
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("figure_id", ["loss", "explorer"])
def test_a_figure_waiting_for_its_code_has_the_height_it_is_drawn_at(page: Page, course: str, width: int,
                                                                     figure_id: str):
    page.set_viewport_size({"width": width, "height": 844})
    held = []
    page.route("**/assets/ember/graph-*.js", lambda route: held.append(route))
    page.goto(course + LESSON)
    waiting = page.locator(f"#{figure_id}")
    waiting.evaluate("figure => figure.scrollIntoView({ block: 'center' })")  # not come_to: it waits for the mount
    expect(waiting).to_have_attribute("data-found", "")
    height = waiting.bounding_box()["height"]
    for route in held:
        route.continue_()
    expect(waiting.get_by_role("group", name=re.compile("Computation graph"))).to_be_visible()
    assert abs(waiting.bounding_box()["height"] - height) <= 2, height


def test_the_playground_redraws_the_figure_from_the_learners_values(page: Page, course: str):
    page.goto(course + LESSON)
    write_gap(page, 1, "Keep data as a float", RIGHT_INIT)
    write_gap(page, 1, "Return text such as", REPR)
    write_gap(page, 2, "holding the sum", ADD.replace("        print('my add was called')\n", ""))
    write_gap(page, 2, "holding the product", MUL)
    replace_code(page, 2, "import hx\nfrom ember.scalar import Value\n"
                          "w, x, b, y = Value(2.0), Value(2.0), Value(1.0), Value(3.0)\n"
                          "w.label, x.label, b.label, y.label = 'w', 'x', 'b', 'y'\n"
                          "z = w * x + b\nz.label = 'z'\nL = (z - y) ** 2\nL.label = 'L'\n"
                          "print(L.data)\nhx.show_graph(L)")
    run(page, 2)
    expect(output(page, 2)).to_have_text("4.0\n")
    expect(node(page, "L")).to_contain_text("data 4.0")
    expect(node(page, "z")).to_contain_text("data 5.0")
    loss_figure(page).get_by_text("The graph as a table").click()
    expect(loss_figure(page).get_by_role("row").last).to_have_text(re.compile(r"L\s*\*\*2\s*#6\s*4\.0\s*0\.0"))


def test_the_explorer_recomputes_downstream_values_without_python(page: Page, course: str):
    held = []
    page.route("**/assets/pyodide/**", lambda route: held.append(route))  # Python never starts
    page.goto(course + LESSON)
    explorer = come_to(page.locator("#explorer"))
    explorer.get_by_label("a =").fill("5")
    graph = explorer.get_by_role("group", name=re.compile("Computation graph"))
    expect(graph.get_by_role("button", name=re.compile("^sum data"))).to_contain_text("data 8.0")
    expect(graph.get_by_role("button", name=re.compile("^z data"))).to_contain_text("data 32.0")
    expect(explorer.locator(".ember-figure__changed")).to_have_text("Changed: a = 5.0, sum = 8.0, z = 32.0.")
    for route in held:
        route.abort()


def test_the_playground_page_draws_any_graph_from_the_learners_ember(page: Page, course: str):
    page.goto(course + "playground/")
    answers = {"L01.init": RIGHT_INIT + "\n", "L01.repr": REPR + "\n", "L01.mul": MUL + "\n",
               "L01.add": ADD.replace("        print('my add was called')\n", "") + "\n"}
    page.evaluate("a => localStorage.setItem('ember:progress:v1', JSON.stringify("
                  "{answers: a, hints: {}, passed: {}}))", answers)
    page.reload()
    replace_code(page, 1, "import hx\nfrom ember.scalar import Value\n"
                          "p, q = Value(3.0), Value(4.0)\np.label, q.label = 'p', 'q'\n"
                          "r = p * q - p\nr.label = 'r'\nprint(r)\nhx.show_graph(r)")
    run(page, 1)
    expect(output(page, 1)).to_have_text("Value(9.0, grad=0.0)\n")
    graph = page.locator("#playground-figure").get_by_role("group", name=re.compile("Computation graph"))
    expect(graph).to_have_attribute("aria-label", "Computation graph of 4 values")
    expect(graph.get_by_role("button", name=re.compile("^r data"))).to_contain_text("data 9.0")


def test_a_large_graph_fills_in_each_values_text_as_it_comes_into_view(page: Page, course: str):
    page.goto(course + "playground/")
    write_solutions(page)
    page.reload()
    replace_code(page, 1, "import hx\nfrom ember.scalar import Value\nv = Value(0.0)\nv.label = 'start'\n"
                          "for i in range(150):\n    v = v + Value(float(i)) * Value(2.0)\nhx.show_graph(v)")
    run(page, 1)
    graph = page.locator("#playground-figure").get_by_role("group", name=re.compile("Computation graph"))
    expect(graph).to_have_attribute("aria-label", "Computation graph of 601 values")
    expect(graph.get_by_role("button")).to_have_count(601)
    first = graph.get_by_role("button", name="start data 0.0 grad 0.0")
    expect(first).to_have_text("")  # far to the left of the canvas, which opens on the last Value
    first.focus()
    expect(first).to_have_text(re.compile(r"start\s*data 0.0\s*grad 0.0"))


def test_graphs_as_the_build_saw_them_are_drawn_without_graphviz(page: Page, course: str):
    workers = []
    page.on("request", lambda request: workers.append(request.url) if "layout-worker" in request.url else None)
    page.goto(course + LESSON)
    for figure_id in ("loss", "explorer"):
        expect(come_to(page.locator(f"#{figure_id}"))).to_have_attribute("data-drawn", "")
    page.goto(course + "playground/")
    write_solutions(page)
    page.reload()
    run(page, 1)  # the cell as written shows the graph the build laid out
    expect(output(page, 1)).to_have_text("Value(9.0, grad=0.0)\n")
    graph = page.locator("#playground-figure").get_by_role("group", name=re.compile("Computation graph"))
    expect(graph.get_by_role("button", name=re.compile("^d data"))).to_contain_text("data 9.0")
    assert workers == []
    replace_code(page, 1, "import hx\nfrom ember.scalar import Value\nhx.show_graph(Value(5.0) * 2)")
    run(page, 1)  # a graph the build never saw is laid out by Graphviz, in its worker
    expect(graph).to_have_attribute("aria-label", "Computation graph of 3 values")
    assert len(workers) == 1


def test_a_graph_a_cell_draws_in_a_figure_far_above_it_is_kept_when_the_learner_scrolls_back(page: Page, course: str):
    page.goto(course + LESSON)
    write_solutions(page)
    page.reload()
    replace_code(page, 2, "import hx\nfrom ember.scalar import Value\nhx.show_graph(Value(2.0) * Value(3.0), target='loss')")
    run(page, 2)  # the figure, thousands of px above, is not mounted yet: the cell draws it
    expect(figure(page)).to_have_attribute("aria-label", "Computation graph of 3 values")
    expect(lab(page, 1).get_by_role("button", name="Run checks")).to_be_visible()  # mounted after the figure
    expect(figure(page)).to_have_attribute("aria-label", "Computation graph of 3 values")


def test_step_backward_applies_each_local_gradient_last_operation_first(page: Page, course: str):
    page.goto(course + LESSON)
    loss = loss_figure(page)
    status = loss.get_by_role("group", name="The backward pass, step by step").get_by_role("status")
    step = loss.get_by_role("button", name="Step backward")
    step.click()
    # The page's lesson is before 08: the replay says the backward pass is lesson 08's, which sets grads (=) (js/graph/stepper.js).
    expect(status).to_contain_text("Step 0 of 4: the backward pass starts, as lesson 08 will build it; here the "
                                   "grads are only drawn. Every grad starts at 0.0, and L.grad is seeded with 1.0")
    expect(node(page, "L")).to_have_text(re.compile("grad 1.0$"))
    expect(node(page, "w")).to_have_text(re.compile("grad 0.0$"))
    # From the keyboard: the button keeps the focus, and Enter takes the next step.
    for number, made in ((1, "L, made by **2, passes its grad 1.0 back: #6.grad = -2.0 × 1.0, now -2.0."),
                         (2, "#6, made by -, passes its grad -2.0 back"),
                         (3, "z, made by +, passes its grad -2.0 back"),
                         (4, "#4, made by *, passes its grad -2.0 back: w.grad = 2.0 × -2.0, now -4.0")):
        page.keyboard.press("Enter")
        expect(status).to_contain_text(f"Step {number} of 4: {made}")
    expect(status).to_contain_text("Every grad is filled in: y.grad = 2.0, b.grad = -2.0, x.grad = -1.0, w.grad = -4.0.")
    expect(node(page, "w")).to_have_text(re.compile("grad -4.0$"))
    expect(figure(page).locator(".ember-graph__value--stepping")).to_have_count(1)

    loss.get_by_text("The graph as a table").click()
    expect(loss.get_by_role("row", name=re.compile("^w input"))).to_contain_text("-4.0")
    step.click()  # a new round starts from 0
    expect(node(page, "w")).to_have_text(re.compile("grad 0.0$"))
    loss.get_by_role("button", name="Run backward").click()
    expect(status).to_have_text(re.compile("^Ran all 4 steps of the backward pass. Every grad is filled in"))
    expect(node(page, "x")).to_have_text(re.compile("grad -1.0$"))
    loss.get_by_role("button", name="Reset").click()
    expect(status).to_have_text("The grads are back as the figure first showed them.")
    expect(node(page, "x")).to_have_text(re.compile("grad 0.0$"))


def test_on_a_phone_a_graph_a_little_too_wide_opens_at_its_leaves_its_last_value_a_swipe_away(page: Page, course: str):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(course + LESSON)
    explorer = come_to(page.locator("#explorer"))
    expect(explorer).to_have_attribute("data-drawn", "")
    canvas = explorer.locator(".ember-figure__canvas")
    assert canvas.evaluate("el => el.scrollWidth > el.clientWidth")  # too wide at a readable size
    view = canvas.bounding_box()
    graph = explorer.get_by_role("group", name=re.compile("Computation graph"))
    for leaf in ("a", "b"):  # the Values the explorer asks the learner to change
        box = graph.get_by_role("button", name=re.compile(f"^{leaf} data")).bounding_box()
        assert view["x"] <= box["x"] and box["x"] + box["width"] <= view["x"] + view["width"], (leaf, box, view)
    last = graph.get_by_role("button", name=re.compile("^z data")).bounding_box()
    assert last["x"] + last["width"] > view["x"] + view["width"]  # at the right, beyond the view
