"""What the browser's Python refuses, because it would wedge the worker rather than raise: a
recursion limit above the one it starts with. The browser's stack is far smaller than a native
one, so a deep recursion under a raised limit overflows it, and Pyodide stops working, where
under the limit it is a RecursionError. Installed by the worker's SETUP (js/runtime/setup.js)
only: under CPython (the build) the limit is Python's own.
"""

import sys


def install() -> None:
    """Make sys.setrecursionlimit refuse, in words, a limit above the one in force now."""
    sys.setrecursionlimit = _capped(sys.setrecursionlimit, sys.getrecursionlimit())


def _capped(setrecursionlimit, most: int):
    def capped(limit: int) -> None:
        """Set the recursion limit, as sys.setrecursionlimit does, up to the browser's most."""
        if isinstance(limit, int) and limit > most:
            raise RecursionError(f"sys.setrecursionlimit({limit:,}): the browser's Python keeps its recursion "
                                 f"limit at {most} at most, for a deeper stack would crash it. Keep your own "
                                 "stack in a list instead of calling a function from itself")
        setrecursionlimit(limit)
    return capped
