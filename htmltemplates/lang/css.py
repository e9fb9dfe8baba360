"""Where in CSS a hole stands: the CSS lexer run over the static strings around the holes.

The lexer (:mod:`htmltemplates.lang.css_lexer`, on the token readers of
:mod:`htmltemplates.lang.css_tokens`) walks the static text of a ``<style>`` body, or of a
``style`` attribute's value (a declaration list), up to a hole, and says what the hole's value
would be part of: a property value, a string, a ``url()``, or something no value may change (a
selector, a property name, an at-rule's prelude, a comment). It tokenizes as CSS Syntax Level 3
section 4 does (escapes, strings, ``url(`` tokens, numbers, comments), and follows the parser
(section 5 and CSS Nesting) only as far as it can be sure; where it cannot (an escape in a
function's name, a bad string, an unknown at-rule, unbalanced brackets, '<!--'...), the state is
UNKNOWN and the scanner refuses the hole. Soundness before coverage: a wrong guess here decides
the escaping.

:func:`css_holes` is the entry point: it takes the static strings around the holes and gives
each hole's position, judged with all the text around it. Its parts: :func:`css_position` reads
the text before a hole, earlier holes written as :data:`PLACEHOLDERS` (what their escaped value
looks like to a tokenizer); :func:`css_after` judges the text right after a hole; and a VALUE
whose declaration the text after it turns into a rule's selector is refused.

The escapers of the values in these positions are in :mod:`htmltemplates.runtime.css`.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from .css_lexer import RULE, UNSURE, CssLexer
from .css_tokens import CssPosition, CssState

__all__ = [
    "PLACEHOLDERS",
    "CssPosition",
    "CssState",
    "css_after",
    "css_holes",
    "css_position",
    "css_state",
]

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


# 3.3 preprocessing: CR, FF and CR LF are newlines; NUL is U+FFFD
_PREPROCESS = str.maketrans({"\r": "\n", "\f": "\n", "\0": "\ufffd"})

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def css_position(source: str, *, declarations: bool = False) -> CssPosition:
    """Where the end of ``source`` is, with the detail of that position.

    ``source`` is the static text of a ``<style>`` body (``declarations=False``: a stylesheet)
    or of a ``style`` attribute's value as the browser reads it, character references decoded
    (``declarations=True``: a declaration list), up to a hole; earlier holes are written as
    their state's :data:`PLACEHOLDERS` entry. Only VALUE, STRING and the four URL states are
    positions a value can be escaped for; the others are refused.
    """
    text = _preprocess(source)
    return _junction(text) or CssLexer(text, declarations).run()


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
    lexer = CssLexer(text, declarations)
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
        start, end, outcome = lexer.values[k] if k >= 0 else (0, 0, UNSURE)
        if not start <= offset < end:
            outcome = UNSURE
        if outcome == RULE:
            positions[index] = CssPosition(
                CssState.SELECTOR, "a declaration that the '{' after it makes a rule"
            )
        elif outcome == UNSURE:
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
