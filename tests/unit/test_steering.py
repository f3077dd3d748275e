"""hx.steer: the knobs a learner moves on the page while a cell runs, read at each step, and the
marks of their changes on a plot (site_src/runtime/steering.py, hx.marks)."""

import json
import math

import pytest

import hx
import steering
from site_src.fences import PageContext
from tests.unit.conftest import render_fence

KNOBS = {"lr": [0.1, 1.0], "alpha": [0.0, 0.01]}


@pytest.fixture
def page(monkeypatch):
    """The page's buffer of knobs, a float a slot (NaN: the cell's own), and what hx shows."""
    slots, shown = [math.nan] * steering.MAX_KNOBS, []
    monkeypatch.setattr(steering, "read_slot", lambda slot: slots[slot])
    monkeypatch.setattr(hx, "_display", lambda kind, text: shown.append((kind, json.loads(text))))
    return slots, shown


def test_steer_hands_the_page_each_knob_and_its_choices_in_order(page):
    _, shown = page
    hx.steer(KNOBS, target="loss")
    assert shown == [("steer", {"steer": {"knobs": [{"name": "lr", "choices": [0.1, 1.0]},
                                                    {"name": "alpha", "choices": [0.0, 0.01]}]},
                                "target": "loss"})]


def test_a_knob_keeps_the_cells_own_value_until_the_learner_moves_it(page):
    slots, _ = page
    knobs = hx.steer(KNOBS)
    assert knobs.read(1, lr=0.9, alpha=1e-4) == {"lr": 0.9, "alpha": 1e-4}
    slots[0] = 0.1  # the lr slider moved to 0.1
    assert knobs.read(2, lr=0.8, alpha=1e-4) == {"lr": 0.1, "alpha": 1e-4}
    slots[1] = 0.01
    assert knobs.read(3, lr=0.7, alpha=1e-4) == {"lr": 0.1, "alpha": 0.01}
    slots[0] = math.nan  # back at the first stop: the cell's own
    assert knobs.read(4, lr=0.6, alpha=1e-4) == {"lr": 0.6, "alpha": 0.01}


def test_each_change_is_marked_once_at_the_step_it_took_effect(page):
    slots, _ = page
    knobs = hx.steer(KNOBS)
    knobs.read(1, lr=1.0, alpha=0.0)
    slots[0] = 0.1
    for step in (2, 3, 4):
        knobs.read(step, lr=1.0, alpha=0.0)
    slots[0], slots[1] = math.nan, 0.01
    knobs.read(5, lr=1.0, alpha=0.0)
    assert knobs.marks() == {"kind": "marks", "points": [],
                             "marks": [[2.0, "lr 0.1"], [5.0, "lr: the cell's own"], [5.0, "alpha 0.01"]]}
    plot = hx.plot({"loss": hx.line([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]), "your changes": knobs.marks()})
    assert plot["series"][1] == {"name": "your changes", **knobs.marks()}


def test_without_a_page_every_knob_keeps_the_cells_own_value_and_nothing_is_shown(monkeypatch):
    monkeypatch.setattr(steering, "read_slot", None)
    monkeypatch.setattr(hx, "_display", None)
    knobs = hx.steer({"lr": [0.5]})
    assert knobs.read(1, lr=0.25) == {"lr": 0.25}
    assert knobs.marks()["marks"] == []


@pytest.mark.parametrize("choices, error, message", [
    ([("lr", [1.0])], TypeError, "needs a dict of knobs"),
    ({}, ValueError, "1 to 4 knobs"),
    ({f"k{i}": [1.0] for i in range(5)}, ValueError, "1 to 4 knobs, such as {'lr': \\[0.1, 1.0\\]}, not 5"),
    ({"lr": 0.1}, TypeError, "knob 'lr' needs a list of choices"),
    ({"lr": "0.1"}, TypeError, "knob 'lr' needs a list of choices"),
    ({"lr": []}, ValueError, "knob 'lr' needs 1 to 12 choices, not 0"),
    ({"lr": list(range(13))}, ValueError, "1 to 12 choices, not 13"),
    ({"lr": ["0.1"]}, TypeError, "choices must be numbers, not str '0.1'"),
    ({"lr": [True]}, TypeError, "choices must be numbers, not bool"),
    ({"lr": [math.inf]}, ValueError, "must be finite, not inf"),
    ({"learning rate": [0.1]}, TypeError, "must be a Python name"),
])
def test_knobs_that_cannot_be_steered_say_why(choices, error, message):
    with pytest.raises(error, match=message):
        hx.steer(choices)


@pytest.mark.parametrize("own, message", [
    ({"lr": 0.1}, r"one value for each knob \(lr, alpha\), not for lr"),
    ({"lr": 0.1, "alpha": 0.0, "beta": 1.0}, "not for lr, alpha, beta"),
    ({"lr": "0.1", "alpha": 0.0}, "own lr must be a number, not str '0.1'"),
])
def test_a_read_without_every_knobs_own_value_says_which(page, own, message):
    with pytest.raises(TypeError, match=message):
        hx.steer(KNOBS).read(1, **own)


def test_marks_need_a_text_for_each_x():
    assert hx.marks([3], ["lr 0.1"]) == {"kind": "marks", "points": [], "marks": [[3.0, "lr 0.1"]]}
    with pytest.raises(ValueError, match="a text for each x: 2 x, 1 texts"):
        hx.marks([1, 2], ["a"])
    with pytest.raises(TypeError, match="needs numbers"):
        hx.marks(["1"], ["a"])


def test_a_plots_table_lists_its_marks_and_leaves_out_an_empty_marks_series(lib):
    code = ('import hx\nhx.show_plot({"loss": hx.line([1, 2], [2, 1]), "changes": hx.marks([2], ["lr <b>"]),'
            ' "none": hx.marks([], [])}, x_label="step")\n')
    html = render_fence(f'```python plot id="p"\n{code}```\n', PageContext("docs/x.md", "", lib))
    assert "<caption>changes</caption><thead><tr><th>step</th><th>what changed</th></tr></thead>" in html
    assert "<tr><td>2.0</td><td>lr &lt;b&gt;</td></tr>" in html
    assert "<caption>none</caption>" not in html
