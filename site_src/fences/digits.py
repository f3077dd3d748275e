"""The ``python digits`` fence: 8 × 8 images of digits, and a pad that a network reads a
drawing with, which the build computes and the page draws.

Markdown::

    ```python digits id="pad" caption="Draw a digit: the network reads it as you draw."
    import hx
    from ember import digits

    train, held_out = digits.load()
    hx.show_digits(images=[(pixels, f"a {digit}") for pixels, digit in train[:10]])
    ```

The code runs at build time, on ember as the page's lesson ends, and must call
``hx.show_digits`` once; the code itself is not shown. The page embeds the JSON
(site_src/runtime/pad.py), which ``js/digits.js`` draws: the pad and the network's 10 scores
when a network is given, and the images, each a button that puts it on the pad. A cell below
that calls ``hx.show_digits`` redraws it, with the learner's own network.

Options, written after ``digits`` on the fence line, are listed in OPTIONS.
"""

import html

from site_src.fences import SHOWN_TIME_LIMIT, Fence, PageContext, json_template, render_inline, shown_once

OPTIONS = {
    "id": "the figure's id, for hx.show_digits(..., target=...) and links; required",
    "caption": "a line under the figure (Markdown)",
    "time_limit": 'seconds the build gives the code, as in time_limit="120"; 30 if not given',
}


def format_digits(source: str, options: dict, page: PageContext, line: int) -> str:
    """Run the code, keep what it shows, return the figure's HTML (Fence.format).

    Raises:
        FenceError: For code that raises, or code that does not call hx.show_digits exactly once.
    """
    shown = shown_once(page, line, source, options, "digits", "digits")
    return digits_html(options["id"], shown, options.get("caption", ""))


def digits_html(figure_id: str, shown: dict, caption: str) -> str:
    """The figure: a place for the pad and one for the images, which js/digits.js fills; the
    images' words as a list, for readers without JavaScript; the JSON."""
    caption_html = render_inline(caption) if caption else ""
    words = "".join(f"<li>{html.escape(image['words'])}</li>" for image in shown["images"])
    return (
        f'<figure class="ember-digits" id="{figure_id}">'
        '<div class="ember-digits__pad"></div><div class="ember-digits__images"></div>'
        f"<figcaption>{caption_html}</figcaption>"
        + (f"<noscript data-search-exclude><ul>{words}</ul></noscript>" if words else "")
        + json_template(shown, 'class="ember-digits__data"')
        + "</figure>"
    )


FENCE = Fence("python", "digits", format_digits, options=OPTIONS, time_limit=SHOWN_TIME_LIMIT, takes_id=True)
