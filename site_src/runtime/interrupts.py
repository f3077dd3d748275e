"""Stop's interrupt, raised once, and only inside the learner's code.

The page stops a run by writing SIGINT (2) into Pyodide's interrupt buffer. Pyodide reads the
buffer and then clears it in two steps, not atomically (``_Py_CheckEmscriptenSignals_Helper`` in
pyodide.asm.mjs), so a write that lands between the two is lost, and the run goes on: it
happened to 10 of 300 stops of a ``while True: pass`` in one measurement (Pyodide 314.0.7). The
page therefore writes it again and again until the run ends (js/runtime/interrupt.js). This
handler makes the repeats harmless: within :func:`heeded` the first SIGINT raises
KeyboardInterrupt, and every other one is ignored, so the runtime's own code that reports the
interrupt, and a learner's code that catches it to finish up, are not interrupted in turn.

Pyodide's time.sleep waits in one call that reads no signal, so install() puts in its place a
sleep that waits in slices of SLICE seconds: Stop interrupts it between two.

Under CPython (the build) nothing installs it, and Ctrl-C works as usual.
"""

import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager

SLICE = 0.02
"""Seconds of one wait of the sleep that install() puts in place: how late Stop may come."""

_armed = False
"""Whether the next SIGINT raises KeyboardInterrupt: inside heeded, until one has."""
_inside = False
"""Whether the learner's code runs: inside heeded."""


def _on_sigint(signum: int, frame: object) -> None:
    global _armed
    if _armed:
        _armed = False
        raise KeyboardInterrupt


def install() -> None:
    """Make SIGINT raise KeyboardInterrupt once within heeded, and do nothing elsewhere; make
    time.sleep one that Stop interrupts."""
    signal.signal(signal.SIGINT, _on_sigint)
    time.sleep = _sliced(time.sleep)


def _sliced(sleep):
    """time.sleep, waiting in slices, so that a signal is handled between two."""
    def sliced(seconds: float) -> None:
        """Suspend for the given number of seconds, as time.sleep does; Stop ends it."""
        if not isinstance(seconds, (int, float)) or not seconds > 0:
            sleep(seconds)  # time.sleep's own answer: its error, or no wait
            return
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            sleep(min(left, SLICE))
    return sliced


@contextmanager
def heeded() -> Iterator[None]:
    """Within this block, the first SIGINT raises KeyboardInterrupt (once install() has run)."""
    global _armed, _inside
    _armed = _inside = True
    try:
        yield
    finally:
        _armed = _inside = False


def in_learners_code() -> bool:
    """Whether the code running now is inside heeded: the learner's, not the runtime's own."""
    return _inside
