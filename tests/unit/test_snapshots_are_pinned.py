"""ember as each lesson of the course starts and ends, pinned by digest.

The stubs and older versions of ember's gaps moved out of ember/ into history/ with every
snapshot unchanged, byte for byte; this test says so, and goes on saying so. When ember or its
history changes on purpose, ``python -m tests.unit.test_snapshots_are_pinned`` prints the digests
to paste here.
"""

import hashlib
from pathlib import Path

from site_src.gaps import read_ember

REPO = Path(__file__).resolve().parents[2]

DIGESTS = {
    "01 start": "28c3d7a676d4c0bc",
    "01 end": "0101a42f0085f65a",
    "02 start": "e51e6a96c87a3a63",
    "02 end": "2a8fe475b1fc0337",
    "03 start": "64373d7d4e6f5e9f",
    "03 end": "609db1e26142fb5e",
    "04 start": "26fb1ccf9fc5eebe",
    "04 end": "d12280d11fcb5819",
    "05 start": "90afa8e9c1df53d7",
    "05 end": "c850d3ddd37afcd1",
    "06 start": "8ddf9eff63b38793",
    "06 end": "fa3848bb8f237ab4",
    "07 start": "114632ef78d916dc",
    "07 end": "5d4880e8017d5992",
    "08 start": "7848835b7ad87ba5",
    "08 end": "11d981490ef8d67a",
    "09 start": "65a275204d0ec1e9",
    "09 end": "fdb7894557fdf77f",
    "10 start": "f8ff6da906096f4e",
    "10 end": "26f85622ef25c1f7",
    "11 start": "0fd50a2596bebefb",
    "11 end": "5224ccfe2d48e0c9",
    "12 start": "d6d8470605f2e2ea",
    "12 end": "1328b877e15862d2",
    "13 start": "2a6361c1f2819be3",
    "13 end": "14862090d769cdac",
    "14 start": "3ae705b7312cf5fb",
    "14 end": "b069fd5d83ed4a89",
    "15 start": "785d4a98a9abc9e3",
    "15 end": "1e2205c2d36ae8f7",
    "16 start": "af887522a436f7bb",
    "16 end": "c74701736d1c5c0b",
}
"""The first 16 hex digits of the SHA-256 of each snapshot's files, in path order, each after a
``# === path ===`` line (as ``python -m site_src snapshot`` prints them)."""


def digest(files: dict[str, str]) -> str:
    text = "".join(f"# === {path} ===\n{files[path]}" for path in sorted(files))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def digests() -> dict[str, str]:
    """The digest of every lesson's start and end snapshot, as ember and history/ are now."""
    ember = read_ember(REPO)
    lessons = sorted(int(path.name[:2]) for path in (REPO / "docs" / "lessons").glob("[0-9][0-9]-*.md"))
    return {f"{lesson:02d} {'end' if end else 'start'}": digest(ember.snapshot(lesson, end=end))
            for lesson in lessons for end in (False, True)}


def test_every_lesson_starts_and_ends_with_the_same_ember_as_before():
    found = digests()
    changed = sorted(key for key in found.keys() | DIGESTS.keys() if found.get(key) != DIGESTS.get(key))
    assert not changed, (f"the snapshots of {', '.join(changed)} changed; if on purpose, paste what "
                         "`.venv/bin/python -m tests.unit.test_snapshots_are_pinned` prints over DIGESTS")


if __name__ == "__main__":
    print("\n".join(f'    "{key}": "{value}",' for key, value in digests().items()))
