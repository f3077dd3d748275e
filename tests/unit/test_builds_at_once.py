"""Two builds at once (make serve rebuilding while make test builds) keep their snapshots apart,
so neither fails nor keeps a result run on the other's half-written files."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BUILD_LIMIT = 3600
"""Seconds a build may take before the test fails: no cell's run is kept, and two builds share a
machine that the rest of make test, or a second make test, may be using too."""


def test_two_builds_at_once_pass_and_leave_no_snapshots_and_a_third_uses_what_they_kept(tmp_path):
    # Beside mkdocs.yml, whose relative paths it keeps; its runs are kept in tmp_path.
    config = REPO / f".test-builds-{os.getpid()}.yml"
    config.write_text(f"INHERIT: mkdocs.yml\nplugins:\n  - search\n  - ember:\n      course_id: autograd\n"
                      f"      cache_dir: {tmp_path / 'cache'}\n")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    started: list[subprocess.Popen] = []
    others = set((REPO / "build").glob("python-*"))  # those of a make serve building meanwhile

    def build(site: str) -> subprocess.Popen:
        started.append(subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config), "-d", str(tmp_path / site)],
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
        return started[-1]

    try:
        for batch in ([build("first"), build("second")], [build("again")]):
            for running in batch:
                output, _ = running.communicate(timeout=BUILD_LIMIT)
                assert running.returncode == 0, output
    finally:
        for running in started:
            running.kill()  # one still running when the test failed
            running.wait()
        config.unlink()
    assert set((REPO / "build").glob("python-*")) <= others
