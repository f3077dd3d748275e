"""Graph layouts made at build time with the page's own layout code, under Node."""

import json
import re
import shutil
from html import unescape

import pytest

from site_src import layouts
from site_src.layouts import LayoutError, lay_out, page_layouts

GRAPH = {"nodes": [{"id": 0, "label": "a", "op": "", "data": 2.0, "grad": 0.0},
                   {"id": 1, "label": "b", "op": "*", "data": 4.0, "grad": 0.0}],
         "edges": [[0, 1], [0, 1]]}


def test_each_graph_is_placed_under_its_dot_text_with_its_drawings_size():
    laid = lay_out([GRAPH, GRAPH])
    [(dot, placed)] = laid["layouts"].items()
    assert dot.startswith("digraph{rankdir=LR;") and "v0->o1;v0->o1;" in dot
    assert {node["key"] for node in placed["nodes"]} == {"v0", "v1", "o1"}
    assert [(edge["from"], edge["to"]) for edge in placed["edges"]].count(("v0", "o1")) == 2
    assert placed["width"] > 0 and placed["height"] > 0
    assert laid["sizes"] == [[placed["width"] + 8, placed["height"] + 8]] * 2  # js/graph/svg.js's PAD on each side


def test_the_template_holds_the_layouts_as_escaped_json():
    html = page_layouts([GRAPH]).template
    body = re.fullmatch(r'<template id="ember-layouts" data-search-exclude>(.*)</template>', html).group(1)
    assert "<" not in body and json.loads(unescape(body)) == lay_out([GRAPH])["layouts"]


def test_a_page_with_no_graph_or_only_large_ones_gets_no_template_and_no_sizes(monkeypatch):
    monkeypatch.setattr(layouts, "MAX_VALUES", 1)
    assert page_layouts([]) == ("", []) and page_layouts([GRAPH]) == ("", [None])


def test_a_page_lays_out_each_graph_once_and_stops_at_its_total(monkeypatch):
    sent = []
    monkeypatch.setattr(layouts, "lay_out", lambda graphs, cache: sent.extend(graphs) or {
        "layouts": {"digraph{}": {"nodes": []}}, "sizes": [[10 * i, 5] for i, _ in enumerate(graphs)]})
    monkeypatch.setattr(layouts, "MAX_PAGE_VALUES", 5)
    other = {**GRAPH, "edges": [[0, 1]]}
    laid = page_layouts([GRAPH, GRAPH, other, {**GRAPH, "nodes": GRAPH["nodes"] * 2}, {**GRAPH, "edges": []}])
    assert sent == [GRAPH, other]  # the third new one would make 6 Values
    assert laid.sizes == [(0, 5), (0, 5), (10, 5), None, None]


def test_a_kept_entry_of_the_wrong_shape_is_made_again(tmp_path):
    first = lay_out([GRAPH], tmp_path)
    [entry] = tmp_path.iterdir()
    for wrong in ("{}", "[]", '{"layouts": {"digraph{}": null}, "sizes": [[1, 1]]}', '{"layouts": {"digraph{}": {"nodes": []}}}'):
        entry.write_text(wrong)
        assert lay_out([GRAPH], tmp_path) == first


def test_kept_layouts_need_no_node(tmp_path, monkeypatch):
    first = lay_out([GRAPH], tmp_path)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert lay_out([GRAPH], tmp_path) == first
    with pytest.raises(LayoutError, match="Node.js is needed"):
        lay_out([GRAPH, {**GRAPH, "edges": [[0, 1]]}], tmp_path)


def test_node_failing_is_an_error_with_its_message(monkeypatch):
    with pytest.raises(LayoutError, match="layout-cli.mjs failed"):
        lay_out([{"nodes": "not a list", "edges": []}])
