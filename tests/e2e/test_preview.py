"""Live preview (python -m site_src serve, which make serve runs): a change to a lesson shows in
the open page without a reload by hand, and so does a change to the plugin's own code, which
starts mkdocs serve again.

It serves a copy of the test course (tests/e2e/pages.py), so that the test can change a lesson;
the bundle and the cache of runs are the repository's own, so the first build runs no cell.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from site_src import preview
from tests.e2e import pages
from tools import chromium

REPO = Path(__file__).resolve().parents[2]
START_LIMIT = 900  # seconds for mkdocs serve's first build on a slow, busy machine: a ceiling, not a goal


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def preview_site(tmp_path):
    """A copy of the test course served by python -m site_src serve: its base URL and docs folder."""
    shutil.copytree(pages.ROOT, tmp_path, dirs_exist_ok=True)
    config = (pages.ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(config.replace("../../../", f"{REPO.as_posix()}/"), encoding="utf-8")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "site_src", "serve", "--dev-addr", f"127.0.0.1:{port}",
         "--config-file", str(tmp_path / "mkdocs.yml")],
        cwd=REPO, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + START_LIMIT
        while True:
            try:
                urllib.request.urlopen(url + pages.LESSON, timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("python -m site_src serve did not serve the site")
                time.sleep(0.5)
        yield url, tmp_path / "docs"
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def test_a_change_to_a_lesson_or_to_the_plugin_reloads_the_open_page(browser: Browser, preview_site):
    url, docs = preview_site
    context = browser.new_context()
    context.add_init_script(chromium.NO_CACHE_STORAGE)  # no snapshot made in the background
    try:
        page = context.new_page()
        page.goto(url + pages.LESSON)
        expect(page.get_by_role("heading", level=1)).to_be_visible()

        lesson = docs / (pages.LESSON.rstrip("/") + ".md")
        lesson.write_text(lesson.read_text() + "\nA sentence the author has just written.\n")
        expect(page.get_by_text("A sentence the author has just written.")).to_be_visible(timeout=60_000)

        page.evaluate("window.emberBeforeRestart = true")
        os.utime(preview.SITE_SRC / "__init__.py")  # the plugin's code "changed": a new mkdocs serve
        page.wait_for_function("window.emberBeforeRestart === undefined", timeout=90_000)
        expect(page.get_by_text("A sentence the author has just written.")).to_be_visible()
    finally:
        context.close()
