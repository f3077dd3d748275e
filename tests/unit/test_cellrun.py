"""site_src/runtime/cellrun.py: the runner shared by the build and the browser's worker."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cellrun import OutputSink, Session

REPO = Path(__file__).resolve().parents[2]
LIB = str(REPO / "no-such-lib")


def run_collecting(source: str, interval: float = float("inf")) -> tuple[bool, list]:
    batches: list = []
    error = Session(LIB).run(source, OutputSink(batches.append, interval=interval))
    return error is None, batches


def test_output_is_collected_and_stdout_restored():
    before = sys.stdout
    ok, batches = run_collecting("print('a'); print('b')")
    assert ok and [chunk for batch in batches for chunk in batch] == [("stdout", "a\n"), ("stdout", "b\n")]
    assert sys.stdout is before


def test_each_run_has_a_fresh_namespace():
    run_collecting("leak = 1")
    ok, batches = run_collecting("print(leak)")
    assert not ok and "NameError: name 'leak' is not defined" in batches[0][0][1]


def test_a_traceback_starts_at_the_cell():
    ok, batches = run_collecting("def f():\n    return 1 / 0\nf()")
    text = "".join(t for _, t in batches[0])
    assert text.startswith("Traceback (most recent call last):\n  File \"<cell>\", line 3")
    assert 'line 2, in f\n    return 1 / 0' in text and "cellrun" not in text


def test_each_finished_line_goes_out_once_the_interval_has_passed():
    ok, batches = run_collecting("print(1)\nprint(2)", interval=0)
    assert batches == [[("stdout", "1\n")], [("stdout", "2\n")]]


def test_the_first_line_goes_out_at_once_and_later_ones_wait_for_the_interval():
    ok, batches = run_collecting("print(1)\nprint(2)\nprint(3)", interval=60)
    assert batches == [[("stdout", "1\n")], [("stdout", "2\n3\n")]]


def test_a_line_printed_just_after_a_drawing_goes_out_at_once():
    ok, batches = run_collecting("import hx\nhx.show_plot({'a': ([0], [0])})\nprint('step 5')\nprint('more')", interval=60)
    assert [[stream for stream, _ in batch] for batch in batches] == [["plot"], ["stdout"], ["stdout"]]
    assert batches[1] == [("stdout", "step 5\n")]


def test_flush_hands_on_a_line_without_its_newline():
    ok, batches = run_collecting("print('working...', end='', flush=True)\nprint(' done')", interval=60)
    assert batches[0] == [("stdout", "working...")]


def test_a_flood_of_output_keeps_its_start_and_end_with_a_note_of_what_was_cut():
    ok, batches = run_collecting("for i in range(200_000):\n    print(i)")
    chunks = [chunk for batch in batches for chunk in batch]
    text = "".join(text for stream, text in chunks if stream == "stdout")
    total = sum(len(f"{i}\n") for i in range(200_000))
    assert ok and text.startswith("0\n1\n2\n") and text.endswith("199998\n199999\n")
    assert OutputSink.HEAD + OutputSink.TAIL - 100 <= len(text) <= OutputSink.HEAD + OutputSink.TAIL
    notes = [text for stream, text in chunks if stream == "cut"]
    assert notes[-1] == f"\n… {total - len(text):,} characters of output cut here; the last 10,000 follow …\n"


def test_while_output_is_cut_a_note_of_the_count_so_far_goes_out_each_interval():
    batches = []
    sink = OutputSink(batches.append, interval=0)
    sink.write("stdout", "x" * (OutputSink.HEAD + 30_000))
    assert batches[-1][-1] == ("cut", "\n… 30,000 characters of output cut so far; the end of the output shows when the run ends …\n")


def test_the_next_run_imports_ember_afresh_and_gets_the_builtins_back(tmp_path):
    # In a process of its own, as in the worker: the runs would otherwise reset pytest's modules.
    (tmp_path / "ember").mkdir()
    (tmp_path / "ember" / "__init__.py").write_text("")
    (tmp_path / "ember" / "scalar.py").write_text((REPO / "ember" / "scalar.py").read_text())
    script = f"""
import sys
sys.path.insert(0, {str(tmp_path)!r})
sys.path.insert(0, {str(REPO / "site_src" / "runtime")!r})
from cellrun import OutputSink, Session
session, batches = Session({str(tmp_path)!r}), []
sink = OutputSink(batches.append, interval=float("inf"))
session.run("import ember.scalar, builtins, sys\\nember.scalar.Value.__add__ = None\\n"
            "builtins.len = None\\nsys.setrecursionlimit(60)", sink)
session.run("from ember.scalar import Value\\nimport sys\\n"
            "print(Value(1) + 2, len([1]), sys.getrecursionlimit() > 60)", sink)
print(batches[-1])
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout == "[('stdout', 'Value(3.0, grad=0.0) 1 True\\n')]\n", done.stderr


def test_the_error_names_the_exception():
    assert Session(LIB).run("1/0", OutputSink(list, interval=0)) == "ZeroDivisionError"
    assert Session(LIB).run("x = 1", OutputSink(list, interval=0)) is None


def test_system_exit_is_reported_not_raised():
    ok, batches = run_collecting("raise SystemExit(3)")
    assert not ok and "SystemExit: 3" in batches[0][0][1]


def run_in_process(tmp_path, files: dict[str, str], gaps: str, cell: str, after: str = "") -> str:
    """Run cell in a process of its own, on an ember of files (in tmp_path/ember) whose gaps are
    gaps; return what it printed: the run's result, its output, then what the code after prints.
    A process of its own, as in the worker: the runs would otherwise reset pytest's modules."""
    (tmp_path / "ember").mkdir()
    (tmp_path / "ember" / "__init__.py").write_text("")
    for name, text in files.items():
        (tmp_path / "ember" / name).write_text(text)
    script = f"""
import sys
sys.path.insert(0, {str(tmp_path)!r})
sys.path.insert(0, {str(REPO / "site_src" / "runtime")!r})
from cellrun import OutputSink, Session
session, batches = Session({str(tmp_path)!r}), []
session.set_gaps({gaps!r})
print(session.run({cell!r}, OutputSink(batches.append, interval=float("inf"))))
print("".join(text for batch in batches for _, text in batch))
{after}"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert not done.stderr, done.stderr
    return done.stdout


def test_a_traceback_and_a_check_reason_name_the_line_in_the_learners_gap(tmp_path):
    out = run_in_process(tmp_path, {"thing.py": "def f(x):\n    y = x\n    return y / 0\n"},
                         '{"ember/thing.py": [["L01.f", 2, 3, "    "]]}', "from ember.thing import f\nf(1)",
                         after="from ember.thing import f\ntry:\n    f(1)\n"
                               "except ZeroDivisionError as exc:\n    print(session.describe_error(exc))\n")
    assert 'File "ember/thing.py", line 3, in f (line 2 of gap L01.f)' in out
    assert out.rstrip().endswith("ZeroDivisionError: division by zero (line 2 of gap L01.f)")


def test_a_traceback_leaves_out_the_runtimes_own_frames():
    batches: list = []
    runtime = str(REPO / "site_src" / "runtime")  # as in the worker, the runtime's files are in lib_root
    ok = Session(runtime).run("import hx\nhx.show_graph(3)", OutputSink(batches.append, interval=0)) is None
    text = "".join(t for batch in batches for _, t in batch)
    assert not ok and 'File "<cell>", line 2, in <module>' in text
    assert "hx.py" not in text and text.rstrip().endswith("TypeError: show_graph needs a Value (with _prev), not int")


def test_a_flood_that_switches_streams_on_every_character_stays_small():
    ok, batches = run_collecting("import sys\nfor i in range(100_000):\n    sys.stdout.write('a')\n    sys.stderr.write('b')")
    chunks = [chunk for batch in batches for chunk in batch]
    assert ok and len(chunks) < 1_500 and chunks[-1][0] == "stderr"


def test_a_long_chain_of_values_is_let_go_without_deep_recursion():
    ok, batches = run_collecting("from ember.scalar import Value\nv = Value(0.0)\nfor _ in range(50_000):\n"
                                 "    v = v + 1\nprint(v.data)")
    assert ok and batches[-1][-1] == ("stdout", "50000.0\n")


def test_a_syntax_error_in_a_gap_is_reported_with_the_gap_not_a_crash(tmp_path):
    out = run_in_process(tmp_path, {"broken.py": "def f(x):\n    return (x\n"},
                         '{"ember/broken.py": [["L01.f", 2, 2, "    "]]}', "import ember.broken")
    assert out.startswith("SyntaxError\n")
    assert "(line 1 of gap L01.f)" in out


def syntax_problems(tmp_path, text: str, gaps: str) -> list[dict]:
    """Session.syntax_problems of an ember whose thing.py is text with gaps, in a process of its own."""
    out = run_in_process(tmp_path, {"thing.py": text}, gaps, "pass",
                         after="import json\nprint(json.dumps(session.syntax_problems()))")
    return json.loads(out.strip().splitlines()[-1])


GAPS = '{"ember/thing.py": [["L01.f", 2, 3, "    "], ["L01.g", 6, 6, "    "]]}'


def test_a_syntax_error_inside_a_gap_is_placed_on_its_line_of_the_gap(tmp_path):
    text = "def f(x):\n    y = x\n        return y\n\ndef g(x):\n    return x\n"
    [problem] = syntax_problems(tmp_path, text, GAPS)
    assert problem["gap"] == "L01.f" and problem["line"] == 2 and problem["message"] == (
        "IndentationError: unexpected indent (Enter already indents a new line: spaces typed after it are a level too "
        "many)")
    assert problem["column"] >= 7  # at the code, or in its indentation: the page marks from the code on


def test_an_unfinished_block_at_a_gaps_end_is_the_gaps_and_names_no_other_line(tmp_path):
    text = "def f(x):\n    y = x\n    if y:\n\ndef g(x):\n    return x\n"
    [problem] = syntax_problems(tmp_path, text, GAPS)
    assert problem["gap"] == "L01.f" and problem["line"] == 2 and problem["column"] == 0
    assert problem["message"].startswith(
        "IndentationError: expected an indented block after 'if' statement on line 2 of gap L01.f (found after the gap")
    assert "line 4" not in problem["message"] and "line 5" not in problem["message"]


def test_a_file_without_errors_has_no_problems_and_a_reason_names_the_gaps_end(tmp_path):
    fine = "def f(x):\n    y = x\n    return y\n\ndef g(x):\n    return x\n"
    assert syntax_problems(tmp_path, fine, GAPS) == []
    (tmp_path / "b").mkdir()
    out = run_in_process(tmp_path / "b", {"thing.py": "def f(x):\n    y = x\n    if y:\n\nz = 1\n"}, GAPS, "pass",
                         after="try:\n    import ember.thing\nexcept SyntaxError as exc:\n"
                               "    print(session.describe_error(exc))\n")
    assert out.rstrip().splitlines()[-1] == (
        "IndentationError: expected an indented block after 'if' statement on line 2 of gap L01.f "
        "(at the end of gap L01.f)")


def test_an_error_in_the_lessons_code_names_the_learners_line_that_called_it(tmp_path):
    text = "def check(x):\n    if x < 0:\n        raise ValueError('x must not be negative')\n\ndef f(x):\n    return check(x - 5)\n"
    out = run_in_process(tmp_path, {"thing.py": text}, '{"ember/thing.py": [["L01.f", 6, 6, "    "]]}', "pass",
                         after="from ember.thing import f\ntry:\n    f(1)\nexcept ValueError as exc:\n"
                               "    print(session.describe_error(exc))\n")
    assert out.rstrip().splitlines()[-1] == (
        "ValueError: x must not be negative (ember/thing.py, line 3, called from line 1 of gap L01.f)")


def test_an_unclosed_string_is_blamed_on_its_gap_though_python_finds_it_further_on(tmp_path):
    text = 'def f(x):\n    return """abc\ndef g(x):\n    return 1\ndef h():\n    """Doc."""\n'
    gaps = '{"ember/thing.py": [["L01.f", 2, 2, "    "], ["L01.g", 4, 4, "    "]]}'
    [problem] = syntax_problems(tmp_path, text, gaps)
    assert problem["gap"] == "L01.f" and problem["line"] == 1
    assert "line 6" not in problem["message"] and "L01.g" not in problem["message"]


def test_an_unterminated_string_names_the_line_of_its_gap_not_of_the_file(tmp_path):
    text = "def f(x):\n    y = x\n    return 'abc\n\ndef g(x):\n    return x\n"
    [problem] = syntax_problems(tmp_path, text, GAPS)
    assert problem == {"gap": "L01.f", "line": 2, "column": 11,
                       "message": "SyntaxError: unterminated string literal (detected at line 2 of gap L01.f)"}


def test_an_error_in_an_earlier_lessons_gap_says_so_and_names_the_gaps_of_the_lab_being_checked(tmp_path):
    text = "def total(xs):\n    return sum(xs)\n\ndef parts():\n    return [1, None]\n"
    gaps = '{"ember/thing.py": [["L05.total", 2, 2, "    "], ["L06.parts", 5, 5, "    "]]}'
    out = run_in_process(tmp_path, {"thing.py": text}, gaps, "pass",
                         after="session.lab_gaps = ('L06.parts',)\nfrom ember.thing import total, parts\n"
                               "try:\n    total(parts())\nexcept TypeError as exc:\n    print(session.describe_error(exc))\n")
    assert out.rstrip().splitlines()[-1] == (
        "TypeError: unsupported operand type(s) for +: 'int' and 'NoneType' (line 1 of gap L05.total; that gap "
        "is an earlier lesson's, not one of this lab's: L06.parts)")


def test_a_run_hands_on_its_first_drawings_and_says_how_many_more_were_left_out():
    chunks = []
    sink = OutputSink(chunks.extend, drawings=3)
    for index in range(10):
        sink.show("graph", f"{{\"n\": {index}}}")
    sink.write("stdout", "done\n")
    sink.close()
    assert [text for stream, text in chunks if stream == "graph"] == ['{"n": 0}', '{"n": 1}', '{"n": 2}']
    assert ("note", "\n… 7 more drawings not shown: a run shows its first 3 …\n") in chunks


TAMPERING = [
    "import json\njson.dumps = None",
    "import sys\nsys.modules['ember'] = None",
    "import sys\nsys.path.clear()",
    "import cellrun\ncellrun.Stream.write = None",
    "import cellrun\ncellrun.OutputSink.show = None",
]


@pytest.mark.parametrize("cell", TAMPERING)
def test_a_cell_that_breaks_the_runtime_leaves_the_next_one_working(tmp_path, cell):
    after = """
import json

import pytest
later = []
print(session.run("from ember.thing import f\\nprint(f(2))", OutputSink(lambda chunks: later.append(json.dumps(chunks)), interval=float("inf"))))
print("".join(later))
"""
    out = run_in_process(tmp_path, {"thing.py": "def f(x):\n    return x + 1\n"}, "{}", cell, after=after)
    assert out.rstrip().splitlines()[-2:] == ["None", '[["stdout", "3\\n"]]']
