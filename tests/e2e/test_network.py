"""Network diagrams in Chromium, on the test course's playground: drawn from the build's JSON, read
with the keyboard, redrawn in place by a cell's hx.show_network, and a table of the numbers."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.pages import output, run
from tools.reach import come_to

NETWORK = "#playground-network"
"""The playground's diagram: 2 inputs, 2 hidden neurons, 1 output (tests/e2e/course/docs/playground.md)."""
CELL = 3
"""The playground's cell that redraws it."""


def read_down_to_the_diagram(page: Page, course: str) -> None:
    """Open the playground and scroll to its diagram, as a learner reads down to it: it mounts once
    near the view (js/slices.js)."""
    page.goto(course + "playground/")
    come_to(page.locator(NETWORK))


def diagram(page: Page):
    return page.get_by_role("group", name="Network of 2 layers, from 2 inputs: 2 neurons, 1 neuron")


def test_the_diagram_shows_the_score_and_label_of_its_input(page: Page, course: str):
    read_down_to_the_diagram(page, course)
    figure = page.locator(NETWORK)
    expect(diagram(page)).to_be_visible()
    # h1 = relu(0.5 + 0.5) = 1, h2 = relu(-1 + 1.5 + 0.25) = 0.75, score = -1 + 0.375 + 0.1
    expect(figure.get_by_text("For the input (1, -1), the score is -0.525, so the network says -1.")).to_be_visible()
    expect(diagram(page).get_by_role("button")).to_have_count(3)
    expect(diagram(page).get_by_role("button", name="Layer 1, neuron 2: bias 0.25, grad 0, activation 0.75")).to_be_attached()


def test_the_keyboard_moves_between_neurons_and_enter_says_one_in_words(page: Page, course: str):
    read_down_to_the_diagram(page, course)
    first = diagram(page).get_by_role("button", name=re.compile("^Layer 1, neuron 1:"))
    first.focus()
    # A hidden neuron's own view: where on the linked plot's plane it is active.
    region = page.locator(NETWORK).get_by_text(re.compile(r"^Layer 1, neuron 1 is on, above 0, over \d+% of the plane"))
    expect(region).to_be_visible()
    page.keyboard.press("ArrowDown")
    expect(page.locator(NETWORK).get_by_text(re.compile(r"^Layer 1, neuron 2 is (on|off)"))).to_be_visible()
    expect(diagram(page).get_by_role("button", name=re.compile("^Layer 1, neuron 2:"))).to_be_focused()
    page.keyboard.press("ArrowRight")
    output_neuron = diagram(page).get_by_role("button", name=re.compile(r"^Output neuron 1\b"))
    expect(output_neuron).to_be_focused()
    expect(page.locator(NETWORK).get_by_text(re.compile(r"is (on|off),"))).to_be_hidden()  # not for the output
    page.keyboard.press("Enter")
    expect(page.locator(NETWORK).get_by_text(re.compile(r"^Output neuron 1, score -0\.525: bias 0\.1, grad 0\. "
                                                        r"It passes on its sum\. Weights: from neuron 1 of layer 1 -1 "
                                                        r"\(grad 2\); from neuron 2 of layer 1 0\.5 \(grad 0\)\.$"))).to_be_visible()
    # An arrow at the edge moves nothing. One Tab stop: Tab leaves the diagram, Shift+Tab comes
    # back to the neuron it left, and Shift+Tab again leaves it, not stopping on the drawing.
    page.keyboard.press("ArrowDown")
    expect(output_neuron).to_be_focused()
    page.keyboard.press("Tab")
    expect(output_neuron).not_to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(output_neuron).to_be_focused()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => !document.activeElement.closest('.ember-network')"), "Shift+Tab should leave the diagram"


def test_a_cell_redraws_the_diagram_in_place_and_what_it_said(page: Page, course: str):
    read_down_to_the_diagram(page, course)
    output_neuron = diagram(page).get_by_role("button", name=re.compile(r"^Output neuron 1\b"))
    output_neuron.click()
    words = page.locator(NETWORK).get_by_text(re.compile(r"^Output neuron 1\b.*: bias"))
    expect(words).to_contain_text("from neuron 1 of layer 1 -1 (grad 2)")
    drawn = diagram(page).element_handle()
    run(page, CELL)
    expect(output(page, CELL)).to_have_text("drawn\n")
    expect(page.locator(NETWORK).get_by_text("After 7 steps of training.")).to_be_visible()
    expect(words).to_have_attribute("aria-live", "off")  # a redraw is not announced again
    expect(words).to_contain_text("bias -0.75, grad 0. It passes on its sum. Weights: from neuron 1 of layer 1 3 (grad 0)")
    assert drawn.evaluate("svg => svg.isConnected"), "the same drawing should be updated, not replaced"


def test_a_point_picked_on_the_plane_fills_the_neurons_and_stays_through_a_redraw(page: Page, course: str):
    read_down_to_the_diagram(page, course)
    plane = page.get_by_role("application", name=re.compile("^Pick an input for the network"))
    plane.focus()
    page.keyboard.press("Enter")  # the cross starts in the middle of the plane: x 0, y 1.5
    step = page.locator(NETWORK).get_by_text(re.compile("For the input"))
    # h1 = relu(-0.75) = 0, h2 = relu(-2.25 + 0.25) = 0: the score is the output's bias
    expect(step).to_have_text("For the input (0, 1.5), the score is 0.1, so the network says 1.")
    for _ in range(4):
        page.keyboard.press("ArrowDown")  # a 24th of the y axis, 16.2, each
    page.keyboard.press("Enter")
    # h1 = relu(0.6) = 0.6, h2 = relu(1.8 + 0.25) = 2.05, score = -0.6 + 1.025 + 0.1
    expect(step).to_have_text("For the input (0, -1.2), the score is 0.525, so the network says 1.")
    expect(diagram(page).get_by_role("button", name=re.compile(r"^Layer 1, neuron 2: .*activation 2\.05$"))).to_be_attached()
    run(page, CELL)  # new weights, no input of its own: the picked one is run through them
    expect(page.locator(NETWORK).get_by_text(re.compile(r"^After 7 steps of training\. For the input \(0, -1\.2\), "
                                                        r"the score is 2\.0\d, so the network says 1\.$"))).to_be_visible()
    # A click picks the point under it: on the plot as the cell redrew it, x from 0 to 7.
    drawing = page.locator("#playground-plot").get_by_role("img")
    box = drawing.bounding_box()
    drawing.click(position={"x": box["width"] * 0.25, "y": box["height"] * 0.5})
    expect(step).not_to_contain_text("(0, -1.2)")
    expect(step).to_contain_text(re.compile(r"For the input \(1\.\d+, "))


def test_after_the_run_a_slider_replays_each_state_with_its_plots(page: Page, course: str):
    read_down_to_the_diagram(page, course)
    run(page, CELL)
    expect(output(page, CELL)).to_have_text("drawn\n")
    slider = page.locator(NETWORK).get_by_role("slider", name="Replay the training")
    expect(slider).to_have_attribute("aria-valuetext", "step 7")
    slider.focus()
    page.keyboard.press("Home")
    figure = page.locator(NETWORK)
    expect(figure.get_by_text("After 5 steps of training.")).to_be_visible()
    expect(diagram(page).get_by_role("button", name=re.compile(r"^Output neuron 1\b"))).to_have_attribute(
        "aria-label", "Output neuron 1: bias -0.75, grad 0")
    plot = page.locator("#playground-plot").get_by_role("img")
    # The plot as it was at step 5, its line to x = 5 on the axes of the whole run, to x = 7.
    expect(plot).to_have_attribute("aria-label", re.compile(r"^Plot: loss; x from 0 to 7,"))
    expect(plot.locator("polyline")).to_have_attribute("points", re.compile(r" (\S+),\S+$"))
    at_five = plot.locator("polyline").get_attribute("points").split()[-1]
    page.keyboard.press("ArrowRight")
    expect(figure.get_by_text("After 6 steps of training.")).to_be_visible()
    expect(plot).to_have_attribute("aria-label", re.compile(r"^Plot: loss; x from 0 to 7,"))
    expect(plot.locator("polyline")).not_to_have_attribute("points", re.compile(re.escape(at_five) + "$"))
    figure.get_by_role("button", name=re.compile(r"^Output neuron 1\b")).click()
    expect(figure.get_by_text(re.compile(r"^Output neuron 1\b.*: bias"))).to_contain_text("from neuron 1 of layer 1 2 (grad 0)")


def test_the_table_lists_each_layers_weights_with_their_grads(page: Page, course: str):
    read_down_to_the_diagram(page, course)
    figure = page.locator(NETWORK)
    figure.get_by_text("The network as a table").click()
    table = figure.get_by_role("table", name=re.compile("^Output layer"))
    expect(table).to_contain_text("Output layer: 1 neuron; each number with its grad")
    row = table.get_by_role("row").filter(has_text="0.1 (0)")
    expect(row).to_have_text(re.compile(r"^1\s*0\.1 \(0\)\s*-1 \(2\)\s*0\.5 \(0\)$"))
    expect(figure.get_by_role("table", name=re.compile("^Layer 1: 2 neurons, relu"))).to_be_visible()


def test_without_javascript_the_network_is_a_table(browser, course: str):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(course + "playground/")
    page.locator(NETWORK).get_by_text("The network as a table").click()
    expect(page.locator(NETWORK).get_by_role("table").last).to_contain_text("-1 (2)")
    context.close()
