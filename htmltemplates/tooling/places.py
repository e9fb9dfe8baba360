"""The places and edits the editor speaks of (tooling/editor.py, tooling/fixes.py): spans of a
document, the Python sources of it that are parsed, and a place inside an HTML literal."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from string.templatelib import Template

from ..analyze.walk import analyze_text, prop_keyword
from ..errors import TemplateError
from ..scan.scanner import scan
from ..scan.tokens import ComponentToken, Token
from .literals import HTMLLiteral
from .positions import SourceText

__all__ = [
    "Action",
    "Block",
    "Completion",
    "Edit",
    "Place",
    "Span",
    "Target",
    "component_tags",
    "python_name",
    "tokens_of",
]


@dataclass(frozen=True, slots=True)
class Span:
    """From ``(line, column)`` up to ``(end_line, end_column)``, 0-based, end excluded."""

    line: int
    column: int
    end_line: int
    end_column: int

    def contains(self, line: int, column: int) -> bool:
        return (self.line, self.column) <= (line, column) <= (self.end_line, self.end_column)


@dataclass(frozen=True, slots=True)
class Target:
    """A place to go to: a span of the file at ``path``."""

    path: str
    span: Span


@dataclass(frozen=True, slots=True)
class Completion:
    """One thing that may be typed: ``label`` is inserted; ``kind`` is "element",
    "attribute" or "prop"; ``detail`` a short line, ``documentation`` Markdown."""

    label: str
    kind: str
    detail: str = ""
    documentation: str = ""


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace ``span`` of the document with ``text``."""

    span: Span
    text: str


@dataclass(frozen=True, slots=True)
class Action:
    """A fix the finding's message spells out, as edits of the document."""

    title: str
    code: str
    edits: tuple[Edit, ...]


@dataclass(frozen=True, slots=True)
class Block:
    """One Python source of the document (the file, or a code block of Markdown), parsed."""

    source: SourceText
    tree: ast.Module
    literals: tuple[HTMLLiteral, ...]

    def span(self, line: int, column: int, end_line: int, end_column: int) -> Span:
        """The file's span of a span of this source (1-based lines, 0-based columns)."""
        first = self.source.file_position(line, column)
        last = self.source.file_position(end_line, end_column)
        return Span(first[0] - 1, first[1] - 1, last[0] - 1, last[1] - 1)

    def node_span(self, node: ast.AST) -> Span:
        line = getattr(node, "lineno", 1)
        end_line = getattr(node, "end_lineno", None) or line
        return self.span(
            line,
            self.source.column(line, getattr(node, "col_offset", 0)),
            end_line,
            self.source.column(end_line, getattr(node, "end_col_offset", None) or 0),
        )


@dataclass(frozen=True, slots=True)
class Place:
    """A place inside an HTML literal: in the hole numbered ``hole``, or at ``offset`` of the
    static string numbered ``string``."""

    block: Block
    literal: HTMLLiteral
    slot: int | None
    string: int = 0
    offset: int = 0


def tokens_of(template: Template) -> list[Token] | None:
    """The scanner's tokens of ``template``; None when html() refuses it at the scan or at a
    hole in text (the refusals that come before any tag's)."""
    scanned = scan(template)
    try:
        analyze_text(scanned)
    except TemplateError:
        return None
    return scanned.tokens


def component_tags(tokens: list[Token]) -> Iterator[ComponentToken]:
    for token in tokens:
        if isinstance(token, ComponentToken):
            yield token
            yield from component_tags(token.children or [])


def python_name(prop: str) -> str:
    """The keyword a prop is passed as (``prop_keyword``, which the analysis and lowering
    use): ``-`` as ``_``, ``class_``; a name that makes no keyword, with ``-`` as ``_``."""
    return prop_keyword(prop) or prop.replace("-", "_")
