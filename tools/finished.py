"""Give a browser page the learner state of someone who wrote every gap's solution."""

import re
from pathlib import Path

from playwright.sync_api import Page

from site_src.gaps import read_ember

ROOT = Path(__file__).resolve().parents[1]


def progress_key(config: Path) -> str:
    """Where a course's site keeps the learner's progress (js/progress/store.js): its key, from the
    plugin's course_id in config, a course's mkdocs.yml."""
    course_id = re.search(r"^\s*course_id: (\S+)", config.read_text(encoding="utf-8"), re.M)[1]
    return f"ember:{course_id}:progress:v3"


PROGRESS_KEY = progress_key(ROOT / "mkdocs.yml")
"""Where the course's site keeps the learner's progress."""


def solutions(root: Path = ROOT) -> dict:
    """The saved progress of a learner who wrote every gap's solution and nothing else.

    Args:
        root: The folder that holds the course's ``ember`` package.
    """
    answers = {name: version.text for name, (_, version) in read_ember(root).gaps.items()}
    return {"answers": answers, "hints": {}, "passed": {}, "quizzes": {}, "cells": {}}


def write_solutions(page: Page, root: Path = ROOT, key: str = PROGRESS_KEY) -> None:
    """Store every gap's solution as the learner's answer in page's site (the page must be on it).

    The next load of a page runs the finished ember in its cells and labs.

    Args:
        root: The folder that holds the course's ``ember`` package.
        key: The localStorage key of the course's progress.
    """
    page.evaluate("([key, p]) => localStorage.setItem(key, JSON.stringify(p))", [key, solutions(root)])


if __name__ == "__main__":
    import json

    # For the Firefox tests (tests/firefox/): the course's key and the progress to store under it.
    print(json.dumps({"key": PROGRESS_KEY, "progress": solutions()}))
