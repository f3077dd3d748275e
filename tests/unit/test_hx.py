"""site_src/runtime/hx.py: the graph JSON of a Value, as the page draws it."""

import json

import pytest

import hx
from ember.scalar import Value
from tests.unit.test_scalar import scalar_at


def lesson_07_loss():
    """Lesson 07's loss, on the ember as lesson 07 leaves it: - is still an op of its own."""
    value = scalar_at(7)["Value"]
    w, x, b, y = value(0.5), value(2.0), value(1.0), value(3.0)
    w.label, x.label, b.label, y.label = "w", "x", "b", "y"
    z = w * x + b
    z.label = "z"
    loss = (z - y) ** 2
    loss.label = "L"
    return loss


def test_nodes_come_parents_first_and_unlabeled_ones_are_named_by_number():
    g = hx.graph(lesson_07_loss())
    assert [n["label"] for n in g["nodes"]] == ["y", "b", "x", "w", "#4", "z", "#6", "L"]
    assert [n["data"] for n in g["nodes"]] == [3.0, 1.0, 2.0, 0.5, 1.0, 2.0, -1.0, 1.0]
    assert [n["op"] for n in g["nodes"]] == ["", "", "", "", "*", "+", "-", "**2"]
    assert all(n["grad"] == 0.0 for n in g["nodes"])


def test_edges_go_from_parent_to_child():
    g = hx.graph(lesson_07_loss())
    assert sorted(g["edges"]) == [[0, 6], [1, 5], [2, 4], [3, 4], [4, 5], [5, 6], [6, 7]]


def test_a_value_used_twice_has_both_edges():
    a = Value(3.0)
    g = hx.graph(a + a)
    assert len(g["nodes"]) == 2 and g["edges"] == [[0, 1], [0, 1]]


def test_a_shared_parent_is_one_node():
    a = Value(2.0)
    b, c = a * 2, a + 1
    g = hx.graph(b * c)
    assert [n["data"] for n in g["nodes"]].count(2.0) == 2  # a, and the 2 of a * 2
    assert len(g["nodes"]) == 6 and len(g["edges"]) == 6


def test_a_leaf_is_a_graph_of_one():
    assert hx.graph(Value(1.5)) == {"nodes": [{"id": 0, "label": "#0", "data": 1.5, "grad": 0.0,
                                                "op": ""}], "edges": []}


def test_a_cycle_is_refused_with_a_message():
    a = Value(1.0)
    b = a + 1
    a._prev = (b,)
    with pytest.raises(ValueError, match="cycle"):
        hx.graph(b)


def test_a_runaway_graph_is_refused_quickly():
    v = Value(0.0)
    for _ in range(hx.MAX_NODES):
        v = v + 1
    with pytest.raises(ValueError, match="more than 2,500 Values"):
        hx.graph(v)


def test_not_a_value_is_a_type_error():
    with pytest.raises(TypeError, match="needs a Value"):
        hx.graph(3.0)


def test_numbers_json_cannot_hold_become_strings():
    g = hx.graph(Value(float("inf")) * 0)
    assert json.loads(json.dumps(g))["nodes"][-1]["data"] == "nan"


def test_show_graph_hands_the_json_and_target_to_the_page(monkeypatch):
    shown = []
    monkeypatch.setattr(hx, "_run", hx.Run(lambda kind, text: shown.append((kind, text))))
    hx.show_graph(Value(1.0), target="fig")
    assert shown[0][0] == "graph" and json.loads(shown[0][1])["target"] == "fig"


def test_labels_and_ops_that_are_not_text_are_given_as_text():
    a = Value(1.0)
    a.label = 5
    out = a + 1
    out._op = 7
    g = hx.graph(out)
    assert g["nodes"][1]["label"] == "5" and g["nodes"][2]["op"] == "7"


def test_a_long_label_is_cut_short_and_direction_controls_are_dropped():
    a = Value(1.0)
    a.label = "x" * 1000
    b = Value(2.0)
    b.label = "ab\u202ecd"
    nodes = hx.graph(a + b)["nodes"]
    labels = {node["label"] for node in nodes}
    assert "x" * (hx.MAX_TEXT - 1) + "…" in labels and "abcd" in labels


def test_a_value_with_more_links_than_can_be_drawn_is_refused():
    a = Value(1.0)
    many = Value(2.0, (a,) * (hx.MAX_EDGES + 1), "sum")
    with pytest.raises(ValueError, match="5,001 links from parents to children"):
        hx.graph(many)
