"""The ``python plot`` fence: a plot that the build computes and the page draws.

Markdown::

    ```python plot id="squash" caption="The step jumps; the sigmoid bends."
    import hx
    from ember.neuron import sigmoid, step

    zs = [z / 10 for z in range(-60, 61)]
    hx.show_plot({"step": hx.line(zs, [step(z) for z in zs]),
                  "sigmoid": hx.line(zs, [sigmoid(z) for z in zs])}, x_label="z", y_label="output")
    ```

The code runs at build time, on ember as the page's lesson ends, and must call ``hx.show_plot``
once; the code itself is not shown. The page embeds the plot's JSON, which ``js/plot.js`` draws as
SVG on load, and a table of every series that stays readable without JavaScript. A cell below it
that calls ``hx.show_plot`` redraws it.

Options, written after ``plot`` on the fence line, are listed in OPTIONS.
"""

import html

from site_src.fences import SHOWN_TIME_LIMIT, Fence, PageContext, json_template, render_inline, shown_once
from site_src.limits import LIMITS

OPTIONS = {
    "id": "the plot's id, for hx.show_plot(..., target=...) and links; required",
    "caption": "a line under the plot (Markdown)",
    "time_limit": 'seconds the build gives the code, as in time_limit="120"; 30 if not given',
}
TABLE_ROWS = LIMITS["plot_table_rows"]
"""The most rows of a series that the table shows; a longer series is shown at even steps."""


def format_plot(source: str, options: dict, page: PageContext, line: int) -> str:
    """Run the code, keep the plot it shows, return the plot's HTML (Fence.format).

    Raises:
        FenceError: For code that raises, or code that does not call hx.show_plot exactly once.
    """
    shown = shown_once(page, line, source, options, "plot", "plot")
    return plot_html(options["id"], shown, options.get("caption", ""))


def plot_html(plot_id: str, plot: dict, caption: str) -> str:
    """The plot: a canvas for the drawing, holding what it holds until drawn (waiting_html); the
    table fallback and the JSON. The tables are for readers without JavaScript (js/plot.js builds
    them from the JSON when they are opened), so that a page of plots starts small, and are left
    out of the site's search: numbers only."""
    caption_html = render_inline(caption) if caption else ""
    return (
        f'<figure class="ember-plot" id="{plot_id}">'
        f'<div class="ember-plot__canvas">{waiting_html(plot)}</div>'
        f"<figcaption>{caption_html}</figcaption>"
        f'<details class="ember-plot__table" data-search-exclude><summary>The plot as a table</summary><noscript>{tables(plot)}</noscript></details>'
        + json_template(plot, 'class="ember-plot__data"')
        + "</figure>"
    )


def waiting_html(plot: dict) -> str:
    """What a plot's canvas holds until js/plot.js draws it, on a page whose code runs (js/plot.css):
    the plot's heading and legend as js/plot.js writes them, around the drawing's height. Drawn
    in the view, the plot then moves nothing under it (make bench, layout shift)."""
    heading = f'<p class="ember-plot__heading">{html.escape(plot["title"])}</p>' if plot.get("title") else ""
    items = "".join(f'<li><span class="ember-plot__sample"></span><span>{html.escape(series["name"])}</span></li>'
                    for series in plot["series"] if series["kind"] != "marks" or series["marks"])
    return (f'<div class="ember-plot__waiting" data-waiting aria-hidden="true" data-search-exclude>{heading}'
            f'<div class="ember-plot__space"></div><ul class="ember-plot__legend">{items}</ul></div>')


def rounded(x: float) -> str:
    """x to 6 significant digits, as Python writes that float: 2.6, not 2.6000000000000005, as a
    plot's axis writes its marks (js/plot.js writes its tables the same way)."""
    return repr(float(f"{x:.6g}"))


def tables(plot: dict) -> str:
    """One table per series: its x and y rounded (a marks series: its x and texts), at most
    TABLE_ROWS rows of it; none for a marks series without marks."""
    parts = []
    for series in plot["series"]:
        marks = series["kind"] == "marks"
        points = ([(rounded(x), text) for x, text in series["marks"]] if marks
                  else [(rounded(x), rounded(y)) for x, y in series["points"]])
        if marks and not points:
            continue
        every = max(1, -(-len(points) // TABLE_ROWS))
        rows = "".join(f"<tr><td>{html.escape(a)}</td><td>{html.escape(b)}</td></tr>" for a, b in points[::every])
        note = f" (one point in {every}, of {len(points)})" if every > 1 else ""
        x, y = plot["x_label"] or "x", "what changed" if marks else plot["y_label"] or "y"
        parts.append(f"<table><caption>{html.escape(series['name'])}{note}</caption>"
                     f"<thead><tr><th>{html.escape(x)}</th><th>{html.escape(y)}</th></tr></thead><tbody>{rows}</tbody></table>")
    return "".join(parts)


FENCE = Fence("python", "plot", format_plot, options=OPTIONS, time_limit=SHOWN_TIME_LIMIT, takes_id=True)
