"""The ``python figure`` fence: a computation graph that the build computes and the page draws.

Markdown::

    ```python figure id="loss" caption="The graph of $L$."
    from ember.scalar import Value
    import hx
    ...
    hx.show_graph(L)
    ```

The code runs at build time, on ember as the page's lesson ends, and must call
``hx.show_graph`` once; the code itself is not shown. The page embeds the graph's JSON, which
``js/graph.js`` draws as SVG on load, and a table (node, op, value, grad) for readers without
JavaScript, which ``js/graph.js`` builds again when opened. A cell below it that calls ``hx.show_graph`` redraws it.

Options, written after ``figure`` on the fence line, are listed in OPTIONS.
"""

import html
import re

from site_src.fences import SHOWN_TIME_LIMIT, Fence, PageContext, json_template, render_inline, shown_once

GRAPH_INDEX = "data-graph-index"
"""The attribute that holds a figure's place among the page's graphs until sized() replaces it."""
ZOOM_BUTTONS = ("Zoom in", "Zoom out", "Fit")
"""js/graph/view.js's zoom buttons."""
BACKWARD_BUTTONS = ("Step backward", "Run backward", "Reset")
"""js/graph/stepper.js's buttons."""

OPTIONS = {
    "id": "the figure's id, for hx.show_graph(value, target=...) and links; required",
    "caption": "a line under the figure (Markdown)",
    "explore": "a bare word: the reader can edit the leaves' values, and JavaScript recomputes "
    "the graph without Python",
}


def format_figure(source: str, options: dict, page: PageContext, line: int) -> str:
    """Run the code, keep the graph it shows, return the figure's HTML (Fence.format).

    Raises:
        FenceError: For code that raises, or code that does not call hx.show_graph exactly once.
    """
    graph = shown_once(page, line, source, options, "figure", "graph")
    page.graphs.append(graph)
    return figure_html(options["id"], graph, options.get("caption", ""), "explore" in options, len(page.graphs) - 1)


def figure_html(figure_id: str, graph: dict, caption: str, explore: bool = False, index: int = 0) -> str:
    """The figure: a canvas for the drawing, with the buttons js/graph.js puts around it, a panel,
    the table fallback (left out of the site's search: numbers only) and the JSON. index: the
    graph's place among those the page showed, which sized() replaces with its drawing's size."""
    parents = {node["id"]: [] for node in graph["nodes"]}
    for parent, child in graph["edges"]:
        parents[child].append(graph["nodes"][parent]["label"])
    rows = "".join(
        f"<tr><td>{html.escape(node['label'])}</td><td>{html.escape(node['op'] or 'input')}</td>"
        f"<td>{html.escape(', '.join(parents[node['id']]) or '–')}</td>"
        f"<td>{_number(node['data'])}</td><td>{_number(node['grad'])}</td></tr>"
        for node in graph["nodes"]
    )
    caption_html = render_inline(caption) if caption else ""
    return (
        f'<figure class="ember-figure" id="{figure_id}" {GRAPH_INDEX}="{index}"{" data-explore" if explore else ""}>'
        + _waiting_bar("ember-figure__zoom", "ember-figure__zoom-button", ZOOM_BUTTONS)
        + (_waiting_leaves(graph) if explore else "")
        + '<div class="ember-figure__canvas"><div class="ember-figure__space" data-waiting aria-hidden="true"></div></div>'
        + (_waiting_bar("ember-figure__backward", "ember-figure__backward-button", BACKWARD_BUTTONS,
                        '<p class="ember-figure__backward-status"></p>') if graph["edges"] else "")
        + '<div class="ember-figure__panel" aria-live="polite" hidden></div>'
        f"<figcaption>{caption_html}</figcaption>"
        '<details class="ember-figure__table" data-search-exclude><summary>The graph as a table</summary><noscript>'
        "<table><thead><tr><th>node</th><th>op</th><th>parents</th><th>value</th><th>grad</th>"
        f"</tr></thead><tbody>{rows}</tbody></table></noscript></details>"
        + json_template(graph, 'class="ember-figure__data"')
        + "</figure>"
    )


def _waiting_bar(kind: str, button: str, labels: tuple[str, ...], after: str = "") -> str:
    """The buttons js/graph/view.js and js/graph/stepper.js put beside the drawing, as they write
    them, for the place they take until then (js/graph.css); inert, and replaced by theirs."""
    buttons = "".join(f'<button class="md-button {button}" type="button">{label}</button>' for label in labels)
    return f'<div class="{kind}" data-waiting inert aria-hidden="true">{buttons}{after}</div>'


def _waiting_leaves(graph: dict) -> str:
    """An explorer's inputs, one for each leaf in the order of their labels, and the line under
    them, as js/graph.js writes them, for the place they take until then; inert, and replaced."""
    leaves = sorted((node for node in graph["nodes"] if not node["op"]), key=lambda node: [
        int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", node["label"])])
    inputs = "".join(f'<label class="ember-figure__leaf">{html.escape(node["label"])} = '
                     f'<input type="text" value="{_number(node["data"])}"></label>' for node in leaves)
    return (f'<form class="ember-figure__leaves" data-waiting inert aria-hidden="true">{inputs}</form>'
            '<p class="ember-figure__changed" data-waiting aria-hidden="true"></p>')


def sized(page_html: str, sizes: list[tuple[float, float] | None]) -> str:
    """page_html with each figure's graph index replaced by its drawing's size, as CSS variables
    (js/graph.css), where the build laid it out (site_src/layouts.py, PageLayouts.sizes)."""

    def size(match: re.Match) -> str:
        drawn = sizes[int(match[1])]
        if drawn is None:
            return ""
        width, height = drawn
        return (f' style="--ember-graph-width: {width:.1f}px; --ember-graph-height: {height:.1f}px; '
                f'--ember-graph-ratio: {height / width:.4f}"')

    return re.sub(rf' {GRAPH_INDEX}="(\d+)"', size, page_html)


def _number(x: float | str) -> str:
    """A number as Python prints a float."""
    return html.escape(repr(x) if isinstance(x, float) else str(x))


FENCE = Fence("python", "figure", format_figure, options=OPTIONS, time_limit=SHOWN_TIME_LIMIT, takes_id=True)
