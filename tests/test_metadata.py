"""The project's metadata says what the repository holds: the license it names is the one in
LICENSE, which the wheel ships."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]


def test_the_license_named_is_the_one_shipped() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert (project["license"], project["license-files"]) == ("MIT", ["LICENSE"])
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n\nCopyright (c) 2026 The htmltemplates authors\n")
    assert project["authors"] == [{"name": "The htmltemplates authors"}]
