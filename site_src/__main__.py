"""Command line.

- ``python -m site_src snapshot 07 --start`` prints ember as lesson 07 starts; ``--end``, as it
  ends. Each file is preceded by a ``# === path ===`` line.
- ``python -m site_src check`` prints every problem of the course, one line each
  (site_src/check.py), and exits 1 if there is any.
- ``python -m site_src serve`` previews the site, as mkdocs serve does, and starts it again when
  the plugin's code changes (site_src/preview.py). ``make serve`` runs it.
"""

import argparse
import sys
from pathlib import Path

from site_src import preview
from site_src.check import check
from site_src.gaps import GapError, read_ember

REPO = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    """Run the command; return the exit code."""
    parser = argparse.ArgumentParser(prog="python -m site_src")
    commands = parser.add_subparsers(dest="command", required=True)
    snapshot = commands.add_parser("snapshot", help="print ember as a lesson starts or ends")
    snapshot.add_argument("lesson", type=int, help="the lesson's number, such as 07")
    when = snapshot.add_mutually_exclusive_group(required=True)
    when.add_argument("--start", action="store_true", help="as the lesson starts (stubs in its gaps)")
    when.add_argument("--end", action="store_true", help="as the lesson ends (its gaps solved)")
    commands.add_parser("check", help="print every problem of the course, one line each")
    serve = commands.add_parser("serve", help="preview the site; restart when site_src/ changes")
    serve.add_argument("--dev-addr", default="127.0.0.1:8000", help="the address to serve at (IP:PORT)")
    serve.add_argument("--config-file", type=Path, default=REPO / "mkdocs.yml", help="the MkDocs config")
    args = parser.parse_args(argv)
    if args.command == "check":
        return _check()
    if args.command == "serve":
        return preview.serve(args.dev_addr, args.config_file)
    try:
        files = read_ember(REPO).snapshot(args.lesson, end=args.end)
    except GapError as exc:
        print(exc, file=sys.stderr)
        return 1
    for path, text in files.items():
        print(f"# === {path} ===")
        print(text, end="")
    return 0


def _check() -> int:
    """Print each problem of the course; 1 if there is any, else 0."""
    problems = check(REPO, REPO / "docs", REPO / "docs" / "course.yml", REPO, REPO / "build" / "cache" / "runs",
                     REPO / "mkdocs.yml")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) > 1 else ''} found", file=sys.stderr)
        return 1
    print("no problem found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
