"""Find Debian's Firefox ESR for the Firefox tests (tests/firefox/), and install it if missing.

puppeteer-core drives it over WebDriver BiDi; Playwright's Firefox is a patched build of its own,
which cannot be downloaded here. ``python -m tools.firefox`` makes sure it is there and prints
its path.
"""

from pathlib import Path

from tools.chromium import apt_install

FIREFOX = Path("/usr/bin/firefox-esr")
"""Where Debian's package firefox-esr puts it; tests/firefox/firefox.mjs launches it there."""


def install() -> Path:
    """Return Firefox ESR, installing Debian's package (as root) when it is missing.

    Raises:
        SystemExit: If it is not installed and could not be.
    """
    if not FIREFOX.is_file():
        apt_install("firefox-esr")
    if not FIREFOX.is_file():
        raise SystemExit("no Firefox ESR: install Debian's package firefox-esr (as root: apt-get install firefox-esr)")
    return FIREFOX


if __name__ == "__main__":
    print(install())
