"""The ``python cell`` fence: its HTML, the output recorded at build time, and the build errors."""

import re
from pathlib import Path

import pytest

from site_src.fences import FenceError, PageContext
from tests.unit.conftest import render_fence

REPO = Path(__file__).resolve().parents[2]
LIB: list[Path] = []


@pytest.fixture(autouse=True)
def _lib(lib):
    LIB[:] = [lib]


def render(text: str, src_path: str = "docs/lessons/99-test.md") -> str:
    return render_fence(text, PageContext(src_path, text, LIB[0]))


def fence(code: str, options: str = "") -> str:
    return f"```python cell{options}\n{code}\n```\n"


def test_a_cell_is_a_named_group_showing_its_code_as_plain_text_and_its_recorded_output():
    html = render(fence('print("hello", 6 * 7)'))
    assert ('<div class="ember-cell" data-cell="1" data-id="page-99-test-c1" data-time-limit="20" '
            'role="group" aria-label="Code cell 1">') in html
    assert '<div class="language-python highlight"><pre><code>print("hello", 6 * 7)\n</code></pre></div>' in html
    assert re.search(r'role="log" aria-label="Output of cell 1" tabindex="0"><span class="ember-output__stdout">'
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
    with pytest.raises(FenceError, match=r"(?s)^docs/lessons/99-test\.md:5: the cell raised ZeroDivisionError; if that is meant, "
                       r"add raises=\"ZeroDivisionError\" to its fence line \(line 3\)"):
        render(text)


def test_the_line_is_in_the_fence_with_that_code_not_an_earlier_mention():
    text = "Run `x = 1` first.\n\n" + fence("print(1)") + "\n" + fence("x = 1\n1 / 0")
    with pytest.raises(FenceError, match=r"^docs/lessons/99-test\.md:9: .*\(line 7\)"):
        render(text)


def test_two_cells_with_the_same_first_line_are_told_apart():
    text = fence("from ember.scalar import Value\nprint(Value(1))") + "\n" + fence(
        "from ember.scalar import Value\nValue('x')")
    with pytest.raises(FenceError, match=r"^docs/lessons/99-test\.md:8: .*\(line 6\)"):
        render(text)


def test_a_cell_marked_raises_records_its_traceback():
    html = render(fence("x = 1\n1 / 0", ' raises="ZeroDivisionError"'))
    assert 'File "&lt;cell&gt;", line 2, in &lt;module&gt;' in html
    assert "ZeroDivisionError: division by zero" in html
    assert "cellrun" not in html


def test_a_cell_that_raises_something_else_stops_the_build():
    with pytest.raises(FenceError, match="meant to raise TypeError, but raised ZeroDivisionError"):
        render(fence("1 / 0", ' raises="TypeError"'))
    with pytest.raises(FenceError, match="meant to raise TypeError, but ran without an error"):
        render(fence("print(1)", ' raises="TypeError"'))


def test_a_syntax_error_shows_the_line_and_a_caret():
    html = render(fence("print(1", ' raises="SyntaxError"'))
    assert 'File "&lt;cell&gt;", line 1\n    print(1\n         ^' in html


def test_an_unknown_option_stops_the_build():
    with pytest.raises(FenceError, match="unknown cell option 'timeout'"):
        render(fence("print(1)", ' timeout="3"'))


def test_a_time_limit_goes_to_the_page_and_bounds_the_build_run():
    assert 'data-time-limit="2.5"' in render(fence("print(1)", ' time_limit="2.5"'))
    with pytest.raises(FenceError, match="ran for more than 1 s"):
        render(fence("while True:\n    pass", ' time_limit="1"'))
    with pytest.raises(FenceError, match="time_limit must be seconds from 1 to 3600"):
        render(fence("print(1)", ' time_limit="soon"'))


@pytest.mark.parametrize("code, name", [
    ('raise ValueError("first\\nsecond")', "ValueError"),
    ('e = ValueError("bad")\ne.add_note("a note")\nraise e', "ValueError"),
    ('import json\njson.loads("{")', "json.decoder.JSONDecodeError"),
    ('import json\njson.loads("{")', "JSONDecodeError"),
])
def test_raises_matches_the_exception_not_the_last_line_of_text(code, name):
    assert "ember-cell" in render(fence(code, f' raises="{name}"'))


def test_a_bare_raises_asks_for_the_name():
    with pytest.raises(FenceError, match="raises needs the exception's name"):
        render(fence("1 / 0", " raises"))


def test_an_unquoted_option_stops_the_build_instead_of_dropping_the_cell():
    text = "intro\n\n" + fence("1 / 0", " raises=ZeroDivisionError")
    with pytest.raises(FenceError, match=r"99-test\.md:3: cannot read the options"):
        render(text)


def test_a_cell_that_spoils_the_process_stdout_still_records_its_output():
    html = render(fence('import sys, os\nprint("x", file=sys.__stdout__)\nos.system("echo hi")\nprint("kept")'))
    assert "kept\n" in html


def test_a_cell_that_kills_its_process_stops_the_build():
    with pytest.raises(FenceError, match="ended without a result"):
        render(fence("import os\nos._exit(0)"))


def test_writing_bytes_is_an_ordinary_type_error():
    html = render(fence('import sys\nprint("before")\nsys.stdout.write(b"x")', ' raises="TypeError"'))
    assert "before\n" in html and "write() argument must be str, not bytes" in html


def test_input_says_that_cells_take_no_input():
    html = render(fence("input()", ' raises="OSError"'))
    assert "a cell cannot read input" in html


def test_tracebacks_through_ember_show_paths_inside_the_library():
    html = render(fence('from ember.scalar import Value\nValue(2) + "3"', ' raises="TypeError"'))
    assert 'File "ember/scalar.py", line' in html and str(REPO) not in html


def test_the_build_tree_is_not_importable_from_a_cell():
    with pytest.raises(FenceError, match="ModuleNotFoundError"):
        render(fence("import site_src"))


def test_same_first_lines_get_their_own_line_numbers():
    text = "```python\nprint(1)\n```\n\n" + fence("print(1)") + "\n" + fence("print(1)\n1 / 0")
    with pytest.raises(FenceError, match=r"^docs/lessons/99-test\.md:11: .*\(line 9\)"):
        render(text)


def test_a_cell_in_a_blockquote_reports_its_line():
    text = "intro\n\n> ```python cell\n> 1 / 0\n> ```\n"
    with pytest.raises(FenceError, match=r"^docs/lessons/99-test\.md:4: .*\(line 3\)"):
        render(text)


def test_a_cell_the_build_only_compiles_shows_no_output_until_it_is_run():
    html = render(fence("raise SystemExit('never run at build time')", ' build="compile"'))
    assert 'data-build="compile"' in html and "none before you run the cell" in html
    assert re.search(r'aria-label="Output of cell 1" tabindex="0"></pre>', html)


def test_a_cell_the_build_only_compiles_still_stops_the_build_at_its_syntax_error():
    with pytest.raises(FenceError, match=r"^docs/lessons/99-test.md:3: the cell does not compile: "):
        render(fence("x = 1\nprint(x +)", ' build="compile"'))
    with pytest.raises(FenceError, match=r'build is "run" or "compile", not \'later\''):
        render(fence("print(1)", ' build="later"'))
