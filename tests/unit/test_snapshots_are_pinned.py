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
    "07 start": "dec23f720bc4eb86",
    "07 end": "562b387e4a647dcc",
    "08 start": "1c6945dc70ebc53d",
    "08 end": "57214581c3608915",
    "09 start": "3715a113520cb2ea",
    "09 end": "3ce791834e67cbec",
    "10 start": "b3f65e846b185159",
    "10 end": "7265ed2b3d746e31",
    "11 start": "8b54c4d25092272d",
    "11 end": "9af0311f00546959",
    "12 start": "45073dfc69244f29",
    "12 end": "1a38b92cc291cf89",
    "13 start": "eec87b2ceabea082",
    "13 end": "7615707511868700",
    "14 start": "f44c257a4be1908b",
    "14 end": "2e9a4f69b2dca176",
    "15 start": "066d2d6309c50596",
    "15 end": "5696b9b9b3c5906a",
    "16 start": "3a979a601cbac6da",
    "16 end": "25f2b16591df49c9",
    "17 start": "8431b719968772b3",
    "17 end": "f8aab554f16ca70c",
    "18 start": "07464dd98432b313",
    "18 end": "bbc70b830802ddcf",
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
