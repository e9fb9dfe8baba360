"""The lower half of the CSS lexer: the positions it reports and the token readers of CSS Syntax.

:class:`CssState` and :class:`CssPosition` say where the end of some CSS source is. The
readers of :class:`CssTokens` (CSS Syntax Level 3 section 4.3: escapes, idents, numbers,
strings, url tokens) each read at an index of the source and give what they read and the index
after it; where a hole's value could change the token, they stop the lexer with the position
UNKNOWN and the reason (:func:`unknown`). :mod:`htmltemplates.lang.css_lexer` builds on them.
"""

from __future__ import annotations

import enum
import re
from typing import NamedTuple

__all__ = [
    "IDENT_RUN",
    "NUMBER",
    "WHITESPACE",
    "CssPosition",
    "CssState",
    "CssTokens",
    "End",
    "Stop",
    "skip_spaces",
    "unknown",
]


class CssState(enum.Enum):
    """Where the end of some CSS source is; the value reads after "interpolation inside"."""

    VALUE = "a property value"
    STRING = "a string"
    URL = "the start of a url()"
    URL_PART = "a url() after its start"
    QUOTED_URL = "the start of a quoted URL"
    QUOTED_URL_PART = "a quoted URL after its start"
    COMMENT = "a comment"
    SELECTOR = "a selector"
    PROPERTY = "a property name"
    AT_RULE = "the prelude of an at-rule"
    IMPORTANT = "the priority of a declaration (after '!')"
    UNKNOWN = "CSS that the scanner does not judge"


class CssPosition(NamedTuple):
    """A :class:`CssState` and its detail: for the URL_PART states, the URL text written so far
    (CSS escapes decoded); for AT_RULE, the at-rule ("@import"); for UNKNOWN, why ("after a
    backslash escape"); else ""."""

    state: CssState
    detail: str = ""


# 4.2: ident code points (letters, digits, '_', '-', and every non-ASCII code point)
IDENT_RUN = re.compile(r"[A-Za-z0-9_\-\x80-\U0010ffff]+")
_IDENT_START = re.compile(r"[A-Za-z_\x80-\U0010ffff]")
NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_HEX = re.compile(r"[0-9A-Fa-f]{1,6}")
_SPACES = re.compile(r"[ \t\n]*")
_STRING_RUN = {'"': re.compile(r'[^"\\\n]+'), "'": re.compile(r"[^'\\\n]+")}
_URL_RUN = re.compile(r"[^) \t\n\"'(\\\x00-\x08\x0b\x0e-\x1f\x7f]+")
WHITESPACE = " \t\n"


def skip_spaces(s: str, i: int) -> int:
    """The index after the whitespace at ``i``."""
    match = _SPACES.match(s, i)
    assert match is not None  # the pattern matches the empty string
    return match.end()


class Stop(Exception):  # noqa: N818 - control flow, not an error
    """Raised by the lexer when the position is settled before the end of the source."""

    def __init__(self, position: CssPosition) -> None:
        self.position = position


def unknown(why: str) -> Stop:
    return Stop(CssPosition(CssState.UNKNOWN, why))


class End(Stop):
    """Raised by the lexer at the end of the source inside a comment, string or url token."""


class CssTokens:
    """The token readers over the source ``s`` (``n`` code points, preprocessed)."""

    def __init__(self, source: str) -> None:
        self.s = source
        self.n = len(source)

    def _escape_at(self, i: int) -> bool:
        """Whether ``s[i:]`` starts with a valid escape (4.3.8); a hole right after a '\\' is
        refused: its value would be the escaped character."""
        if i >= self.n or self.s[i] != "\\":
            return False
        if i + 1 == self.n:
            raise unknown("after a backslash escape")
        return self.s[i + 1] != "\n"

    def _escaped(self, i: int) -> tuple[str, int]:
        """The code point of the escape whose backslash is just before ``i``, and the index
        after it (4.3.7)."""
        s = self.s
        match = _HEX.match(s, i)
        if match is None:
            return s[i], i + 1
        j = match.end()
        if j == self.n:
            raise unknown("after a hex escape, which the value could continue")
        if s[j] in WHITESPACE:
            j += 1
        code = int(match.group(), 16)
        if code == 0 or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
            return "\ufffd", j
        return chr(code), j

    def _starts_ident(self, i: int) -> bool:
        """Whether ``s[i:]`` starts an ident sequence (4.3.9)."""
        s = self.s
        if i >= self.n:
            return False
        if s[i] == "-":
            return (
                i + 1 < self.n and (s[i + 1] == "-" or _IDENT_START.match(s, i + 1) is not None)
            ) or self._escape_at(i + 1)
        return _IDENT_START.match(s, i) is not None or self._escape_at(i)

    def _starts_number(self, i: int) -> bool:
        """Whether ``s[i:]`` starts a number (4.3.10)."""
        return NUMBER.match(self.s, i) is not None

    def _ident(self, i: int) -> tuple[str, int, bool]:
        """The ident sequence at ``i`` (4.3.11): its value, the index after it, and whether it
        was written with escapes."""
        parts = []
        escaped = False
        while i < self.n:
            match = IDENT_RUN.match(self.s, i)
            if match is not None:
                parts.append(match.group())
                i = match.end()
            elif self._escape_at(i):
                char, i = self._escaped(i + 1)
                parts.append(char)
                escaped = True
            else:
                break
        return "".join(parts), i, escaped

    def _string(self, i: int) -> tuple[str, int]:
        """The string token whose quote is at ``i`` (4.3.5): its value and the index after
        it, or -1 if it is still open at the end of the source."""
        s = self.s
        quote = s[i]
        run = _STRING_RUN[quote]
        parts: list[str] = []
        i += 1
        while i < self.n:
            c = s[i]
            if c == quote:
                return "".join(parts), i + 1
            if c == "\n":
                raise unknown("after a string that a line break ended")
            if c == "\\":
                if i + 1 == self.n:
                    raise unknown("after a backslash escape")
                if s[i + 1] == "\n":
                    i += 2  # an escaped newline continues the string
                    continue
                char, i = self._escaped(i + 1)
                parts.append(char)
                continue
            match = run.match(s, i)
            assert match is not None
            parts.append(match.group())
            i = match.end()
        return "".join(parts), -1

    def _url(self, i: int) -> tuple[str, int]:
        """The url token whose text starts at ``i``, after 'url(' and its spaces (4.3.6): its
        value and the index after it, or -1 if it is still open at the end of the source."""
        s = self.s
        parts: list[str] = []
        while i < self.n:
            c = s[i]
            if c == ")":
                return "".join(parts), i + 1
            if c in WHITESPACE:
                i = skip_spaces(s, i)
                if i == self.n:
                    raise unknown("after a space inside url(), where only ')' may follow")
                if s[i] != ")":
                    raise unknown("after a bad url()")
                continue
            if c == "\\":
                if not self._escape_at(i):
                    raise unknown("after a bad url()")
                char, i = self._escaped(i + 1)
                parts.append(char)
                continue
            match = _URL_RUN.match(s, i)
            if match is None:  # a quote, '(' or a non-printable code point
                raise unknown("after a bad url()")
            parts.append(match.group())
            i = match.end()
        return "".join(parts), -1
