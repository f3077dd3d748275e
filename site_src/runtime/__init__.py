"""Python modules that the build uses and that the worker copies into Pyodide's file system.

Each module here uses only the standard library, so it runs the same under CPython and Pyodide.
"""

from pathlib import Path


def files() -> dict[str, str]:
    """The runtime's modules as the site ships them: ``{"cellrun.py": text, ...}``."""
    return {path.name: path.read_text(encoding="utf-8")
            for path in sorted(Path(__file__).parent.glob("*.py")) if path.name != "__init__.py"}
