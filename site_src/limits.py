"""The limits that the build and the page must agree on, from one file, site_src/limits.json,
which js/ imports too (esbuild bundles it; js/progress/progress.schema.json repeats quiz_options,
and a test in tests/js says they agree):

- ``cell_time_limit``: seconds a cell may run when its fence gives no time_limit, at build time and
  in the browser (site_src/fences/cell.py, js/cell.js);
- ``plot_table_rows``: the most rows a plot's table shows of a series (site_src/fences/plot.py,
  js/plot.js);
- ``quiz_options``: the most options a question may have, and so the most choices the learner's
  saved progress keeps of one (site_src/fences/quiz.py, js/progress/store.js).
"""

import json
from pathlib import Path

LIMITS: dict[str, int] = json.loads((Path(__file__).parent / "limits.json").read_text(encoding="utf-8"))
