"""Screenshots of pages at desktop and phone widths, in light and dark mode, for a person to look at.

Usage: python -m tools.screenshots OUT_DIR PATH [PATH ...]   (paths relative to build/site)
Each page is saved one screen at a time, top to bottom, once every part of it is mounted (as for a
learner who has scrolled through it), and once more after its first cell has run in the browser.
Each figure is saved with a panel open and two steps into its backward pass,
the first question before and after answers, and each lab after its checks ran on the stubs
(failing) and on the solutions (passed).
"""

import re
import sys
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

from tools import chromium
from tools.finished import write_solutions
from tools.reach import come_to, read_through
from tools.serve import serve

SITE = Path(__file__).resolve().parents[1] / "build" / "site"
WIDTHS = {"desktop": 1280, "phone": 390}


def shoot_figures(page: Page, prefix: Path) -> None:
    """Save each figure with the panel of its last Value open, and again two steps into its
    backward pass."""
    figures = page.locator(".ember-figure[data-drawn]")
    for index in range(figures.count()):
        figure = figures.nth(index)
        figure.get_by_role("button", name=re.compile(" data ")).last.click()
        figure.screenshot(path=f"{prefix}-figure{index + 1}.png")
        step = figure.get_by_role("button", name="Step backward")
        if step.count() and step.is_enabled():
            step.click()
            step.click()
            figure.screenshot(path=f"{prefix}-figure{index + 1}-stepped.png")


def shoot_quizzes(page: Page, prefix: Path) -> None:
    """Save the first question before it is answered, after a wrong choice, and after the right one."""
    quiz = page.locator(".ember-quiz").first
    if not quiz.count():
        return
    quiz.scroll_into_view_if_needed()
    quiz.screenshot(path=f"{prefix}-quiz-before.png")
    right = int(quiz.get_attribute("data-right"))
    options = quiz.locator("input[type=radio]")
    options.nth(1 if right == 0 else 0).check()
    quiz.screenshot(path=f"{prefix}-quiz-wrong.png")
    options.nth(right).check()
    quiz.screenshot(path=f"{prefix}-quiz-right.png")


def shoot_labs(page: Page, prefix: Path) -> None:
    """Save each lab after its checks ran on the stubs, then on every gap's solution."""
    labs = page.get_by_role("region", name=re.compile(r"^Lab \d+$"))
    if not labs.count():
        return
    for state in ("failing", "passed"):
        if state == "passed":
            write_solutions(page)
            page.reload()
        for index in range(labs.count()):
            lab = come_to(labs.nth(index))
            lab.get_by_role("button", name="Run checks").click()
            lab.get_by_text(re.compile("checks passed")).wait_for(timeout=30_000)
            lab.screenshot(path=f"{prefix}-lab{index + 1}-{state}.png")
    page.evaluate("localStorage.clear()")


def main(out: Path, paths: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with serve(SITE) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium.find(playwright.chromium.executable_path)), args=chromium.LAUNCH_ARGS)
        for path in paths:
            name = path.strip("/").replace("/", "_") or "home"
            for scheme in ("light", "dark"):
                for device, width in WIDTHS.items():
                    page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
                    page.add_init_script(chromium.NO_SERVICE_WORKERS)  # the site as served
                    page.goto(base + path)
                    read_through(page)
                    page.evaluate("window.scrollTo(0, 0)")
                    height = page.evaluate("document.documentElement.scrollHeight")
                    for part, top in enumerate(range(0, height, 900), start=1):
                        page.evaluate(f"window.scrollTo(0, {top})")
                        page.screenshot(path=out / f"{name}-{device}-{scheme}-{part}.png")
                    run = page.get_by_role("button", name="Run", exact=True)
                    if run.count():
                        run.first.scroll_into_view_if_needed()
                        run.first.click()
                        status = page.get_by_role("group", name=re.compile(r"^Code cell \d+$")).first.get_by_role("status")
                        expect(status).to_have_text(re.compile("Done|Finished|stopped"), timeout=30_000)
                        page.screenshot(path=out / f"{name}-{device}-{scheme}-ran.png")
                    shoot_figures(page, out / f"{name}-{device}-{scheme}")
                    shoot_quizzes(page, out / f"{name}-{device}-{scheme}")
                    shoot_labs(page, out / f"{name}-{device}-{scheme}")
                    page.close()
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
