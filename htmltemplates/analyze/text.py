"""The escaper of a hole in element content, a comment, a <script> or a <style> body, or the
refusal of its position.

The scanner says where a hole stands (its context, and for a script or style body the static
text around its holes); the walk of the analysis (analyze/walk.py) hands that here, hole by
hole in template order. What is decided here is only which escaper the position takes (and
which positions take none).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from .. import _messages as _msg
from .._spec import UrlPart
from ..errors import Location
from ..escaper import Escaper
from ..lang.css import CssPosition, CssState, css_holes
from ..lang.javascript import JsLexer, JsState
from ..lang.urls import refuse_reference_joins, url_parts
from ..scan.context import State

__all__ = [
    "JS_HOLE_STATES",
    "JavaScriptReading",
    "content_escaper",
    "css_escaper",
    "refuse_module_specifier",
    "script_escaper",
    "style_escapers",
]

# Where in JavaScript a value may go: an expression (a literal), or the text of a string or an
# untagged template literal. Not comments, regular expressions, tagged templates (the tag reads
# the raw text), right after a backslash or a '$'.
JS_HOLE_STATES = frozenset({JsState.CODE, JsState.STRING, JsState.TEMPLATE})


def content_escaper(state: State, foreign: bool) -> Escaper:
    """The escaper of a hole in element text (``foreign``: after an <svg>, <math> or
    <select> start tag not closed yet, where a template rendered is told so), RCDATA or a
    comment."""
    if state is State.TEXT:
        return Escaper.TEXT_FOREIGN if foreign else Escaper.TEXT
    if state is State.RCDATA:
        return Escaper.RCDATA
    return Escaper.COMMENT


class JavaScriptReading:
    """JavaScript read as it is scanned, hole by hole (a <script> body, an event handler): its
    text as written and as the browser may read it (character references decoded, as in an
    <svg> script or any attribute), each through a JsLexer, and where its last quote is (in
    the text as the browser reads an attribute, as written in a <script>). Each hole reads
    only the text that came since the one before, so a script with many holes is judged in
    time linear in its length."""

    __slots__ = ("_decoded", "_last_quote", "_pending", "_raw", "_text")

    def __init__(self) -> None:
        self._raw = JsLexer()
        self._decoded = JsLexer()
        self._text = ""  # the text read for the module specifier
        self._last_quote = -1  # the index of its last quote, -1 before the first
        self._pending: list[str] = []  # text as written since the last hole

    def feed(self, text: str, decoded: str | None = None) -> None:
        """Add ``text`` as written; ``decoded``, its reading with references decoded, where the
        caller decodes it (attribute values, part by part); else it is decoded at the next
        hole, with all the text since the last one."""
        if decoded is None:
            self._pending.append(text)
            return
        self._add(text, decoded, decoded)

    def _add(self, text: str, decoded: str, kept: str) -> None:
        self._raw.feed(text)
        self._decoded.feed(decoded)
        quote = max(map(kept.rfind, "'\"`"))
        if quote >= 0:
            self._last_quote = len(self._text) + quote
        body = self._text
        self._text = ""  # the only reference left: CPython extends it in place
        body += kept
        self._text = body

    def state(self) -> JsState:
        """Where the end of the text so far is: what both readings say where they agree, else
        UNKNOWN (a reference the browser leaves alone must not matter)."""
        if self._pending:
            text = "".join(self._pending)
            self._pending.clear()
            self._add(text, html.unescape(text), text)
        state = self._decoded.state()
        return state if state is self._raw.state() else JsState.UNKNOWN

    def after_module_keyword(self) -> bool:
        """Whether the string the text ends in is a module specifier: its quote (the last one)
        comes after ``import`` or ``from``, maybe with '(' (``import(``)."""
        return self._last_quote >= 0 and _after_module_keyword(self._text, self._last_quote)


def _after_module_keyword(text: str, quote: int) -> bool:
    """Whether ``text`` before ``quote`` ends with ``import`` or ``from`` (starting a word),
    then white space, maybe '(' and more white space (ECMAScript 16.2, ModuleSpecifier). Read
    back from the quote, so a hole costs what lies between the keyword and the quote."""
    i = quote
    while i and text[i - 1].isspace():
        i -= 1
    if i and text[i - 1] == "(":
        i -= 1
        while i and text[i - 1].isspace():
            i -= 1
    for keyword in ("import", "from"):
        start = i - len(keyword)
        if start >= 0 and text.startswith(keyword, start):
            return start == 0 or not (text[start - 1].isalnum() or text[start - 1] == "_")
    return False


def script_escaper(script: JavaScriptReading, before: str, kind: str, slot: int) -> Escaper:
    """The escaper of hole ``slot`` in a <script> of ``kind`` ("js", "json" or "importmap"),
    after ``script`` (``before``: its static text since the last hole): a literal where the
    JavaScript so far ends in code, text inside a string or template literal; refused
    anywhere else (comments, regular expressions, tagged templates, what the lexer cannot
    read)."""
    here = Location.at_hole(slot)
    # in <svg> a script's character references are decoded before it is read
    refuse_reference_joins([before, slot], "<script>")
    # in <svg> a script's entities are decoded first: both readings must agree
    state = script.state()
    if state not in JS_HOLE_STATES:
        raise _msg.script_value(state.value, here, known=state is not JsState.UNKNOWN)
    if state is JsState.STRING or state is JsState.TEMPLATE:
        refuse_module_specifier(script, here)
    if kind == "importmap" and state is not JsState.CODE:
        raise _msg.import_map_position(state.value, here)
    if state is not JsState.CODE:
        return Escaper.SCRIPT_STRING
    return Escaper.IMPORTMAP if kind == "importmap" else Escaper.SCRIPT_LITERAL


def refuse_module_specifier(script: JavaScriptReading, here: Location) -> None:
    """Refuse a hole in a string that is a module specifier: what ``import ... from``,
    ``export ... from``, ``import '...'`` and ``import(...)`` load, so the value would choose
    the code."""
    if script.after_module_keyword():
        raise _msg.module_specifier(here)


def style_escapers(parts: Sequence[str], slots: Sequence[int]) -> list[Escaper]:
    """The escaper of each hole (``slots``) of a <style> body, from where the CSS around it
    puts it, read as written and with character references decoded (as in <svg>): both
    readings must agree. ``parts`` is the static text around the holes."""
    written = css_holes(parts)
    decoded = css_holes([html.unescape(part) for part in parts])
    return [
        css_escaper(position if position == other else CssPosition(CssState.UNKNOWN, ""), slot)
        for slot, position, other in zip(slots, written, decoded, strict=True)
    ]


# How a value is escaped at each CSS position the lexer accepts (see runtime css_part)
_CSS_ESCAPERS = {
    CssState.VALUE: Escaper.CSS_VALUE,
    CssState.STRING: Escaper.CSS_STRING,
    CssState.URL: Escaper.CSS_URL,
    CssState.QUOTED_URL: Escaper.CSS_URL,
}
_CSS_URL_PARTS = {
    UrlPart.PATH: Escaper.CSS_URL_PATH,
    UrlPart.QUERY: Escaper.CSS_URL_QUERY,
    UrlPart.FRAGMENT: Escaper.CSS_URL_FRAGMENT,
}


def css_escaper(position: CssPosition, slot: int, where: str = "<style>") -> Escaper:
    """The escaper of the hole ``slot`` at ``position`` in CSS (in ``where``: "<style>" or
    "the style attribute"), or a TemplateSyntaxError for the positions no value may take."""
    state, detail = position
    if state in _CSS_ESCAPERS:
        return _CSS_ESCAPERS[state]
    if state in (CssState.URL_PART, CssState.QUOTED_URL_PART):
        # the URL so far is static text: the hole is a part of it, as in a URL attribute
        part = url_parts([detail, slot], "url()", decode=str)[slot]
        if part in _CSS_URL_PARTS:
            return _CSS_URL_PARTS[part]
        state, detail = CssState.UNKNOWN, "a URL whose scheme is not written yet"
    raise _msg.css(state.value, detail, where, Location.at_hole(slot))
