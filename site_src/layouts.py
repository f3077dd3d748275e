"""Graph layouts made at build time, so that a page draws the graphs its code shows as the build
saw them without loading Graphviz (about 630 KB gzipped) or waiting for it.

The build hands every graph a page showed (figures, and cells that call ``hx.show_graph``) to
``js/graph/layout-cli.mjs``, which lays them out under Node with the page's own code. The page
gets them in ``<template id="ember-layouts">``, as JSON keyed by each graph's DOT
text (``js/graph/dot.js``), and ``js/graph/placer.js`` looks a graph up there before asking
Graphviz. A learner who edits a cell gets a graph with other DOT, which Graphviz lays out.
Each figure gets its drawing's size, so that it has its drawn height before it is drawn
(``site_src/fences/figure.py``, ``js/graph.css``).
"""

import hashlib
import json
from pathlib import Path
from typing import NamedTuple

from site_src.fences import json_template
from site_src import node
from site_src.kept import keep, recall

JS_GRAPH = Path(__file__).resolve().parents[1] / "js" / "graph"
CLI = JS_GRAPH / "layout-cli.mjs"
MAX_VALUES = 300
"""A graph with more Values is left to the page: its layout would weigh more than Graphviz."""
MAX_PAGE_VALUES = 2000
"""The most Values of all a page's layouts together; later graphs are left to the page."""
TIMEOUT = 120.0
"""Seconds that one page's layouts may take."""


class LayoutError(Exception):
    """Node could not lay out a page's graphs."""


class PageLayouts(NamedTuple):
    """What the build knows of a page's graphs once laid out."""

    template: str
    """The ``ember-layouts`` template, or "" when the page has no graph to lay out."""
    sizes: list[tuple[float, float] | None]
    """For each graph, in the page's order: its drawing's width and height in pixels at its own
    scale (js/graph/svg.js), or None for a graph left to the page."""


def page_layouts(graphs: list[dict], cache: Path | None = None) -> PageLayouts:
    """The layouts of a page's graphs. Each graph is laid out once, and only up to MAX_VALUES
    Values a graph and MAX_PAGE_VALUES a page, in page order.

    Args:
        graphs: The graphs, as ``site_src/runtime/hx.py`` writes them: ``{"nodes": [...],
            "edges": [[parent, child], ...]}``.
        cache: A folder where layouts are kept by content, or None to always run Node.

    Raises:
        LayoutError: If Node is missing, fails, or takes more than TIMEOUT seconds.
    """
    chosen, total = {}, 0  # a graph's JSON text → its place among those laid out
    texts = [json.dumps(graph, sort_keys=True) for graph in graphs]
    for graph, text in zip(graphs, texts):
        size = len(graph["nodes"])
        if size <= MAX_VALUES and total + size <= MAX_PAGE_VALUES and text not in chosen:
            chosen[text] = len(chosen)
            total += size
    if not chosen:
        return PageLayouts("", [None] * len(graphs))
    laid = lay_out([json.loads(text) for text in chosen], cache)
    sizes = [tuple(laid["sizes"][chosen[text]]) if text in chosen else None for text in texts]
    return PageLayouts(json_template(laid["layouts"], 'id="ember-layouts"'), sizes)


def lay_out(graphs: list[dict], cache: Path | None = None) -> dict:
    """Lay out graphs with js/graph/layout-cli.mjs: ``{"layouts": {DOT text: layout (layout.js)},
    "sizes": [[width, height] of each graph's drawing]}``.

    Raises:
        LayoutError: As for script.
    """
    stdin = json.dumps(graphs)
    name = f"layouts-{_digest(stdin)}"
    laid = recall(cache, name, lambda data: _well_formed(data, len(graphs)))
    if laid is not None:
        return laid
    laid = node.run(CLI, graphs, TIMEOUT, "lay out the graphs", LayoutError)
    keep(cache, name, laid)
    return laid


def _well_formed(data: object, count: int) -> bool:
    """Whether data is what layout-cli.mjs writes for count graphs."""
    return (isinstance(data, dict) and isinstance(data.get("layouts"), dict) and bool(data["layouts"])
            and all(isinstance(placed, dict) and isinstance(placed.get("nodes"), list) for placed in data["layouts"].values())
            and isinstance(data.get("sizes"), list) and len(data["sizes"]) == count)


def _digest(stdin: str) -> str:
    """A digest of the graphs and of the code that lays them out."""
    digest = hashlib.sha256(stdin.encode())
    for path in sorted(JS_GRAPH.glob("*js")):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    graphviz = JS_GRAPH.parents[1] / "node_modules" / "@hpcc-js" / "wasm-graphviz" / "package.json"
    if graphviz.is_file():
        digest.update(graphviz.read_bytes())
    return digest.hexdigest()
