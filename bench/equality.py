"""Output equality "modulo insignificant whitespace and quoting", judged by an HTML parser.

Each output is parsed with html5lib (as a document or as a fragment in a ``<div>``) and
walked into a canonical list of lines: the doctype, start tags with their attributes sorted
(class values as their space-separated tokens), end tags, comments, and text with every run
of whitespace collapsed to one space and whitespace-only text dropped. So ``<input a=1 />``
and ``<input a="1">``, ``&#39;`` and ``&#x27;``, or different indentation compare equal;
a different attribute, value, element or text does not.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

import html5lib  # type: ignore[import-untyped]

__all__ = ["canonical", "diff"]

_SPACES = re.compile(r"\s+")
_WALKER = html5lib.getTreeWalker("dom")


def _attributes(data: dict[tuple[str | None, str], str]) -> str:
    pairs = []
    for (namespace, name), value in data.items():
        key = name if namespace is None else f"{namespace}:{name}"
        shown = " ".join(value.split()) if name == "class" else value
        pairs.append(f" {key}={shown!r}")
    return "".join(sorted(pairs))


def canonical(markup: str, *, document: bool) -> list[str]:
    """The canonical lines of ``markup`` (one per token, indented by depth)."""
    if document:
        tree = html5lib.parse(markup, treebuilder="dom")
    else:
        tree = html5lib.parseFragment(markup, treebuilder="dom")
    lines: list[str] = []
    text: list[str] = []
    depth = 0

    def flush() -> None:
        collapsed = _SPACES.sub(" ", "".join(text)).strip()
        if collapsed:
            lines.append("  " * depth + f"text {collapsed!r}")
        text.clear()

    token: dict[str, Any]
    for token in _WALKER(tree):
        kind = token["type"]
        if kind in ("Characters", "SpaceCharacters"):
            text.append(token["data"])
            continue
        flush()
        match kind:
            case "StartTag":
                lines.append("  " * depth + f"<{token['name']}{_attributes(token['data'])}>")
                depth += 1
            case "EmptyTag":
                lines.append("  " * depth + f"<{token['name']}{_attributes(token['data'])}>")
            case "EndTag":
                depth -= 1
                lines.append("  " * depth + f"</{token['name']}>")
            case "Comment":
                lines.append("  " * depth + f"<!--{token['data']}-->")
            case "Doctype":
                lines.append(f"<!doctype {token['name']} {token['publicId']} {token['systemId']}>")
            case _:
                lines.append("  " * depth + f"{kind} {token!r}")
    flush()
    return lines


def diff(
    expected: list[str], actual: list[str], *, names: tuple[str, str], context: int = 3
) -> str:
    """A unified diff of two canonical forms, at most 60 lines."""
    lines = list(
        difflib.unified_diff(
            expected, actual, fromfile=names[0], tofile=names[1], n=context, lineterm=""
        )
    )
    if len(lines) > 60:
        lines = [*lines[:60], f"... ({len(lines) - 60} more lines of diff)"]
    return "\n".join(lines)
