"""hx: show a computation graph, a plot or a network on the page from a cell.

``hx.show_graph(value)`` walks ``value._prev`` back to the leaves and hands the graph to the page,
which redraws the figure just above the cell (or the figure named by ``target``). The graph is
this JSON, which js/graph.js draws::

    {"nodes": [{"id", "label", "data", "grad", "op"}], "edges": [[parent_id, child_id], ...]}

Nodes are numbered in topological order, parents first; a node without a label is named ``#k``
after its number. The same schema is used for the figures the build draws.

``hx.show_plot({"name": hx.line(xs, ys), ...})`` hands a plot to the page in the same way, for the
plot just above the cell (js/plot.js draws it)::

    {"title", "x_label", "y_label", "series": [{"name", "kind": "line" | "points" | "cells" | "marks",
                                                "points": [[x, y], ...], "size": [w, h],
                                                "marks": [[x, text], ...]}]}

``size`` is only in a "cells" series: the width and height of the grid cells centred on its
points, which the page shades under the lines and points. ``marks`` is only in a "marks" series,
whose ``points`` are empty: each is a vertical line at x, named by its text.

``hx.show_network(model)`` hands the page an MLP's weights, biases and their grads, and with
``inputs`` each neuron's activation, for the network diagram above the cell (site_src/runtime/
network.py gives the JSON; js/network.js draws it).

``hx.show_digits(layers, images)`` hands the page a network of Tensor layers that reads 64
pixels into 10 scores, and 8 × 8 images of digits with their words, for the pad of lesson 18
(site_src/runtime/pad.py gives the JSON; js/digits.js draws it).

``steering = hx.steer({"lr": [0.1, 1.0]})`` shows a slider for each knob under the running cell,
and ``steering.read(step, lr=...)`` gives the value the learner has chosen there, while the cell
runs (site_src/runtime/steering.py; js/steer.js); ``steering.marks()`` marks on a plot the steps
where a choice took effect.

``hx.decision_line(weights, bias)`` is the line series of a two-input neuron's decision line,
cut to the square of its inputs, for the plots of lessons 01 to 03. ``hx.decision_regions(score,
...)`` shades where a model of two inputs says yes and where it says no, for lesson 14.
"""

import json
import math
from collections.abc import Callable, Iterable, Sequence
from numbers import Real

MAX_NODES = 2500
"""The most Values a graph may hold; a larger one is refused with a message."""

MAX_EDGES = 2 * MAX_NODES
"""The most parent-to-child links; every Value of ember has at most two parents."""

MAX_TEXT = 40
"""The most characters of a label or an op that a node shows; a longer one ends in "…"."""

_BIDI = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
"""Unicode's direction controls, which would turn a node's text around."""

MAX_SERIES = 12
"""The most series a plot may hold."""

MAX_POINTS = 10_000
"""The most points a series may hold."""

MAX_SIZE = 1e300
"""The largest number, either side of 0, that a plot takes: its range must fit in a float."""


class Run:
    """One run of a cell or of a lab's check, as the runner starts it (new_run).

    Args:
        display: Called with the kind ("graph", "plot", "network", "digits" or "steer") and the JSON text
            of what the run shows.
    """

    def __init__(self, display: Callable[[str, str], None]) -> None:
        self.display = display
        self.steered = 0  # the sliders' slots this run's hx.steer calls have taken


_run: Run | None = None
"""The run going on; None in a Python that no runner started, where nothing can draw."""


def new_run(display: Callable[[str, str], None]) -> None:
    """Start a run, for the runner: what hx shows goes to display, and its hx.steer calls take
    the sliders' slots from the first. A Steering of an earlier run reads the cell's own values."""
    global _run
    _run = Run(display)


def graph(value: object) -> dict:
    """The computation graph that made value, as a dict of nodes and edges: _graph's first part."""
    return _graph(value)[0]


def _graph(value: object) -> tuple[dict, dict[int, int]]:
    """The computation graph that made value, as a dict of nodes and edges, and each Value's
    node id, by the Value's id().

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
    return {"nodes": nodes, "edges": edges}, number


def _text(x: object) -> str:
    """x as text to show: at most MAX_TEXT characters, without direction controls."""
    text = str(x).translate(_BIDI)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


def show_graph(value: object, target: str | None = None, marked: Iterable = ()) -> None:
    """Draw the graph of value on the page: in the figure above this cell, or in target.

    Args:
        value: The Value whose graph to draw.
        target: The id of a figure on the page; None for the figure just above the cell.
        marked: Values of the graph to mark, as the page marks a changed one.

    Raises:
        TypeError, ValueError: As graph() does.
    """
    data, number = _graph(value)
    _show("graph", data, target, [number[id(v)] for v in marked if id(v) in number])


def show_network(model: object, inputs: Sequence[float] | None = None, step: int | None = None,
                 target: str | None = None) -> None:
    """Draw a network's neurons, weights and grads on the page: in the network diagram above
    this cell, or in target (js/network.js).

    Args:
        model: An MLP of the learner's ember (site_src/runtime/network.py says what it reads).
        inputs: One input, to fill each neuron with what it gives for it; None for none.
        step: The training step the model is after, which the page shows; None for none.
        target: The id of a network diagram on the page; None for the one just above the cell.

    Raises:
        TypeError, ValueError: As network.network() does: for a model not shaped like an MLP,
            or larger than the diagram draws.
    """
    from network import network  # network imports this module's _number

    _show("network", network(model, inputs, step), target)


def show_digits(layers: Sequence | None = None, images: Sequence = (), target: str | None = None) -> None:
    """Show 8 × 8 images of digits, and a pad that a network reads a drawing with as it is drawn,
    with its 10 scores: in the digits figure above this cell, or in target (js/digits.js).

    Args:
        layers: The network, (W, b) Tensors for each layer, from 64 inputs to 10 scores, as
            ember/digits.py's scores() runs them; None for images alone.
        images: Each (pixels, words): 64 numbers from 0.0 to 1.0, row by row, and a line of text.
        target: The id of a digits figure on the page; None for the one just above the cell.

    Raises:
        TypeError, ValueError: As pad.digits() does.
    """
    from pad import digits  # pad imports this module's _text
    _show("digits", digits(layers, images), target)


def line(xs: Iterable[float], ys: Iterable[float]) -> dict:
    """A series drawn as a line through (x, y) in order, for show_plot.

    Raises:
        TypeError, ValueError: As points() does.
    """
    return _series("line", xs, ys)


def points(xs: Iterable[float], ys: Iterable[float]) -> dict:
    """A series drawn as separate points, for show_plot.

    Args:
        xs, ys: As many x as y values, 1 to MAX_POINTS of them, real numbers from -MAX_SIZE
            to MAX_SIZE.

    Raises:
        TypeError: If a value is not a real number.
        ValueError: If xs and ys differ in length, a value is not finite or too large, or there
            are none or more than MAX_POINTS.
    """
    return _series("points", xs, ys)


def cells(xs: Iterable[float], ys: Iterable[float], width: float, height: float) -> dict:
    """A series of grid cells, width by height, centred on the points (x, y), for show_plot.

    The page shades them lightly, under every line and point. Cells series are coloured in
    their own order: the first has the first line's (or points') colour, and so on, so that a
    region and the points it should hold can share a colour.

    Args:
        xs, ys: As points() takes them, except that there may be none.
        width, height: The size of every cell, in the units of x and y, above 0.

    Raises:
        TypeError, ValueError: As points() does; ValueError too if a size is not above 0.
    """
    for size in (width, height):
        if not isinstance(size, Real) or isinstance(size, bool):
            raise TypeError(f"a cell's size must be a number, not {type(size).__name__} {size!r}")
        if not 0 < size <= MAX_SIZE:
            raise ValueError(f"a cell's size must be above 0, not {size!r}")
    series = _series("cells", xs, ys, empty=True)
    return {**series, "size": [float(width), float(height)]}


def marks(xs: Iterable[float], texts: Iterable[str]) -> dict:
    """A series of vertical lines, one at each x, named by its text, for show_plot: the steps
    where something changed, say. There may be none.

    Raises:
        TypeError, ValueError: As points() does for xs; ValueError too if there are not as many
            texts as xs.
    """
    xs, texts = list(xs), [_text(text) for text in texts]
    if len(xs) != len(texts):
        raise ValueError(f"marks needs a text for each x: {len(xs)} x, {len(texts)} texts")
    checked = _series("marks", xs, [0.0] * len(xs), empty=True)
    return {"kind": "marks", "points": [], "marks": [[x, text] for (x, _), text in zip(checked["points"], texts)]}


def steer(choices: dict[str, Sequence[float]], target: str | None = None) -> "steering.Steering":
    """Show a slider for each knob while the cell runs, and return the knobs, whose read() gives
    the learner's choice at each step (site_src/runtime/steering.py).

    Args:
        choices: Each knob's name, a Python name, to a list of 1 to 12 numbers, its slider's
            stops; 1 to 4 knobs, in all the run's hx.steer calls.
        target: The id of a plot or network on the page to put the sliders under; None for
            under the cell's Run button.

    Raises:
        TypeError, ValueError: As steering.steer() does; TypeError too if target is not a
            string or None.
    """
    import steering  # steering imports this module

    if target is not None and not isinstance(target, str):
        raise TypeError(f"hx.steer's target must be the id of a plot or network, a string, not {target!r}")
    made = steering.steer(choices, first=_run.steered if _run else 0)
    if _run is not None:  # else no page: the cell's own values hold
        _run.steered += len(made.choices)
        _run.display("steer", json.dumps({"steer": made.knobs(), "target": target}))
    return made


def decision_regions(score: Callable[[float, float], object], x_range: tuple[float, float],
                     y_range: tuple[float, float], n: int = 24) -> tuple[dict, dict]:
    """Where a model of two inputs says yes and where it says no, as two cells series.

    Args:
        score: Called with (x, y) at the centre of each cell of an n × n grid; a score above 0
            means yes. A real number, or anything whose ``data`` is one (a Value).
        x_range, y_range: (low, high) of the grid's sides: finite, low below high.
        n: Cells along each side, an int from 2 to 100.

    Returns:
        (yes, no): cells(...) series of the cells whose score is above 0, and of the rest.

    Raises:
        TypeError: If n is not an int, a range is not two numbers, or a score is not a number.
        ValueError: If a range is empty or not finite, n is out of bounds, or a score is NaN.
    """
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"decision_regions needs a whole number of cells a side, not {n!r}")
    if not 2 <= n <= 100:
        raise ValueError(f"decision_regions needs 2 to 100 cells a side, not {n}")
    for side in (x_range, y_range):
        if len(side) != 2 or not all(isinstance(v, Real) and not isinstance(v, bool) for v in side):
            raise TypeError(f"decision_regions needs each range as (low, high) numbers, not {side!r}")
    (x0, x1), (y0, y1) = x_range, y_range
    if not all(math.isfinite(v) for v in (x0, x1, y0, y1)) or abs(x1 - x0) > MAX_SIZE or abs(y1 - y0) > MAX_SIZE:
        raise ValueError(f"decision_regions needs finite ranges, not {x_range} and {y_range}")
    if not (x0 < x1 and y0 < y1):
        raise ValueError(f"decision_regions needs ranges from low to high, not {x_range} and {y_range}")
    width, height = (x1 - x0) / n, (y1 - y0) / n
    yes: tuple[list[float], list[float]] = ([], [])
    no: tuple[list[float], list[float]] = ([], [])
    for i in range(n):
        for j in range(n):
            x, y = x0 + (i + 0.5) * width, y0 + (j + 0.5) * height
            given = score(x, y)
            value = getattr(given, "data", given)
            if not isinstance(value, Real) or isinstance(value, bool):
                raise TypeError(f"the score at ({x:g}, {y:g}) must be a number or a Value, not "
                                f"{type(given).__name__} {given!r}")
            if math.isnan(value):
                raise ValueError(f"the score at ({x:g}, {y:g}) is NaN, not a number: has training "
                                 "run away? Try a smaller learning rate")
            side = yes if value > 0 else no
            side[0].append(x)
            side[1].append(y)
    return cells(*yes, width, height), cells(*no, width, height)


def decision_line(weights: Sequence[float], bias: float, lo: float = -0.5,
                  hi: float = 1.5) -> dict | None:
    """The decision line of a neuron with two inputs, as a line series for show_plot.

    The line is where w1·x1 + w2·x2 + b = 0; it is cut to the square from (lo, lo) to (hi, hi).

    Args:
        weights: Two weights, real numbers.
        bias: A real number.
        lo, hi: The square's sides, lo < hi.

    Returns:
        line(...) through the line's two ends in the square, or None when the line misses the
        square or both weights are 0.

    Raises:
        TypeError: If a weight or the bias is not a real number.
        ValueError: If there are not two weights, or lo is not below hi.
    """
    if len(weights) != 2:
        raise ValueError(f"decision_line needs two weights, not {len(weights)}")
    for value in (*weights, bias, lo, hi):
        if not isinstance(value, Real) or isinstance(value, bool):
            raise TypeError(f"decision_line needs numbers, not {type(value).__name__} {value!r}")
    if not lo < hi:
        raise ValueError(f"decision_line needs lo below hi, not {lo} and {hi}")
    (w1, w2), ends = weights, []
    for t in (lo, hi):
        if w2:
            ends.append((t, -(w1 * t + bias) / w2 + 0.0))  # + 0.0 turns -0.0 into 0.0
        if w1:
            ends.append((-(w2 * t + bias) / w1 + 0.0, t))
    slack = (hi - lo) * 1e-9
    ends = sorted((x, y) for x, y in ends if lo - slack <= x <= hi + slack and lo - slack <= y <= hi + slack)
    return line(*zip(ends[0], ends[-1])) if ends else None


def plot(series: dict, title: str = "", x_label: str = "", y_label: str = "") -> dict:
    """A plot as the page draws it (the JSON in this module's docstring).

    Args:
        series: Each series's name, in the legend, to line(...), points(...), cells(...) or
            marks(...), or to an ``(xs, ys)`` pair, which is a line; in the order to draw them,
            at most MAX_SERIES.
        title, x_label, y_label: Text for the plot and its axes; at most MAX_TEXT characters
            are shown of each.

    Raises:
        TypeError: If series is not a dict, or a series is neither line(), points() nor a pair.
        ValueError: If there is no series or more than MAX_SERIES, or as points() says.
    """
    if not isinstance(series, dict):
        raise TypeError(f"show_plot needs a dict of series, such as {{'loss': hx.line(xs, ys)}}, "
                        f"not {type(series).__name__}")
    if not 1 <= len(series) <= MAX_SERIES:
        raise ValueError(f"a plot needs 1 to {MAX_SERIES} series, not {len(series)}")
    drawn = []
    for name, one in series.items():
        if isinstance(one, tuple) and len(one) == 2:
            one = line(*one)
        if not (isinstance(one, dict) and one.get("kind") in ("line", "points", "cells", "marks")):
            raise TypeError(f"series {name!r} must be hx.line(xs, ys), hx.points(xs, ys), "
                            f"hx.cells(...), hx.marks(...) or a pair (xs, ys), not {type(one).__name__}")
        if one["kind"] == "marks":  # checked as hx.marks checks it, should it be made by hand
            given = one.get("marks")
            if not isinstance(given, list) or not all(isinstance(m, (list, tuple)) and len(m) == 2 for m in given):
                raise TypeError(f"series {name!r} must be hx.marks(xs, texts)")
            one = marks([x for x, _ in given], [text for _, text in given])
        extra = {"cells": ("size",), "marks": ("marks",)}.get(one["kind"], ())
        drawn.append({"name": _text(name) or f"series {len(drawn) + 1}", "kind": one["kind"],
                      "points": one["points"], **{key: one[key] for key in extra}})
    if not any(one["points"] for one in drawn):
        raise ValueError("a plot needs at least one point in one of its series")
    return {"title": _text(title or ""), "x_label": _text(x_label or ""), "y_label": _text(y_label or ""),
            "series": drawn}


def show_plot(series: dict, title: str = "", x_label: str = "", y_label: str = "",
              target: str | None = None) -> None:
    """Draw a plot on the page: in the plot above this cell, or in target.

    Args:
        series, title, x_label, y_label: As plot() takes them.
        target: The id of a plot on the page; None for the plot just above the cell.

    Raises:
        TypeError, ValueError: As plot() does.
    """
    _show("plot", plot(series, title, x_label, y_label), target)


def _series(kind: str, xs: Iterable[float], ys: Iterable[float], empty: bool = False) -> dict:
    """A series of kind, its points checked; empty: whether it may have none."""
    xs, ys = list(xs), list(ys)
    if len(xs) != len(ys):
        raise ValueError(f"a series needs as many x as y values: {len(xs)} x, {len(ys)} y")
    if not (0 if empty else 1) <= len(xs) <= MAX_POINTS:
        raise ValueError(f"a series holds {0 if empty else 1} to {MAX_POINTS:,} points, not {len(xs):,}")
    for value in (*xs, *ys):
        if not isinstance(value, Real) or isinstance(value, bool):
            raise TypeError(f"a plot needs numbers, not {type(value).__name__} {value!r}")
        try:
            size = abs(float(value))
        except OverflowError:
            size = math.inf
        if math.isnan(size):
            raise ValueError(f"a plot needs finite numbers, not {value!r}")
        if size > MAX_SIZE:
            raise ValueError(f"a plot needs numbers from -1e300 to 1e300, not {value!r}")
    return {"kind": kind, "points": [[float(x), float(y)] for x, y in zip(xs, ys)]}


def _show(kind: str, data: dict, target: str | None, marked: list[int] = ()) -> None:
    """Hand data to the page as a kind ("graph", "plot", "network" or "digits"), for target,
    with the ids of the nodes to mark."""
    text = json.dumps({kind: data, "target": target, **({"marked": marked} if marked else {})})
    if _run is None:
        print(f"(hx.show_{kind}: nothing here can draw the {kind})")
    else:
        _run.display(kind, text)


def _number(x: object) -> float | str:
    """x as a float, or as a string when it is not finite (JSON has no NaN or infinity)."""
    x = float(x)
    return x if math.isfinite(x) else str(x)
