"""Find a Chromium for the Playwright tests, and install one if there is none.

Playwright's own Chromium is used when it is installed. Otherwise Debian's ``/usr/bin/chromium``,
installed with apt-get when missing. ``python tools/chromium.py`` makes sure one is there and
prints its path.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
"""Flags for headless Chromium as root on a machine with no network beyond the registries."""

NO_SERVICE_WORKERS = "delete Navigator.prototype.serviceWorker"
"""An init script for a browser without service workers, which sees the site as its server
sends it. With them, the site's worker (js/offline/sw.js) would serve pages from its cache, and on
a server without COOP and COEP reload each page once, isolated (tests/e2e/test_deploy.py). A
missing navigator.serviceWorker is what a page sees where they are off."""

NO_CACHE_STORAGE = "delete self.caches"
"""An init script for a page without Cache Storage, which makes no memory snapshot of Python
(js/runtime/snapshot.js): making one takes a core for seconds, in the background of every page
that boots Python, which would weigh on every other test and figure. Tests and figures of the
snapshot itself leave it out."""


def find(own: str | None = None) -> Path | None:
    """The Chromium to launch: Playwright's own if installed, else Debian's, else None.

    Args:
        own: Where Playwright keeps its own Chromium (``browser_type.executable_path``); asked
            of Playwright when not given, which cannot be done inside a running Playwright.
    """
    if own is None:
        with sync_playwright() as playwright:
            own = playwright.chromium.executable_path
    for path in (Path(own), DEBIAN_CHROMIUM):
        if path.is_file():
            return path
    return None


def apt_install(package: str) -> bool:
    """Install one of Debian's packages with apt-get, where this is Debian and we are root.

    Returns:
        Whether apt-get could be run (it raises CalledProcessError if it failed).
    """
    if not (shutil.which("apt-get") and os.geteuid() == 0):
        return False
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", package], check=True)
    return True


def install() -> Path:
    """Return a Chromium, installing Debian's (as root) or Playwright's own when there is none.

    Raises:
        SystemExit: If no Chromium could be installed.
    """
    path = find()
    if path is None and apt_install("chromium"):
        path = find()
    if path is None:
        subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"], check=False)
        path = find()
    if path is None:
        raise SystemExit("no Chromium: install Debian's package chromium, or run "
                         "`.venv/bin/python -m playwright install chromium`")
    return path


if __name__ == "__main__":
    print(install())
