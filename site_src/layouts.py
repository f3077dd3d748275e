"""Graph layouts made at build time, so that a page draws the graphs its code shows as the build
saw them without loading Graphviz (about 630 KB gzipped) or waiting for it.

The build hands every graph a page showed (figures, and cells that call ``hx.show_graph``) to
``js/graph/layout-cli.mjs``, which lays them out under Node with the page's own code. The page
gets them in ``<template id="ember-layouts">``, as JSON keyed by each graph's DOT
text (``js/graph/dot.js``), and ``js/graph/placer.js`` looks a graph up there before asking
Graphviz. A learner who edits a cell gets a graph with other DOT, which Graphviz lays out.
"""

import hashlib
import json
from pathlib import Path

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


def template(graphs: list[dict], cache: Path | None = None) -> str:
    """The ``ember-layouts`` template for a page's graphs, or "" when it has none to lay out.
    Each graph is laid out once, and only up to MAX_VALUES Values a graph and MAX_PAGE_VALUES a
    page, in page order.

    Args:
        graphs: The graphs, as ``site_src/runtime/hx.py`` writes them: ``{"nodes": [...],
            "edges": [[parent, child], ...]}``.
        cache: A folder where layouts are kept by content, or None to always run Node.

    Raises:
        LayoutError: If Node is missing, fails, or takes more than TIMEOUT seconds.
    """
    chosen, seen, total = [], set(), 0
    for graph in graphs:
        size, text = len(graph["nodes"]), json.dumps(graph, sort_keys=True)
        if size <= MAX_VALUES and total + size <= MAX_PAGE_VALUES and text not in seen:
            chosen.append(graph)
            seen.add(text)
            total += size
    if not chosen:
        return ""
    return json_template(lay_out(chosen, cache), 'id="ember-layouts"')


def lay_out(graphs: list[dict], cache: Path | None = None) -> dict[str, dict]:
    """Lay out graphs with js/graph/layout-cli.mjs; a dict from DOT text to layout (layout.js).

    Raises:
        LayoutError: As for script.
    """
    stdin = json.dumps(graphs)
    name = f"layouts-{_digest(stdin)}"
    layouts = recall(cache, name, lambda data: isinstance(data, dict) and bool(data) and all(
        isinstance(placed, dict) and isinstance(placed.get("nodes"), list) for placed in data.values()))
    if layouts is not None:
        return layouts
    layouts = node.run(CLI, graphs, TIMEOUT, "lay out the graphs", LayoutError)
    keep(cache, name, layouts)
    return layouts


def _digest(stdin: str) -> str:
    """A digest of the graphs and of the code that lays them out."""
    digest = hashlib.sha256(stdin.encode())
    for path in sorted(JS_GRAPH.glob("*js")):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    graphviz = JS_GRAPH.parents[1] / "node_modules" / "@hpcc-js" / "wasm-graphviz" / "package.json"
    if graphviz.is_file():
        digest.update(graphviz.read_bytes())
    return digest.hexdigest()
