"""``python -m site_src serve``: mkdocs serve, started again whenever the plugin's own code changes.

mkdocs serve rebuilds the site, and reloads the page in the browser, when a lesson, ember/, the
runtime (site_src/runtime), the bundle (plugin.EmberPlugin.on_serve) or the theme's overrides
(site_src/theme, with ``--watch-theme``) change. A change to the plugin itself, in site_src/,
takes a new process, since Python has its modules loaded: watchfiles starts mkdocs serve again,
and the page reloads once the new server answers (MkDocs' live-reload script sees a later build
than its own).
"""

import shlex
import sys
from pathlib import Path

import watchfiles

SITE_SRC = Path(__file__).resolve().parent
RUNTIME = SITE_SRC / "runtime"


def serve(dev_addr: str, config_file: Path) -> int:
    """Run mkdocs serve until interrupted, restarting it on each change to a .py file of
    site_src/ outside the runtime. Returns the last exit code of mkdocs serve."""
    command = [sys.executable, "-m", "mkdocs", "serve", "--watch-theme", "--dev-addr", dev_addr,
               "--config-file", str(config_file)]
    return watchfiles.run_process(
        SITE_SRC, target=shlex.join(command), target_type="command",
        watch_filter=watchfiles.PythonFilter(ignore_paths=[RUNTIME]),  # mkdocs serve rebuilds for these
        callback=lambda changes: print(f"site_src changed ({len(changes)} files): starting mkdocs serve again",
                                       file=sys.stderr),
    )
