"""Run one code cell: a fresh namespace, its printed output, and a traceback of its own lines.

The build runs this file under CPython (``python cellrun.py`` with the cell's code as JSON on
stdin, see :func:`main`) and the browser's worker runs :func:`run` inside Pyodide, so a cell's
output is formatted the same way in both places.
"""

import json
import linecache
import sys
import time
import traceback
from collections.abc import Callable

CELL_FILENAME = "<cell>"

Chunk = tuple[str, str]
"""A piece of output: ("stdout" or "stderr", text)."""


class OutputSink:
    """Collects output chunks and hands them on in batches.

    Args:
        emit: Called with a list of chunks. Consecutive writes to the same stream are merged.
        interval: Seconds between batches while a cell runs; 0 hands on every write.
    """

    def __init__(self, emit: Callable[[list[Chunk]], None], interval: float = 0.05) -> None:
        self._emit = emit
        self._interval = interval
        self._chunks: list[list[str]] = []
        self._last = time.monotonic()

    def write(self, stream: str, text: str) -> None:
        """Add text to the named stream, then hand the batch on if the interval has passed."""
        if self._chunks and self._chunks[-1][0] == stream:
            self._chunks[-1][1] += text
        else:
            self._chunks.append([stream, text])
        if time.monotonic() - self._last >= self._interval:
            self.flush()

    def flush(self) -> None:
        """Hand on whatever is collected."""
        self._last = time.monotonic()
        if self._chunks:
            chunks, self._chunks = self._chunks, []
            self._emit([(stream, text) for stream, text in chunks])


class _Stream:
    """A text file object (sys.stdout or sys.stderr) that writes into an OutputSink."""

    def __init__(self, name: str, sink: OutputSink) -> None:
        self.name = name
        self._sink = sink

    def write(self, text: str) -> int:
        self._sink.write(self.name, text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def run(source: str, sink: OutputSink) -> bool:
    """Run source as a cell in a fresh namespace, with its output going to sink.

    An exception is printed to the cell's stderr as a traceback that starts at the cell's
    own lines, as Python would print it.

    Args:
        source: The cell's Python code.
        sink: Receives stdout and stderr.

    Returns:
        True if the cell ran to the end, False if it raised.
    """
    linecache.cache[CELL_FILENAME] = (len(source), None, source.splitlines(True), CELL_FILENAME)
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Stream("stdout", sink), _Stream("stderr", sink)
    try:
        try:
            code = compile(source, CELL_FILENAME, "exec")
        except SyntaxError as exc:
            traceback.print_exception(type(exc), exc, None)
            return False
        try:
            exec(code, {"__name__": "__main__", "__builtins__": __builtins__})
        except BaseException as exc:  # the learner's KeyboardInterrupt and SystemExit too
            # Drop this function's own frame: the traceback starts at the cell.
            traceback.print_exception(type(exc), exc, exc.__traceback__.tb_next)
            return False
        return True
    finally:
        sys.stdout, sys.stderr = saved
        sink.flush()


def run_streaming(source: str, post: Callable[[str], None]) -> bool:
    """Worker entry: run source, posting each batch of output as a JSON list of chunks.

    Args:
        source: The cell's Python code.
        post: Called with a JSON array of [stream, text] pairs, about every 50 ms while the
            cell runs and once at the end.

    Returns:
        True if the cell ran to the end, False if it raised.
    """
    return run(source, OutputSink(lambda chunks: post(json.dumps(chunks))))


def main() -> None:
    """Build-time entry: read {"source": ...} as JSON on stdin, print {"ok", "output"} as JSON."""
    request = json.load(sys.stdin)
    output: list[Chunk] = []
    real_stdout = sys.stdout
    ok = run(request["source"], OutputSink(output.extend, interval=float("inf")))
    json.dump({"ok": ok, "output": output}, real_stdout)


if __name__ == "__main__":
    main()
