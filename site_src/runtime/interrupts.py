"""Stop's interrupt, raised once, and only inside the learner's code.

The page stops a run by writing SIGINT (2) into Pyodide's interrupt buffer. Pyodide reads the
buffer and then clears it in two steps, not atomically (``_Py_CheckEmscriptenSignals_Helper`` in
pyodide.asm.mjs), so a write that lands between the two is lost, and the run goes on: it
happened to 10 of 300 stops of a ``while True: pass`` in one measurement (Pyodide 314.0.7). The
page therefore writes it again and again until the run ends (js/runtime/interrupt.js). This
handler makes the repeats harmless: within :func:`heeded` the first SIGINT raises
KeyboardInterrupt, and every other one is ignored, so the runtime's own code that reports the
interrupt, and a learner's code that catches it to finish up, are not interrupted in turn.

Under CPython (the build) nothing installs it, and Ctrl-C works as usual.
"""

import signal
from collections.abc import Iterator
from contextlib import contextmanager

_armed = False
"""Whether the next SIGINT raises KeyboardInterrupt: inside heeded, until one has."""


def _on_sigint(signum: int, frame: object) -> None:
    global _armed
    if _armed:
        _armed = False
        raise KeyboardInterrupt


def install() -> None:
    """Make SIGINT raise KeyboardInterrupt once within heeded, and do nothing elsewhere."""
    signal.signal(signal.SIGINT, _on_sigint)


@contextmanager
def heeded() -> Iterator[None]:
    """Within this block, the first SIGINT raises KeyboardInterrupt (once install() has run)."""
    global _armed
    _armed = True
    try:
        yield
    finally:
        _armed = False
