"""Serve a folder on a free localhost port, with the MIME types that module scripts and wasm need.

Used by the e2e tests and ``make bench``, which serve ``build/site`` as a static host would, at a
port that is not ``site_url``'s (js/instant.js keeps instant navigation working there); the Firefox
tests (tests/firefox/) start it as ``python -m tools.serve FOLDER [--isolated]``.
"""

import contextlib
import email.utils
import functools
import gzip
import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path

from site_src.plugin import HEADERS_FILE, ISOLATION_HEADERS

COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".xml", ".txt", ".wasm", ".zip", ".py", ".map")
"""Files a host sends gzipped to a browser that accepts it (Netlify and Cloudflare Pages
compress these types)."""


def host_rules(folder: Path) -> list[tuple[re.Pattern, dict[str, str]]]:
    """The rules of folder's HEADERS_FILE (Netlify's and Cloudflare Pages' format: a path, where
    ``*`` matches anything, then its headers indented below it), as (pattern, headers) pairs;
    none if there is no such file."""
    path = folder / HEADERS_FILE
    rules: list[tuple[re.Pattern, dict[str, str]]] = []
    for line in path.read_text(encoding="utf-8").splitlines() if path.is_file() else []:
        if line.strip() and not line[0].isspace():
            rules.append((re.compile(".*".join(map(re.escape, line.strip().split("*"))) + "$"), {}))
        elif line.strip():
            name, value = line.strip().split(":", 1)
            rules[-1][1][name.strip()] = value.strip()
    return rules


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files quietly, as text/javascript, application/wasm and so on; with isolated set,
    also with ISOLATION_HEADERS; with rules set, as a host does: with the headers of every rule
    whose path matches, and gzipped where the browser accepts it."""

    isolated = False
    rules: list[tuple[re.Pattern, dict[str, str]]] = []

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".css": "text/css",
    }

    def log_message(self, format, *args):
        pass

    def end_headers(self):
        if self.isolated:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        for pattern, headers in self.rules:
            if pattern.match(self.path.split("?")[0]):
                for name, value in headers.items():
                    self.send_header(name, value)
        super().end_headers()

    def do_GET(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if not (self.rules and path.suffix in COMPRESSED and path.is_file()
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().do_GET()
        modified = path.stat().st_mtime
        since = self.headers.get("If-Modified-Since")
        with contextlib.suppress(TypeError, ValueError):  # a date that is not one is not asked
            if since and email.utils.parsedate_to_datetime(since).timestamp() >= int(modified):
                self.send_response(304)
                self.end_headers()
                return None
        body = _gzipped(path, path.stat().st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(modified)))
        self.end_headers()
        self.wfile.write(body)
        return None

    def handle(self):
        # A browser that closes a connection it no longer needs is not an error worth a traceback.
        with contextlib.suppress(ConnectionError):
            super().handle()


@functools.lru_cache(maxsize=256)
def _gzipped(path: Path, mtime_ns: int) -> bytes:
    """path's bytes gzipped, kept while the file (its mtime_ns) is the same."""
    return gzip.compress(path.read_bytes(), compresslevel=6)


@contextlib.contextmanager
def serve(folder: Path, isolated: bool = False, host: bool = False) -> Iterator[str]:
    """Serve folder until the block ends; isolated adds ISOLATION_HEADERS to every response;
    host serves it as a static host does, with the headers its HEADERS_FILE sets (host_rules),
    gzipped.

    Yields:
        The base URL, such as ``http://127.0.0.1:41234/``, ending in a slash.
    """
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0),
        functools.partial(type("Handler", (StaticHandler,), {"isolated": isolated,
                                                             "rules": host_rules(folder) if host else []}),
                          directory=str(folder)),
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    import argparse
    import sys

    parser = argparse.ArgumentParser(description="Serve a folder on a free localhost port; print its "
                                     "URL, then serve until standard input closes.")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--isolated", action="store_true", help="with COOP and COEP (ISOLATION_HEADERS)")
    options = parser.parse_args()
    with serve(options.folder, isolated=options.isolated) as url:
        print(url, flush=True)
        sys.stdin.read()
