"""Two builds at once (make serve rebuilding while make test builds) keep their snapshots apart,
so neither fails nor keeps a result run on the other's half-written files."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_three_builds_at_once_all_pass_and_leave_no_snapshots(tmp_path):
    # Beside mkdocs.yml, whose relative paths it keeps; its runs are kept in tmp_path.
    config = REPO / f".test-builds-{os.getpid()}.yml"
    config.write_text(f"INHERIT: mkdocs.yml\nplugins:\n  - search\n  - ember:\n      course_id: autograd\n"
                      f"      cache_dir: {tmp_path / 'cache'}\n")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}

    def build(site: str) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config),
                                 "-d", str(tmp_path / site)], cwd=REPO, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
    try:
        for batch in ([build(f"site{i}") for i in range(3)], [build("again")]):
            for running in batch:
                output, _ = running.communicate(timeout=1200)  # a cold build runs every cell and lab check
                assert running.returncode == 0, output
    finally:
        config.unlink()
    assert not list((REPO / "build").glob("python-*"))
