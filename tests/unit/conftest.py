"""Shared by the unit tests: the runtime modules import each other by plain name, as they do
inside Pyodide; and a folder of Python files laid out as the browser gets them."""

import sys
from pathlib import Path

import markdown
import pytest

from site_src import runtime
from site_src.execute import Lib
from site_src.fences import PageContext, registry

REPO = Path(__file__).resolve().parents[2]
RUNTIME = runtime.files()

sys.path.insert(0, str(REPO / "site_src" / "runtime"))


def render_fence(text: str, page: PageContext) -> str:
    """Markdown text as HTML with every registered fence (site_src/fences/registry.py), as the
    plugin renders page, whose markdown is text."""
    registry.check_openers(page)
    md = markdown.Markdown(extensions=["pymdownx.superfences", "pymdownx.highlight"], extension_configs={
        "pymdownx.superfences": {"custom_fences": registry.custom_fences(lambda: page)}})
    return md.convert(text)


@pytest.fixture(scope="session")
def lib(tmp_path_factory) -> Lib:
    """The finished ember and the runtime, written as the worker lays them out."""
    files = {p.relative_to(REPO).as_posix(): p.read_text() for p in (REPO / "ember").glob("*.py")}
    return Lib({**files, **RUNTIME}, tmp_path_factory.mktemp("lib"))
