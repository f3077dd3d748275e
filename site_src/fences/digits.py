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
    """The figure: a place for the pad, which js/digits.js fills, marked if a network reads it;
    the images as the page draws them, each a picture and its words, which js/digits.js makes
    buttons of; the JSON. Before it is drawn, the figure then has about its drawn height (js/digits.css
    keeps the pad's place): drawn in the view, it would push what is under it away (make bench,
    layout shift). A reader without JavaScript sees the images."""
    caption_html = render_inline(caption) if caption else ""
    pad_class = "ember-digits__pad ember-digits__pad--read" if shown.get("network") else "ember-digits__pad"
    return (
        f'<figure class="ember-digits" id="{figure_id}">'
        f'<div class="{pad_class}"></div>'
        f'<div class="ember-digits__images">{images_html(shown["images"], buttons=bool(shown.get("network")))}</div>'
        f"<figcaption>{caption_html}</figcaption>"
        + json_template(shown, 'class="ember-digits__data"')
        + "</figure>"
    )


def images_html(images: list[dict], buttons: bool) -> str:
    """The images as js/digits.js lists them, each picture (an 8 × 8 SVG, a square for each inked
    pixel, as dark as its ink) and its words, in a box of a button's size if they are buttons (on
    a figure with a pad); "" for none."""
    if not images:
        return ""
    opening, closing = ('<span class="ember-digits__put">', "</span>") if buttons else ("", "")
    items = "".join(
        f'<li>{opening}{_picture(image["pixels"])}'
        f'<span class="ember-digits__words">{html.escape(image["words"])}</span>{closing}</li>'
        for image in images
    )
    return f'<ul class="ember-digits__list" data-search-exclude>{items}</ul>'


def _picture(pixels: list[float]) -> str:
    """An 8 × 8 image as SVG, as js/digits.js's picture8 draws it."""
    squares = "".join(f'<rect x="{index % 8}" y="{index // 8}" width="1" height="1" fill-opacity="{ink:g}"/>'
                      for index, ink in enumerate(pixels) if ink > 0)
    return ('<svg viewBox="0 0 8 8" class="ember-digits__picture" aria-hidden="true">'
            f'<rect width="8" height="8" class="ember-digits__paper"/>{squares}</svg>')


FENCE = Fence("python", "digits", format_digits, options=OPTIONS, time_limit=SHOWN_TIME_LIMIT, takes_id=True)
