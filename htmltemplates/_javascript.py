"""Where in a <script> body a hole stands: a small JavaScript lexer, and the JS value escaper.

The lexer walks the static text of a script (values already interpolated count as one
expression each) and says whether its end is in code, where a value can be written as a
JavaScript literal, or inside a string, template literal, comment or regular expression, where
it cannot (yet). It follows ECMAScript's lexical grammar (section 12) as far as that needs: the
one real ambiguity, whether '/' starts a regular expression or divides, is decided by the token
before it; after a '}' that cannot be decided, and the lexer says so rather than guess.
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
    REGEX = "a regular expression"
    UNKNOWN = "after a '/' that could divide or start a regular expression"


# 12.2 white space and 12.3 line terminators
_SPACE = frozenset(" \t\n\r\v\f\xa0\ufeff\u2028\u2029")
_LINE_END = re.compile(r"[\n\r\u2028\u2029]")
_WORD = re.compile(r"[\w$\\]+")
# after these words an expression starts, so '/' begins a regular expression
_BEFORE_EXPRESSION = frozenset(
    "return typeof instanceof in of new delete void throw case do else yield await".split()
)


def js_state(source: str) -> JsState:
    """Where the end of ``source`` (the static text of a script so far) is."""
    i, n = 0, len(source)
    regex_ok: bool | None = True  # None: after '}', where '/' could be either
    braces: list[bool] = []  # open '{': True for a template literal's '${'
    while i < n:
        c = source[i]
        if c in _SPACE:
            i += 1
        elif source.startswith(("//", "<!--"), i) or (
            source.startswith("-->", i) and _at_line_start(source, i)
        ):
            # line comments, with Annex B's HTML-like comments (B.1.1)
            line_end = _LINE_END.search(source, i)
            if line_end is None:
                return JsState.COMMENT
            i = line_end.end()
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            if end < 0:
                return JsState.COMMENT
            i = end + 2
        elif c == "/":
            if i + 1 == n and regex_ok is not False:
                # the hole would start a regular expression (or might)
                return JsState.REGEX if regex_ok else JsState.UNKNOWN
            if regex_ok is None:
                return JsState.UNKNOWN
            if regex_ok:
                i = _skip_regex(source, i)
                if i < 0:
                    return JsState.REGEX
                regex_ok = False
            else:
                i += 1
                regex_ok = True
        elif c in "'\"":
            i = _skip_string(source, i)
            if i < 0:
                return JsState.STRING
            regex_ok = False
        elif c == "`":
            i = _skip_template(source, i + 1, braces)
            if i < 0:
                return JsState.TEMPLATE
            regex_ok = i > 0 and source[i - 1] != "`"  # '${' opens code, '`' ends a value
        elif c == "}" and braces and braces[-1]:
            braces.pop()
            i = _skip_template(source, i + 1, braces)
            if i < 0:
                return JsState.TEMPLATE
            regex_ok = source[i - 1] != "`"
        elif c == "{":
            braces.append(False)
            i += 1
            regex_ok = True
        elif c == "}":
            if braces:
                braces.pop()
            i += 1
            regex_ok = None  # a block ('/' starts a regex) or an object ('/' divides)
        elif c in ")]":
            i += 1
            regex_ok = False  # as Go's html/template: after ')' a '/' divides
        elif (word := _WORD.match(source, i)) is not None:
            i = word.end()
            regex_ok = word.group() in _BEFORE_EXPRESSION
        else:
            i += 1
            regex_ok = True  # a punctuator: an expression may follow
    return JsState.CODE


def _at_line_start(source: str, i: int) -> bool:
    before = source[:i]
    line = before[max(before.rfind("\n"), before.rfind("\r")) + 1 :]
    return not line.strip()


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


def _skip_regex(source: str, i: int) -> int:
    """The index after the regular expression literal starting at ``i``, or -1."""
    i += 1
    in_class = False
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
        elif c in "\n\r\u2028\u2029":
            return -1
        elif c == "[":
            in_class = True
            i += 1
        elif c == "]":
            in_class = False
            i += 1
        elif c == "/" and not in_class:
            flags = _WORD.match(source, i + 1)
            return flags.end() if flags else i + 1
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
