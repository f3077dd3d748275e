"""The page's own scripts run under Node at build time, JSON in and out: graph layouts
(site_src/layouts.py) and math (site_src/typeset.py)."""

import json
import shutil
import subprocess
from pathlib import Path


def run(cli: Path, data: object, timeout: float, doing: str, error: type[Exception]) -> object:
    """What cli writes, as JSON, for data written to it as JSON.

    Args:
        cli: A .mjs script that reads its standard input and writes its standard output.
        doing: What it does, for the errors, as "lay out the graphs".
        error: The exception to raise.

    Raises:
        error: If Node is missing, cli fails, or it runs more than timeout seconds.
    """
    node = shutil.which("node")
    if node is None:
        raise error(f"Node.js is needed to {doing}: install it, then run `make setup`")
    try:
        done = subprocess.run([node, str(cli)], input=json.dumps(data), capture_output=True, text=True,
                              encoding="utf-8", timeout=timeout, cwd=cli.parent)
    except subprocess.TimeoutExpired as exc:
        raise error(f"{cli.name} ran more than {timeout:g} s") from exc
    if done.returncode:
        raise error(f"{cli.name} failed (exit code {done.returncode}):\n{done.stderr}")
    return json.loads(done.stdout)
