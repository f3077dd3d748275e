"""The runtime modules import each other by plain name, as they do inside Pyodide."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "site_src" / "runtime"))
