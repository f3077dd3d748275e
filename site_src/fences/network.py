"""The ``python network`` fence: a diagram of a network that the build computes and the page draws.

Markdown::

    ```python network id="tiny" caption="A network of 2 inputs, 3 hidden neurons and 1 output."
    import hx
    from ember.nn import MLP

    model = MLP(2, [3, 1])
    model([1.0, -1.0]).backward()
    hx.show_network(model, inputs=[1.0, -1.0])
    ```

The code runs at build time, on ember as the page's lesson ends, and must call
``hx.show_network`` once; the code itself is not shown. The page embeds the network's JSON, which
``js/network.js`` draws as SVG on load, and a table per layer of every weight and bias with its
grad, which stays readable without JavaScript. A cell below it that calls ``hx.show_network``
redraws it.

Options, written after ``network`` on the fence line, are listed in OPTIONS.
"""

import html
import math

from site_src.fences import SHOWN_TIME_LIMIT, Fence, PageContext, json_template, render_inline, shown_once

OPTIONS = {
    "id": "the diagram's id, for hx.show_network(..., target=...) and links; required",
    "caption": "a line under the diagram (Markdown)",
    "plane": "the id of a plot of the network's two inputs: a point picked on it (a click, or the arrow keys "
             "and Enter) fills the neurons with what they give for it",
    "time_limit": 'seconds the build gives the code, as in time_limit="120"; 30 if not given',
}


def format_network(source: str, options: dict, page: PageContext, line: int) -> str:
    """Run the code, keep the network it shows, return the diagram's HTML (Fence.format).

    Raises:
        FenceError: For code that raises, or code that does not call hx.show_network exactly once;
            for a plane given to a network that does not read two inputs.
    """
    shown = shown_once(page, line, source, options, "network", "network")
    if "plane" in options and shown["sizes"][0] != 2:
        raise page.error_at(line, f"plane picks two inputs, x and y, but this network reads {shown['sizes'][0]}")
    return network_html(options["id"], shown, options.get("caption", ""), options.get("plane"))


def network_html(network_id: str, network: dict, caption: str, plane: str | None = None) -> str:
    """The diagram: a line for its step and score, a canvas for the drawing, a line for a
    neuron's words, the tables and the JSON, as js/network.js fills them in; plane: the id of
    the plot whose points it runs forward. The canvas says how many neurons its largest layer
    has, for its height until drawn (js/network.css)."""
    caption_html = render_inline(caption) if caption else ""
    linked = f' data-plane="{html.escape(plane)}"' if plane else ""
    return (
        f'<figure class="ember-network" id="{network_id}"{linked}>'
        '<p class="ember-network__step"></p>'
        f'<div class="ember-network__canvas" style="--ember-network-most: {max(network["sizes"])}"></div>'
        '<p class="ember-network__words" aria-live="polite"></p>'
        f"<figcaption>{caption_html}</figcaption>"
        '<details class="ember-network__table" data-search-exclude><summary>The network as a table</summary>'
        f"<noscript>{tables(network)}</noscript></details>"
        + json_template(network, 'class="ember-network__data"')
        + "</figure>"
    )


def tables(network: dict) -> str:
    """One table per layer: a row per neuron, its bias and each weight, each with its grad."""
    parts = []
    for k, layer in enumerate(network["layers"]):
        last = k == len(network["layers"]) - 1
        name = "Output layer" if last else f"Layer {k + 1}"
        relu = ", relu" if layer["relu"] else ""
        source = (lambda i: f"w from x{i + 1}") if k == 0 else (lambda i: f"w from {i + 1}")
        head = "".join(f"<th>{source(i)}</th>" for i in range(len(layer["neurons"][0]["weights"])))
        rows = "".join(
            f"<tr><th>{j + 1}</th><td>{_pair(n['bias'], n['bias_grad'])}</td>"
            + "".join(f"<td>{_pair(w, g)}</td>" for w, g in zip(n["weights"], n["grads"])) + "</tr>"
            for j, n in enumerate(layer["neurons"]))
        count = len(layer["neurons"])
        parts.append(f"<table><caption>{name}: {count} neuron{'' if count == 1 else 's'}{relu}; each number with its grad"
                     f"</caption><thead><tr><th>Neuron</th><th>bias</th>{head}</tr></thead><tbody>{rows}</tbody></table>")
    return "".join(parts)


def _pair(value: float | str, grad: float | str) -> str:
    """A number and its grad, as the page's table writes them (js/network/drawing.js, short)."""
    return html.escape(f"{_short(value)} ({_short(grad)})")


def _short(x: float | str) -> str:
    """x in 3 significant digits, or with an exponent when tiny, as js/network/drawing.js's short."""
    if isinstance(x, str):
        return x
    if x == 0 or abs(x) >= 1e-3:
        return _js_number(float(f"{x:.3g}"))
    mantissa, exponent = f"{x:.1e}".split("e")
    return f"{mantissa}e{int(exponent):+d}"


def _js_number(x: float) -> str:
    """x as JavaScript's String(x) writes a number of 3 significant digits: 2 not 2.0, 0.5."""
    return str(int(x)) if x == math.floor(x) and abs(x) < 1e21 else repr(x)


FENCE = Fence("python", "network", format_network, options=OPTIONS, time_limit=SHOWN_TIME_LIMIT, takes_id=True)
