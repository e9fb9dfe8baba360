"""The escapers of values in JavaScript, where the JavaScript lexer (lang/javascript.py) puts
a hole: in code, a value is written as a JavaScript literal (js_value); inside a string or
template literal, as the literal's text (js_string)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from string.templatelib import Template

from .._fastpaths import fast
from ..errors import short_repr
from .text import html_source
from .values import MAX_DEPTH, async_value, big_int, is_async, too_deep

__all__ = ["NotJavaScriptError", "js_string", "js_value"]

# -- values ---------------------------------------------------------------------------------------

# Inside JSON strings, what could end the script element, open an HTML comment, end a CDATA
# section, or end a line of JavaScript (U+2028/9 are line terminators in older engines).
_JS_ESCAPES = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "'": "\\u0027",
    "`": "\\u0060",
    "$": "\\u0024",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}
_JS_SPECIAL = re.compile(f"[{''.join(_JS_ESCAPES)}]").search


def _js_escaped(text: str) -> str:
    """``text`` with each character of _JS_ESCAPES written as its escape. A replace() per
    character (none of them is in an escape, so their order does not matter) rather than a
    str.translate, which looks up every character: 3.4 µs rather than 17 for the JSON of the
    scripts workload's cart (1,400 characters); a text with none of them, as it is."""
    if _JS_SPECIAL(text) is None:
        return text
    for char, escape in _JS_ESCAPES.items():
        if char in text:
            text = text.replace(char, escape)
    return text


# json.dumps with these options builds an encoder at each call, and JSONEncoder.encode() a C
# encoder at each call: one, made once. No check for cycles (markers None): what it encodes is
# _plain's copy, a tree of at most MAX_DEPTH levels. Without the C encoder, the encoder's
# encode(); the same text.
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)
_C_ENCODE = (
    None
    if c_make_encoder is None
    else c_make_encoder(
        None, _ENCODER.default, encode_basestring, None, ": ", ", ", False, False, False
    )
)


def _json(data: object) -> str:
    """The JSON text of _plain's ``data``."""
    return _ENCODER.encode(data) if _C_ENCODE is None else "".join(_C_ENCODE(data, 0))


class NotJavaScriptError(TypeError):
    """A value with no JavaScript literal (the renderer reports it as a RenderError)."""


# The classes of values _plain keeps as they are
_KEPT = frozenset({str, type(None), bool, int})


def _plain(value: object, depth: int = 0) -> object:
    """JSON-ready data: str, numbers, bools, None, lists and str-keyed dicts (at most
    MAX_DEPTH levels deep)."""
    cls = value.__class__
    if cls is str or value is None or cls is bool or cls is int:  # the common values, first
        return value
    if cls is list or cls is dict:
        if depth >= MAX_DEPTH:
            too_deep(value, None)
        # the common values of items kept without a call (as the first test above keeps them)
        if cls is list:
            return [
                item if item.__class__ in _KEPT else _plain(item, depth + 1)
                for item in value  # type: ignore[attr-defined]
            ]
        plain = {}
        for key, item in value.items():  # type: ignore[attr-defined]
            if key.__class__ is not str:
                if not isinstance(key, str):
                    raise NotJavaScriptError(f"dict key {short_repr(key)} is not a str")
                key = str.__str__(str(key))  # noqa: PLW2901 - its text, as written
            plain[key] = item if item.__class__ in _KEPT else _plain(item, depth + 1)
        return plain
    match value:
        case int():
            return int(value)  # an IntEnum and the like: its number
        case float():
            if not math.isfinite(value):
                raise NotJavaScriptError(f"{value!r} is not a finite number")
            return float(value)
        case _ if hasattr(type(value), "__html__"):
            return str.__str__(html_source(value, None))
        case str():
            return str.__str__(str(value))
        case Template():
            raise NotJavaScriptError("a template is HTML, not data")
        case Mapping():
            if depth >= MAX_DEPTH:
                too_deep(value, None)
            plain = {}
            for key, item in value.items():
                if not isinstance(key, str):
                    raise NotJavaScriptError(f"dict key {short_repr(key)} is not a str")
                plain[str.__str__(str(key))] = _plain(item, depth + 1)
            return plain
        case list() | tuple():
            if depth >= MAX_DEPTH:
                too_deep(value, None)
            return [_plain(item, depth + 1) for item in value]
    if is_async(value):
        async_value(value, None)
    raise NotJavaScriptError(f"{type(value).__name__} is not JSON data")


def js_value(value: object) -> str:
    """``value`` as a JavaScript (and JSON) literal that cannot leave its <script>: strings,
    numbers, booleans, None (null), lists and dicts of them; surrounded by spaces so it cannot
    join the tokens around it."""
    data = _plain(value)
    try:
        text = _json(data)
    except ValueError:  # the only one the encoder can raise here: an int too long for text
        big_int(None)
    return f" {_js_escaped(text)} "


# js_string's shortcut: an exact str first (see _fastpaths.py: str, or no class when off)
_STRING_STR = fast("js-string-str", str)


def js_string(value: object) -> str:
    """``value`` as the text of a JavaScript string or template literal, without quotes: the
    same in "...", '...' and `...`. It holds no quote, backtick, '$', '<', '>', '&' or line
    terminator (JSON escapes, then \\uXXXX), and ends no escape unfinished, so it can neither
    end the literal nor the script element. str (a subclass by its str text), objects with
    __html__ (their HTML source, as text) and finite int and float (their str()) are accepted;
    anything else is almost always a mistake and raises NotJavaScriptError."""
    if value.__class__ is _STRING_STR:  # the common value, first: str has no __html__
        text = value
    elif hasattr(type(value), "__html__"):
        text = str.__str__(html_source(value, None))
    elif isinstance(value, str):
        text = str.__str__(value)
    elif isinstance(value, bool) or value is None:
        raise NotJavaScriptError(f"{value} is not text; write the text to show instead")
    elif isinstance(value, int):
        try:
            return int.__repr__(value)
        except ValueError:
            big_int(None)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise NotJavaScriptError(f"{value!r} is not a finite number")
        return float.__repr__(value)
    elif isinstance(value, Template):
        raise NotJavaScriptError("a template is HTML, not text")
    elif is_async(value):
        async_value(value, None)
    else:
        raise NotJavaScriptError(f"{type(value).__name__} is not text; convert it to str first")
    # JSON escapes '"' as '\\"' (and '\\' as '\\\\'), so each '\\"' is one escaped quote: as
    # \\u0022 the text holds no quote at all
    body = encode_basestring(text)[1:-1].replace('\\"', "\\u0022")
    return _js_escaped(body)
