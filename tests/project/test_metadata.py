"""The project's metadata says what the repository holds: the license it names is the one in
LICENSE, which the wheel ships; it names no URL that does not exist."""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).parents[2]


def test_the_license_named_is_the_one_shipped() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert (project["license"], project["license-files"]) == ("MIT", ["LICENSE"])
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n\nCopyright (c) 2026 The htmltemplates authors\n")
    assert project["authors"] == [{"name": "The htmltemplates authors"}]


def test_project_urls_only_absolute_and_none_until_there_is_a_public_address() -> None:
    # docs/design.md, "Project URLs: none until there is a public address": a Project-URL is
    # read on an index's page or by `pip show`, where a relative one resolves to nothing
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    urls = project.get("urls", {})
    for label, url in urls.items():
        parts = urlsplit(url)
        assert (parts.scheme, bool(parts.netloc)) == ("https", True), (label, url)
    assert urls == {}, "the repository has a public address now: update docs/design.md"
