"""``python -m htmltemplates doc ANCHOR``: prints a section of the documentation shipped with
the package, so that the "See docs/errors.md#css" of an error message works where only the
wheel is installed.

The docs are package data of the wheel (``htmltemplates/docs/``); in a checkout of the
repository they are read from ``docs/`` next to the package. ``ANCHOR`` is the anchor of a
section of errors.md (``css``, ``docs/errors.md#css``), or ``PAGE#anchor`` for another page
(``attributes.md#style``), anchors as GitHub makes them from headings; ``PAGE`` alone prints the
whole page, and ``--list`` the sections of errors.md.
"""

from __future__ import annotations

import difflib
import re
import sys
from pathlib import Path

__all__ = ["docs_dir", "main", "section", "slug"]

_PACKAGE = Path(__file__).resolve().parents[1]
_HEADING = re.compile(r"(#{1,6}) (.*)")
USAGE = "usage: python -m htmltemplates doc ANCHOR | PAGE.md#ANCHOR | PAGE.md | --list"


def docs_dir() -> Path:
    """Where the docs are: shipped in the package, else the repository's ``docs/``."""
    shipped = _PACKAGE / "docs"
    return shipped if (shipped / "errors.md").is_file() else _PACKAGE.parent / "docs"


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to ``-``."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _headings(lines: list[str]) -> list[tuple[int, int, str]]:
    """(line index, level, anchor) of each heading, outside code blocks."""
    found: list[tuple[int, int, str]] = []
    fenced = False
    for index, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else _HEADING.fullmatch(line)
        if match:
            found.append((index, len(match[1]), slug(match[2])))
    return found


def section(text: str, anchor: str) -> str | None:
    """The section of ``text`` (markdown) whose heading has ``anchor``: from its heading to
    the next heading of the same or a higher level; None when there is none."""
    lines = text.splitlines()
    headings = _headings(lines)
    for position, (start, level, name) in enumerate(headings):
        if name != anchor:
            continue
        end = next(
            (index for index, other, _ in headings[position + 1 :] if other <= level), len(lines)
        )
        return "\n".join(lines[start:end]).rstrip() + "\n"
    return None


def _parse(reference: str) -> tuple[str, str]:
    """(page, anchor) of ``css``, ``errors.md#css``, ``docs/errors.md#css``, ``attributes.md``."""
    page, _, anchor = reference.partition("#")
    if not anchor and not page.endswith(".md"):
        return "errors.md", page
    return Path(page).name or "errors.md", anchor


def main(argv: list[str]) -> int:
    """Print the section named by ``argv[0]``; 2 on a usage error, 1 when it is not found."""
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print(USAGE, file=sys.stderr)
        return 2
    docs = docs_dir()
    if argv[0] == "--list":
        text = (docs / "errors.md").read_text(encoding="utf-8")
        lines = text.splitlines()
        print("\n".join(name for _index, level, name in _headings(lines) if level == 3))
        return 0
    page, anchor = _parse(argv[0])
    path = docs / page
    if path.parent != docs or not path.is_file():
        pages = ", ".join(sorted(p.name for p in docs.glob("*.md")))
        print(f"no page {page} in {docs} (pages: {pages})", file=sys.stderr)
        return 1
    text = path.read_text(encoding="utf-8")
    if not anchor:
        print(text, end="")
        return 0
    found = section(text, anchor)
    if found is None:
        names = [name for _index, _level, name in _headings(text.splitlines())]
        close = difflib.get_close_matches(anchor, names, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        print(f"no section #{anchor} in {page}{hint}", file=sys.stderr)
        return 1
    print(found, end="")
    return 0
