"""Run a cell under CPython at build time, so the page can show its output before any JavaScript.

Each cell runs in its own ``python`` process, with the repository's ``ember`` importable, through
the same runner (``runtime/cellrun.py``) that the browser's worker uses.
"""

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

RUNNER = Path(__file__).parent / "runtime" / "cellrun.py"


@dataclass(frozen=True)
class CellResult:
    """What a cell did at build time.

    Attributes:
        ok: False if the cell raised.
        output: The printed output, as ("stdout" | "stderr", text) chunks in the order written.
    """

    ok: bool
    output: tuple[tuple[str, str], ...]

    @property
    def text(self) -> str:
        """All the output as one string."""
        return "".join(text for _, text in self.output)


class CellTimeout(Exception):
    """A cell ran longer than its time limit at build time."""


def run_cell(source: str, import_root: Path, timeout: float = 30.0) -> CellResult:
    """Run source as a cell in a fresh CPython process.

    Args:
        source: The cell's Python code.
        import_root: A folder put first on the cell's sys.path; it holds the ``ember`` package.
        timeout: Seconds before the cell is stopped.

    Returns:
        The cell's result. A cell that raises is a normal result with ok False.

    Raises:
        CellTimeout: If the cell runs longer than timeout seconds.
        RuntimeError: If the runner itself fails (a bug in the build, not in the cell).
    """
    env = {**os.environ, "PYTHONPATH": str(import_root), "PYTHONIOENCODING": "utf-8"}
    try:
        done = subprocess.run(
            [sys.executable, "-X", "utf8", str(RUNNER)],
            input=json.dumps({"source": source}),
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            cwd=import_root,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as exc:
        raise CellTimeout(f"the cell ran for more than {timeout:g} s") from exc
    if done.returncode != 0:
        raise RuntimeError(f"the cell runner failed:\n{done.stderr}")
    result = json.loads(done.stdout)
    return CellResult(result["ok"], tuple((stream, text) for stream, text in result["output"]))
