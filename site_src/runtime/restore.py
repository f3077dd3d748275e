"""What the runtime needs and a learner's code can break, kept as a Session starts and put back
around each run: the names of the modules the runner, hx and the checks use (``json.dumps =
None`` silenced every later cell), the attributes of the runtime's classes (a replaced
``Stream.write``), their ``sys.modules`` entries (``sys.modules['ember'] = None``), and
``sys.path`` (``sys.path.clear()``). The learner's own modules, and the state inside a module's
objects (random's generator, re's cache), are left as they are.
"""

import sys
from collections.abc import Mapping
from itertools import repeat
from operator import is_

STANDARD = ("ast", "collections", "collections.abc", "dataclasses", "difflib", "functools", "importlib",
            "importlib.util", "io", "itertools", "json", "json.decoder", "json.encoder", "json.scanner", "keyword",
            "linecache", "math", "operator", "os", "os.path", "random", "re", "signal", "textwrap", "threading",
            "time", "tokenize", "traceback", "types", "warnings")
"""The standard library's modules that the runtime uses."""
RUNTIME = ("blame", "cellrun", "checks", "diagnosis", "edits", "gradcheck", "guards", "hx", "interrupts",
           "network", "pad", "restore", "steering", "tamper", "timeouts")
"""The runtime's own modules (site_src/runtime), imported by plain name."""
_MISSING = object()
"""What a name that is not there is, to tell it from one bound to None."""


class Kept:
    """The runtime's modules, their names and their classes' attributes, and sys.path, as they are
    when made; :meth:`restore` puts them back."""

    def __init__(self) -> None:
        self.path = list(sys.path)
        self.modules = {name: sys.modules[name] for name in (*STANDARD, *RUNTIME) if sys.modules.get(name)}
        self.names = {name: dict(vars(module)) for name, module in self.modules.items()}
        self.classes = {value: dict(vars(value)) for name in RUNTIME if name in self.modules
                        for value in self.names[name].values()
                        if isinstance(value, type) and value.__module__ == name}

    def restore(self) -> None:
        """Put back sys.path, each kept module in sys.modules with its names, and each kept class's
        attributes; a runtime module first imported after this was made is forgotten, so that the
        next import reads it afresh."""
        sys.path[:] = self.path
        for name, module in self.modules.items():
            sys.modules[name] = module
            _put_back(vars(module), self.names[name])
        for cls, attributes in self.classes.items():
            current = vars(cls)
            if _same(current, attributes):
                continue
            for key in [key for key in current if key not in attributes]:
                delattr(cls, key)
            for key, value in attributes.items():
                if current.get(key) is not value:
                    setattr(cls, key, value)
        for name in RUNTIME:
            if name not in self.modules:
                sys.modules.pop(name, None)


def _put_back(names: dict, kept: dict) -> None:
    """Make a module's names those kept, if any was added, removed or rebound."""
    if not _same(names, kept):
        names.clear()
        names.update(kept)


def _same(names: Mapping, kept: dict) -> bool:
    """Whether names holds exactly the keys of kept, each bound to the same object. It compares in
    C (map, is_): a Session restores some 40 modules around each check, and a loop of Python over
    their names took a third of the time of a lesson's 150 checks."""
    return len(names) == len(kept) and all(map(is_, map(names.get, kept, repeat(_MISSING)), kept.values()))
