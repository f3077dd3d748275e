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

from site_src.fences import SHOWN_TIME_LIMIT, Fence, PageContext, json_template, render_inline, shown_once

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
    return figure_html(options["id"], graph, options.get("caption", ""), "explore" in options)


def figure_html(figure_id: str, graph: dict, caption: str, explore: bool = False) -> str:
    """The figure: a canvas for the drawing, a panel, the table fallback (left out of the site's
    search: numbers only) and the JSON."""
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
        f'<figure class="ember-figure" id="{figure_id}"{" data-explore" if explore else ""}>'
        '<div class="ember-figure__canvas"></div>'
        '<div class="ember-figure__panel" aria-live="polite" hidden></div>'
        f"<figcaption>{caption_html}</figcaption>"
        '<details class="ember-figure__table" data-search-exclude><summary>The graph as a table</summary><noscript>'
        "<table><thead><tr><th>node</th><th>op</th><th>parents</th><th>value</th><th>grad</th>"
        f"</tr></thead><tbody>{rows}</tbody></table></noscript></details>"
        + json_template(graph, 'class="ember-figure__data"')
        + "</figure>"
    )


def _number(x: float | str) -> str:
    """A number as Python prints a float."""
    return html.escape(repr(x) if isinstance(x, float) else str(x))


FENCE = Fence("python", "figure", format_figure, options=OPTIONS, time_limit=SHOWN_TIME_LIMIT, takes_id=True)
