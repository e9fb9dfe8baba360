"""Where in CSS a hole stands: a small CSS lexer over the static text of a template.

The lexer walks the static text of a ``<style>`` body, or of a ``style`` attribute's value (a
declaration list), up to a hole, and says what the hole's value would be part of: a property
value, a string, a ``url()``, or something no value may change (a selector, a property name, an
at-rule's prelude, a comment). It tokenizes as CSS Syntax Level 3 section 4 does (escapes,
strings, ``url(`` tokens, numbers, comments), and follows the parser (section 5 and CSS Nesting)
only as far as it can be sure; where it cannot (an escape in a function's name, a bad string, an
unknown at-rule, unbalanced brackets, '<!--'...), the state is UNKNOWN and the scanner refuses the
hole. Soundness before coverage: a wrong guess here decides the escaping.

:func:`css_holes` is the entry point: it takes the static strings around the holes and gives
each hole's position, judged with all the text around it. Its parts: :func:`css_position` reads
the text before a hole, earlier holes written as :data:`PLACEHOLDERS` (what their escaped value
looks like to a tokenizer); :func:`css_after` judges the text right after a hole; and a VALUE
whose declaration the text after it turns into a rule's selector is refused.

The escapers of the values in these positions are in :mod:`htmltemplates.runtime.css`.
"""

from __future__ import annotations

import bisect
import copy
import enum
import re
from collections.abc import Sequence
from typing import NamedTuple

from .._spec import ascii_lower
from ..runtime.css import CODE_PROPERTIES
from ..runtime.escapers import browser_url, is_css_property

__all__ = [
    "PLACEHOLDERS",
    "CssPosition",
    "CssState",
    "css_after",
    "css_holes",
    "css_position",
    "css_state",
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


# What the caller writes into the source in place of an earlier hole, by that hole's state: what
# the escaped value looks like to a tokenizer. A filtered value is plain tokens (no quote,
# bracket, escape or comment); an escaped string or URL is name characters and complete hex
# escapes. Holes in other states are refused, so they have no placeholder.
PLACEHOLDERS = {
    CssState.VALUE: "0",
    CssState.STRING: "x",
    CssState.URL: "x",
    CssState.URL_PART: "x",
    CssState.QUOTED_URL: "x",
    CssState.QUOTED_URL_PART: "x",
}

# -- the lexer ------------------------------------------------------------------------------------

# 3.3 preprocessing: CR, FF and CR LF are newlines; NUL is U+FFFD
_PREPROCESS = str.maketrans({"\r": "\n", "\f": "\n", "\0": "\ufffd"})
# 4.2: ident code points (letters, digits, '_', '-', and every non-ASCII code point)
_IDENT_RUN = re.compile(r"[A-Za-z0-9_\-\x80-\U0010ffff]+")
_IDENT_START = re.compile(r"[A-Za-z_\x80-\U0010ffff]")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_HEX = re.compile(r"[0-9A-Fa-f]{1,6}")
_SPACES = re.compile(r"[ \t\n]*")
_STRING_RUN = {'"': re.compile(r'[^"\\\n]+'), "'": re.compile(r"[^'\\\n]+")}
_URL_RUN = re.compile(r"[^) \t\n\"'(\\\x00-\x08\x0b\x0e-\x1f\x7f]+")
_PLAIN_CODE = re.compile(r"[^\s\"'/\\#@<\-+.0-9A-Za-z_\x80-\U0010ffff(){}\[\];:!]+")
_WHITESPACE = " \t\n"

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

# Blocks: what a '{...}' holds (CSS Syntax 5.4.4 and CSS Nesting).
_RULES = "rules"  # qualified rules and at-rules: a stylesheet, @media at the top level
_DECLARATIONS = "declarations"  # declarations and nested rules: a style rule, @font-face
_UNKNOWN = "unknown"  # anything else: every hole inside is refused

# Items inside a block.
_START = "start"  # nothing yet (after '{', ';' or a nested rule)
_NAME = "name"  # one ident in a declaration block: a property name, or a selector's start
_PRELUDE = "prelude"  # a qualified rule's prelude (a selector)
_AT = "at-rule"  # an at-rule's prelude
_VALUE = "value"  # after 'property:' in a declaration block
_CONFUSED = "confused"  # unsure until ';': see _Lexer.confusion

# How a declaration's value ends (_Lexer._end_value).
_DECLARATION = "declaration"
_RULE = "rule"
_UNSURE = "unsure"

# Conditional group rules hold rules at the top level, and declarations when nested in a style
# rule (CSS Nesting 3.2). At-rules that hold declarations. Keyframes hold keyframe rules.
_GROUP_AT_RULES = frozenset(
    "media supports container layer scope starting-style document -moz-document".split()
)
_DECLARATION_AT_RULES = frozenset(
    """font-face page counter-style property font-palette-values position-try view-transition
    viewport top-left-corner top-left top-center top-right top-right-corner bottom-left-corner
    bottom-left bottom-center bottom-right bottom-right-corner left-top left-middle left-bottom
    right-top right-middle right-bottom""".split()
)
_KEYFRAMES = frozenset({"keyframes", "-webkit-keyframes", "-moz-keyframes", "-o-keyframes"})


def _skip_spaces(s: str, i: int) -> int:
    """The index after the whitespace at ``i``."""
    match = _SPACES.match(s, i)
    assert match is not None  # the pattern matches the empty string
    return match.end()


def _url_function(name: str) -> bool:
    """Whether a string inside the function ``name`` is a URL: url(), src(), image(),
    image-set() and their prefixed forms (CSS Values 4 4.5, CSS Images 4 2.2, 2.4)."""
    return name in ("url", "src") or "image" in name or "cross-fade" in name


class _Stop(Exception):  # noqa: N818 - control flow, not an error
    """Raised by the lexer when the position is settled before the end of the source."""

    def __init__(self, position: CssPosition) -> None:
        self.position = position


def _unknown(why: str) -> _Stop:
    return _Stop(CssPosition(CssState.UNKNOWN, why))


class _End(_Stop):
    """Raised by the lexer at the end of the source inside a comment, string or url token."""


# The open blocks and brackets are linked lists of immutable nodes, innermost first: the lexer
# saves its state before each token and copies it at each hole (see advance and probe), and a
# node is saved as one reference however deep the nesting (lists copied there made the compile
# of a long run of nested calc( quadratic).


class _Block(NamedTuple):
    kind: str
    after: str  # the state of the item that opened the block, once it closes
    why: str  # for an _UNKNOWN block: why its holes are refused
    outer: _Block | None = None  # the block around it


class _Bracket(NamedTuple):
    name: str  # the function's name for a function's '(', "" for a bare '(', "[" for '['
    outer: _Bracket | None  # the bracket around it
    url: bool  # whether it or one around it is a function that takes a URL (_url_function)


class _Lexer:
    """One walk over preprocessed CSS source; :meth:`run` gives the position at its end."""

    def __init__(self, source: str, declarations: bool) -> None:
        self.s = source
        self.n = len(source)
        base = _DECLARATIONS if declarations else _RULES
        self.block = _Block(base, _START, "")  # the innermost open block
        self.bracket: _Bracket | None = None  # the innermost open '(' or '['
        # each declaration value met: [start, end, how it ended] (see _end_value)
        self.values: list[tuple[int, int, str]] = []
        self.value_start = -1  # where the value being read starts, or -1
        self._start_item(_START)

    def _start_item(self, state: str) -> None:
        self.item = state
        self.name = ""  # _NAME: the ident
        self.plain_name = False  # _NAME: a property name without escapes
        self.custom = False  # _VALUE: of a custom property (--x)
        self.loads_code = False  # _VALUE: of a property in CODE_PROPERTIES
        self.filled = False  # _VALUE: a token other than whitespace seen
        self.bang = False  # _VALUE: a '!' seen
        self.at_name = ""  # _AT: the at-rule's name, lower-case ("" if escaped)
        # _CONFUSED: why the item is unsure
        self.confusion = "after a {}-block in a declaration's value"

    # -- tokens (CSS Syntax 4.3) ----------------------------------------------------------------

    def _escape_at(self, i: int) -> bool:
        """Whether ``s[i:]`` starts with a valid escape (4.3.8); a hole right after a '\\' is
        refused: its value would be the escaped character."""
        if i >= self.n or self.s[i] != "\\":
            return False
        if i + 1 == self.n:
            raise _unknown("after a backslash escape")
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
            raise _unknown("after a hex escape, which the value could continue")
        if s[j] in _WHITESPACE:
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
        return _NUMBER.match(self.s, i) is not None

    def _ident(self, i: int) -> tuple[str, int, bool]:
        """The ident sequence at ``i`` (4.3.11): its value, the index after it, and whether it
        was written with escapes."""
        parts = []
        escaped = False
        while i < self.n:
            match = _IDENT_RUN.match(self.s, i)
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
                raise _unknown("after a string that a line break ended")
            if c == "\\":
                if i + 1 == self.n:
                    raise _unknown("after a backslash escape")
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
            if c in _WHITESPACE:
                i = _skip_spaces(s, i)
                if i == self.n:
                    raise _unknown("after a space inside url(), where only ')' may follow")
                if s[i] != ")":
                    raise _unknown("after a bad url()")
                continue
            if c == "\\":
                if not self._escape_at(i):
                    raise _unknown("after a bad url()")
                char, i = self._escaped(i + 1)
                parts.append(char)
                continue
            match = _URL_RUN.match(s, i)
            if match is None:  # a quote, '(' or a non-printable code point
                raise _unknown("after a bad url()")
            parts.append(match.group())
            i = match.end()
        return "".join(parts), -1

    # -- the walk -------------------------------------------------------------------------------

    def run(self, i: int = 0) -> CssPosition:
        """The position at the end of the source, reading from ``i`` on."""
        try:
            position = self._walk(i)
        except _End as end:
            self._end_value(self.n, _DECLARATION)
            return end.position
        except _Stop as stop:
            self._end_value(self.n, _UNSURE)
            return stop.position
        self._end_value(self.n, _DECLARATION)
        return position

    def advance(self, i: int, bound: int) -> int:
        """Read the tokens from ``i`` on that end at ``bound`` or before; the index after the
        last one. A token is read again if it ends later or stops the lexer: near the end of
        the source it may not end where it would once more text follows (no token looks more
        than 2 code points past its end, so with 3 to spare it ends the same)."""
        while i < bound:
            saved = self._save()
            try:
                j = self._step(i)
            except _Stop:
                j = self.n + 1
            if j > bound:
                self._restore(saved)
                break
            i = j
        return i

    def probe(self, i: int) -> CssPosition:
        """The position at the end of the source, read from ``i`` on a copy of this lexer."""
        other = copy.copy(self)
        other.values = []
        return other.run(i)

    def _save(self) -> tuple[dict[str, object], int]:
        return self.__dict__.copy(), len(self.values)

    def _restore(self, saved: tuple[dict[str, object], int]) -> None:
        fields, count = saved
        self.__dict__.update(fields)
        del self.values[count:]

    def _end_value(self, end: int, outcome: str) -> None:
        """Record how the value being read (if any) ended at ``end``: as a declaration's value
        (';', '}' or the end of the source), as a rule's selector (a '{' after a name, ':' and
        other tokens: CSS Syntax 5.5.4, "consume a declaration" fails and the text is read
        again as a qualified rule), or unsure (a '{}'-block in the value, or text the lexer
        stopped at)."""
        if self.value_start >= 0:
            self.values.append((self.value_start, end, outcome))
            self.value_start = -1

    def _walk(self, i: int) -> CssPosition:
        while i < self.n:
            i = self._step(i)
        return self._at_end()

    def _step(self, i: int) -> int:
        """Read the token at ``i`` (4.3.1) and what it does to the rules around it; the index
        after it. Raises _End inside a comment, string or url token open at the end."""
        s, n = self.s, self.n
        c = s[i]
        if c in _WHITESPACE:
            i = _skip_spaces(s, i)
        elif s.startswith("/*", i):
            end = s.find("*/", i + 2)
            if end < 0:
                raise _End(CssPosition(CssState.COMMENT))
            i = end + 2
        elif c in "\"'":
            text, i = self._string(i)
            if i < 0:
                raise _End(self._in_string(text))
            self._token()
        elif c in "0123456789" or (c in "+-." and self._starts_number(i)):
            match = _NUMBER.match(s, i)
            assert match is not None
            i = match.end()
            if self._starts_ident(i):
                _, i, _ = self._ident(i)  # a dimension's unit
            elif i < n and s[i] == "%":
                i += 1
            self._token()
        elif s.startswith("-->", i) or s.startswith("<!--", i):
            raise _unknown("after '<!--' or '-->'")
        elif self._starts_ident(i):
            i = self._ident_like(i)
            if i < 0:
                raise _End(self._in_url())
        elif c == "#":
            i += 1
            if i < n and (_IDENT_RUN.match(s, i) or self._escape_at(i)):
                _, i, _ = self._ident(i)
            self._token()
        elif c == "@":
            if self._starts_ident(i + 1):
                name, i, escaped = self._ident(i + 1)
                self._at_keyword("" if escaped else ascii_lower(name))
            else:
                i += 1
                self._token()
        elif c == "\\":
            self._escape_at(i)  # at the end: refused; else a '\' before a newline
            raise _unknown("after a backslash that escapes nothing")
        elif c in "(){}[];:!":
            self._punctuation(c, i)
            i += 1
        else:
            match = _PLAIN_CODE.match(s, i)
            i = i + 1 if match is None else match.end()
            self._token()
        return i

    def _ident_like(self, i: int) -> int:
        """An ident, function or url token at ``i`` (4.3.4): the index after it, or -1 inside
        a url token still open at the end."""
        s = self.s
        name, i, escaped = self._ident(i)
        if i < self.n and s[i] == "(":
            if escaped:
                raise _unknown("after a function whose name is written with an escape")
            name = ascii_lower(name)
            i += 1
            if name == "url":
                j = _skip_spaces(s, i)
                if j == self.n or s[j] not in "\"'":
                    text, i = self._url(j)
                    if i < 0:
                        self.url_text = text
                        return -1
                    self._token()
                    return i
            self._token()
            self._open_bracket(name)
            return i
        if self.item == _START and self.block.kind == _DECLARATIONS:
            self.item = _NAME
            self.name = name
            self.plain_name = not escaped and is_css_property(name)
        else:
            self._token()
        return i

    def _token(self, *, bang: bool = False) -> None:
        """Any token but whitespace, comments and the ones with a meaning of their own."""
        if self.item in (_START, _NAME):
            self.item = _PRELUDE
        elif self.item == _VALUE:
            self.filled = True
            self.bang = self.bang or bang

    def _at_keyword(self, name: str) -> None:
        if self.item == _START:
            self.item = _AT
            self.at_name = name
        else:
            self._token()

    def _open_bracket(self, name: str) -> None:
        outer = self.bracket
        url = _url_function(name) or (outer is not None and outer.url)
        self.bracket = _Bracket(name, outer, url)

    def _punctuation(self, c: str, i: int) -> None:
        bracket = self.bracket
        if c in "([":
            self._token()
            self._open_bracket("" if c == "(" else "[")
        elif c in ")]":
            if bracket is None or (bracket.name == "[") != (c == "]"):
                raise _unknown(f"after a '{c}' that closes nothing")
            self.bracket = bracket.outer
        elif c == "!":
            self._token(bang=True)
        elif c == ":":
            if self.item == _NAME and self.plain_name:
                name = self.name
                self._start_item(_VALUE)
                self.custom = name.startswith("--")
                self.loads_code = ascii_lower(name) in CODE_PROPERTIES
                self.value_start = i + 1
            elif self.item == _NAME:
                # a declaration of a property written with escapes (col\6fr is color), or of
                # an unknown one; or a selector: either way unsure, strings and url() included
                self._start_item(_CONFUSED)
                self.confusion = "after a name written with an escape, or an unknown one, and ':'"
            else:
                self._token()
        elif bracket is not None:
            raise _unknown(f"after a '{c}' inside brackets")
        elif c == ";":
            self._end_value(i, _DECLARATION)
            if self.block.kind != _UNKNOWN:
                self._start_item(_START)
        elif c == "{":
            self._open(i)
        else:
            block = self.block
            if block.outer is None:
                raise _unknown("after a '}' that closes no block")
            self._end_value(i, _DECLARATION)
            self.block = block.outer
            self._start_item(block.after)

    def _open(self, i: int) -> None:
        """A '{' at ``i``: the block of a rule, or a block inside a declaration's value."""
        parent = self.block
        item = self.item
        if parent.kind == _UNKNOWN:
            block = _Block(_UNKNOWN, _START, parent.why)
        elif item == _AT:
            block = self._at_rule_block(parent.kind)
        elif item == _CONFUSED or (item == _VALUE and (self.custom or not self.filled)):
            # a custom property's value, or a whole value that is a block: tokens, not rules;
            # and if it is not a valid declaration the parser reads it again as a rule
            block = _Block(_UNKNOWN, _CONFUSED, "inside a {}-block in a declaration's value")
            self._end_value(i, _UNSURE)
        else:
            # a qualified rule; inside a declaration block, 'a:hover {' too: a declaration
            # whose value holds a {}-block and other tokens is read again as a rule
            block = _Block(_DECLARATIONS, _START, "")
            self._end_value(i, _RULE)
        self.block = block._replace(outer=parent)
        self._start_item(_START)

    def _at_rule_block(self, parent: str) -> _Block:
        name = self.at_name
        if name in _GROUP_AT_RULES:
            return _Block(parent, _START, "")
        if name in _DECLARATION_AT_RULES:
            return _Block(_DECLARATIONS, _START, "")
        if name in _KEYFRAMES:
            return _Block(_RULES, _START, "")
        shown = f"@{name}" if name else "an at-rule written with escapes"
        return _Block(_UNKNOWN, _START, f"inside {shown}, which the scanner does not know")

    # -- positions ------------------------------------------------------------------------------

    def _at_end(self) -> CssPosition:
        """The position of a hole in code (not in a string, url token or comment)."""
        position = self._structure()
        if position is not None:
            return position
        if self.item == _VALUE:
            if self.bang:
                return CssPosition(CssState.IMPORTANT)
            if self.bracket is not None and self.bracket.name in ("url", "src"):
                return _unknown("inside url() or src() outside its string").position
            if self.s.endswith("@"):
                return _unknown("after '@', with which a value would make an at-keyword").position
            return CssPosition(CssState.VALUE)
        if self.item == _PRELUDE or self.block.kind == _RULES:
            return CssPosition(CssState.SELECTOR)
        return CssPosition(CssState.PROPERTY)

    def _structure(self) -> CssPosition | None:
        """The position where the block or item refuses every hole, else None."""
        block = self.block
        if block.kind == _UNKNOWN:
            return CssPosition(CssState.UNKNOWN, block.why)
        if self.item == _AT:
            return CssPosition(CssState.AT_RULE, f"@{self.at_name}" if self.at_name else "")
        if self.item == _CONFUSED:
            return _unknown(self.confusion).position
        if self.item == _VALUE and self.loads_code:
            return _unknown("in the value of behavior or -moz-binding, which load code").position
        return None

    def _in_string(self, text: str) -> CssPosition:
        """The position of a hole inside a string whose value so far is ``text``."""
        position = self._structure()
        if position is not None:
            return position
        if self.item == _VALUE and self.bracket is not None and self.bracket.url:
            if browser_url(text):
                return CssPosition(CssState.QUOTED_URL_PART, text)
            return CssPosition(CssState.QUOTED_URL)
        return CssPosition(CssState.STRING)

    def _in_url(self) -> CssPosition:
        """The position of a hole inside an unquoted url token."""
        position = self._structure()
        if position is not None:
            return position
        if self.item != _VALUE:
            return self._at_end()
        text = self.url_text
        if browser_url(text):
            return CssPosition(CssState.URL_PART, text)
        return CssPosition(CssState.URL)


def css_position(source: str, *, declarations: bool = False) -> CssPosition:
    """Where the end of ``source`` is, with the detail of that position.

    ``source`` is the static text of a ``<style>`` body (``declarations=False``: a stylesheet)
    or of a ``style`` attribute's value as the browser reads it, character references decoded
    (``declarations=True``: a declaration list), up to a hole; earlier holes are written as
    their state's :data:`PLACEHOLDERS` entry. Only VALUE, STRING and the four URL states are
    positions a value can be escaped for; the others are refused.
    """
    text = _preprocess(source)
    return _junction(text) or _Lexer(text, declarations).run()


def _junction(text: str) -> CssPosition | None:
    """UNKNOWN if a value right after ``text`` could make HTML markup with it, whatever CSS
    says: after '<' (and '/', '!' or '?') and letters, a tag, an end tag or a comment (an HTML
    parser reads a <style> in <svg> as markup, and '</style' ends it anywhere); after '&' and
    name characters, a character reference (decoded in style attributes and in <svg>)."""
    if text.rstrip(_LETTERS + "-").endswith(("<", "</", "<!", "<?")):
        return CssPosition(CssState.UNKNOWN, "after '<', which a value could make a tag")
    if text.rstrip(_LETTERS + "0123456789#").endswith("&"):
        return CssPosition(
            CssState.UNKNOWN, "after '&', which a value could make a character reference"
        )
    return None


def _preprocess(text: str) -> str:
    """``text`` as CSS Syntax 3.3 preprocesses it."""
    return text.replace("\r\n", "\n").translate(_PREPROCESS)


def css_holes(strings: Sequence[str], *, declarations: bool = False) -> list[CssPosition]:
    """The position of each hole between the static ``strings`` of a ``<style>`` body or a
    ``style`` value (character references decoded), judged with all the text around it.

    For each hole, :func:`css_position` of the text before it (earlier holes written as
    their placeholders), then :func:`css_after` of the text after it (a refusal becomes
    UNKNOWN with the reason as detail); then, once the whole text is known, a VALUE whose
    declaration the text after it turns into a rule's selector (``b:{v} { c: d }``, as CSS
    Nesting reads it) becomes SELECTOR, and one whose declaration ends in a way the lexer
    does not judge becomes UNKNOWN. Only VALUE, STRING and the URL states are accepted.
    """
    if len(strings) < 2:
        return []
    positions: list[CssPosition] = []
    offsets: list[int] = []
    text = _preprocess(strings[0])
    # one lexer reads the text as it grows; at each hole a copy reads its last few tokens
    lexer = _Lexer(text, declarations)
    i = 0
    for part in strings[1:]:
        part = _preprocess(part)  # noqa: PLW2901 - each part alone: a hole splits no CR LF
        lexer.s, lexer.n = text, len(text)
        i = lexer.advance(i, len(text) - 3)
        position = _junction(text) or lexer.probe(i)
        why = css_after(position.state, part)
        if why is not None:
            position = CssPosition(CssState.UNKNOWN, why)
        positions.append(position)
        offsets.append(len(text))
        # text is referenced only here now, so CPython extends the str in place: the text of
        # a long stylesheet is not copied at each of its holes
        lexer.s = ""
        text += PLACEHOLDERS.get(position.state, "0") + part
    lexer.s, lexer.n = text, len(text)
    lexer.run(i)
    starts = [start for start, _, _ in lexer.values]  # the values, in order, end before the next
    for index, position in enumerate(positions):
        if position.state is not CssState.VALUE:
            continue
        offset = offsets[index]
        k = bisect.bisect_right(starts, offset) - 1
        start, end, outcome = lexer.values[k] if k >= 0 else (0, 0, _UNSURE)
        if not start <= offset < end:
            outcome = _UNSURE
        if outcome == _RULE:
            positions[index] = CssPosition(
                CssState.SELECTOR, "a declaration that the '{' after it makes a rule"
            )
        elif outcome == _UNSURE:
            positions[index] = CssPosition(
                CssState.UNKNOWN, "in a declaration that ends where the scanner cannot follow"
            )
    return positions


def css_state(source: str, *, declarations: bool = False) -> CssState:
    """Where the end of ``source`` is (see :func:`css_position`)."""
    return css_position(source, declarations=declarations).state


# A name (or an escape) then '(' right after a value: the value would choose a function's name
# (u + "rl(" is url( ), which the lexer, seeing the placeholder, would not know.
_JOINS_CALL = re.compile(r"[A-Za-z0-9_\-\x80-\U0010ffff]*[(\\]")
_URL_END = re.compile(r"[\"')\n]")


def css_after(state: CssState, after: str) -> str | None:
    """Why the static text ``after``, right after a hole in ``state``, would change what the
    hole's value means (a reason for the error message), or None when it cannot.

    A VALUE must not be followed by a name and '(' or by a backslash: the value would become
    part of a function's name or an escape. The start of a URL must not be followed by a ':'
    before its first '/', '?' or '#': the value could choose the scheme the filter judged
    without it (as ``href="{v}:x"``). ``after`` is as the browser reads it (decoded, for an
    attribute); for adjacent holes it is "" and the last hole of the run sees the text.
    """
    if state is CssState.VALUE:
        if _JOINS_CALL.match(after):
            return "a value followed by a name and '(' or by a backslash"
    elif state is CssState.URL or state is CssState.QUOTED_URL:
        end = _URL_END.search(after)
        rest = _decode_escapes(after if end is None else after[: end.start()])
        colon = rest.find(":")
        if colon >= 0 and not any(sep in rest[:colon] for sep in "/?#"):
            return "the start of a URL followed by ':', which could make the value its scheme"
    return None


_ESCAPE = re.compile(r"\\(?:([0-9A-Fa-f]{1,6})[ \t\n]?|(.))", re.DOTALL)


def _decode_escapes(text: str) -> str:
    """``text`` with CSS escapes decoded (4.3.7), for judging static URL text."""

    def decode(match: re.Match[str]) -> str:
        if match.group(2) is not None:
            return match.group(2)
        code = int(match.group(1), 16)
        return "\ufffd" if code == 0 or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF else chr(code)

    return _ESCAPE.sub(decode, text)
