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


@pytest.fixture(autouse=True)
def run(monkeypatch):
    """Each test is a run of its own: no knobs taken yet."""
    monkeypatch.setattr(hx, "_run", hx.Run(lambda kind, text: None))


@pytest.fixture
def page(monkeypatch):
    """The page's buffer of knobs, a float a slot (NaN: the cell's own), and what hx shows, for
    one run."""
    slots, shown = [math.nan] * steering.MAX_KNOBS, []
    monkeypatch.setattr(steering, "read_slot", lambda slot: slots[slot])
    monkeypatch.setattr(hx, "_run", hx.Run(lambda kind, text: shown.append((kind, json.loads(text)))))
    return slots, shown


def test_steer_hands_the_page_each_knob_its_choices_and_their_texts_in_order(page):
    _, shown = page
    hx.steer({"lr": [0.1, 1.0], "alpha": [-0.0, 1e-5, 1234567]}, target="loss")
    assert shown == [("steer", {"steer": {"knobs": [
        {"name": "lr", "choices": [0.1, 1.0], "texts": ["0.1", "1"]},
        {"name": "alpha", "choices": [-0.0, 1e-5, 1234567.0], "texts": ["0", "1e-05", "1.23457e+06"]}],
        "first": 0}, "target": "loss"})]


def test_a_second_steer_in_a_run_takes_the_slots_after_the_first(page):
    slots, shown = page
    first = hx.steer({"lr": [0.5, 2.0]})
    slots[0] = 2.0  # the learner moved lr
    second = hx.steer({"momentum": [0.0, 0.9], "alpha": [0.1]})
    assert shown[1][1]["steer"]["first"] == 1
    assert second.read(0, momentum=0.5, alpha=0.0) == {"momentum": 0.5, "alpha": 0.0}
    assert first.read(0, lr=1.0) == {"lr": 2.0}
    slots[2] = 0.1
    assert second.read(1, momentum=0.5, alpha=0.0) == {"momentum": 0.5, "alpha": 0.1}
    with pytest.raises(ValueError, match="a run steers 1 to 4 knobs in all.*3 before, and 2 here"):
        hx.steer({"a": [1.0], "b": [2.0]})


def test_knobs_kept_from_an_earlier_run_read_the_cells_own_values(page, monkeypatch):
    slots, _ = page
    kept = hx.steer({"lr": [0.5, 2.0]})
    monkeypatch.setattr(hx, "_run", hx.Run(lambda kind, text: None))  # the next run
    slots[0] = 2.0  # that run's own slider
    assert kept.read(0, lr=1.0) == {"lr": 1.0}


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
    monkeypatch.setattr(hx, "_run", None)
    knobs = hx.steer({"lr": [0.5]})
    assert knobs.read(1, lr=0.25) == {"lr": 0.25}
    assert knobs.marks()["marks"] == []
    for _ in range(steering.MAX_KNOBS):  # no run to share the slots of: each call may take them all
        hx.steer({name: [1.0] for name in "abcd"})


@pytest.mark.parametrize("choices, error, message", [
    ([("lr", [1.0])], TypeError, "needs a dict of knobs"),
    ({}, ValueError, "1 to 4 knobs"),
    ({f"k{i}": [1.0] for i in range(5)}, ValueError, "1 to 4 knobs in all, such as {'lr': \\[0.1, 1.0\\]}: 0 before, and 5 here"),
    ({"lr": 0.1}, TypeError, "knob 'lr' needs a list of choices"),
    ({"lr": "0.1"}, TypeError, "knob 'lr' needs a list of choices"),
    ({"lr": []}, ValueError, "knob 'lr' needs 1 to 12 choices, not 0"),
    ({"lr": list(range(13))}, ValueError, "1 to 12 choices, not 13"),
    ({"lr": ["0.1"]}, TypeError, "choices must be numbers, not str '0.1'"),
    ({"lr": [True]}, TypeError, "choices must be numbers, not bool"),
    ({"lr": [math.inf]}, ValueError, "must be finite, not inf"),
    ({"learning rate": [0.1]}, TypeError, "must be a Python name"),
    ({"lambda": [0.1]}, TypeError, "must be a Python name"),
    ({"ﬁ": [0.1]}, TypeError, "must be written as Python reads it: 'fi'"),
    ({"a" * 25: [0.1]}, ValueError, "at most 24 characters, not 25"),
    ({"lr": [10**400]}, ValueError, "must be finite floats, not a number so large"),
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


def test_a_knob_may_be_named_step_and_read_needs_a_number_for_the_step(page):
    knobs = hx.steer({"step": [1.0]})
    assert knobs.read(0, step=0.5) == {"step": 0.5}
    with pytest.raises(TypeError, match="the step as a finite number, not str 'a'"):
        knobs.read("a", step=0.5)


def test_steers_target_is_an_id(page):
    with pytest.raises(TypeError, match="target must be the id of a plot or network, a string, not \\['p'\\]"):
        hx.steer({"lr": [1.0]}, target=["p"])


def test_marks_made_by_hand_are_checked_as_hx_marks_checks_them():
    line = hx.line([0], [0])
    with pytest.raises(ValueError, match="finite numbers, not nan"):
        hx.plot({"a": line, "m": {"kind": "marks", "points": [], "marks": [[float("nan"), "x"]]}})
    with pytest.raises(TypeError, match="series 'm' must be hx.marks"):
        hx.plot({"a": line, "m": {"kind": "marks", "points": [], "marks": "abc"}})


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
