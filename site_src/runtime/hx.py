"""hx: show a computation graph on the page from a cell.

``hx.show_graph(value)`` walks ``value._prev`` back to the leaves and hands the graph to the page,
which redraws the figure just above the cell (or the figure named by ``target``). The graph is
the JSON of DESIGN.md::

    {"nodes": [{"id", "label", "data", "grad", "op"}], "edges": [[parent_id, child_id], ...]}

Nodes are numbered in topological order, parents first; a node without a label is named ``#k``
after its number. The same schema is used for the figures the build draws.
"""

import json
import math

MAX_NODES = 2500
"""The most Values a graph may hold; a larger one is refused with a message."""

MAX_EDGES = 2 * MAX_NODES
"""The most parent-to-child links; every Value of ember has at most two parents."""

MAX_TEXT = 40
"""The most characters of a label or an op that a node shows; a longer one ends in "…"."""

_BIDI = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
"""Unicode's direction controls, which would turn a node's text around."""

_display = None
"""Set by the runner for each run: called with a graph's JSON text and its target."""


def graph(value: object) -> dict:
    """The computation graph that made value, as a dict of nodes and edges.

    Args:
        value: A Value, or any object with ``data``, ``grad``, ``_prev`` and ``_op``.

    Returns:
        ``{"nodes": [...], "edges": [[parent_id, child_id], ...]}``; each parent in ``_prev``
        gives an edge, so ``a + a`` has two edges from a. Data and grads that are not finite
        are given as the strings "nan", "inf" and "-inf". Labels and ops are given as text
        (str) of at most MAX_TEXT characters, without direction controls.

    Raises:
        TypeError: If value (or a parent) has no ``_prev``.
        ValueError: If the Values form a cycle, or there are more than MAX_NODES of them, or
            more than MAX_EDGES links between them.
    """
    order: list[object] = []
    number: dict[int, int] = {}
    on_path: set[int] = set()
    stack = [(value, False)]
    while stack:
        node, parents_done = stack.pop()
        key = id(node)
        if parents_done:
            on_path.discard(key)
            number[key] = len(order)
            order.append(node)
            continue
        if key in number:
            continue
        if key in on_path:
            raise ValueError("these Values form a cycle: a Value is among its own ancestors, so "
                             "the graph has no start; build each Value from new ones")
        if not hasattr(node, "_prev"):
            raise TypeError(f"show_graph needs a Value (with _prev), not {type(node).__name__}")
        on_path.add(key)
        stack.append((node, True))
        # Parents pushed first to last are visited last to first.
        stack.extend((parent, False) for parent in node._prev if id(parent) not in number)
        if len(on_path) + len(number) > MAX_NODES:
            raise ValueError(f"this graph has more than {MAX_NODES:,} Values, too many to draw; "
                             "show a smaller part of it")
    edges = [[number[id(parent)], k] for k, node in enumerate(order) for parent in node._prev]
    if len(edges) > MAX_EDGES:
        raise ValueError(f"this graph has {len(edges):,} links from parents to children, more than "
                         f"the {MAX_EDGES:,} that can be drawn; show a smaller part of it")
    nodes = [{"id": k, "label": _text(getattr(node, "label", "") or f"#{k}"),
              "data": _number(node.data), "grad": _number(node.grad), "op": _text(node._op)}
             for k, node in enumerate(order)]
    return {"nodes": nodes, "edges": edges}


def _text(x: object) -> str:
    """x as text for a node: at most MAX_TEXT characters, without direction controls."""
    text = str(x).translate(_BIDI)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


def show_graph(value: object, target: str | None = None) -> None:
    """Draw the graph of value on the page: in the figure above this cell, or in target.

    Args:
        value: The Value whose graph to draw.
        target: The id of a figure on the page; None for the figure just above the cell.

    Raises:
        TypeError, ValueError: As graph() does.
    """
    text = json.dumps({"graph": graph(value), "target": target})
    if _display is None:
        print("(hx.show_graph: nothing here can draw the graph)")
    else:
        _display(text)


def _number(x: object) -> float | str:
    """x as a float, or as a string when it is not finite (JSON has no NaN or infinity)."""
    x = float(x)
    return x if math.isfinite(x) else str(x)
