"""Maps a place in a template (an ``errors.Location``) back to the line and column of the
t-string literal's source that wrote it."""

from __future__ import annotations

import ast
import bisect
import re
import unicodedata
from string.templatelib import Template

from ..errors import Location

__all__ = ["SourceText", "location_position", "location_span", "template_offset"]

# the prefix and opening quote of one piece of a literal (pieces are concatenated implicitly)
_OPENING = re.compile(r"[A-Za-z]*(\"\"\"|'''|\"|')")
_SIMPLE_ESCAPES = {
    "\\": "\\",
    "'": "'",
    '"': '"',
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
}
_HEX_DIGITS = {"x": 2, "u": 4, "U": 8}
_OCTAL = re.compile(r"[0-7]{1,3}")
_NAMED = re.compile(r"N\{([^}]*)\}")


class SourceText:
    """The text of one Python source (a file, or a code block of a Markdown file that starts
    ``first_line - 1`` lines into it, indented by ``indent``), split into lines as the parser
    counts them: only ``\\n`` ends a line (the file was read with universal newlines)."""

    __slots__ = ("first_line", "indent", "lines", "text")

    def __init__(self, text: str, first_line: int = 1, indent: int = 0) -> None:
        self.text = text
        self.lines = text.split("\n")
        self.first_line = first_line
        self.indent = indent

    def column(self, line: int, byte_offset: int) -> int:
        """The character column of an ast ``col_offset``, which counts UTF-8 bytes."""
        text = self.lines[line - 1]
        if text.isascii():
            return byte_offset
        return len(text.encode()[:byte_offset].decode(errors="replace"))

    def file_position(self, line: int, column: int) -> tuple[int, int]:
        """``(line, column)`` in the file, both counted from 1, of a 1-based line and a
        0-based column of this source."""
        return line + self.first_line - 1, column + self.indent + 1

    def segment(self, node: ast.expr) -> tuple[str, int, int]:
        """The source text of ``node``, and the line and column it starts at."""
        assert node.end_lineno is not None
        assert node.end_col_offset is not None
        line, column = node.lineno, self.column(node.lineno, node.col_offset)
        end_column = self.column(node.end_lineno, node.end_col_offset)
        if line == node.end_lineno:
            return self.lines[line - 1][column:end_column], line, column
        rows = [self.lines[line - 1][column:], *self.lines[line : node.end_lineno - 1]]
        rows.append(self.lines[node.end_lineno - 1][:end_column])
        return "\n".join(rows), line, column


def location_position(
    source: SourceText, node: ast.TemplateStr, template: Template, location: Location | None
) -> tuple[int, int, bool]:
    """The 1-based line and 0-based column in ``source`` of ``location`` in the template of
    the literal ``node``, and whether it is exact. A hole is where its ``{`` is; static text
    is found by reading the literal's source again as the parser does (escapes, ``{{``, raw
    and triple-quoted pieces, pieces concatenated implicitly). Where that reading does not
    give the template's strings back (a ``{x=}`` field, whose text the parser moves into the
    strings), the position is the literal's start, marked not exact."""
    start = node.lineno, source.column(node.lineno, node.col_offset)
    if location is None:
        return (*start, True)
    holes = [value for value in node.values if isinstance(value, ast.Interpolation)]
    if location.slot is not None:
        hole = holes[location.slot]
        return hole.lineno, source.column(hole.lineno, hole.col_offset), True
    segment, line, column = source.segment(node)
    spans = [_span(source, segment, line, column, hole) for hole in holes]
    indices = _static_indices(segment, spans, template.strings)
    if indices is None or location.string >= len(indices):
        return (*start, False)
    chars = indices[location.string]
    index = chars[min(location.offset, len(chars) - 1)]
    row = line + segment.count("\n", 0, index)
    row_start = segment.rfind("\n", 0, index) + 1
    return row, index - row_start + (column if row == line else 0), True


def location_span(
    source: SourceText, node: ast.TemplateStr, template: Template, location: Location | None
) -> tuple[int, int, int, int]:
    """Where ``location`` starts and ends in ``source``: 1-based lines and 0-based columns, the
    end just after its last character. A hole spans its field, ``{`` to ``}``; static text its
    ``width`` characters; no location, or one found only roughly, the literal's first character."""
    line, column, exact = location_position(source, node, template, location)
    if location is not None and location.slot is not None:
        hole = [value for value in node.values if isinstance(value, ast.Interpolation)][
            location.slot
        ]
        end_line = hole.end_lineno or hole.lineno
        return line, column, end_line, source.column(end_line, hole.end_col_offset or 0)
    if location is None or not exact or location.width <= 0:
        return line, column, line, column + 1
    after = Location(string=location.string, offset=location.offset + location.width, width=0)
    end_line, end_column, end_exact = location_position(source, node, template, after)
    if not end_exact or (end_line, end_column) <= (line, column):
        return line, column, line, column + 1
    return line, column, end_line, end_column


def template_offset(
    source: SourceText, node: ast.TemplateStr, template: Template, line: int, column: int
) -> tuple[int, int] | None:
    """The static string of the literal ``node`` and the offset in it that the source writes
    at ``line`` (1-based) and ``column`` (0-based), the inverse of location_position: a place
    inside an escape is its character's, a place in a field or after the closing quote is
    None, as is a literal whose strings the source does not give back."""
    segment, first_line, first_column = source.segment(node)
    holes = [value for value in node.values if isinstance(value, ast.Interpolation)]
    spans = [_span(source, segment, first_line, first_column, hole) for hole in holes]
    indices = _static_indices(segment, spans, template.strings)
    if indices is None or not first_line <= line < first_line + segment.count("\n") + 1:
        return None
    at = _index(segment, first_line, first_column, line, column)
    for string, chars in enumerate(indices):
        if chars[0] <= at <= chars[-1]:
            return string, bisect.bisect_right(chars, at) - 1
    return None


def _span(
    source: SourceText, segment: str, line: int, column: int, hole: ast.expr
) -> tuple[int, int]:
    """Where the field of ``hole`` starts and ends in ``segment``."""
    return (
        _index(segment, line, column, hole.lineno, source.column(hole.lineno, hole.col_offset)),
        _index(
            segment,
            line,
            column,
            hole.end_lineno or hole.lineno,
            source.column(hole.end_lineno or hole.lineno, hole.end_col_offset or 0),
        ),
    )


def _index(segment: str, line: int, column: int, row: int, col: int) -> int:
    if row == line:
        return col - column
    at = -1
    for _ in range(row - line):
        at = segment.index("\n", at + 1)
    return at + 1 + col


def _static_indices(
    segment: str, spans: list[tuple[int, int]], strings: tuple[str, ...]
) -> list[list[int]] | None:
    """For each static string of the literal, the index in ``segment`` of the source of each
    of its characters, and one more for where it ends; None when the text so read is not the
    template's. Long because it is one reader of Python's string literal syntax (the Python
    Language Reference, 2.4.1 "String and Bytes literals", and 2.4.3 for the fields)."""
    found: list[list[int]] = [[]]
    texts: list[list[str]] = [[]]
    field = end = 0
    i, size = 0, len(segment)
    try:
        while i < size:
            if segment[i] in " \t\f\r\n\\":  # between pieces
                i += 1
                continue
            if segment[i] == "#":  # a comment between pieces, to the end of its line
                newline = segment.find("\n", i)
                i = size if newline == -1 else newline
                continue
            opening = _OPENING.match(segment, i)
            if opening is None:
                return None
            raw = "r" in opening.group().lower()
            quote = opening.group(1)
            i = opening.end()
            while not segment.startswith(quote, i):
                char = segment[i]
                if char == "{" and segment[i + 1] != "{":
                    found[-1].append(i)
                    if spans[field][0] != i:
                        return None
                    i = spans[field][1]
                    field += 1
                    found.append([])
                    texts.append([])
                    continue
                if char in "{}":  # {{ or }}
                    found[-1].append(i)
                    texts[-1].append(char)
                    i += 2
                elif char == "\\" and not raw:
                    decoded, after = _escape(segment, i)
                    for one in decoded:
                        found[-1].append(i)
                        texts[-1].append(one)
                    i = after
                elif char == "\\" and segment[i + 1] in (quote[0], "\\"):  # raw: both kept
                    found[-1] += [i, i + 1]
                    texts[-1] += [char, segment[i + 1]]
                    i += 2
                else:
                    found[-1].append(i)
                    texts[-1].append(char)
                    i += 1
            end = i
            i += len(quote)
    except IndexError, KeyError, ValueError:
        return None
    found[-1].append(end)  # the last string ends at the closing quote
    if tuple("".join(text) for text in texts) != strings:
        return None
    return found


def _escape(segment: str, i: int) -> tuple[str, int]:
    """What the escape sequence at ``segment[i]`` (a backslash) decodes to, and where the text
    after it starts."""
    letter = segment[i + 1]
    if letter == "\n":  # a continued line: nothing
        return "", i + 2
    if letter in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[letter], i + 2
    if letter in _HEX_DIGITS:
        digits = _HEX_DIGITS[letter]
        return chr(int(segment[i + 2 : i + 2 + digits], 16)), i + 2 + digits
    octal = _OCTAL.match(segment, i + 1)
    if octal is not None:
        return chr(int(octal.group(), 8)), octal.end()
    named = _NAMED.match(segment, i + 1)
    if named is not None:
        return unicodedata.lookup(named.group(1)), named.end()
    return "\\", i + 1  # not an escape: the backslash stays, the next character is read as text
