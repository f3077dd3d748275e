"""site_src/runtime/cellrun.py: the runner shared by the build and the browser's worker."""

import sys

from site_src.runtime.cellrun import OutputSink, run


def run_collecting(source: str, interval: float = float("inf")) -> tuple[bool, list]:
    batches: list = []
    ok = run(source, OutputSink(batches.append, interval=interval))
    return ok, batches


def test_output_is_collected_and_stdout_restored():
    before = sys.stdout
    ok, batches = run_collecting("print('a'); print('b')")
    assert ok and batches == [[("stdout", "a\nb\n")]] and sys.stdout is before


def test_each_run_has_a_fresh_namespace():
    run_collecting("leak = 1")
    ok, batches = run_collecting("print(leak)")
    assert not ok and "NameError: name 'leak' is not defined" in batches[0][0][1]


def test_a_traceback_starts_at_the_cell():
    ok, batches = run_collecting("def f():\n    return 1 / 0\nf()")
    text = "".join(t for _, t in batches[0])
    assert text.startswith("Traceback (most recent call last):\n  File \"<cell>\", line 3")
    assert 'line 2, in f\n    return 1 / 0' in text and "cellrun" not in text


def test_a_batch_goes_out_when_the_interval_has_passed():
    ok, batches = run_collecting("print(1)\nprint(2)", interval=0)
    assert "".join(text for batch in batches for _, text in batch) == "1\n2\n"
    assert len(batches) == 4  # print writes the text and the newline separately


def test_system_exit_is_reported_not_raised():
    ok, batches = run_collecting("raise SystemExit(3)")
    assert not ok and "SystemExit: 3" in batches[0][0][1]
