"""The quick fixes of the editor: for the findings whose message spells out one mechanical
edit, that edit (quote an attribute value, ``count={3}`` for ``count=3``, ``static_url()``)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Protocol

from ..errors import Location
from ..scan.tokens import AttrToken
from .places import Action, Edit, Place, Span, component_tags, python_name, tokens_of
from .positions import location_span
from .props import Definition
from .report import Finding


class FixedDocument(Protocol):
    """What a fix asks of the document (editor.Document)."""

    def findings(self) -> list[Finding]: ...
    def place(self, line: int, column: int, *, cursor: bool = False) -> Place | None: ...
    def component_at(self, place: Place, index: int) -> Definition | None: ...


__all__ = ["actions"]


def actions(document: FixedDocument, span: Span) -> list[Action]:
    """The fixes of the findings that touch ``span`` that are one mechanical edit."""
    found: list[Action] = []
    for finding in document.findings():
        at = Span(finding.line - 1, finding.col - 1, finding.end()[0] - 1, finding.end()[1] - 1)
        if (at.end_line, at.end_column) < (span.line, span.column) or (
            span.end_line,
            span.end_column,
        ) < (at.line, at.column):
            continue
        place = document.place(at.line, at.column)
        if place is None:
            continue
        found.extend(_fixes(document, finding, place))
    return found


def _fixes(document: FixedDocument, finding: Finding, place: Place) -> Iterator[Action]:
    match finding.code:
        case "unquoted-value" if place.slot is None:
            edits = _quote(place)
            if edits:
                yield Action("Quote the attribute value", finding.code, edits)
        case "static-prop" if place.slot is not None:
            edit = _prop_as_expression(document, place)
            if edit is not None:
                yield Action(f"Write {edit.text}", finding.code, (edit,))
        case "resource-url":
            edits = _static_url(place)
            if edits:
                yield Action("Load it with static_url()", finding.code, edits)


def _source_span(place: Place, string: int, offset: int, width: int) -> Span | None:
    location = Location(string=string, offset=offset, width=width)
    block, literal = place.block, place.literal
    line, column, end_line, end_column = location_span(
        block.source, literal.node, literal.template, location
    )
    if width and (end_line, end_column) == (line, column + 1) and width != 1:
        return None  # the source does not give the static text back
    return block.span(line, column, end_line, end_column)


def _quote(place: Place) -> tuple[Edit, ...]:
    """Quotes around the unquoted attribute value at the place (the template is refused,
    so its tokens are not there to say where the value starts and ends: the text does,
    as the scanner reads an unquoted value, from after ``=`` to white space or ``>``)."""
    strings = place.literal.template.strings
    text = strings[place.string]
    start = text.rfind("=", 0, place.offset + 1)
    if start < 0 or any(char in " \t\n\f\r<>" for char in text[start : place.offset]):
        return ()
    start += 1
    end_string, end = place.string, place.offset
    while True:
        current = strings[end_string]
        while end < len(current) and current[end] not in " \t\n\f\r>":
            end += 1
        if end < len(current) or end_string + 1 >= len(strings):
            break
        end_string, end = end_string + 1, 0
    value = "".join(strings[place.string : end_string + 1])
    quote = "'" if '"' in value else '"'
    if quote in value:
        return ()
    first = _source_span(place, place.string, start, 0)
    last = _source_span(place, end_string, end, 0)
    if first is None or last is None:
        return ()
    return (
        Edit(Span(first.line, first.column, first.line, first.column), quote),
        Edit(Span(last.line, last.column, last.line, last.column), quote),
    )


def _prop_as_expression(document: FixedDocument, place: Place) -> Edit | None:
    """``count={3}`` for the first prop of the tag at the place written as text for a
    parameter that takes no str (the runtime refuses the first)."""
    assert place.slot is not None
    tokens = tokens_of(place.literal.template) or []
    tag = next((tag for tag in component_tags(tokens) if tag.slot == place.slot), None)
    definition = document.component_at(place, place.slot)
    if tag is None or definition is None:
        return None
    for item in tag.items:
        if not isinstance(item, AttrToken) or item.parts is None:
            continue
        if not all(isinstance(part, str) for part in item.parts):
            continue
        name = python_name(item.name)
        if not definition.refuses_str(name):
            continue
        text = "".join(str(part) for part in item.parts)
        try:
            ast.literal_eval(text)
        except ValueError, SyntaxError, TypeError, MemoryError, RecursionError:
            return None
        span = _source_span(place, item.location.string, item.location.offset, len(item.raw))
        written = item.raw[: len(item.name)]
        return None if span is None else Edit(span, f"{written}={{{text}}}")
    return None


def _static_url(place: Place) -> tuple[Edit, ...]:
    """``href={static_url(path)}`` for ``href=/{path}``, with the import of static_url
    from the integration of the framework the module imports (Flask or Quart)."""
    template = place.literal.template
    if place.slot is None:
        return ()
    index = place.slot
    before = template.strings[index]
    after = template.strings[index + 1]
    prefix = before.rstrip("/")
    if not before.endswith("/") or not prefix.endswith("=") or (after[:1] not in " >/"):
        return ()
    module = _framework(place.block.tree)
    if module is None:
        return ()
    holes = [v for v in place.literal.node.values if isinstance(v, ast.Interpolation)]
    hole = holes[index]
    slash = _source_span(place, index, len(before) - 1, 1)
    if slash is None:
        return ()
    field = place.block.node_span(hole)
    edits = [
        Edit(
            Span(slash.line, slash.column, field.end_line, field.end_column),
            "{static_url(" + hole.str + ")}",
        )
    ]
    if "static_url" not in _module_names(place.block.tree):
        line = _import_line(place.block.tree)
        at = place.block.span(line, 0, line, 0)
        edits.append(Edit(at, f"from {module} import static_url\n"))
    return tuple(edits)


_FRAMEWORKS = {
    "flask": "htmltemplates.integrations.flask",
    "quart": "htmltemplates.integrations.quart",
    "htmltemplates.integrations.flask": "htmltemplates.integrations.flask",
    "htmltemplates.integrations.quart": "htmltemplates.integrations.quart",
}


def _framework(tree: ast.Module) -> str | None:
    """The integration whose ``static_url(name)`` fits the module: Flask's or Quart's."""
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module in _FRAMEWORKS and not node.level:
            return _FRAMEWORKS[node.module]
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in _FRAMEWORKS:
                    return _FRAMEWORKS[alias.name]
    return None


def _module_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def _import_line(tree: ast.Module) -> int:
    """The line before which a new import goes: after the module's last top import."""
    line = 1
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            line = (node.end_lineno or node.lineno) + 1
        elif line > 1 or not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            break
        else:
            line = (node.end_lineno or node.lineno) + 1
    return line
