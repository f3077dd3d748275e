"""The ``python cell`` fence: its HTML, the output recorded at build time, and the build errors."""

import functools
import re
from pathlib import Path

import markdown
import pytest

from site_src.fences import FenceError, PageContext
from site_src.fences import cell

REPO = Path(__file__).resolve().parents[2]


def render(text: str, src_path: str = "docs/lessons/99-test.md") -> str:
    page = PageContext(src_path, text, REPO)
    md = markdown.Markdown(
        extensions=["pymdownx.superfences", "pymdownx.highlight"],
        extension_configs={"pymdownx.superfences": {"custom_fences": [{
            "name": "python", "class": "ember-cell", "validator": cell.validate,
            "format": functools.partial(cell.format_cell, page=page),
        }]}},
    )
    return md.convert(text)


def fence(code: str, options: str = "") -> str:
    return f"```python cell{options}\n{code}\n```\n"


def test_a_cell_shows_its_highlighted_code_and_recorded_output():
    html = render(fence('print("hello", 6 * 7)'))
    assert '<div class="ember-cell" data-cell="1">' in html
    assert '<div class="highlight"><pre>' in html
    assert re.search(r'role="log" aria-label="Output of cell 1"><span class="ember-output__stdout">'
                     r"hello 42\n</span></pre>", html)
    assert "recorded when this page was built" in html
    assert "Running code needs JavaScript." in html


def test_cells_are_numbered_in_page_order():
    html = render(fence("print(1)") + "\ntext\n\n" + fence("print(2)"))
    assert 'data-cell="1"' in html and 'data-cell="2"' in html


def test_a_plain_python_fence_stays_a_code_block():
    html = render("```python\nprint(1)\n```\n")
    assert "ember-cell" not in html and "highlight" in html


def test_cells_import_the_repositorys_ember():
    html = render(fence("from ember.scalar import Value\nprint(Value(2))"))
    assert "Value(2.0, grad=0.0)" in html


def test_printed_html_is_escaped():
    html = render(fence('print("<img src=x onerror=alert(1)>")'))
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_stdout_and_stderr_keep_their_order():
    html = render(fence('import sys\nprint("a")\nprint("b", file=sys.stderr)\nprint("c")'))
    spans = re.findall(r'<span class="ember-output__(\w+)">([^<]*)</span>', html)
    assert spans == [("stdout", "a\n"), ("stderr", "b\n"), ("stdout", "c\n")]


def test_a_cell_that_raises_stops_the_build_with_file_and_line():
    text = "# Title\n\n" + fence("x = 1\n1 / 0")
    with pytest.raises(FenceError, match=r"(?s)^docs/lessons/99-test\.md:3: the cell raised.*ZeroDivisionError"):
        render(text)


def test_the_line_is_the_fence_with_that_code_not_an_earlier_mention():
    text = "Run `x = 1` first.\n\n" + fence("print(1)") + "\n" + fence("x = 1\n1 / 0")
    with pytest.raises(FenceError, match=r"^docs/lessons/99-test\.md:7: "):
        render(text)


def test_a_cell_marked_raises_records_its_traceback():
    html = render(fence("x = 1\n1 / 0", ' raises="ZeroDivisionError"'))
    assert 'File "&lt;cell&gt;", line 2, in &lt;module&gt;' in html
    assert "ZeroDivisionError: division by zero" in html
    assert "cellrun" not in html


def test_a_cell_that_raises_something_else_stops_the_build():
    with pytest.raises(FenceError, match="meant to raise TypeError"):
        render(fence("1 / 0", ' raises="TypeError"'))
    with pytest.raises(FenceError, match="meant to raise TypeError"):
        render(fence("print(1)", ' raises="TypeError"'))


def test_a_syntax_error_shows_the_line_and_a_caret():
    html = render(fence("print(1", ' raises="SyntaxError"'))
    assert 'File "&lt;cell&gt;", line 1\n    print(1\n         ^' in html


def test_an_unknown_option_stops_the_build():
    with pytest.raises(FenceError, match="unknown cell option 'timeout'"):
        render(fence("print(1)", ' timeout="3"'))
