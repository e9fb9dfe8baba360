"""``python -m htmltemplates check``: finds the templates html() would refuse, by reading the
Python source, without importing or running it."""

from __future__ import annotations

import argparse
import ast
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from string.templatelib import Template
from typing import Protocol

from ..analyze.walk import analyze
from ..errors import Location, TemplateError, excerpt
from ..scan.scanner import scan
from .calls import dangerous
from .files import ConfigError, Excludes, Unreadable, find_files, load_config, read_sources
from .findings import Lint
from .literals import (
    HTMLLiteral,
    ModuleIndex,
    expected_refusals,
    expecting_functions,
    html_literals,
    ignored_lines,
)
from .positions import SourceText, location_span
from .props import components
from .report import Finding, Severity, as_json, github, human, summary
from .structure import structural
from .typecheck import type_findings

__all__ = ["FILE_CHECKS", "TEMPLATE_CHECKS", "check_paths", "check_sources", "main"]


class Fault(Protocol):
    """What any finding says: what is wrong, how to fix it, its section of docs/errors.md."""

    @property
    def headline(self) -> str: ...
    @property
    def fix(self) -> str: ...
    @property
    def anchor(self) -> str: ...


class TemplateFault(Fault, Protocol):
    """A fault in a template's static text: a TemplateSyntaxError (an error), or a lint
    warning; ``severity`` may say otherwise."""

    @property
    def location(self) -> Location | None: ...


class CodeFault(Fault, Protocol):
    """A fault in the Python code around the templates, at ``node``."""

    @property
    def node(self) -> ast.AST: ...
    @property
    def severity(self) -> Severity: ...


def refusal(template: Template, literal: HTMLLiteral) -> Iterable[TemplateFault]:
    """The TemplateSyntaxError html() raises at the template's first render, if any: the
    steps of its compile-time pipeline that refuse (the scan and the analysis, which
    ``compile_template`` runs first), on the static strings alone. The rest of that pipeline
    lowers the tokens, writes and compiles the plan's Python source, which refuses nothing
    and would cost several times as much. A template's static strings decide, so each is
    analyzed once per run."""
    strings = template.strings
    if strings in _CLEAN:
        return []
    try:
        analyze(scan(template))
    except TemplateError as error:
        return [error]
    if len(_CLEAN) >= _REMEMBERED:
        _CLEAN.clear()
    _CLEAN.add(strings)
    return []


# the static strings analyzed without a refusal in this run (main() empties it; so does
# a long run, an editor's, every _REMEMBERED templates)
_CLEAN: set[tuple[str, ...]] = set()


def structure(template: Template, literal: HTMLLiteral) -> Iterable[TemplateFault]:
    """The structural warnings of a template html() accepts (see tooling/structure.py); a
    refused one has its refusal reported, and nothing more."""
    if template.strings not in _CLEAN:
        return []
    key = (template.strings, tuple(hole.expression for hole in template.interpolations))
    found = _STRUCTURE.get(key)
    if found is None:
        if len(_STRUCTURE) >= _REMEMBERED:
            _STRUCTURE.clear()
        found = _STRUCTURE[key] = tuple(structural(template))
    return found


# The structural warnings of the templates checked, by what decides them: the static strings
# and the holes' expressions (which pair a component's end tag with its start tag). An editor
# checks the same templates at each change; a run of `check` meets a template more than once.
_STRUCTURE: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Lint, ...]] = {}
_REMEMBERED = 4096


def calls(tree: ast.Module, literals: Sequence[HTMLLiteral], path: str) -> Iterable[CodeFault]:
    """The dangerous calls around templates in the module (see tooling/calls.py)."""
    return dangerous(tree)


def props(tree: ast.Module, literals: Sequence[HTMLLiteral], path: str) -> Iterable[CodeFault]:
    """The component tags whose props do not fit their component (see tooling/props.py), in
    the HTML literals checked: not in those the code expects to be refused, nor in t-strings
    that are not HTML. (Each fault is at the hole of a tag: a value of its literal.)"""
    inside = {id(value) for literal in literals for value in literal.node.values}
    return [lint for lint in components(tree, Path(path)) if id(lint.node) in inside]


# The checks run on every HTML template, and on every parsed Python source with its HTML
# templates. A new check is one more line here.
TEMPLATE_CHECKS: list[Callable[[Template, HTMLLiteral], Iterable[TemplateFault]]] = [
    refusal,
    structure,
]
FILE_CHECKS: list[Callable[[ast.Module, Sequence[HTMLLiteral], str], Iterable[CodeFault]]] = [
    calls,
    props,
]


@dataclass
class Totals:
    """How much was read, for the summary line."""

    files: int = 0
    templates: int = 0


def check_sources(path: str, sources: Sequence[SourceText], totals: Totals) -> list[Finding]:
    """The findings in the Python sources of one file: the file, or the code blocks of a
    Markdown document (which share their functions, as the blocks of a page run together)."""
    findings: list[Finding] = []
    parsed: list[tuple[SourceText, ast.Module]] = []
    for source in sources:
        with warnings.catch_warnings():  # invalid escapes warn as they are parsed: not ours
            warnings.simplefilter("ignore")
            try:
                parsed.append((source, ast.parse(source.text, path)))
            except SyntaxError as error:
                findings.append(_unparsable(path, source, error))
    indexes = [ModuleIndex(tree) for source, tree in parsed]
    expecting = expecting_functions(indexes)
    for (source, tree), index in zip(parsed, indexes, strict=True):
        findings += _check_module(path, source, tree, index, expecting, totals)
    return findings


def _check_module(
    path: str,
    source: SourceText,
    tree: ast.Module,
    index: ModuleIndex,
    expecting: set[str],
    totals: Totals,
) -> list[Finding]:
    ignored = ignored_lines(source, tree)
    if ignored is None:
        return []
    expected = expected_refusals(index, expecting)
    literals = []
    for literal in html_literals(index):
        lines = range(literal.node.lineno, (literal.node.end_lineno or 0) + 1)
        if id(literal.node) in expected:
            ignored.update(lines)  # nor the faults of its component tags: they are expected too
        elif ignored.isdisjoint(lines):
            literals.append(literal)
    totals.templates += len(literals)
    findings: list[Finding] = []
    for literal in literals:
        for check in TEMPLATE_CHECKS:
            findings += (
                _template_finding(path, source, literal, fault)
                for fault in check(literal.template, literal)
            )
    for file_check in FILE_CHECKS:
        findings += (
            _code_finding(path, source, fault)
            for fault in file_check(tree, literals, path)
            if getattr(fault.node, "lineno", 0) not in ignored
        )
    return findings


def _template_finding(
    path: str, source: SourceText, literal: HTMLLiteral, fault: TemplateFault
) -> Finding:
    line, column, end_line, end_column = location_span(
        source, literal.node, literal.template, fault.location
    )
    severity: Severity = getattr(fault, "severity", "warning")
    if isinstance(fault, TemplateError):
        severity = "error"
    lines = excerpt(literal.template, fault.location) if fault.location is not None else []
    return Finding(
        path,
        *source.file_position(line, column),
        severity,
        fault.anchor,
        fault.headline,
        fault.fix,
        "\n".join(line.removeprefix("    ") for line in lines),
        *source.file_position(end_line, end_column),
    )


def _code_finding(path: str, source: SourceText, fault: CodeFault) -> Finding:
    line = getattr(fault.node, "lineno", 1)
    column = source.column(line, getattr(fault.node, "col_offset", 0))
    end_line = getattr(fault.node, "end_lineno", None) or line
    end_column = source.column(end_line, getattr(fault.node, "end_col_offset", None) or 0)
    if (end_line, end_column) <= (line, column):
        end_line, end_column = line, column + 1
    return Finding(
        path,
        *source.file_position(line, column),
        fault.severity,
        fault.anchor,
        fault.headline,
        fault.fix,
        _source_excerpt(source, line, column),
        *source.file_position(end_line, end_column),
    )


def _unparsable(path: str, source: SourceText, error: SyntaxError) -> Finding:
    line = error.lineno or 1
    column = max((error.offset or 1) - 1, 0)
    if line > len(source.lines):  # the end of the file
        line, column = len(source.lines), len(source.lines[-1])
    return Finding(
        path,
        *source.file_position(line, column),
        "error",
        "cannot-parse",
        f"cannot parse: {error.msg}",
        "",
        _source_excerpt(source, line, column),
    )


def _source_excerpt(source: SourceText, line: int, column: int) -> str:
    text = source.lines[line - 1].replace("\t", " ")
    return f"{text}\n{' ' * min(column, len(text))}^"


def check_paths(paths: Sequence[str], excludes: Excludes) -> tuple[list[Finding], Totals]:
    """The findings in the files under ``paths`` (see files.find_files), sorted by place."""
    totals = Totals()
    findings: list[Finding] = []
    for path in find_files(paths, excludes):
        totals.files += 1
        sources = read_sources(path)
        if isinstance(sources, Unreadable):
            code = "cannot-read" if sources.reason.startswith("cannot read") else "cannot-decode"
            findings.append(Finding(path, sources.line, 1, "error", code, sources.reason, "", ""))
            continue
        try:
            findings += check_sources(path, sources, totals)
        except (RecursionError, MemoryError) as error:
            # Python's own parser gives up on code nested too deeply, or chains too long
            # (a few thousand elifs, hundreds of thousands of operands): the file is reported
            # and the run goes on
            reason = (
                "Python's parser ran out of stack"
                if isinstance(error, RecursionError)
                else ("Python's parser ran out of memory")
            )
            findings.append(
                Finding(
                    path,
                    1,
                    1,
                    "error",
                    "cannot-parse",
                    f"cannot parse: too complex ({reason})",
                    "",
                    "",
                )
            )
    findings.sort(key=lambda finding: (finding.path, finding.line, finding.col))
    return findings, totals


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m htmltemplates check",
        description="Find the templates that html() would refuse, without running the code.",
    )
    parser.add_argument(
        "paths", nargs="*", default=["."], help="files and directories (default: .)"
    )
    parser.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="PATTERN",
        help="skip the paths a .gitignore line PATTERN would (repeatable)",
    )
    parser.add_argument("--format", choices=("human", "json", "github"), default="human")
    parser.add_argument("--strict", action="store_true", help="fail on warnings too")
    parser.add_argument(
        "--types",
        action="store_true",
        help="also check the props and children of component tags against the components' "
        "annotations, with mypy",
    )
    return parser


def main(argv: list[str]) -> int:
    """Run the checker; 1 when it reports an error (or a warning, with --strict), 2 on a usage
    error, else 0."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit:  # --help, or a usage error argparse has reported
        return int(exit.code or 0)
    excludes = Excludes()
    ignores: list[tuple[Excludes, frozenset[str]]] = []
    try:
        config = load_config(os.getcwd())
        for pattern in config.exclude:
            excludes.add(pattern, config.base)
        for pattern in args.exclude:
            excludes.add(pattern, os.getcwd())
        for pattern, codes in config.ignores.items():
            matches = Excludes()
            matches.add(pattern, config.base)
            ignores.append((matches, frozenset(codes)))
    except ConfigError as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 2
    missing = [path for path in args.paths if not os.path.exists(path)]
    if missing:
        print(f"{parser.prog}: error: no such file or directory: {missing[0]}", file=sys.stderr)
        return 2
    _CLEAN.clear()
    findings, totals = check_paths(args.paths, excludes)
    if args.types:
        # a tag the checker already found at fault is reported once, as html() words it
        seen = frozenset((finding.path, finding.line, finding.col) for finding in findings)
        try:
            findings += type_findings(list(find_files(args.paths, excludes)), seen)
        except ModuleNotFoundError as error:
            if error.name != "mypy":
                raise
            print(f"{parser.prog}: error: --types needs mypy: pip install mypy", file=sys.stderr)
            return 2
        findings.sort(key=lambda finding: (finding.path, finding.line, finding.col))
    findings = [
        finding
        for finding in findings
        if not any(
            finding.code in codes and matches.excluded(finding.path, is_directory=False)
            for matches, codes in ignores
        )
    ]
    if args.format == "json":
        sys.stdout.write(as_json(findings))
    elif args.format == "github":
        sys.stdout.write(github(findings))
    else:
        colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        report = human(findings, colour)
        sys.stdout.write(report + ("\n" if report else ""))
        sys.stdout.write(summary(findings, totals.files, totals.templates))
    failing = {"error", "warning"} if args.strict else {"error"}
    return 1 if any(finding.severity in failing for finding in findings) else 0
