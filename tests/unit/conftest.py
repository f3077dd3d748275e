"""Shared by the unit tests: the runtime modules import each other by plain name, as they do
inside Pyodide; and a folder of Python files laid out as the browser gets them."""

import sys
from pathlib import Path

import pytest

from site_src import runtime
from site_src.execute import write_lib

REPO = Path(__file__).resolve().parents[2]
RUNTIME = runtime.files()

sys.path.insert(0, str(REPO / "site_src" / "runtime"))


@pytest.fixture(scope="session")
def lib(tmp_path_factory) -> Path:
    """The finished ember and the runtime, written as the worker lays them out."""
    files = {p.relative_to(REPO).as_posix(): p.read_text() for p in (REPO / "ember").glob("*.py")}
    return write_lib({**files, **RUNTIME}, tmp_path_factory.mktemp("lib"))
