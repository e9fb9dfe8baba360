"""Where in a <script> body a hole stands: a small JavaScript lexer, and the JS value escaper.

The lexer walks the static text of a script (values already interpolated count as one
expression each) and says whether its end is in code, where a value can be written as a
JavaScript literal, or inside a string, template literal or comment, where it cannot (yet). It
follows ECMAScript's lexical grammar (section 12) only as far as it can be sure: whether '/'
starts a regular expression or divides needs a parser, so after one (and after '-->', '#' or
non-ASCII code) it gives up, and the scanner refuses the holes that follow.
"""

from __future__ import annotations

import enum
import json
import math
import re
from collections.abc import Mapping
from string.templatelib import Template

__all__ = ["JsState", "js_state", "js_value"]


class JsState(enum.Enum):
    """Where the end of some JavaScript source is."""

    CODE = "code"
    STRING = "a string"
    TEMPLATE = "a template literal"
    COMMENT = "a comment"
    UNKNOWN = "after a '/', '#', '-->' or non-ASCII code, which the scanner does not judge,"


# 12.2 white space and 12.3 line terminators
_SPACE = frozenset(" \t\n\r\v\f\xa0\ufeff\u2028\u2029")
_LINE_END = re.compile(r"[\n\r\u2028\u2029]")


def js_state(source: str) -> JsState:
    """Where the end of ``source`` (the static text of a script so far) is.

    Deliberately conservative: after any '/' that does not open a comment (a division or a
    regular expression: telling them apart needs a parser, and a wrong guess misplaces every
    quote after it), after '-->', '<!--' or '#', and after non-ASCII code (identifiers and
    spaces this lexer does not classify), the state is UNKNOWN and no hole is accepted.
    """
    i, n = 0, len(source)
    braces: list[bool] = []  # open '{': True for a template literal's '${'
    while i < n:
        c = source[i]
        if c in _SPACE:
            i += 1
        elif source.startswith("//", i):
            line_end = _LINE_END.search(source, i)
            if line_end is None:
                return JsState.COMMENT
            i = line_end.end()
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            if end < 0:
                return JsState.COMMENT
            i = end + 2
        elif c in "/#" or not c.isascii() or source.startswith(("-->", "<!--"), i):
            return JsState.UNKNOWN
        elif c in "'\"":
            i = _skip_string(source, i)
            if i < 0:
                return JsState.STRING
        elif c == "`":
            i = _skip_template(source, i + 1, braces)
            if i < 0:
                return JsState.TEMPLATE
        elif c == "}" and braces and braces[-1]:
            braces.pop()
            i = _skip_template(source, i + 1, braces)
            if i < 0:
                return JsState.TEMPLATE
        elif c == "{":
            braces.append(False)
            i += 1
        else:
            if c == "}" and braces:
                braces.pop()
            i += 1
    return JsState.CODE


def _skip_string(source: str, i: int) -> int:
    """The index after the string literal starting at ``i``, or -1 if it does not end."""
    quote = source[i]
    i += 1
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
        elif c == quote:
            return i + 1
        elif c in "\n\r":
            return -1  # not valid JavaScript; treated as an unfinished string
        else:
            i += 1
    return -1


def _skip_template(source: str, i: int, braces: list[bool]) -> int:
    """From inside a template literal at ``i``: the index after its closing '`' or after a
    '${' (pushed on ``braces``), or -1 if neither comes."""
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
        elif c == "`":
            return i + 1
        elif source.startswith("${", i):
            braces.append(True)
            return i + 2
        else:
            i += 1
    return -1


# -- values ---------------------------------------------------------------------------------------

# Inside JSON strings, what could end the script element, open an HTML comment, end a CDATA
# section, or end a line of JavaScript (U+2028/9 are line terminators in older engines).
_JS_ESCAPES = str.maketrans(
    {
        "<": "\\u003c",
        ">": "\\u003e",
        "&": "\\u0026",
        "'": "\\u0027",
        "`": "\\u0060",
        "$": "\\u0024",
        "\u2028": "\\u2028",
        "\u2029": "\\u2029",
    }
)


class NotJavaScriptError(TypeError):
    """A value with no JavaScript literal (the renderer reports it as a RenderError)."""


def _plain(value: object) -> object:
    """JSON-ready data: str, numbers, bools, None, lists and str-keyed dicts."""
    if value is None or value.__class__ in (bool, int):
        return value
    match value:
        case int():
            return int(value)  # an IntEnum and the like: its number
        case float():
            if not math.isfinite(value):
                raise NotJavaScriptError(f"{value!r} is not a finite number")
            return float(value)
        case _ if hasattr(type(value), "__html__"):
            return str(value.__html__())  # type: ignore[attr-defined]
        case str():
            return str.__str__(str(value))
        case Template():
            raise NotJavaScriptError("a template is HTML, not data")
        case Mapping():
            plain = {}
            for key, item in value.items():
                if not isinstance(key, str):
                    raise NotJavaScriptError(f"dict key {key!r} is not a str")
                plain[str.__str__(str(key))] = _plain(item)
            return plain
        case list() | tuple():
            return [_plain(item) for item in value]
    raise NotJavaScriptError(f"{type(value).__name__} is not JSON data")


def js_value(value: object) -> str:
    """``value`` as a JavaScript (and JSON) literal that cannot leave its <script>: strings,
    numbers, booleans, None (null), lists and dicts of them; surrounded by spaces so it cannot
    join the tokens around it."""
    text = json.dumps(_plain(value), ensure_ascii=False, allow_nan=False)
    return f" {text.translate(_JS_ESCAPES)} "
