"""Shared by the unit tests: the runtime modules import each other by plain name, as they do
inside Pyodide; and a folder of Python files laid out as the browser gets them."""

import functools
import sys
from pathlib import Path

import markdown
import pytest

from site_src import runtime
from site_src.execute import write_lib
from site_src.fences import PageContext

REPO = Path(__file__).resolve().parents[2]
RUNTIME = runtime.files()

sys.path.insert(0, str(REPO / "site_src" / "runtime"))


def render_fence(text: str, lib: Path, validate, formatter, class_name: str) -> str:
    """Markdown text as HTML, with one python fence (validate, formatter) on a page of its own."""
    page = PageContext("docs/x.md", text, lib)
    md = markdown.Markdown(extensions=["pymdownx.superfences"], extension_configs={
        "pymdownx.superfences": {"custom_fences": [{
            "name": "python", "class": class_name, "validator": validate,
            "format": functools.partial(formatter, page=page)}]}})
    return md.convert(text)


@pytest.fixture(scope="session")
def lib(tmp_path_factory) -> Path:
    """The finished ember and the runtime, written as the worker lays them out."""
    files = {p.relative_to(REPO).as_posix(): p.read_text() for p in (REPO / "ember").glob("*.py")}
    return write_lib({**files, **RUNTIME}, tmp_path_factory.mktemp("lib"))
