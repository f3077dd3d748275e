"""Every lesson but 07 (test_lesson07.py and test_labs.py) in Chromium, one pass each: the page
loads with nothing for axe to flag, the finished pieces of earlier lessons load, each lab fails a
typical mistake with a reason and passes its solution typed in, and the last cell runs in Pyodide
on the learner's ember. Lesson 07 loads every gap of 01 to 06."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from site_src.gaps import read_ember
from tests.e2e.test_labs import editor, lab, run_checks
from tests.e2e.test_lesson07 import LESSON as LESSON_07
from tests.e2e.test_lesson07 import cell, output, run

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(path.relative_to(ROOT / "docs").with_suffix("").as_posix() + "/"
                 for path in (ROOT / "docs" / "lessons").glob("[01][0-9]-*.md") if not path.name.startswith("07-"))
GAPS = read_ember(ROOT).gaps

# A typical mistake for one gap of each lab, and the reason a check gives for it. The mistake is
# the gap's whole text, or (old, new): its solution with old replaced by new.
MISTAKES = {
    "L01.weighted_sum": ("    total = 0.0  # forgot the bias\n    for weight, x in zip(weights, inputs):\n"
                         "        total += weight * x\n    return total",
                         "expected the float 5.5, got the float 5.0"),
    "L01.gates": ("AND_WEIGHTS, AND_BIAS = [1.0, 1.0], -0.5\nOR_WEIGHTS, OR_BIAS = [1.0, 1.0], -0.5",
                  "the AND neuron on [0, 1]: expected the float 0.0, got the float 1.0"),
    "L02.perceptron": ("    for _ in range(epochs):  # forgot the bias\n        wrong = 0\n"
                       "        for inputs, target in data:\n"
                       "            miss = target - predict(weights, bias, inputs)\n            if miss:\n"
                       "                wrong += 1\n"
                       "                weights = [w + lr * miss * x for w, x in zip(weights, inputs)]\n"
                       "        mistakes.append(wrong)\n    return weights, bias, mistakes",
                       "the bias after one miss: expected the float -0.5, got the float 0.0"),
    "L03.relu": ("    return abs(z)  # a kink, the wrong one", "relu(-3.0): expected the float 0.0, got the float 3.0"),
    "L03.xor": ("    return step(weighted_sum([1.0, 1.0], inputs, -0.5))  # one neuron: OR",
                "xor_net([1, 1]): expected the float 0.0, got the float 1.0"),
    "L04.sigmoid": ("    return 1.0 / (1.0 + math.exp(-z))  # overflows", "OverflowError"),
    "L04.squared_error": ("    return abs(prediction - target)  # not squared",
                          "squared_error(3.0, 1.0): expected the float 4.0, got the float 2.0"),
    "L05.numerical_gradient": ("    slopes = []  # divides by h, not by the 2 * h moved\n"
                               "    for i in range(len(knobs)):\n        up, down = list(knobs), list(knobs)\n"
                               "        up[i] += h\n        down[i] -= h\n"
                               "        slopes.append((loss(up) - loss(down)) / h)\n    return slopes",
                               "expected about [-4.0, 4.0], got [-8.0"),
    "L05.descent": ("    history = [loss(knobs)]  # walks uphill\n    for _ in range(steps):\n"
                    "        slopes = numerical_gradient(loss, knobs, h)\n"
                    "        knobs = [k + lr * slope for k, slope in zip(knobs, slopes)]\n"
                    "        history.append(loss(knobs))\n    return knobs, history",
                    "the knobs after one step: expected about [1.4, -0.4], got [0.6"),
    "L06.counted_call": ("        return self.loss(knobs)  # never counts", "calls after two calls: expected the int 2, got the int 0"),
    "L06.one_sided": ("    slopes = []  # takes the loss where you stand once per knob\n"
                      "    for i in range(len(knobs)):\n        nudged = list(knobs)\n        nudged[i] += h\n"
                      "        slopes.append((loss(nudged) - loss(list(knobs))) / h)\n    return slopes",
                      "the passes for 3 knobs: expected the int 4, got the int 6"),
    "L08.add_back": (("other.grad = out.grad", "other.grad = 0.0"), "b.grad: expected the float 1.0, got the float 0.0"),
    "L08.mul_back": (("self.grad = other.data", "self.grad = self.data"), "a.grad: expected the float -3.0, got the float 2.0"),
    "L09.add_back": (("+=", "="), "a.grad for c = a + a: expected the float 2.0, got the float 1.0"),
    "L09.neg": (("return self * -1", "return self * 1"), "(-a).data: expected the float -3.0, got the float 3.0"),
    "L10.topo": (("elif value not in seen:", "else:"), "the number of Values in the order"),
    "L10.backward": (("            if value._prev:\n                value.grad = 0.0\n", "            pass\n"),
                     "expected the float 54.0, got the float 72.0"),
    "L11.pow": ((" if exponent != 0 else 0.0", ""), "ZeroDivisionError"),
    "L11.exp": (("out.data * out.grad", "out.grad"), "x.grad for exp at log 2: expected 2.0, got 1.0"),
    "L12.check": (("f(*knobs).backward()", "f(*knobs)"), "the backward slope of a: expected the float -3.0, got the float 0.0"),
    "L13.neuron": ((", self.b)", ")"), "the output at (1, 2), relu(2 - 2 + 0.5): expected the float 0.5, got the float 0.0"),
    "L13.mlp": (("return x[0] if len(x) == 1 else x", "return x"), "with one output neuron the MLP should return a Value, not list"),
    "L14.hinge": ((" * (1.0 / len(margins))", ""), "the loss: expected the float 0.16666666666666666, got the float 0.5"),
    "L14.sgd": (("p.data -= lr", "p.data += lr"), "the knob after the step: expected the float 2.8, got the float 3.2"),
}


def write(page: Page, number: int, gap: str, text: str) -> None:
    """Click the gap's start marker, step into the gap, select it, and type text over it.

    CodeMirror draws only the lines near the view, so the page scrolls down the editor until the
    marker is drawn."""
    box = editor(page, number)
    box.evaluate("element => element.scrollIntoView({block: 'start'})")
    marker = box.locator(".cm-line", has_text=f"--- gap {gap} ---")
    for _ in range(20):
        if marker.count():
            break
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(50)
    marker.click()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(text)


def mistake(gap: str) -> str:
    """The gap's typical mistake, as typed."""
    wrong = MISTAKES[gap][0]
    if isinstance(wrong, str):
        return wrong
    old, new = wrong
    assert old in solution(gap), f"{gap}: {old!r} is not in its solution"
    return solution(gap).replace(old, new)


def load_finished_pieces(page: Page) -> None:
    """Press "Load the finished pieces" and wait for the page it reloads."""
    with page.expect_navigation():
        page.get_by_role("button", name="Load the finished pieces").click()
    expect(page.get_by_role("region", name="Lab 1")).to_be_visible()


def lab_gaps(page: Page, number: int) -> list[str]:
    """The gaps a lab writes, in order, from the groups of their "Reset this gap" buttons."""
    groups = lab(page, number).get_by_role("group", name=re.compile(r"^Gap L\d\d\.")).all()
    return [group.get_attribute("aria-label").removeprefix("Gap ") for group in groups]


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path[8:10])
def test_a_learner_goes_through_the_lesson(page: Page, site: str, path: str, axe_violations):
    page.goto(site + path)
    expect(page.get_by_role("textbox", name="Code of cell 1")).to_be_visible()
    assert axe_violations() == []
    if path[8:10] != "01":
        load_finished_pieces(page)
    labs = page.get_by_role("region", name=re.compile(r"^Lab \d$"))
    expect(labs.first).to_be_visible()
    assert labs.count() in (1, 2)
    for number in range(1, labs.count() + 1):
        gaps = lab_gaps(page, number)
        mistaken = next(gap for gap in gaps if gap in MISTAKES)
        reason = MISTAKES[mistaken][1]
        for gap in gaps:
            write(page, number, gap, mistake(gap) if gap == mistaken else solution(gap))
        run_checks(page, number)
        expect(lab(page, number).get_by_role("status").last).to_have_text(re.compile(r"^\d+ of \d+ checks passed\.$"))
        expect(lab(page, number).locator(".ember-lab__check:is([data-status=failed], [data-status=error])").first).to_contain_text(reason)

        write(page, number, mistaken, solution(mistaken))
        run_checks(page, number)
        expect(lab(page, number).get_by_role("status").last).to_have_text(re.compile(r"^All \d+ checks passed\.$"))
    last = page.get_by_role("group", name=re.compile(r"^Code cell \d+$")).count()
    run(page, last)
    expect(cell(page, last).get_by_role("status")).to_have_text(re.compile("Done"))
    expect(output(page, last)).not_to_contain_text("Traceback")


def solution(gap: str) -> str:
    """A gap's finished text, as typed: without its last newline."""
    return GAPS[gap][1].text.removesuffix("\n")


def test_load_the_finished_pieces_on_lesson_07_fills_every_gap_of_01_to_06(page: Page, site: str):
    page.goto(site + LESSON_07)
    load_finished_pieces(page)
    earlier = [gap for gap in GAPS if int(gap[1:3]) < 7]
    expect(page.locator(".ember-catchup").get_by_role("status")).to_contain_text(
        f"Filled {len(earlier)} gaps with their solutions; kept 0 of your own answers")
    playground = page.get_by_role("group", name=re.compile(r"^Code cell \d+$")).count()
    page.get_by_role("textbox", name=f"Code of cell {playground}").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(
        "from ember.neuron import xor_net, AND_WEIGHTS\nfrom ember.train import Counted, one_sided_gradient\n"
        "loss = Counted(lambda k: sum(x * x for x in k))\none_sided_gradient(loss, [1.0] * 250)\n"
        "print('xor', [xor_net(x) for x in ([0, 0], [0, 1], [1, 0], [1, 1])], 'passes', loss.calls)")
    run(page, playground)
    expect(output(page, playground)).to_contain_text("xor [0.0, 1.0, 1.0, 0.0] passes 251")
    assert len(earlier) == 14
