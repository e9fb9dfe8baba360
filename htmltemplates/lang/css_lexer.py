"""The CSS lexer: one walk over preprocessed CSS source that says where its end is.

:class:`_Blocks` keeps what the parser (CSS Syntax Level 3 section 5 and CSS Nesting) has open
after each token: the blocks, the item being read in the innermost one (a declaration, a rule's
prelude, an at-rule), the brackets and the declaration values met; and the position a hole at
the end of the source would have there. :class:`CssLexer` walks the source token by token with
the readers of :mod:`htmltemplates.lang.css_tokens` and tells :class:`_Blocks` what each token
does; it can stop before a hole and go on after it. :mod:`htmltemplates.lang.css` drives it
over the static strings of a template.
"""

from __future__ import annotations

import copy
import re
from typing import NamedTuple

from .._spec import ascii_lower
from ..runtime.css import CODE_PROPERTIES
from ..runtime.escapers import browser_url, is_css_property
from .css_tokens import (
    IDENT_RUN,
    NUMBER,
    WHITESPACE,
    CssPosition,
    CssState,
    CssTokens,
    End,
    Stop,
    skip_spaces,
    unknown,
)

__all__ = ["DECLARATION", "RULE", "UNSURE", "CssLexer"]

_PLAIN_CODE = re.compile(r"[^\s\"'/\\#@<\-+.0-9A-Za-z_\x80-\U0010ffff(){}\[\];:!]+")

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
_CONFUSED = "confused"  # unsure until ';': see _Blocks.confusion

# How a declaration's value ends (_Blocks._end_value).
DECLARATION = "declaration"
RULE = "rule"
UNSURE = "unsure"

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


def _url_function(name: str) -> bool:
    """Whether a string inside the function ``name`` is a URL: url(), src(), image(),
    image-set() and their prefixed forms (CSS Values 4 4.5, CSS Images 4 2.2, 2.4)."""
    return name in ("url", "src") or "image" in name or "cross-fade" in name


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


class _Blocks(CssTokens):
    """What the parser has open after each token, and the position of a hole there."""

    url_text: str  # the text of a url token open at the end of the source (CssLexer._ident_like)

    def __init__(self, source: str, declarations: bool) -> None:
        super().__init__(source)
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

    def _end_value(self, end: int, outcome: str) -> None:
        """Record how the value being read (if any) ended at ``end``: as a declaration's value
        (';', '}' or the end of the source), as a rule's selector (a '{' after a name, ':' and
        other tokens: CSS Syntax 5.5.4, "consume a declaration" fails and the text is read
        again as a qualified rule), or unsure (a '{}'-block in the value, or text the lexer
        stopped at)."""
        if self.value_start >= 0:
            self.values.append((self.value_start, end, outcome))
            self.value_start = -1

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
                raise unknown(f"after a '{c}' that closes nothing")
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
            raise unknown(f"after a '{c}' inside brackets")
        elif c == ";":
            self._end_value(i, DECLARATION)
            if self.block.kind != _UNKNOWN:
                self._start_item(_START)
        elif c == "{":
            self._open(i)
        else:
            block = self.block
            if block.outer is None:
                raise unknown("after a '}' that closes no block")
            self._end_value(i, DECLARATION)
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
            self._end_value(i, UNSURE)
        else:
            # a qualified rule; inside a declaration block, 'a:hover {' too: a declaration
            # whose value holds a {}-block and other tokens is read again as a rule
            block = _Block(_DECLARATIONS, _START, "")
            self._end_value(i, RULE)
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

    # -- positions --------------------------------------------------------------------------------

    def _at_end(self) -> CssPosition:
        """The position of a hole in code (not in a string, url token or comment)."""
        position = self._structure()
        if position is not None:
            return position
        if self.item == _VALUE:
            if self.bang:
                return CssPosition(CssState.IMPORTANT)
            if self.bracket is not None and self.bracket.name in ("url", "src"):
                return unknown("inside url() or src() outside its string").position
            if self.s.endswith("@"):
                return unknown("after '@', with which a value would make an at-keyword").position
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
            return unknown(self.confusion).position
        if self.item == _VALUE and self.loads_code:
            return unknown("in the value of behavior or -moz-binding, which load code").position
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


class CssLexer(_Blocks):
    """One walk over preprocessed CSS source; :meth:`run` gives the position at its end."""

    def run(self, i: int = 0) -> CssPosition:
        """The position at the end of the source, reading from ``i`` on."""
        try:
            position = self._walk(i)
        except End as end:
            self._end_value(self.n, DECLARATION)
            return end.position
        except Stop as stop:
            self._end_value(self.n, UNSURE)
            return stop.position
        self._end_value(self.n, DECLARATION)
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
            except Stop:
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

    def _walk(self, i: int) -> CssPosition:
        while i < self.n:
            i = self._step(i)
        return self._at_end()

    def _step(self, i: int) -> int:
        """Read the token at ``i`` (4.3.1) and what it does to the rules around it; the index
        after it. Raises End inside a comment, string or url token open at the end."""
        s, n = self.s, self.n
        c = s[i]
        if c in WHITESPACE:
            i = skip_spaces(s, i)
        elif s.startswith("/*", i):
            end = s.find("*/", i + 2)
            if end < 0:
                raise End(CssPosition(CssState.COMMENT))
            i = end + 2
        elif c in "\"'":
            text, i = self._string(i)
            if i < 0:
                raise End(self._in_string(text))
            self._token()
        elif c in "0123456789" or (c in "+-." and self._starts_number(i)):
            match = NUMBER.match(s, i)
            assert match is not None
            i = match.end()
            if self._starts_ident(i):
                _, i, _ = self._ident(i)  # a dimension's unit
            elif i < n and s[i] == "%":
                i += 1
            self._token()
        elif s.startswith("-->", i) or s.startswith("<!--", i):
            raise unknown("after '<!--' or '-->'")
        elif self._starts_ident(i):
            i = self._ident_like(i)
            if i < 0:
                raise End(self._in_url())
        elif c == "#":
            i += 1
            if i < n and (IDENT_RUN.match(s, i) or self._escape_at(i)):
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
            raise unknown("after a backslash that escapes nothing")
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
                raise unknown("after a function whose name is written with an escape")
            name = ascii_lower(name)
            i += 1
            if name == "url":
                j = skip_spaces(s, i)
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
