"""The service worker of a built site, with the list of files it keeps for offline use.

js/offline/sw.js, bundled by esbuild, holds ``self.__WB_MANIFEST`` where Workbox expects the
precache manifest: a list of ``{"url": str, "revision": str | None}``, URLs relative to the
worker. ``write_worker`` puts in the site's files, each with a digest of its content as its
revision, so that a new build makes a returning learner fetch only the files that changed.
Workbox's format: https://developer.chrome.com/docs/workbox/modules/workbox-precaching
"""

import hashlib
import json
from fnmatch import fnmatch
from pathlib import Path

PLACEHOLDER = "self.__WB_MANIFEST"
LEFT_OUT = ("*.map", "*.gz", "_headers", "sw.js", "assets/javascripts/lunr/*")
"""Files no page loads: source maps, which only developer tools ask for; the gzipped sitemap; the
host's headers; the worker itself; and the search's stemmers for languages other than English."""


def manifest(site_dir: Path, versioned: str) -> list[dict]:
    """The precache manifest of a built site.

    Args:
        site_dir: The built site.
        versioned: A folder of the site (such as ``"assets/pyodide/314.0.7/"``) whose files never
            change under their URL. Their revision is None: Workbox may then take them from the
            browser's HTTP cache, so that a first visit does not download Pyodide twice.
    """
    entries = []
    for path in sorted(site_dir.rglob("*")):
        url = path.relative_to(site_dir).as_posix()
        if not path.is_file() or any(fnmatch(url, pattern) for pattern in LEFT_OUT):
            continue
        revision = None if url.startswith(versioned) else hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        entries.append({"url": url, "revision": revision})
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
