"""Serve a folder on a free localhost port, with the MIME types that module scripts and wasm need.

Used by the e2e tests and ``make bench``, which serve ``build/site`` as a static host would, at a
port that is not ``site_url``'s (js/instant.js keeps instant navigation working there).
"""

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

from site_src.plugin import ISOLATION_HEADERS


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files quietly, as text/javascript, application/wasm and so on; with isolated set,
    also with ISOLATION_HEADERS."""

    isolated = False

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
        super().end_headers()

    def handle(self):
        # A browser that closes a connection it no longer needs is not an error worth a traceback.
        with contextlib.suppress(ConnectionError):
            super().handle()


@contextlib.contextmanager
def serve(folder: Path, isolated: bool = False) -> Iterator[str]:
    """Serve folder until the block ends; isolated adds ISOLATION_HEADERS to every response.

    Yields:
        The base URL, such as ``http://127.0.0.1:41234/``, ending in a slash.
    """
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0),
        functools.partial(type("Handler", (StaticHandler,), {"isolated": isolated}), directory=str(folder)),
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
