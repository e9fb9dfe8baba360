"""What an editor asks of a file being edited, answered from its text alone (never imported or
run): the checker's findings, what a hole does with its value (explain()), where a component
and its props are defined, what may be typed at a place, and the edits that apply a fix.

The language server (tooling/lsp.py) speaks the protocol; everything it says comes from here.
Places are 0-based lines and 0-based columns counted in characters (code points) of the file;
the server converts them to and from the client's units.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path
from string.templatelib import Template

from .._spec import attr_kind
from ..analyze.walk import analyze_text
from ..errors import TemplateError
from ..scan.context import State
from ..scan.scanner import Scanner
from ..scan.tokens import AttrToken, ComponentToken, Scan, Token
from . import fixes, vocabulary
from .check import Totals, check_sources
from .explain import Hole, explain
from .files import ConfigError, Excludes, Unreadable, load_config, markdown_blocks, read_python
from .literals import ModuleIndex, html_literals
from .places import (
    Action,
    Block,
    Completion,
    Edit,
    Place,
    Span,
    Target,
    component_tags,
    python_name,
    tokens_of,
)
from .positions import SourceText, template_offset
from .props import Definition, definition_at
from .report import Finding

__all__ = ["Action", "Completion", "Document", "Edit", "Span", "Target"]


class Document:
    """One file as the editor has it (saved or not): Python, or Markdown (``*.md``) whose
    Python blocks are read as the checker reads them."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self._blocks: list[Block] | None = None

    # -- the checker's findings ------------------------------------------------------------

    def sources(self) -> list[SourceText]:
        if self.path.endswith(".md"):
            return markdown_blocks(self.text)
        text = self.text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        return [SourceText(text)]

    def findings(self) -> list[Finding]:
        """What ``python -m htmltemplates check`` reports on this text, with the excludes and
        ``per-file-ignores`` of the nearest pyproject.toml (an excluded file: nothing)."""
        shown = self.shown_path()
        if shown is None:
            return []
        try:
            found = check_sources(shown, self.sources(), Totals())
        except RecursionError, MemoryError:
            return []  # too deep for Python's parser: `check` says so when run
        ignored = self._ignored_codes()
        found = [finding for finding in found if finding.code not in ignored]
        return sorted(found, key=lambda finding: (finding.line, finding.col))

    def shown_path(self) -> str | None:
        """The path findings are reported at; None when the project excludes the file."""
        directory = os.path.dirname(os.path.abspath(self.path))
        try:
            config = load_config(directory)
        except ConfigError:
            return self.path
        excludes = Excludes()
        for pattern in config.exclude:
            excludes.add(pattern, config.base)
        if excludes.excluded(os.path.abspath(self.path), is_directory=False):
            return None
        return self.path

    def _ignored_codes(self) -> set[str]:
        try:
            config = load_config(os.path.dirname(os.path.abspath(self.path)))
        except ConfigError:
            return set()
        codes: set[str] = set()
        for pattern, listed in config.ignores.items():
            matches = Excludes()
            matches.add(pattern, config.base)
            if matches.excluded(os.path.abspath(self.path), is_directory=False):
                codes.update(listed)
        return codes

    # -- reading the text ------------------------------------------------------------------

    def blocks(self) -> list[Block]:
        if self._blocks is None:
            self._blocks = []
            for source in self.sources():
                try:
                    tree = ast.parse(source.text)
                except SyntaxError, ValueError, RecursionError, MemoryError:
                    continue
                literals = tuple(html_literals(ModuleIndex(tree)))
                self._blocks.append(Block(source, tree, literals))
        return self._blocks

    def place(self, line: int, column: int, *, cursor: bool = False) -> Place | None:
        """The HTML literal at the character at the file's ``line`` and ``column``, and where
        in it; with ``cursor``, at the place between that character and the one before (where
        text is typed: before a ``{`` is static text)."""
        for block in self.blocks():
            row = line + 2 - block.source.first_line
            col = column - block.source.indent
            if not 1 <= row <= len(block.source.lines) or col < 0:
                continue
            for literal in block.literals:
                node = literal.node
                if not block.node_span(node).contains(line, column):
                    continue
                holes = [value for value in node.values if isinstance(value, ast.Interpolation)]
                for index, hole in enumerate(holes):
                    span = block.node_span(hole)
                    start, end = (span.line, span.column), (span.end_line, span.end_column)
                    if start < (line, column) < end or (not cursor and start == (line, column)):
                        return Place(block, literal, index)
                at = template_offset(block.source, node, literal.template, row, col)
                if at is not None:
                    return Place(block, literal, None, *at)
        return None

    def component_at(self, place: Place, index: int) -> Definition | None:
        """The definition of the component the hole numbered ``index`` names."""
        literal = place.literal
        return definition_at(place.block.tree, Path(self.path), literal.node, index)

    def actions(self, span: Span) -> list[Action]:
        """The quick fixes of the findings that touch ``span`` (see tooling/fixes.py)."""
        return fixes.actions(self, span)

    # -- hover ------------------------------------------------------------------------------

    def hover(self, line: int, column: int) -> str | None:
        """Markdown about the hole at the place (what html() does with its value there; for
        a component tag's ``{Card}``, the component's signature and docstring), or about the
        prop written at the place in a component tag."""
        place = self.place(line, column)
        if place is None:
            return None
        tokens = tokens_of(place.literal.template)
        if place.slot is None:
            prop = _prop_at(tokens or [], place.string, place.offset)
            if prop is None:
                return None
            tag, item = prop
            definition = self.component_at(place, tag.slot)
            parameter = definition.parameter(python_name(item.name)) if definition else None
            if definition is None or parameter is None:
                return None
            return f"```python\n{parameter}\n```\nprop of `{definition.function.name}`"
        if _names_component(place.literal.template, place.slot):
            definition = self.component_at(place, place.slot)
            if definition is None:
                return None
            return definition.markdown()
        try:
            explained = explain(place.literal.template)
        except TemplateError as error:
            return f"**refused by html()**: {error.headline}\n\n{error.fix}"
        for hole in explained.holes:
            if hole.slot == place.slot:
                return _hole_markdown(hole)
        return None

    # -- go to definition -------------------------------------------------------------------

    def definition(self, line: int, column: int) -> Target | None:
        """Where the component of the ``{Card}`` at the place is defined, or the parameter of
        the prop written at the place in a component tag."""
        place = self.place(line, column)
        if place is None:
            return None
        tokens = tokens_of(place.literal.template) or []
        if place.slot is not None:
            if not _names_component(place.literal.template, place.slot):
                return None
            definition = self.component_at(place, place.slot)
            return None if definition is None else self._target(place.block, definition, None)
        prop = _prop_at(tokens, place.string, place.offset)
        if prop is None:
            return None
        definition = self.component_at(place, prop[0].slot)
        if definition is None:
            return None
        return self._target(place.block, definition, python_name(prop[1].name))

    def _target(self, block: Block, definition: Definition, parameter: str | None) -> Target | None:
        """Where the name of the component's function is written, or of its ``parameter``."""
        function = definition.function
        node: ast.AST = function
        if parameter is not None:
            args = function.args
            found = [arg for arg in [*args.args, *args.kwonlyargs] if arg.arg == parameter]
            if not found:
                return None
            node = found[0]
        if definition.tree is block.tree:
            source, at = block.source, block
        else:
            read = read_python(str(definition.path))
            if isinstance(read, Unreadable):
                return None
            source, at = read, Block(read, definition.tree, ())
        line = getattr(node, "lineno", 1)
        if parameter is None:  # the name after `def `
            text = source.lines[line - 1]
            column = source.column(line, function.col_offset)
            start = text.find(function.name, column + len("def "))
            start = column if start < 0 else start
            span = at.span(line, start, line, start + len(function.name))
        else:
            arg = node
            span = at.span(
                line,
                source.column(line, getattr(arg, "col_offset", 0)),
                line,
                source.column(line, getattr(arg, "col_offset", 0)) + len(parameter),
            )
        path = self.path if definition.tree is block.tree else str(definition.path)
        return Target(path, span)

    # -- completion -------------------------------------------------------------------------

    def completions(self, line: int, column: int) -> list[Completion]:
        """What may be typed at the place: an element's name after ``<``, an attribute's name
        in a start tag (HTML's, htmx's and Alpine's), a prop's name in a component tag."""
        place = self.place(line, column, cursor=True)
        if place is None or place.slot is not None:
            return []
        template = place.literal.template
        scanner = Scanner()
        component = -1
        try:
            for index in range(place.string):
                scanner.feed(template.strings[index], index)
                component = index if scanner.context.state is State.TAG_OPEN else component
                scanner.hole(index)
            scanner.feed(template.strings[place.string][: place.offset], place.string)
            analyze_text(Scan(scanner.tokens))  # as the scan refuses, up to the place
        except TemplateError:
            return []
        context = scanner.context
        if context.state in (State.TAG_OPEN, State.TAG_NAME):
            return [Completion(name, "element", "HTML element") for name in vocabulary.ELEMENTS]
        if context.state not in (State.BEFORE_ATTR_NAME, State.ATTR_NAME):
            return []
        written = _written_names(template, place.string, place.offset)
        if context.element == "{...}":
            return self._prop_completions(place, component, written)
        return [
            Completion(name, "attribute", _attribute_detail(context.element, name))
            for name in vocabulary.attributes(context.element)
            if name not in written
        ]

    def _prop_completions(self, place: Place, index: int, written: set[str]) -> list[Completion]:
        if index < 0:
            return []
        definition = self.component_at(place, index)
        if definition is None:
            return []
        return [
            Completion(name, "prop", parameter)
            for name, parameter in definition.props()
            if name not in written and name != "children"
        ]


# -- helpers -------------------------------------------------------------------------------


def _names_component(template: Template, index: int) -> bool:
    """Whether the hole numbered ``index`` names a component: ``<{Card}`` or ``</{Card}>``."""
    return template.strings[index].endswith(("<", "</"))


def _prop_at(
    tokens: list[Token], string: int, offset: int
) -> tuple[ComponentToken, AttrToken] | None:
    """The component tag and its prop whose name is written at ``offset`` of ``string``."""
    for tag in component_tags(tokens):
        for item in tag.items:
            if not isinstance(item, AttrToken) or item.location.string != string:
                continue
            if item.location.offset <= offset <= item.location.offset + len(item.name):
                return tag, item
    return None


def _written_names(template: Template, string: int, offset: int) -> set[str]:
    """The attribute names already written in the tag being typed at the place (the tag
    may have started strings before it: a hole stands between each)."""
    text = template.strings[string][:offset]
    while "<" not in text and string > 0:
        string -= 1
        text = template.strings[string] + "\0" + text
    words = text[text.rfind("<") + 1 :].split()[1:]  # the first: the element, or its hole
    names: set[str] = set()
    for word in words:
        name = word.split("=")[0]
        names.update((name.lower(), python_name(name)))
    return names


def _attribute_detail(element: str, name: str) -> str:
    kind = attr_kind(element, name)
    return f"{kind.value} attribute" if kind.value != "plain" else "attribute"


def _hole_markdown(hole: Hole) -> str:
    lines = [f"`{hole.expression}` → {hole.context}", "", "| value | html() writes |", "|---|---|"]
    lines += [f"| {kind} | {what.replace('|', '\\|')} |" for kind, what in hole.values]
    lines += ["", "See " + ", ".join(f"`{doc}`" for doc in hole.docs)]
    return "\n".join(lines)
