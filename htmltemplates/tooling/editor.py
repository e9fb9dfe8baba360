"""What an editor asks of a file being edited, answered from its text alone (never imported or
run): the checker's findings, what a hole does with its value (explain()), where a component
and its props are defined, what may be typed at a place, and the edits that apply a fix.

The language server (tooling/lsp.py) speaks the protocol; everything it says comes from here.
Places are 0-based lines and 0-based columns counted in characters (code points) of the file;
the server converts them to and from the client's units.
"""

from __future__ import annotations

import ast
import keyword
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from string.templatelib import Template

from .._spec import attr_kind
from ..errors import Location, TemplateError
from ..scan.context import State
from ..scan.scanner import Scanner, scan
from ..scan.tokens import AttrToken, ComponentToken, Token
from . import vocabulary
from .check import Totals, check_sources
from .explain import Hole, explain
from .files import ConfigError, Excludes, Unreadable, load_config, markdown_blocks, read_python
from .literals import HTMLLiteral, ModuleIndex, html_literals
from .positions import SourceText, location_span, template_offset
from .props import Definition, definition_at
from .report import Finding

__all__ = ["Action", "Completion", "Document", "Edit", "Span", "Target"]


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
class _Block:
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
class _Place:
    """A place inside an HTML literal: in the hole numbered ``hole``, or at ``offset`` of the
    static string numbered ``string``."""

    block: _Block
    literal: HTMLLiteral
    hole: int | None
    string: int = 0
    offset: int = 0


class Document:
    """One file as the editor has it (saved or not): Python, or Markdown (``*.md``) whose
    Python blocks are read as the checker reads them."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self._blocks: list[_Block] | None = None

    # -- the checker's findings ------------------------------------------------------------

    def sources(self) -> list[SourceText]:
        if self.path.endswith(".md"):
            return markdown_blocks(self.text)
        text = self.text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        return [SourceText(text)]

    def findings(self) -> list[Finding]:
        """What ``python -m htmltemplates check`` reports on this text, with the excludes and
        ``per-file-ignores`` of the nearest pyproject.toml (an excluded file: nothing)."""
        shown = self._shown_path()
        if shown is None:
            return []
        try:
            found = check_sources(shown, self.sources(), Totals())
        except RecursionError, MemoryError:
            return []  # too deep for Python's parser: `check` says so when run
        ignored = self._ignored_codes()
        found = [finding for finding in found if finding.code not in ignored]
        return sorted(found, key=lambda finding: (finding.line, finding.col))

    def _shown_path(self) -> str | None:
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

    def blocks(self) -> list[_Block]:
        if self._blocks is None:
            self._blocks = []
            for source in self.sources():
                try:
                    tree = ast.parse(source.text)
                except SyntaxError, ValueError, RecursionError, MemoryError:
                    continue
                literals = tuple(html_literals(ModuleIndex(tree, source.text)))
                self._blocks.append(_Block(source, tree, literals))
        return self._blocks

    def _place(self, line: int, column: int, *, cursor: bool = False) -> _Place | None:
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
                        return _Place(block, literal, index)
                at = template_offset(block.source, node, literal.template, row, col)
                if at is not None:
                    return _Place(block, literal, None, *at)
        return None

    def _component_at(self, place: _Place, index: int) -> Definition | None:
        """The definition of the component the hole numbered ``index`` names."""
        literal = place.literal
        return definition_at(place.block.tree, Path(self.path), literal.node, index)

    # -- hover ------------------------------------------------------------------------------

    def hover(self, line: int, column: int) -> str | None:
        """Markdown about the hole at the place (what html() does with its value there; for
        a component tag's ``{Card}``, the component's signature and docstring), or about the
        prop written at the place in a component tag."""
        place = self._place(line, column)
        if place is None:
            return None
        tokens = _tokens(place.literal.template)
        if place.hole is None:
            prop = _prop_at(tokens or [], place.string, place.offset)
            if prop is None:
                return None
            tag, item = prop
            definition = self._component_at(place, tag.index)
            parameter = definition.parameter(_python_name(item.name)) if definition else None
            if definition is None or parameter is None:
                return None
            return f"```python\n{parameter}\n```\nprop of `{definition.function.name}`"
        if _names_component(place.literal.template, place.hole):
            definition = self._component_at(place, place.hole)
            if definition is None:
                return None
            return definition.markdown()
        try:
            explained = explain(place.literal.template)
        except TemplateError as error:
            return f"**refused by html()**: {error.headline}\n\n{error.fix}"
        for hole in explained.holes:
            if hole.index == place.hole:
                return _hole_markdown(hole)
        return None

    # -- go to definition -------------------------------------------------------------------

    def definition(self, line: int, column: int) -> Target | None:
        """Where the component of the ``{Card}`` at the place is defined, or the parameter of
        the prop written at the place in a component tag."""
        place = self._place(line, column)
        if place is None:
            return None
        tokens = _tokens(place.literal.template) or []
        if place.hole is not None:
            if not _names_component(place.literal.template, place.hole):
                return None
            definition = self._component_at(place, place.hole)
            return None if definition is None else self._target(place.block, definition, None)
        prop = _prop_at(tokens, place.string, place.offset)
        if prop is None:
            return None
        definition = self._component_at(place, prop[0].index)
        if definition is None:
            return None
        return self._target(place.block, definition, _python_name(prop[1].name))

    def _target(
        self, block: _Block, definition: Definition, parameter: str | None
    ) -> Target | None:
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
            source, at = read, _Block(read, definition.tree, ())
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
        place = self._place(line, column, cursor=True)
        if place is None or place.hole is not None:
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

    def _prop_completions(self, place: _Place, index: int, written: set[str]) -> list[Completion]:
        if index < 0:
            return []
        definition = self._component_at(place, index)
        if definition is None:
            return []
        return [
            Completion(name, "prop", parameter)
            for name, parameter in definition.props()
            if name not in written and name != "children"
        ]

    # -- code actions -----------------------------------------------------------------------

    def actions(self, span: Span) -> list[Action]:
        """The fixes of the findings that touch ``span`` that are one mechanical edit."""
        found: list[Action] = []
        for finding in self.findings():
            at = Span(finding.line - 1, finding.col - 1, finding.end()[0] - 1, finding.end()[1] - 1)
            if (at.end_line, at.end_column) < (span.line, span.column) or (
                span.end_line,
                span.end_column,
            ) < (at.line, at.column):
                continue
            place = self._place(at.line, at.column)
            if place is None:
                continue
            found.extend(self._fixes(finding, place))
        return found

    def _fixes(self, finding: Finding, place: _Place) -> Iterator[Action]:
        match finding.code:
            case "unquoted-value" if place.hole is None:
                edits = self._quote(place)
                if edits:
                    yield Action("Quote the attribute value", finding.code, edits)
            case "static-prop" if place.hole is not None:
                edit = self._prop_as_expression(place)
                if edit is not None:
                    yield Action(f"Write {edit.text}", finding.code, (edit,))
            case "resource-url":
                edits = self._static_url(place)
                if edits:
                    yield Action("Load it with static_url()", finding.code, edits)

    def _source_span(self, place: _Place, string: int, offset: int, width: int) -> Span | None:
        location = Location(string=string, offset=offset, width=width)
        block, literal = place.block, place.literal
        line, column, end_line, end_column = location_span(
            block.source, literal.node, literal.template, location
        )
        if width and (end_line, end_column) == (line, column + 1) and width != 1:
            return None  # the source does not give the static text back
        return block.span(line, column, end_line, end_column)

    def _quote(self, place: _Place) -> tuple[Edit, ...]:
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
        first = self._source_span(place, place.string, start, 0)
        last = self._source_span(place, end_string, end, 0)
        if first is None or last is None:
            return ()
        return (
            Edit(Span(first.line, first.column, first.line, first.column), quote),
            Edit(Span(last.line, last.column, last.line, last.column), quote),
        )

    def _prop_as_expression(self, place: _Place) -> Edit | None:
        """``count={3}`` for the first prop of the tag at the place written as text for a
        parameter that takes no str (the runtime refuses the first)."""
        assert place.hole is not None
        tokens = _tokens(place.literal.template) or []
        tag = next((tag for tag in _tags(tokens) if tag.index == place.hole), None)
        definition = self._component_at(place, place.hole)
        if tag is None or definition is None:
            return None
        for item in tag.items:
            if not isinstance(item, AttrToken) or item.parts is None:
                continue
            if not all(isinstance(part, str) for part in item.parts):
                continue
            name = _python_name(item.name)
            if not definition.refuses_str(name):
                continue
            text = "".join(str(part) for part in item.parts)
            try:
                ast.literal_eval(text)
            except ValueError, SyntaxError, TypeError, MemoryError, RecursionError:
                return None
            span = self._source_span(
                place, item.location.string, item.location.offset, len(item.raw)
            )
            written = item.raw[: len(item.name)]
            return None if span is None else Edit(span, f"{written}={{{text}}}")
        return None

    def _static_url(self, place: _Place) -> tuple[Edit, ...]:
        """``href={static_url(path)}`` for ``href=/{path}``, with the import of static_url
        from the integration of the framework the module imports (Flask or Quart)."""
        template = place.literal.template
        if place.hole is None:
            return ()
        index = place.hole
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
        slash = self._source_span(place, index, len(before) - 1, 1)
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


# -- helpers -------------------------------------------------------------------------------


def _tokens(template: Template) -> list[Token] | None:
    try:
        return scan(template)
    except TemplateError:
        return None


def _tags(tokens: list[Token]) -> Iterator[ComponentToken]:
    for token in tokens:
        if isinstance(token, ComponentToken):
            yield token
            yield from _tags(token.children or [])


def _names_component(template: Template, index: int) -> bool:
    """Whether the hole numbered ``index`` names a component: ``<{Card}`` or ``</{Card}>``."""
    return template.strings[index].endswith(("<", "</"))


def _prop_at(
    tokens: list[Token], string: int, offset: int
) -> tuple[ComponentToken, AttrToken] | None:
    """The component tag and its prop whose name is written at ``offset`` of ``string``."""
    for tag in _tags(tokens):
        for item in tag.items:
            if not isinstance(item, AttrToken) or item.location.string != string:
                continue
            if item.location.offset <= offset <= item.location.offset + len(item.name):
                return tag, item
    return None


def _python_name(prop: str) -> str:
    """The keyword a prop is passed as (compiler/lower.py): ``-`` as ``_``, ``class_``."""
    name = prop.replace("-", "_")
    return name + "_" if keyword.iskeyword(name) else name


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
        names.update((name.lower(), _python_name(name)))
    return names


def _attribute_detail(element: str, name: str) -> str:
    kind = attr_kind(element, name)
    return f"{kind.value} attribute" if kind.value != "plain" else "attribute"


def _hole_markdown(hole: Hole) -> str:
    lines = [f"`{hole.expression}` → {hole.context}", "", "| value | html() writes |", "|---|---|"]
    lines += [f"| {kind} | {what.replace('|', '\\|')} |" for kind, what in hole.values]
    lines += ["", "See " + ", ".join(f"`{doc}`" for doc in hole.docs)]
    return "\n".join(lines)


_FRAMEWORKS = {
    "flask": "htmltemplates.flask",
    "quart": "htmltemplates.quart",
    "htmltemplates.flask": "htmltemplates.flask",
    "htmltemplates.quart": "htmltemplates.quart",
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
