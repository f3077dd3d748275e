"""Plots: hx.show_plot's JSON and its errors, and the ``python plot`` fence that draws one."""

import json
import re
from html import unescape

import pytest

import hx
from site_src.fences import FenceError, PageContext
from tests.unit.conftest import render_fence

CODE = "import hx\nzs = [0, 1, 2]\n"


def render(text, lib):
    return render_fence(text, PageContext("docs/x.md", text, lib))


def test_a_plot_holds_its_series_in_order_as_floats():
    shown = hx.plot({"loss": ([0, 1], [4, 1]), "data": hx.points([0.5], [2])}, title="t", x_label="step")
    assert shown == {"title": "t", "x_label": "step", "y_label": "", "series": [
        {"name": "loss", "kind": "line", "points": [[0.0, 4.0], [1.0, 1.0]]},
        {"name": "data", "kind": "points", "points": [[0.5, 2.0]]}]}


def test_a_nameless_series_gets_a_name_and_no_title_is_none():
    assert hx.plot({"": ([0], [0]), "b": ([0], [0])}, title=None)["series"][0]["name"] == "series 1"
    assert hx.plot({"a": ([0], [0])}, title=None)["title"] == ""


def test_show_plot_hands_the_json_and_target_to_the_page(monkeypatch):
    shown = []
    monkeypatch.setattr(hx, "_run", hx.Run(lambda kind, text: shown.append((kind, json.loads(text)))))
    hx.show_plot({"y": hx.line([1], [2])}, target="p")
    assert shown == [("plot", {"plot": hx.plot({"y": hx.line([1], [2])}), "target": "p"})]


@pytest.mark.parametrize("series, error, message", [
    ([1, 2], TypeError, "needs a dict of series"),
    ({}, ValueError, "1 to 12 series, not 0"),
    ({str(i): ([0], [0]) for i in range(13)}, ValueError, "1 to 12 series, not 13"),
    ({"a": [0, 1]}, TypeError, "series 'a' must be hx.line"),
    ({"a": ([0, 1], [0])}, ValueError, "as many x as y values: 2 x, 1 y"),
    ({"a": ([0], ["1"])}, TypeError, "needs numbers, not str '1'"),
    ({"a": ([0], [True])}, TypeError, "needs numbers, not bool"),
    ({"a": ([float("nan")], [0])}, ValueError, "finite numbers, not nan"),
    ({"a": ([float("inf")], [0])}, ValueError, "from -1e300 to 1e300, not inf"),
    ({"a": ([10**400], [0])}, ValueError, "from -1e300 to 1e300, not 1000"),
    ({"a": ([-1e301], [0])}, ValueError, "from -1e300 to 1e300, not -1e"),
    ({"a": ([], [])}, ValueError, "1 to 10,000 points, not 0"),
    ({"a": (range(10_001), range(10_001))}, ValueError, "1 to 10,000 points, not 10,001"),
])
def test_a_plot_that_cannot_be_drawn_says_why(series, error, message):
    with pytest.raises(error, match=message):
        hx.plot(series)


def test_the_fence_keeps_the_plot_and_a_table(lib):
    html = render(f'```python plot id="p" caption="A *line*."\n{CODE}'
                  'hx.show_plot({"double": hx.line(zs, [2 * z for z in zs])}, x_label="z")\n```\n', lib)
    data = json.loads(unescape(re.search(r'class="ember-plot__data" data-search-exclude>(.*?)</template>', html)[1]))
    assert data["series"][0]["points"] == [[0.0, 0.0], [1.0, 2.0], [2.0, 4.0]]
    assert "<caption>double</caption><thead><tr><th>z</th><th>y</th></tr></thead>" in html
    assert "<tr><td>2.0</td><td>4.0</td></tr>" in html
    assert '<figure class="ember-plot" id="p">' in html and "<em>line</em>" in html


def test_the_table_writes_numbers_as_the_axis_does_not_as_floats_add_up(lib):
    html = render(f'```python plot id="p"\n{CODE}hx.show_plot({{"n": ([0.1 + 0.2, 7], [1 / 3, 1e-7])}})\n```\n', lib)
    assert "<tr><td>0.3</td><td>0.333333</td></tr><tr><td>7.0</td><td>1e-07</td></tr>" in html


def test_a_long_series_is_tabled_at_even_steps(lib):
    html = render(f'```python plot id="p"\n{CODE}hx.show_plot({{"n": (range(120), range(120))}})\n```\n', lib)
    assert "n (one point in 3, of 120)" in html and html.count("<tr><td>") == 40


@pytest.mark.parametrize("head, code, message", [
    ('```python plot', "hx.show_plot({'a': ([0], [0])})", r":1: a plot needs an id"),
    ('```python plot id="p" size="2"', "hx.show_plot({'a': ([0], [0])})", r"unknown plot option 'size'"),
    ('```python plot id="p"', "print(1)", r"must call hx.show_plot once, not 0 times"),
    ('```python plot id="p"', "hx.show_plot([])", r"the plot's code raised TypeError"),
    ('```python plot id="p" time_limit="1"', "while True:\n    pass", r"ran for more than 1 s"),
    ('```python plot id="p" time_limit="0"', "hx.show_plot({'a': ([0], [0])})", r"time_limit must be seconds"),
])
def test_a_broken_plot_fence_stops_the_build_with_its_line(lib, head, code, message):
    with pytest.raises(FenceError, match=message):
        render(f"{head}\n{CODE}{code}\n```\n", lib)


def test_a_decision_line_is_cut_to_the_square_of_inputs():
    # x1 + x2 - 1.5 = 0 crosses the square from -0.5 to 1.5 at (0, 1.5) and (1.5, 0).
    assert hx.decision_line([1.0, 1.0], -1.5)["points"] == [[0.0, 1.5], [1.5, 0.0]]
    # Upright and level lines: one weight is 0.
    assert hx.decision_line([1.0, 0.0], -0.5)["points"] == [[0.5, -0.5], [0.5, 1.5]]
    assert hx.decision_line([0, 2], -1)["points"] == [[-0.5, 0.5], [1.5, 0.5]]
    # A line that misses the square, and no line at all.
    assert hx.decision_line([1.0, 1.0], 5.0) is None
    assert hx.decision_line([0.0, 0.0], 0.0) is None
    assert hx.decision_line([1, 1], -2, lo=0, hi=2)["points"] == [[0.0, 2.0], [2.0, 0.0]]


def test_a_decision_line_refuses_what_is_not_a_neuron_with_two_inputs():
    with pytest.raises(ValueError, match="two weights, not 3"):
        hx.decision_line([1, 1, 1], 0)
    with pytest.raises(TypeError, match="numbers, not str '1'"):
        hx.decision_line([1, "1"], 0)
    with pytest.raises(ValueError, match="lo below hi"):
        hx.decision_line([1, 1], 0, lo=1, hi=1)


def test_decision_regions_split_a_grid_into_the_cells_where_the_score_is_above_0_and_the_rest():
    yes, no = hx.decision_regions(lambda x, y: x - 0.5, (0.0, 1.0), (0.0, 2.0), n=4)
    assert yes["kind"] == no["kind"] == "cells" and yes["size"] == no["size"] == [0.25, 0.5]
    assert sorted({x for x, _ in yes["points"]}) == [0.625, 0.875]
    assert sorted({x for x, _ in no["points"]}) == [0.125, 0.375]
    assert len(yes["points"]) == len(no["points"]) == 8
    # A score may be a Value; a side with no cell is an empty series, which a plot takes.
    class Score:
        data = 1.0
    everywhere, nowhere = hx.decision_regions(lambda x, y: Score(), (0, 1), (0, 1), n=2)
    assert len(everywhere["points"]) == 4 and nowhere["points"] == []
    shown = hx.plot({"yes": everywhere, "no": nowhere, "data": hx.points([0.5], [0.5])})
    assert [s["kind"] for s in shown["series"]] == ["cells", "cells", "points"]
    assert shown["series"][1] == {"name": "no", "kind": "cells", "points": [], "size": [0.5, 0.5]}


def test_cells_and_decision_regions_refuse_what_they_cannot_draw():
    with pytest.raises(ValueError, match="above 0"):
        hx.cells([0.0], [0.0], 0.0, 1.0)
    with pytest.raises(TypeError, match="must be a number"):
        hx.cells([0.0], [0.0], "1", 1.0)
    with pytest.raises(ValueError, match="2 to 100 cells"):
        hx.decision_regions(lambda x, y: 1.0, (0, 1), (0, 1), n=1)
    with pytest.raises(ValueError, match="from low to high"):
        hx.decision_regions(lambda x, y: 1.0, (1, 0), (0, 1))
    with pytest.raises(ValueError, match=r"score at \(0.25, 0.25\) is NaN, not a number"):
        hx.decision_regions(lambda x, y: float("nan"), (0, 1), (0, 1), n=2)
    with pytest.raises(TypeError, match=r"score at \(0.25, 0.25\) must be a number or a Value, not NoneType"):
        hx.decision_regions(lambda x, y: None, (0, 1), (0, 1), n=2)
    with pytest.raises(TypeError, match="must be a number or a Value, not str '1'"):
        hx.decision_regions(lambda x, y: "1", (0, 1), (0, 1), n=2)
    with pytest.raises(TypeError, match="whole number of cells a side, not 2.5"):
        hx.decision_regions(lambda x, y: 1.0, (0, 1), (0, 1), n=2.5)
    with pytest.raises(ValueError, match="finite ranges"):
        hx.decision_regions(lambda x, y: 1.0, (-1e308, 1e308), (0, 1))
    with pytest.raises(TypeError, match=r"\(low, high\) numbers"):
        hx.decision_regions(lambda x, y: 1.0, (0, 1, 2), (0, 1))
    with pytest.raises(ValueError, match="at least one point"):
        hx.plot({"nothing": hx.cells([], [], 1.0, 1.0)})
