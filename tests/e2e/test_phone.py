"""Lessons on a phone as they first show, before the learner scrolls, when the parts far down
have not mounted yet (js/slices.js): nothing for axe to flag (Lighthouse's accessibility score
runs axe then), and a formula wider than the phone is a tab stop while it scrolls sideways
(js/scrollable.js)."""

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tools.reach import every_component_near_mounted, read_through

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(path.relative_to(ROOT / "docs").with_suffix("").as_posix() + "/"
                 for path in (ROOT / "docs" / "lessons").glob("[01][0-9]-*.md"))
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 900}

FORMULAS_SCROLL = """() => {
  const formulas = [...document.querySelectorAll("div.arithmatex:has(.katex)")];
  const scroll = formulas.filter((el) => el.scrollWidth > el.clientWidth);
  const stops = formulas.filter((el) => el.tabIndex === 0);
  return { typeset: formulas.length, scroll: scroll.length,
           same: scroll.length === stops.length && scroll.every((el) => stops.includes(el)) };
}"""
"""The display formulas typeset on the page, how many scroll sideways, and whether exactly those
are tab stops."""


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path[8:10])
def test_a_lesson_as_it_first_shows_on_a_phone_has_nothing_for_axe_to_flag(page: Page, site: str, path: str,
                                                                          axe_violations):
    page.set_viewport_size(PHONE)
    page.goto(site + path)
    every_component_near_mounted(page)
    assert axe_violations() == []


def formulas(page: Page, scroll: bool) -> dict:
    """FORMULAS_SCROLL, once it holds, with some formulas scrolling or none, as scroll says."""
    condition = f"(r => r.same && r.typeset > 0 && (r.scroll > 0) === {str(scroll).lower()})(({FORMULAS_SCROLL})())"
    page.wait_for_function(condition)
    return page.evaluate(FORMULAS_SCROLL)


def test_a_formula_is_a_tab_stop_while_it_is_wider_than_the_window(page: Page, site: str):
    page.set_viewport_size(PHONE)
    page.goto(site + "lessons/13-layers-of-values/")
    page.evaluate("document.querySelectorAll('div.arithmatex').forEach((el) => el.scrollIntoView())")  # typeset
    on_phone = formulas(page, scroll=True)
    page.set_viewport_size(WIDE)
    formulas(page, scroll=False)
    page.set_viewport_size(PHONE)
    assert formulas(page, scroll=True) == on_phone


SMALL_TARGETS = """() => [...document.querySelectorAll(".md-content :is(a[href], button, input, select, summary, [role=button], [tabindex='0'])")]
  .filter((el) => el.getBoundingClientRect().width && getComputedStyle(el).visibility !== "hidden") // shown
  .filter((el) => !(el.matches("a[href]") && el.closest("p, li, td, th, figcaption, .admonition-title")))
  .map((el) => [el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40) || el.outerHTML.slice(0, 60), el.getBoundingClientRect()])
  .filter(([, { width, height }]) => width < 24 || height < 24)
  .map(([name, { width, height }]) => `${name}: ${Math.round(width)} x ${Math.round(height)}`)"""
"""The targets of the page's content smaller than 24 px either way (WCAG 2.2's target size), named;
not a link in a sentence, which the criterion leaves out."""

SMALL_TEXT = """() => [...document.querySelectorAll(".md-content svg text")]
  .filter((text) => text.getClientRects().length && text.textContent.trim())
  .map((text) => {
    const { a, b } = text.getScreenCTM();
    return [text.textContent.trim(), Math.hypot(a, b) * parseFloat(getComputedStyle(text).fontSize)];
  })
  .filter(([, px]) => px < 11.9)
  .map(([text, px]) => `${text}: ${px.toFixed(1)} px`)"""
"""The texts of the page's drawings shown smaller than 12 px, with their size as drawn."""

WALKED = [path for path in LESSONS if path[8:10] in {"01", "02", "03", "04", "05", "06", "07", "14"}]
"""The lessons a learner on a phone was walked through for issue 41."""


@pytest.mark.parametrize("path", WALKED, ids=lambda path: path[8:10])
def test_on_a_phone_every_target_is_24_px_and_every_drawing_s_text_12_px(page: Page, site: str, path: str):
    page.set_viewport_size(PHONE)
    page.goto(site + path)
    read_through(page)
    assert page.evaluate(SMALL_TARGETS) == []
    assert page.evaluate(SMALL_TEXT) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
