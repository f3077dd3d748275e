"""The service worker of a built site, with the list of files it keeps for offline use.

js/offline/sw.js, bundled by esbuild, holds ``self.__WB_MANIFEST`` where Workbox expects the
precache manifest: a list of ``{"url": str, "revision": str | None, "integrity"?: str}``, URLs
relative to the worker. ``write_worker`` puts in the site's files. Each has a digest of its content
as its revision, so that a new build makes a returning learner fetch only the files that changed,
and as its integrity, so that a file that does not match its build (a deploy that has not fully
landed) fails the install, which the next page load tries again, instead of being kept for good;
the worker also checks a kept file against it before serving it, and fetches a damaged one again.
Workbox's format: https://developer.chrome.com/docs/workbox/modules/workbox-precaching
"""

import base64
import hashlib
import json
from fnmatch import fnmatch
from pathlib import Path

PLACEHOLDER = "self.__WB_MANIFEST"
LEFT_OUT = ("*.map", "*.gz", "_headers", "sw.js", "assets/javascripts/lunr/*")
"""Files no page loads: source maps, which only developer tools ask for; the gzipped sitemap; the
host's headers; the worker itself; and the search's stemmers for languages other than English."""
REWRITTEN = ("sitemap.xml",)
"""Files kept without an integrity: the sitemap names the address the site is served at, and a
local server for another port rewrites it (tools/serve.py)."""


def manifest(site_dir: Path, versioned: str) -> list[dict]:
    """The precache manifest of a built site, Pyodide's files last.

    Args:
        site_dir: The built site.
        versioned: A folder of the site (such as ``"assets/pyodide/314.0.7/"``) whose files never
            change under their URL. They have no revision, and come last, so that they are asked
            for once the page, which loads them at once, has most likely fetched them; they have
            an integrity, like every file but the sitemap.
    """
    entries = []
    urls = sorted((path.relative_to(site_dir).as_posix() for path in site_dir.rglob("*")),
                  key=lambda url: (url.startswith(versioned), url))
    for url in urls:
        path = site_dir / url
        if not path.is_file() or any(fnmatch(url, pattern) for pattern in LEFT_OUT):
            continue
        digest = hashlib.sha256(path.read_bytes()).digest()
        entry = {"url": url, "revision": None if url.startswith(versioned) else digest.hex()[:16]}
        if url not in REWRITTEN:
            entry["integrity"] = "sha256-" + base64.b64encode(digest).decode()
        entries.append(entry)
    return entries


def write_worker(bundled: Path, site_dir: Path, versioned: str) -> None:
    """Write ``sw.js`` at the root of site_dir: the bundled worker with the site's manifest.

    Raises:
        ValueError: The bundled worker has no ``self.__WB_MANIFEST`` to replace.
    """
    text = bundled.read_text(encoding="utf-8")
    if text.count(PLACEHOLDER) != 1:
        raise ValueError(f"{bundled} should hold {PLACEHOLDER} once, for the precache manifest")
    entries = json.dumps(manifest(site_dir, versioned), separators=(",", ":"))
    (site_dir / "sw.js").write_text(text.replace(PLACEHOLDER, entries), encoding="utf-8")
