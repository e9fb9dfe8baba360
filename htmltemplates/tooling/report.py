"""What the checker found, and the three ways it writes it out: for people, as JSON, and as
GitHub Actions workflow commands."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Literal

from ..errors import advice

__all__ = ["Finding", "Severity", "as_json", "github", "human", "summary"]

type Severity = Literal["error", "warning"]

# codes of the checker's own findings, which have no section in docs/errors.md
NO_DOCS = frozenset({"cannot-parse", "cannot-decode", "cannot-read"})
_RED, _YELLOW, _BOLD, _RESET = "\x1b[31m", "\x1b[33m", "\x1b[1m", "\x1b[0m"


@dataclass(frozen=True, slots=True)
class Finding:
    """One fault at ``path:line:col`` (both counted from 1), up to ``end_line:end_col`` (the
    column just after its last character; 0 when it has no extent: the same place). ``code``
    is the anchor of its section in docs/errors.md; ``excerpt`` the lines html() shows (the
    template rebuilt with carets under the fault), without their indent."""

    path: str
    line: int
    col: int
    severity: Severity
    code: str
    headline: str
    fix: str
    excerpt: str
    end_line: int = 0
    end_col: int = 0

    def end(self) -> tuple[int, int]:
        """Where the fault ends: ``(end_line, end_col)``, or one character after the start."""
        if self.end_line:
            return self.end_line, self.end_col
        return self.line, self.col + 1

    def advice(self) -> str:
        """The fix as html() words it: with the section of docs/errors.md that explains it,
        and the command that prints that section."""
        if self.code in NO_DOCS:
            return self.fix
        return advice(self.fix, self.code)


def human(findings: Sequence[Finding], colour: bool = False) -> str:
    """Each finding as ``path:line:col: severity: headline``, then the excerpt and the fix,
    as html()'s message shows them; a blank line between findings."""
    blocks = []
    for finding in findings:
        where = f"{finding.path}:{finding.line}:{finding.col}:"
        severity: str = finding.severity
        if colour:
            tint = _RED if severity == "error" else _YELLOW
            where, severity = f"{_BOLD}{where}{_RESET}", f"{tint}{severity}{_RESET}"
        lines = [f"{where} {severity}: {finding.headline}"]
        if finding.excerpt:
            lines += ["", *(f"    {line}" for line in finding.excerpt.split("\n"))]
        if finding.advice():
            lines += ["", finding.advice()]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


def summary(findings: Sequence[Finding], files: int, templates: int) -> str:
    """The last line of the human output: what was read, and what was found."""
    read = f"{_count(files, 'file')}, {_count(templates, 'HTML template')} checked"
    errors = sum(finding.severity == "error" for finding in findings)
    warnings = len(findings) - errors
    if not findings:
        return f"{read}: no problems found.\n"
    return f"{read}: {_count(errors, 'error')}, {_count(warnings, 'warning')}.\n"


def as_json(findings: Sequence[Finding]) -> str:
    """A JSON list of objects: path, line, col, severity, code, headline, fix, excerpt,
    end_line, end_col (where the fault ends)."""
    rows = []
    for finding in findings:
        row = asdict(finding)
        row["end_line"], row["end_col"] = finding.end()
        rows.append(row)
    return json.dumps(rows, indent=2) + "\n"


def github(findings: Sequence[Finding]) -> str:
    """One workflow command per finding (GitHub Actions: "Workflow commands", setting an
    error or warning message), shown on the line of the file in a pull request."""
    lines = []
    for finding in findings:
        properties = ",".join(
            f"{key}={_property(str(value))}"
            for key, value in (
                ("file", finding.path),
                ("line", finding.line),
                ("col", finding.col),
                ("title", finding.headline),
            )
        )
        message = "\n".join(part for part in (finding.excerpt, finding.advice()) if part)
        lines.append(f"::{finding.severity} {properties}::{_data(message)}")
    return "".join(line + "\n" for line in lines)


def _data(text: str) -> str:
    # the escapes of the runner (actions/toolkit, command.ts: escapeData)
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    # the escapes of a property value (actions/toolkit, command.ts: escapeProperty)
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
