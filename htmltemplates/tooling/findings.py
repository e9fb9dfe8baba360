"""What the checker's lints find: a fault in a template's static text (:class:`Lint`) or in the
Python code around templates (:class:`CodeLint`)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Literal

from ..errors import Location

__all__ = ["CodeLint", "Lint", "in_source_order"]


@dataclass(frozen=True, slots=True)
class Lint:
    """A warning about a template's static text that html() accepts: the four attributes of a
    TemplateError (``anchor`` is its section of docs/errors.md), so the checker reports it as
    it reports a refusal, with the template rebuilt and carets at ``location``."""

    headline: str
    fix: str
    anchor: str
    location: Location | None


@dataclass(frozen=True, slots=True)
class CodeLint:
    """A fault in the Python code around templates, at ``node`` (a call, or the interpolation
    of a component tag): a dangerous call is an ``"error"``."""

    node: ast.AST
    headline: str
    fix: str
    anchor: str
    severity: Literal["error", "warning"]


def in_source_order(found: list[CodeLint]) -> list[CodeLint]:
    """``found`` sorted by the line and column of each node."""
    return sorted(
        found,
        key=lambda lint: (getattr(lint.node, "lineno", 0), getattr(lint.node, "col_offset", 0)),
    )
