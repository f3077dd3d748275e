"""Run code cells: a fresh namespace each, their printed output, and tracebacks of their lines.

The build runs this file under CPython (``python cellrun.py LIB_ROOT RESULT_FILE``, see
:func:`main`), and the browser's worker runs :meth:`Session.run_streaming` inside Pyodide, so a
cell's output is formatted the same way in both places.
"""

import builtins
import io
import json
import linecache
import os
import re
import sys
import time
import traceback
import warnings
from collections.abc import Callable

import hx
from interrupts import heeded
from restore import Kept

CELL_FILENAME = "<cell>"
FLUSH_SIZE = 1 << 16
"""Characters of output that are handed on at once, whatever the interval."""
CHUNK_COST = 50
"""Characters that a change between stdout and stderr counts as, against OutputSink.HEAD."""
TAIL_CHUNKS = 200
"""The most changes between stdout and stderr that the kept end of a flood holds."""
MAX_DRAWINGS = 1_000
"""The most drawings a cell's run hands on: lesson 14's training redraws three figures every 5
steps, so 1,000 is over 1,600 steps of it."""

Chunk = tuple[str, str]
"""A piece of output: ("stdout" or "stderr", text), ("graph", JSON) from hx.show_graph, ("plot",
JSON) from hx.show_plot, ("network", JSON) from hx.show_network, ("digits", JSON) from
hx.show_digits, ("steer", JSON) from hx.steer,
("cut", note): a line saying how much output was left out here, or ("note", text): a line
saying how many drawings were left out."""


class OutputSink:
    """Collects output chunks and hands them on in batches, keeping a flood of output in bounds.

    A batch goes out when a line ends and ``interval`` seconds have passed since the last one,
    when FLUSH_SIZE characters are waiting, on an explicit flush, and at the end of the run.
    The first HEAD characters go out as they come; after them only the last TAIL are kept,
    and handed on by close(), after a ("cut", note) chunk that says how many were left out.
    While output is being cut, a ("cut", note) chunk with the count so far goes out at each
    interval; the page shows the newest note in place of the ones before. Drawings are counted
    too: past the first ``drawings``, the rest are left out, and close() says how many.

    Args:
        emit: Called with a list of chunks. Consecutive writes to one stream are merged.
        interval: Seconds between batches; 0 hands on every finished line at once.
        drawings: The most drawings (graphs, plots, networks, sliders) handed on.
    """

    HEAD = 50_000
    TAIL = 10_000

    def __init__(self, emit: Callable[[list[Chunk]], None], interval: float = 0.05,
                 drawings: int = MAX_DRAWINGS) -> None:
        self._emit = emit
        self._interval = interval
        self._drawings = drawings
        self._drawn = 0  # drawings handed on or left out
        self._chunks: list[list[str]] = []
        self._size = 0
        self._sent = 0  # characters handed on so far
        self._tail: list[list[str]] = []
        self._tail_size = 0
        self._cut = 0  # characters left out between the head and the tail
        self._last = float("-inf")

    def write(self, stream: str, text: str) -> None:
        """Add text to the named stream; hand the batch on if it is time."""
        room = self.HEAD - self._sent - self._size
        if room < len(text):
            if room > 0:
                self.write(stream, text[:room])
                text = text[room:]
            self._keep_tail(stream, text)
            return
        if not self._chunks or self._chunks[-1][0] != stream:
            self._size += CHUNK_COST  # each change of stream is a new span on the page
        append_chunk(self._chunks, stream, text)
        self._size += len(text)
        line_done = text.endswith("\n") and time.monotonic() - self._last >= self._interval
        if line_done or self._size >= FLUSH_SIZE:
            self.flush()

    def _keep_tail(self, stream: str, text: str) -> None:
        """Keep text among the last TAIL characters; count what falls out of them."""
        append_chunk(self._tail, stream, text)
        self._tail_size += len(text)
        if self._tail_size > 2 * self.TAIL or len(self._tail) > 2 * TAIL_CHUNKS:  # now and then
            self._trim_tail()
        if time.monotonic() - self._last >= self._interval:
            self.flush()

    def _trim_tail(self) -> None:
        """Keep the last TAIL characters of the tail, in TAIL_CHUNKS chunks at most; count the
        rest as cut."""
        while len(self._tail) > TAIL_CHUNKS:
            dropped = self._tail.pop(0)[1]
            self._cut += len(dropped)
            self._tail_size -= len(dropped)
        excess = max(0, self._tail_size - self.TAIL)
        self._cut += excess
        self._tail_size -= excess
        while excess:
            first = self._tail[0]
            if len(first[1]) <= excess:
                excess -= len(first[1])
                self._tail.pop(0)
            else:
                first[1] = first[1][excess:]
                excess = 0

    def show(self, kind: str, text: str) -> None:
        """Hand on a graph, a plot, a network or sliders from hx at once, as a (kind, JSON) chunk.
        The interval still counts from the last text handed on: a line printed just after a
        drawing does not wait for the next write, which may be steps of training away."""
        self._drawn += 1
        if self._drawn > self._drawings:
            return
        last = self._last
        self._chunks.append([kind, text])
        self.flush()
        self._last = last

    def flush(self) -> None:
        """Hand on whatever is collected, and how much is being cut so far."""
        self._last = time.monotonic()
        if self._cut or self._tail:
            self._chunks.append(["cut", _cut_note(self._cut + self._tail_size, done=False)])
        if self._chunks:
            chunks, self._chunks = self._chunks, []
            self._sent += self._size
            self._size = 0
            self._emit([(stream, text) for stream, text in chunks])

    def close(self) -> None:
        """Hand on the rest at the end of a run: what was cut, then the tail, and how many drawings
        were left out."""
        self._trim_tail()
        if self._drawn > self._drawings:
            left = self._drawn - self._drawings
            self._chunks.append(["note", f"\n… {left:,} more {'drawing' if left == 1 else 'drawings'} not shown: "
                                        f"a run shows its first {self._drawings:,} …\n"])
        self.flush()
        if self._tail:
            self._emit([("cut", _cut_note(self._cut, done=True)), *((stream, text) for stream, text in self._tail)])
            self._tail, self._tail_size = [], 0


def _release(namespace: dict) -> None:
    """Let go of a cell's Values one at a time. Freeing a chain of thousands of Values at once
    recurses once per link in C, past the browser's stack in Pyodide (a fatal RangeError);
    emptying each ``_prev`` first, walking the chain without recursion, avoids that."""
    stack = list(namespace.values())
    seen: set[int] = set()
    chain: list[object] = []
    while stack:
        node = stack.pop()
        parents = getattr(node, "_prev", None) if not isinstance(node, type) else None
        if id(node) in seen or not isinstance(parents, (tuple, list, set, frozenset)):
            continue
        seen.add(id(node))
        chain.append(node)
        stack.extend(parents)
    for node in chain:
        try:
            node._prev = ()
        except Exception:  # a learner's class may refuse; it is freed as it would have been
            pass
    namespace.clear()


def _cut_note(count: int, done: bool) -> str:
    """The line that stands for output left out."""
    if done:
        return f"\n… {count:,} characters of output cut here; the last {OutputSink.TAIL:,} follow …\n"
    return f"\n… {count:,} characters of output cut so far; the end of the output shows when the run ends …\n"


def append_chunk(chunks: list[list[str]], stream: str, text: str) -> None:
    """Add text to chunks, merged into the last chunk when it is of the same stream."""
    if chunks and chunks[-1][0] == stream:
        chunks[-1][1] += text
    else:
        chunks.append([stream, text])


class Stream(io.TextIOBase):
    """sys.stdout or sys.stderr for a cell: a text file that writes into an OutputSink."""

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, name: str, sink: OutputSink) -> None:
        super().__init__()
        self._name = name
        self._sink = sink

    @property
    def name(self) -> str:
        return f"<{self._name}>"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._sink.write(self._name, text)
        return len(text)

    def flush(self) -> None:
        self._sink.flush()


class NoInput(io.TextIOBase):
    """sys.stdin for a cell: reading says that cells take no keyboard input."""

    def readable(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:
        raise OSError("a cell cannot read input: put the value in the code instead of input()")

    read = readline


class Session:
    """Runs cells one after another, each as if it were the first.

    Between runs it forgets the modules imported from lib_root/ember (so an edited or
    monkey-patched ``ember`` is imported afresh), and puts back the builtins and the recursion
    limit. hx.show_graph and hx.show_plot write a ("graph" or "plot", JSON) chunk into the run's output.

    Args:
        lib_root: The folder that holds ``ember``; tracebacks show paths relative to it.
    """

    def __init__(self, lib_root: str) -> None:
        self.lib_root = os.path.abspath(lib_root) + os.sep
        self._builtins = dict(vars(builtins))
        self._recursion_limit = sys.getrecursionlimit()
        self._set_recursion_limit = sys.setrecursionlimit  # a cell may replace sys's own
        self._warnings = list(warnings.filters)
        self._kept = Kept()
        self.spans: dict[str, list[tuple[str, int, int, str]]] = {}
        """Where the learner's gaps lie: ``{path: [(gap, first_line, last_line, indent), ...]}``,
        in the file's order (set_gaps)."""
        self.lab_gaps: tuple[str, ...] = ()
        """The gaps of the lab whose checks run, which describe_error points to."""

    def set_gaps(self, gaps: str) -> None:
        """Say where the learner's gaps lie in ember's files, so that tracebacks name them.

        Args:
            gaps: JSON: ``{"ember/scalar.py": [["L07.init", first_line, last_line, indent], ...]}``;
                indent is the gap's indentation (a marker's), where its code starts.
        """
        self.spans = {path: sorted((tuple(gap) for gap in spans), key=lambda gap: gap[1])
                      for path, spans in json.loads(gaps).items()}

    def _gap_of(self, path: str, line: int | str | None) -> tuple[str, int] | None:
        """The gap that holds line of path (relative to lib_root), and the line of the gap: (gap,
        2); None outside the gaps. A SyntaxError gives its line as text."""
        line = int(line) if str(line).isdigit() else None
        for name, first, last, _ in self.spans.get(path, ()):
            if line is not None and first <= line <= last:
                return name, line - first + 1
        return None

    def _in_gap(self, path: str, line: int | str | None) -> str:
        """"line 2 of gap L07.init" when line of path is in a gap, else ""."""
        place = self._gap_of(path, line)
        return f"line {place[1]} of gap {place[0]}" if place else ""

    def stopped_at(self, exc: BaseException) -> dict:
        """``{"stopped": [gap, line, name]}`` for an error that a line of a gap stopped at, and
        that says what is wrong there: a NameError, name being the name read before anything set
        it, or a SyntaxError, name None (line 1-based in the gap); ``{}`` for any other error."""
        if isinstance(exc, SyntaxError) and exc.filename:
            place = self._gap_of(self._relative(exc.filename), exc.lineno)
            return {"stopped": [*place, None]} if place else {}
        frames = traceback.extract_tb(exc.__traceback__)
        place = self._gap_of(self._relative(frames[-1].filename), frames[-1].lineno) if frames else None
        if isinstance(exc, NameError) and getattr(exc, "name", None) and place:
            return {"stopped": [*place, exc.name]}
        return {}

    def gaps_passed(self, exc: BaseException) -> list[str]:
        """The gaps exc's traceback passed through, each once, the newest last."""
        places = [self._gap_of(self._relative(f.filename), f.lineno) for f in traceback.extract_tb(exc.__traceback__)]
        return list(dict.fromkeys(place[0] for place in places if place))

    def _syntax_message(self, path: str, exc: SyntaxError) -> str:
        """exc's message, with each line it names ("on line N", "(detected at line N)") said as a
        line of a gap, or left out where N is no line of a gap: the learner wrote only the gaps."""
        def said(match: re.Match) -> str:
            place = self._gap_of(path, match.group(3))
            where = f"line {place[1]} of gap {place[0]}" if place else ""
            if match.group(1):
                return f" ({match.group(2)}{where})" if place else ""
            return f" on {where}" if place else ""
        message = re.sub(r" (\()?((?:detected )?at |on )?line (\d+)\)?",
                         lambda m: said(m) if m.group(2) else m.group(0), exc.msg or "")
        if exc.msg == "unexpected indent":  # what spaces typed after the editor's own Enter give
            message += " (Enter already indents a new line: spaces typed after it are a level too many)"
        return message

    def _blame(self, path: str) -> tuple[str, int, bool, SyntaxError] | None:
        """The gap that keeps path from compiling: the first, in the file's order, that fails
        with the gaps before it as the learner wrote them and those after it each made a
        ``pass``, for an unclosed string or bracket is found far from where it starts.

        Returns:
            (gap, line of the gap, whether the error's line is in the gap, the SyntaxError with
            the gaps after it made ``pass``); the line after a gap counts as its last. None when
            no gap is at fault.
        """
        try:
            with open(self.lib_root + path, encoding="utf-8") as file:
                lines = file.read().split("\n")
        except OSError:
            return None
        gaps = self.spans.get(path, [])
        for count, (name, first, last, _) in enumerate(gaps, start=1):
            trial = list(lines)
            for _, later_first, later_last, indent in gaps[count:]:  # the line count stays the same
                trial[later_first - 1:later_last] = [f"{indent}pass"] + [""] * (later_last - later_first)
            try:
                compile("\n".join(trial), path, "exec")
            except SyntaxError as exc:
                line = exc.lineno or first
                if line > last:
                    return name, last - first + 1, False, exc
                return name, max(line - first + 1, 1), True, exc
        return None

    def _blamed(self, path: str) -> tuple[str, SyntaxError] | None:
        """What _blame finds, said: ("line 2 of gap L07.init" or "at the end of gap
        L08.add_back", the SyntaxError); None when no gap is at fault."""
        found = self._blame(path)
        if found is None:
            return None
        gap, line, inside, error = found
        return f"line {line} of gap {gap}" if inside else f"at the end of gap {gap}", error

    def syntax_problems(self) -> list[dict]:
        """The syntax errors of the files that hold gaps, each in the gap that causes it.

        Returns:
            ``[{"gap": "L07.init", "line": 2, "column": 8, "message": "unexpected indent"}]``,
            at most one per file (Python stops at the first): line is 1-based in the gap and
            column 0-based; an error found on the line after a gap is on the gap's last line.
        """
        problems = []
        for path in self.spans:
            try:
                with open(self.lib_root + path, encoding="utf-8") as file:
                    compile(file.read(), path, "exec")
            except SyntaxError:
                found = self._blame(path)
                if found is None:
                    continue
                gap, line, inside, error = found
                message = self._syntax_message(path, error)
                if not inside:
                    message += " (found after the gap: is a block, a bracket or a string in it left open?)"
                problems.append({"gap": gap, "line": line, "column": (error.offset or 1) - 1 if inside else 0,
                                 "message": f"{type(error).__name__}: {message}"})
        return problems

    def syntax_problems_json(self) -> str:
        """Worker entry: syntax_problems as JSON text."""
        return json.dumps(self.syntax_problems())

    def reset(self) -> None:
        """Forget the modules imported from lib_root/ember, and any sys.modules entry named ember
        or ember.* (``sys.modules['ember'] = None``); put back what restore() does."""
        self.restore()
        ember = self.lib_root + "ember" + os.sep
        for name, module in list(sys.modules.items()):
            if (getattr(module, "__file__", None) or "").startswith(ember) or name.split(".")[0] == "ember":
                del sys.modules[name]

    def restore(self) -> None:
        """Put back what a cell may have changed and the runtime itself needs: the builtins,
        the recursion limit, the warnings filters, and the runtime's modules and sys.path
        (restore.Kept)."""
        current = vars(builtins)
        current.clear()
        current.update(self._builtins)
        sys.setrecursionlimit = self._set_recursion_limit
        sys.setrecursionlimit(self._recursion_limit)
        warnings.filters[:] = self._warnings
        self._kept.restore()

    def run(self, source: str, sink: OutputSink) -> str | None:
        """Run source as a cell in a fresh namespace, with its output going to sink.

        An exception is printed to the cell's stderr as Python would print it, starting at the
        cell's own lines.

        Args:
            source: The cell's Python code.
            sink: Receives stdout and stderr.

        Returns:
            None if the cell ran to the end, else the name of the exception it raised.
        """
        self.reset()
        hx.new_run(sink.show)
        linecache.cache[CELL_FILENAME] = (len(source), None, source.splitlines(True), CELL_FILENAME)
        saved = sys.stdout, sys.stderr, sys.stdin
        sys.stdout, sys.stderr, sys.stdin = Stream("stdout", sink), Stream("stderr", sink), NoInput()
        try:
            try:
                code = compile(source, CELL_FILENAME, "exec")
            except SyntaxError as exc:
                return self._report(exc, None)
            namespace = {"__name__": "__main__", "__builtins__": builtins}
            try:
                with heeded():
                    exec(code, namespace)
            except BaseException as exc:  # the cell's KeyboardInterrupt and SystemExit too
                self.restore()
                # Drop this method's own frame: the traceback starts at the cell.
                return self._report(exc, exc.__traceback__.tb_next)
            finally:
                self.restore()
                _release(namespace)
            return None
        finally:
            sys.stdout, sys.stderr, sys.stdin = saved
            sink.close()

    def _report(self, exc: BaseException, tb) -> str:
        """Print exc's traceback to the cell's stderr, with paths relative to lib_root, without
        the frames of the runtime's own files (hx.py and the like), and naming the learner's gaps."""
        report = traceback.TracebackException(type(exc), exc, tb)
        pending = [report]
        while pending:
            part = pending.pop()
            for frame in part.stack:
                frame.filename = self._relative(frame.filename)
                if gap := self._in_gap(frame.filename, frame.lineno):
                    frame.name = f"{frame.name} ({gap})"
            runtime = [f for f in part.stack if self._is_runtime(f.filename)]
            if runtime and len(runtime) < len(part.stack):
                part.stack = traceback.StackSummary.from_list(
                    [f for f in part.stack if not self._is_runtime(f.filename)])
            if getattr(part, "filename", None):  # a SyntaxError in a file of lib_root
                part.filename = self._relative(part.filename)
                if blamed := self._blamed(part.filename):  # shown where the gap at fault has it
                    where, error = blamed
                    part.lineno, part.end_lineno, part.text = error.lineno, error.end_lineno, error.text
                    part.offset, part.end_offset = error.offset, error.end_offset
                    part.msg = f"{self._syntax_message(part.filename, error)} ({where})"
            pending += [p for p in (part.__cause__, part.__context__) if p is not None]
            pending += part.exceptions or []
        sys.stderr.write("".join(report.format()))
        return type(exc).__name__

    def describe_error(self, exc: BaseException) -> str:
        """One line for an exception: its type, its message and the last line of ember it
        passed through, such as ``NotImplementedError: ... (line 1 of gap L07.add)`` or, outside
        the gaps, ``(ember/scalar.py, line 62)``, with the last line of a gap that led there:
        ``(ember/scalar.py, line 62, called from line 1 of gap L13.layer)``. When that gap is not
        one of lab_gaps, the gaps of the lab being checked, it says so, naming them: which of them
        is at fault is for the blame to say (blame.py)."""
        text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        places = [(self._relative(f.filename), f.lineno) for f in traceback.extract_tb(exc.__traceback__)]
        if isinstance(exc, SyntaxError) and exc.filename:
            path = self._relative(exc.filename)
            if blamed := self._blamed(path):
                where, error = blamed
                return f"{type(error).__name__}: {self._syntax_message(path, error)} ({where})"
            places.append((path, exc.lineno))
            text = f"{type(exc).__name__}: {self._syntax_message(path, exc)}"
        places = [place for place in places if place[0].startswith("ember/")]
        if places:
            path, line = places[-1]
            where = self._in_gap(path, line)
            if not where:
                # Raised in the lesson's code: name the learner's line that called it, if any.
                mine = next((gap for gap in (self._in_gap(*place) for place in reversed(places)) if gap), None)
                where = f"{path}, line {line}" + (f", called from {mine}" if mine else "")
            last = next((found for found in (self._gap_of(*place) for place in reversed(places)) if found), None)
            if last and self.lab_gaps and last[0] not in self.lab_gaps:
                whose = "another lab's of this lesson" if last[0][:3] == self.lab_gaps[0][:3] else "an earlier lesson's"
                where += f"; that gap is {whose}, not one of this lab's: {', '.join(self.lab_gaps)}"
            text += f" ({where})"
        return text

    def _is_runtime(self, relative: str) -> bool:
        """Whether a path (relative to lib_root) is one of the runtime's files, not ember's."""
        return relative.endswith(".py") and "/" not in relative and os.path.isfile(self.lib_root + relative)

    def _relative(self, path: str) -> str:
        """path relative to lib_root when it is inside it, such as ``ember/scalar.py``."""
        return path[len(self.lib_root):] if path.startswith(self.lib_root) else path

    def run_streaming(self, source: str, post: Callable[[str], None]) -> str | None:
        """Worker entry: run source, posting each batch of output as a JSON list of chunks.

        Args:
            source: The cell's Python code.
            post: Called with a JSON array of [stream, text] pairs, about every 50 ms while
                the cell prints, and once at the end.

        Returns:
            None if the cell ran to the end, else the name of the exception it raised.
        """
        return self.run(source, OutputSink(lambda chunks: post(json.dumps(chunks))))


def main() -> None:
    """Build-time entry: ``cellrun.py LIB_ROOT RESULT_FILE``, with the cell's code on stdin.

    Writes ``{"error": name or null, "output": [[stream, text], ...]}`` as JSON to RESULT_FILE,
    a file of its own, so nothing the cell writes to the process's stdout can spoil it.
    """
    lib_root, result_file = sys.argv[1:3]
    source = sys.stdin.read()
    output: list[Chunk] = []
    error = Session(lib_root).run(source, OutputSink(output.extend, interval=float("inf")))
    with open(result_file, "w", encoding="utf-8") as file:
        json.dump({"error": error, "output": output}, file)


if __name__ == "__main__":
    main()
