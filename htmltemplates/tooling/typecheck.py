"""``python -m htmltemplates check --types``: the props and children of every component tag
checked against the component's annotations by mypy.

Each component tag becomes, in a copy of its module (mypy's ``--shadow-file``: the file itself
is never written), the call html() makes: ``<{Card} title={name} count=3>...</{Card}>`` is
``Card(title=name, count="3", children=t"")``, put in front of the t-string literal, in its own
scope (``(Card(...), t"...")[-1]``: the comprehension or function around it binds the names the
holes read). mypy checks the module; its messages about these calls are mapped back to the
hole of the prop, or to the tag's ``{Card}``, and the others (the rest of the module's typing)
are left to your own mypy run. A Markdown document's Python blocks are checked as one module,
as they run.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..analyze.walk import analyze
from ..errors import Location, TemplateError
from ..lang.references import decode_attribute
from ..scan.scanner import scan
from ..scan.tokens import AttrToken, SpreadToken
from .files import Unreadable, read_sources
from .literals import (
    HTMLLiteral,
    ModuleIndex,
    expected_refusals,
    expecting_functions,
    html_literals,
    ignored_lines,
)
from .places import component_tags, python_name
from .positions import SourceText, location_span
from .props import definition_at
from .report import Finding

__all__ = ["ANCHOR", "type_findings"]

ANCHOR = "prop-type"

# path:line:col:end_line:end_col: error: message  [code]
_MESSAGE = re.compile(r"^(.*?):(\d+):(\d+):(\d+):(\d+): error: (.*?)(?:  \[([\w-]+)\])?$")


@dataclass(frozen=True, slots=True)
class _Place:
    """A span of the original source: 1-based lines, 0-based columns, end excluded."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(slots=True)
class _Argument:
    text: str
    place: _Place | None  # None: the tag's own place (children, a bare prop)
    spread: bool = False
    start: int = 0  # its column in the shadow line, once placed
    end: int = 0


@dataclass(slots=True)
class _Call:
    """The call one component tag makes, where the tag's ``{Card}`` is, and where its text
    lies in the shadow module once placed."""

    callee: str
    tag: _Place
    arguments: list[_Argument]
    line: int = 0
    start: int = 0
    end: int = 0

    def text(self) -> str:
        return f"{self.callee}({', '.join(argument.text for argument in self.arguments)})"


@dataclass(slots=True)
class _Shadow:
    """One module's shadow: its text, its calls, and how its lines map to the file's."""

    path: str
    text: str
    calls: list[_Call] = field(default_factory=list)
    sources: list[SourceText] = field(default_factory=list)
    # for a Markdown document: the shadow's first line of each block
    offsets: list[int] = field(default_factory=list)


def _span(source: SourceText, node: ast.AST) -> _Place:
    line = getattr(node, "lineno", 1)
    end_line = getattr(node, "end_lineno", None) or line
    return _Place(
        line,
        source.column(line, getattr(node, "col_offset", 0)),
        end_line,
        source.column(end_line, getattr(node, "end_col_offset", None) or 0),
    )


def _calls(source: SourceText, tree: ast.Module, path: str, literal: HTMLLiteral) -> list[_Call]:
    """The calls the component tags of ``literal`` make, as compiler/lower.py passes props."""
    scanned = scan(literal.template)
    tokens = scanned.tokens
    try:
        if any(True for _ in component_tags(tokens)):
            analyze(scanned)  # what html() refuses before it calls anything
    except TemplateError:
        return []  # html() refuses it: `check` says why
    holes = [value for value in literal.node.values if isinstance(value, ast.Interpolation)]
    calls = []
    for tag in component_tags(tokens):
        arguments: list[_Argument] = []
        written: set[str] = set()
        for item in tag.items:
            if isinstance(item, SpreadToken):
                hole = holes[item.slot]
                arguments.append(_Argument(f"**({_expression(hole)})", _span(source, hole), True))
                continue
            name = python_name(item.name)
            if not name.isidentifier() or name in written:
                break  # html() refuses the tag: check says so
            written.add(name)
            arguments.append(_prop(source, literal, holes, item, name))
        else:
            definition = definition_at(tree, Path(path), literal.node, tag.slot)
            takes = definition is not None and any(
                name == "children" for name, _ in definition.props()
            )
            content = tag.children is not None and tag.start != tag.end
            if content or (takes and "children" not in written):
                arguments.append(_Argument('children=t""', None))
            hole = holes[tag.slot]
            calls.append(_Call(_expression(hole), _span(source, hole), arguments))
    return calls


def _expression(hole: ast.Interpolation) -> str:
    """The hole's expression on one line, in parentheses where an operator could bind
    differently (ast writes it back as Python reads it)."""
    return ast.unparse(hole.value)


def _prop(
    source: SourceText,
    literal: HTMLLiteral,
    holes: list[ast.Interpolation],
    item: AttrToken,
    name: str,
) -> _Argument:
    """The keyword argument of one prop, as the runtime passes it: a whole ``{value}`` as
    it is, a bare prop True, text (with or without holes) a str."""
    parts = item.parts
    if parts is not None and len(parts) == 1 and isinstance(parts[0], int):
        hole = holes[parts[0]]
        if hole.conversion == -1 and hole.format_spec is None:
            return _Argument(f"{name}=({_expression(hole)})", _span(source, hole))
    location = Location(item.location.string, item.location.offset, len(item.raw))
    line, column, end_line, end_column = location_span(
        source, literal.node, literal.template, location
    )
    place = _Place(line, column, end_line, end_column)
    if parts is None:
        return _Argument(f"{name}=True", place)
    if all(isinstance(part, str) for part in parts):
        text = "".join(decode_attribute(str(part)) for part in parts)
    else:
        text = ""  # text with holes: a str
    return _Argument(f"{name}={text!r}", place)


def _shadow(path: str, sources: list[SourceText]) -> _Shadow | None:
    """The shadow of the file at ``path``: its text with each component tag's call put in
    front of its literal; None when it has no component tag."""
    shadow = _Shadow(path, "", sources=sources)
    texts: list[str] = []
    parsed: list[tuple[ast.Module, ModuleIndex] | None] = []
    for source in sources:
        try:
            tree = ast.parse(source.text)
        except SyntaxError, ValueError, RecursionError, MemoryError:
            parsed.append(None)  # `check` reports it
        else:
            parsed.append((tree, ModuleIndex(tree)))
    # the code that expects html() to refuse a template, as `check` reads it
    expecting = expecting_functions([index for _tree, index in filter(None, parsed)])
    for source, read in zip(sources, parsed, strict=True):
        shadow.offsets.append(sum(text.count("\n") + 1 for text in texts))
        ignored = None if read is None else ignored_lines(source, read[0])
        if read is None:  # as many lines, none that mypy could trip on
            texts.append("\n" * source.text.count("\n"))
            continue
        if ignored is None:
            texts.append(source.text)
            continue
        tree, index = read
        expected = expected_refusals(index, expecting, rendering=True)
        lines = source.text.split("\n")
        inserts: list[tuple[int, int, str, list[_Call]]] = []
        for literal in html_literals(index):
            lines_of = range(literal.node.lineno, (literal.node.end_lineno or 0) + 1)
            if id(literal.node) in expected or not ignored.isdisjoint(lines_of):
                continue
            calls = _calls(source, tree, path, literal)
            if not calls:
                continue
            start = _span(source, literal.node)
            prefix = "(" + "".join(call.text() + ", " for call in calls)
            inserts.append((start.line, start.column, prefix, calls))
            inserts.append((start.end_line, start.end_column, ")[-1]", []))
        shadow.calls += _insert(lines, inserts, shadow.offsets[-1])
        texts.append("\n".join(lines))
    if not shadow.calls:
        return None
    shadow.text = "\n".join(texts)
    return shadow


def _insert(
    lines: list[str], inserts: list[tuple[int, int, str, list[_Call]]], first: int
) -> list[_Call]:
    """Put each text of ``inserts`` (line, column, text, the calls it writes) into ``lines``,
    and note where each call and argument lands: its line (``first`` lines before its
    source in the shadow) and columns, once the texts before it on its line are in."""
    placed: list[_Call] = []
    shifts: dict[int, int] = {}
    done: list[tuple[int, int, str]] = []
    for line, column, text, calls in sorted(inserts, key=lambda insert: insert[:2]):
        at = column + shifts.get(line, 0)
        done.append((line, at, text))
        offset = at + 1  # after "("
        for call in calls:
            call.line, call.start = line + first, offset
            inner = offset + len(call.callee) + 1
            for argument in call.arguments:
                argument.start, argument.end = inner, inner + len(argument.text)
                inner = argument.end + 2
            call.end = offset + len(call.text())
            offset = call.end + 2
            placed.append(call)
        shifts[line] = shifts.get(line, 0) + len(text)
    for line, at, text in done:
        row = lines[line - 1]
        lines[line - 1] = row[:at] + text + row[at:]
    return placed


def _tag_place(shadow: _Shadow, call: _Call) -> tuple[str, int, int]:
    """The path, line and column (1-based) of the tag's ``{Card}`` in the file."""
    block = max(n for n, first in enumerate(shadow.offsets) if first < call.line)
    return (shadow.path, *shadow.sources[block].file_position(call.tag.line, call.tag.column))


def _finding(shadow: _Shadow, call: _Call, column: int, message: str, code: str) -> Finding:
    """mypy's message about ``call`` at ``column`` (0-based) of its shadow line, on the hole
    of the prop it is about, or on the tag's ``{Card}``."""
    place = call.tag
    for argument in call.arguments:
        if argument.start <= column < argument.end and argument.place is not None:
            place = argument.place
    block = max(n for n, first in enumerate(shadow.offsets) if first < call.line)
    source = shadow.sources[block]
    line, col = source.file_position(place.line, place.column)
    end_line, end_col = source.file_position(place.end_line, place.end_column)
    headline = f"<{{{call.callee}}}>: {message}" + (f" [{code}]" if code else "")
    fix = (
        "Give the prop a value of the type its parameter is annotated with (mypy checked the "
        "call the tag makes), or change the annotation."
    )
    return Finding(shadow.path, line, col, "error", ANCHOR, headline, fix, "", end_line, end_col)


def type_findings(
    paths: Sequence[str], reported: frozenset[tuple[str, int, int]] = frozenset()
) -> list[Finding]:
    """The type errors of the component tags in the files ``paths`` (Python files, and the
    Python blocks of Markdown), found by mypy, each at its prop or tag; none for a tag whose
    ``{Card}`` is at a place of ``reported`` (path, line, column), where the checker already
    found the tag at fault, and says so as html() does."""
    if importlib.util.find_spec("mypy") is None:
        raise ModuleNotFoundError("No module named 'mypy'", name="mypy")
    shadows: list[_Shadow] = []
    for path in paths:
        sources = read_sources(path)
        if isinstance(sources, Unreadable):
            continue  # `check` reports it
        found = _shadow(path, sources)
        if found is not None:
            shadows.append(found)
    if not shadows:
        return []
    findings = _mypy(_run_mypy, shadows, reported)
    return sorted(findings, key=lambda finding: (finding.path, finding.line, finding.col))


def _run_mypy(arguments: list[str]) -> tuple[str, str, int]:
    """mypy run in a process of its own, as ``mypy.api.run`` would run it in this one: its
    report, its errors, its exit status. (In this process it would change what the process
    keeps for itself: its recursion limit, the modules it imported.)"""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", *arguments], capture_output=True, text=True, check=False
    )
    return done.stdout, done.stderr, done.returncode


def _mypy(
    run: Callable[[list[str]], tuple[str, str, int]],
    shadows: list[_Shadow],
    reported: frozenset[tuple[str, int, int]],
) -> list[Finding]:
    """One run of mypy over the shadows, and its messages about their calls, mapped back."""
    findings: list[Finding] = []
    with tempfile.TemporaryDirectory(prefix="htmltemplates-types-") as directory:
        arguments: list[str] = []
        checked: dict[str, _Shadow] = {}
        for n, shadow in enumerate(shadows):
            copy = os.path.join(directory, f"shadow{n}.py")
            with open(copy, "w", encoding="utf-8") as file:
                file.write(shadow.text)
            if shadow.path.endswith(".py"):
                arguments += ["--shadow-file", shadow.path, copy]
                checked[os.path.abspath(shadow.path)] = shadow
            else:  # Markdown: its blocks, as a module of their own
                checked[os.path.abspath(copy)] = shadow
        report, _errors, _status = run(
            [
                "--show-column-numbers",
                "--show-error-end",
                "--no-error-summary",
                "--hide-error-context",
                "--no-pretty",
                "--no-color-output",
                "--follow-imports=silent",
                *arguments,
                *checked,
            ]
        )
        for row in report.splitlines():
            match = _MESSAGE.match(row)
            if match is None:
                continue
            found = checked.get(os.path.abspath(match.group(1)))
            if found is None:
                continue
            shadow = found
            line, column = int(match.group(2)), int(match.group(3)) - 1
            for call in shadow.calls:
                if call.line == line and call.start <= column < call.end:
                    if any(a.spread and a.start <= column < a.end for a in call.arguments):
                        break  # a dict spread's own type: html() checks its keys at render
                    finding = _finding(shadow, call, column, match.group(6), match.group(7) or "")
                    if _tag_place(shadow, call) not in reported:
                        findings.append(finding)
                    break
    return findings
