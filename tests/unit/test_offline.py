"""The service worker's list of files (site_src/offline.py), on a small site made in the test."""

import base64
import hashlib
import json
import re

import pytest

from site_src import offline


@pytest.fixture
def site(tmp_path):
    files = {
        "index.html": "home", "lessons/07-x/index.html": "lesson", "assets/ember/ember.js": "js",
        "assets/ember/ember.js.map": "map", "assets/pyodide/1.0/pyodide.asm.wasm": "wasm",
        "assets/javascripts/lunr/min/lunr.de.min.js": "de", "sitemap.xml": "s", "sitemap.xml.gz": "gz",
        "_headers": "h", "sw.js": "old worker",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


def test_every_file_a_page_loads_is_kept_with_a_revision_and_an_integrity_of_its_content(site):
    kept = offline.manifest(site, "assets/pyodide/1.0/")
    assert [entry["url"] for entry in kept] == [  # Pyodide last
        "assets/ember/ember.js", "index.html", "lessons/07-x/index.html", "sitemap.xml",
        "assets/pyodide/1.0/pyodide.asm.wasm"]
    wasm = "sha256-" + base64.b64encode(hashlib.sha256(b"wasm").digest()).decode()
    assert kept[-1] == {"url": "assets/pyodide/1.0/pyodide.asm.wasm", "revision": None, "integrity": wasm}  # versioned by its folder
    assert kept[1]["integrity"] == "sha256-" + base64.b64encode(hashlib.sha256(b"home").digest()).decode()
    assert "integrity" not in kept[3]  # the sitemap, which a server may rewrite
    entries = {entry["url"]: entry["revision"] for entry in kept}
    assert re.fullmatch("[0-9a-f]{16}", entries["index.html"])
    before = entries["index.html"]
    (site / "index.html").write_text("home, changed")
    after = {e["url"]: e["revision"] for e in offline.manifest(site, "assets/pyodide/1.0/")}
    assert after["index.html"] != before
    assert after["lessons/07-x/index.html"] == entries["lessons/07-x/index.html"]


def test_the_worker_is_written_with_the_manifest_in_place_of_workboxs_placeholder(site, tmp_path_factory):
    bundled = tmp_path_factory.mktemp("bundle") / "sw.js"
    bundled.write_text("precacheAndRoute(self.__WB_MANIFEST);")
    offline.write_worker(bundled, site, "assets/pyodide/1.0/")
    written = (site / "sw.js").read_text()
    entries = json.loads(re.fullmatch(r"precacheAndRoute\((.*)\);", written).group(1))
    assert entries == offline.manifest(site, "assets/pyodide/1.0/")
    assert "sw.js" not in {entry["url"] for entry in entries}


def test_a_worker_without_the_placeholder_is_refused(site, tmp_path_factory):
    bundled = tmp_path_factory.mktemp("bundle") / "sw.js"
    bundled.write_text("precacheAndRoute([]);")
    with pytest.raises(ValueError, match="__WB_MANIFEST"):
        offline.write_worker(bundled, site, "assets/pyodide/1.0/")
