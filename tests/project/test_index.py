"""tests/README.md lists every test folder and every file in it, and nothing that is gone; and
no two test files share a name (pytest imports each by its file name)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).parents[1]


def _listed() -> set[str]:
    """The files tests/README.md lists, as folder/name."""
    listed: set[str] = set()
    folder = ""
    for line in (TESTS / "README.md").read_text(encoding="utf-8").splitlines():
        if heading := re.fullmatch(r"## (\w+)", line):
            folder = heading[1]
        elif item := re.match(r"- `([\w.]+\.py)`: \S", line):
            assert folder, f"{line!r} is under no folder"
            listed.add(f"{folder}/{item[1]}")
    return listed


def _files() -> set[str]:
    return {
        path.relative_to(TESTS).as_posix()
        for path in TESTS.glob("*/*.py")
        if path.name not in {"conftest.py", "__init__.py"}
    }


def test_the_index_lists_every_file_and_no_other() -> None:
    listed, files = _listed(), _files()
    assert [] == sorted(files - listed), "not in tests/README.md"
    assert [] == sorted(listed - files), "in tests/README.md, not in tests/"


def test_only_the_conftest_sits_at_the_top() -> None:
    assert ["conftest.py"] == sorted(path.name for path in TESTS.glob("*.py"))


def test_no_two_test_files_share_a_name() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [] == [name for name, count in names.items() if count > 1]
