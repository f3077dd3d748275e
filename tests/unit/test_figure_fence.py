"""The ``python figure`` fence: the graph it keeps, its table, and the errors that name a line."""

import json
import re
from html import unescape
from pathlib import Path

import pytest

from site_src.fences import FenceError, PageContext, figure
from tests.unit.conftest import render_fence

CODE = ("import hx\nfrom ember.scalar import Value\na, b = Value(2.0), Value(3.0)\n"
        "a.label = 'a'\nc = a * b\nc.label = 'c'\n")


def render(text: str, lib: Path) -> str:
    return render_fence(text, PageContext("docs/x.md", text, lib))


def test_a_figure_keeps_the_graph_and_a_table(lib):
    html = render(f'```python figure id="g" caption="Two *leaves*."\n{CODE}hx.show_graph(c)\n```\n', lib)
    data = json.loads(unescape(re.search(r'class="ember-figure__data" data-search-exclude>(.*?)</template>', html)[1]))
    assert [n["label"] for n in data["nodes"]] == ["#0", "a", "c"] and data["edges"] == [[1, 2], [0, 2]]
    assert "<tr><td>c</td><td>*</td><td>a, #0</td><td>6.0</td><td>0.0</td></tr>" in html
    assert '<figure class="ember-figure" id="g" data-graph-index="0">' in html and "<em>leaves</em>" in html


def test_a_figure_gets_its_drawings_size_where_the_build_laid_it_out(lib):
    html = render(f'```python figure id="g"\n{CODE}hx.show_graph(c)\n```\n', lib)
    assert 'id="g" style="--ember-graph-width: 200.0px; --ember-graph-height: 50.0px; --ember-graph-ratio: 0.2500"' \
        in figure.sized(html, [(200.0, 50.0)])
    assert '<figure class="ember-figure" id="g">' in figure.sized(html, [None])  # left to the page


def test_the_buttons_beside_the_drawing_wait_in_their_places_inert_and_an_explorer_has_its_leaves(lib):
    html = render(f'```python figure id="g" explore\n{CODE}hx.show_graph(c)\n```\n', lib)
    bars = re.findall(r'<div class="(ember-figure__\w+)" data-waiting inert aria-hidden="true">(.*?)</div>', html)
    assert [(kind, re.findall(r">([^<]+)</button>", buttons)) for kind, buttons in bars] == [
        ("ember-figure__zoom", ["Zoom in", "Zoom out", "Fit"]),
        ("ember-figure__backward", ["Step backward", "Run backward", "Reset"])]
    assert re.findall(r'<label class="ember-figure__leaf">(\S+) = <input type="text" value="([^"]+)">', html) == [
        ("#0", "3.0"), ("a", "2.0")]


def test_explore_marks_the_figure(lib):
    assert "data-explore" in render(f'```python figure id="g" explore\n{CODE}hx.show_graph(c)\n```\n', lib)


@pytest.mark.parametrize("head, code, message", [
    ('```python figure', "hx.show_graph(c)", r":1: a figure needs an id"),
    ('```python figure id="g"', "print(c)", r":1: .*call hx.show_graph once, not 0 times"),
    ('```python figure id="g"', "hx.show_graph(c)\nhx.show_graph(a)", "not 2 times"),
    ('```python figure id="g"', "1 / 0", "the figure's code raised ZeroDivisionError"),
    ('```python figure id="g" size="3"', "hx.show_graph(c)", "unknown figure option 'size'"),
])
def test_a_broken_figure_stops_the_build(lib, head, code, message):
    with pytest.raises(FenceError, match=f"^docs/x.md{message}" if message.startswith(":") else message):
        render(f"{head}\n{CODE}{code}\n```\n", lib)


def test_two_figures_cannot_share_an_id(lib):
    one = f'```python figure id="g"\n{CODE}hx.show_graph(c)\n```\n\n'
    with pytest.raises(FenceError, match="already on this page"):
        render(one + one.replace("c)", "a)"), lib)
