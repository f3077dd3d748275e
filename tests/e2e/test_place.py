"""The learner's place on a lesson (js/place.js). A lesson's components grow as they mount, after
the browser has scrolled: a link to a heading far down, a reload mid-lesson, a return through Back,
and a learner's own scroll before the lesson's code has run must each show the same place once
everything near it has mounted."""

import json
import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tools.reach import LAYOUT_SHIFTS, every_component_near_mounted

LESSON_11 = "lessons/11-powers-and-quotients/"
"""A lesson with a lab, a plot and a figure above its second lab: each grows as it mounts."""
LESSON_07 = "lessons/07-a-number-that-remembers/"
"""A lesson whose last lab, 1,000 px taller mounted than waiting on a phone, has a heading under it."""


def top_of(page: Page, element_id: str) -> float:
    """Where the top of the element with this id is in the view, in CSS px from the view's top."""
    top = page.evaluate("id => document.getElementById(id)?.getBoundingClientRect().top ?? null", element_id)
    assert top is not None, f"nothing with the id {element_id} in the page"
    return top


def arrives_between(page: Page, element_id: str, low: float, high: float) -> None:
    """Wait until the element with this id is in the page and its top between low and high px from
    the view's top, in a frame: a script that reads the layout between a change and the next frame
    sees the place before the page puts it back (js/place.js keeps it as the browser renders,
    before paint). By id, not by name: the lesson Back leaves may have a heading of the same name."""
    try:
        page.wait_for_function(
            """([id, low, high]) => {
              const top = document.getElementById(id)?.getBoundingClientRect().top;
              return low <= top && top <= high;
            }""",
            arg=[element_id, low, high],
            polling="raf",
        )
    except PlaywrightTimeoutError:
        pytest.fail(f"#{element_id} stayed at {top_of(page, element_id):.0f} px, not {low:.0f}–{high:.0f} px")


def lab_2(page: Page):
    return page.get_by_role("heading", name=re.compile(r"^Lab 2"))


def test_a_link_to_a_heading_far_down_a_lesson_shows_it_just_below_the_header(page: Page, site: str):
    page.goto(site + LESSON_11)
    heading_id = lab_2(page).get_attribute("id")
    page = page.context.new_page()  # a link followed from elsewhere: the page loads afresh
    page.goto(site + LESSON_11 + "#" + heading_id)
    every_component_near_mounted(page)
    header_bottom = page.get_by_role("banner").evaluate("el => el.getBoundingClientRect().bottom")
    arrives_between(page, heading_id, header_bottom, 2 * header_bottom)  # Material's scroll margin


def test_a_link_to_the_heading_under_a_lab_moves_nothing_in_view_as_the_lab_above_mounts(page: Page, site: str):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + LESSON_07)
    heading_id = page.evaluate("""() => [...document.querySelectorAll(".md-content h2[id]")]
      .find((h) => h.previousElementSibling?.matches(".ember-lab")).id""")
    page = page.context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script(f"({LAYOUT_SHIFTS})()")
    page.goto(site + LESSON_07 + "#" + heading_id)
    every_component_near_mounted(page)
    expect(page.get_by_role("region", name="Lab 2")).to_have_attribute("data-mounted", "")  # the lab above
    header_bottom = page.get_by_role("banner").evaluate("el => el.getBoundingClientRect().bottom")
    arrives_between(page, heading_id, header_bottom, 2 * header_bottom)
    assert page.evaluate("window.layoutShift") < 0.05  # Google's good Cumulative Layout Shift is 0.1


def scrolled_to_lab_2(page: Page, site: str) -> tuple[str, float]:
    """Open lesson 11, let it mount, scroll lab 2's heading to 150 px below the view's top; the
    heading's id, and its top once what came near the view has mounted."""
    page.goto(site + LESSON_11)
    every_component_near_mounted(page)
    lab_2(page).evaluate("el => scrollTo(0, scrollY + el.getBoundingClientRect().top - 150)")
    every_component_near_mounted(page)  # those that came near
    heading_id = lab_2(page).get_attribute("id")
    return heading_id, top_of(page, heading_id)


def test_a_reload_mid_lesson_comes_back_to_the_same_place(page: Page, site: str):
    heading_id, before = scrolled_to_lab_2(page, site)
    page.reload()
    every_component_near_mounted(page)
    arrives_between(page, heading_id, before - 2, before + 2)


def test_back_from_the_next_lesson_comes_back_to_the_same_place(page: Page, site: str):
    heading_id, before = scrolled_to_lab_2(page, site)
    # In the sidebar, on screen where the learner is: the footer's link is a scroll away.
    page.get_by_role("navigation", name="Navigation").get_by_role("link", name=re.compile(r"^12 ")).click()
    expect(page).to_have_url(re.compile("12-check-your-slopes/$"))  # at once, before lesson 12 shows
    expect(page.get_by_role("heading", level=1)).to_have_text("Check your slopes")
    every_component_near_mounted(page)
    page.go_back()
    arrives_between(page, heading_id, before - 2, before + 2)  # lesson 11's, not lesson 12's lab 2
    every_component_near_mounted(page)
    arrives_between(page, heading_id, before - 2, before + 2)  # and there once all has mounted


AT_REST = """() => new Promise((resolve) => {
  const y = scrollY;
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(scrollY === y)));
})"""
"""True once the view has stayed still for a frame: a wheel's scroll may be animated."""
FIRST_IN_VIEW = """() => {
  const blocks = [...document.querySelector(".md-content__inner").children].filter((el) => el.getClientRects().length);
  const block = blocks.find((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < innerHeight)
    ?? blocks.find((el) => el.getBoundingClientRect().bottom > 0);
  block.id ||= "first-in-view";
  return block.id;
}"""
"""The id of the block of the lesson the learner is looking at, as js/place.js picks it (given one if
it has none): the first whose top is in the view, else the one across the view's top, such as a
lab taller than the view."""


def test_a_learner_who_scrolls_while_a_reloaded_lesson_starts_stays_where_they_scrolled(page: Page, site: str):
    scrolled_to_lab_2(page, site)
    held = []  # the page's own code, held back as a slow network would
    page.route("**/assets/ember/ember.js", lambda route: held.append(route))
    page.reload(wait_until="commit")
    expect(lab_2(page)).to_be_attached()
    page.mouse.move(400, 400)
    start = page.evaluate("scrollY")
    page.mouse.wheel(0, 120)
    page.wait_for_function("start => scrollY !== start", arg=start)
    page.wait_for_function(AT_REST)
    seen = page.evaluate(FIRST_IN_VIEW)
    chosen = top_of(page, seen)
    for route in held:
        route.continue_()
    page.unroute("**/assets/ember/ember.js")
    every_component_near_mounted(page)
    arrives_between(page, seen, chosen - 2, chosen + 2)  # not pulled back to the place saved, nor moved


SEED = """([key, saved]) => {
  try { sessionStorage.setItem(key, saved.replace("PATH", location.pathname)); } catch {}
}"""
"""Puts saved in sessionStorage under key as a page starts, before its scripts: as a damaged or
older version of the course might have left it."""


@pytest.mark.parametrize("saved", ['not json', '[1, 2]', '{"PATH": {"block": "x", "top": 0}}',
                                   '{"PATH": {"block": 100000, "top": 0}}', '{"PATH": {"block": 3}}'])
def test_a_lesson_whose_saved_place_is_damaged_reloads_whole(page: Page, site: str, saved: str):
    scrolled_to_lab_2(page, site)
    page.add_init_script(f"({SEED})({json.dumps(['ember-place', saved])})")
    page.reload()
    every_component_near_mounted(page)  # and no error: the guard fixture fails a test that had one
    expect(lab_2(page)).to_be_visible()
