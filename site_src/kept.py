"""Build results kept in a folder by the digest of what decides them (cells' runs, labs' checks,
graph layouts), so that an unchanged lesson rebuilds without redoing any of them."""

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path


def recall(folder: Path | None, name: str, valid: Callable[[object], bool]) -> object | None:
    """The JSON kept as name in folder; None when there is no folder, no entry, or an entry that
    is damaged or not valid (which the next keep writes over)."""
    path = folder / f"{name}.json" if folder else None
    if path is None or not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return None
    return data if valid(data) else None


def keep(folder: Path | None, name: str, data: object) -> None:
    """Keep data as JSON under name in folder, whole or not at all, even if two builds, or two
    threads of one (site_src/ahead.py), share the folder; nothing when there is no folder."""
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    partial = folder / f"{name}.{os.getpid()}.{threading.get_ident()}.tmp"
    partial.write_text(json.dumps(data), encoding="utf-8")
    partial.replace(folder / f"{name}.json")
