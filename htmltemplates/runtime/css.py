"""The escapers of values in CSS, at the positions the CSS lexer (lang/css.py) accepts:
:func:`css_value` (the style-dict filter), :func:`css_string` and :func:`css_url` (hex escapes,
CSS Syntax 4.3.7)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from string.templatelib import Template

from .._fastpaths import fast
from .._memory import Memory
from .._spec import UrlPart
from .escapers import (
    encode_fragment,
    encode_path,
    encode_query,
    escape_text,
    filter_css_value,
    filter_url,
    markup_to_text,
    plain_str,
)
from .text import html_source
from .values import MAX_DEPTH, async_value, int_text, is_async, remember, too_deep

__all__ = ["CODE_PROPERTIES", "NotCssError", "css_string", "css_text", "css_url", "css_value"]

# Properties whose value loads and runs code: IE's behavior (an HTC file), Firefox's old
# -moz-binding (an XBL binding). No hole in their value is judged safe, url() included.
CODE_PROPERTIES = frozenset({"behavior", "-ms-behavior", "-moz-binding"})


# -- values ---------------------------------------------------------------------------------------


class NotCssError(TypeError):
    """A value with no CSS text in its position (the renderer reports it as a RenderError)."""


# _scalar_text's shortcut: an exact str first (see _fastpaths.py: str, or no class when off)
_SCALAR_STR = fast("css-scalar-str", str)


def _scalar_text(value: object, where: str) -> str:
    """The text of a str, int or float (not bool), or of an ``__html__`` object's markup."""
    if value.__class__ is _SCALAR_STR:
        return value
    match value:
        case bool():
            raise NotCssError(f"a bool in {where}: booleans are conditions, not text")
        case _ if hasattr(type(value), "__html__"):
            return markup_to_text(html_source(value, None))
        case str():
            return plain_str(value)
        case int():
            return int_text(int(value), None)
        case float():
            return str(float(value))
    if is_async(value):
        async_value(value, None)
    raise NotCssError(f"{type(value).__name__} in {where}: interpolate a str or a number")


# Characters written as themselves: in a string, letters, digits, space and _.,%+- (no quote,
# backslash, newline, bracket, ';', ':', '/', '<', '>', '&', '!' or '@'); in a URL, also the
# URL characters that mean nothing to CSS, but no space. Other printable non-ASCII characters are
# ident code points, kept for readability.
_STRING_SPECIAL = re.compile(r"[^A-Za-z0-9 _.,%+\-]")
_URL_SPECIAL = re.compile(r"[^A-Za-z0-9_.,%+\-/:?#=~@!$*;]")


def _hex_escape(match: re.Match[str]) -> str:
    char = match.group()
    if char >= "\x80" and char.isprintable():
        return char
    code = ord(char)
    if code == 0 or 0xD800 <= code <= 0xDFFF:
        return "\\fffd "  # what CSS reads a NUL or a lone surrogate as, written so it encodes
    return f"\\{code:x} "  # the space ends the escape (4.3.7) and is not part of the text


def css_string(value: object) -> str:
    """The content of a CSS string ("..." or '...', no quotes added) that reads as ``value``:
    str, int and float (not bool), ``__html__`` objects as the text they show. Everything but
    letters, digits, space, ``_.,%+-`` and printable non-ASCII becomes a hex escape with its
    ending space (CSS Syntax 4.3.7), so it cannot end the string, the element or the attribute."""
    return _STRING_SPECIAL.sub(_hex_escape, _scalar_text(value, "a CSS string"))


_URL_ENCODERS = {
    UrlPart.PATH: encode_path,
    UrlPart.QUERY: encode_query,
    UrlPart.FRAGMENT: encode_fragment,
}


def css_url(value: object, part: UrlPart = UrlPart.START, *, trusted: bool = False) -> str:
    """``value`` in a url() or a URL string, quoted or not: at the START the scheme filter
    (http, https, mailto, tel or relative, else UNSAFE_URL; skipped when ``trusted``), later in
    the URL the encoding of ``part``; then hex escapes as :func:`css_string`, and a space
    escaped too, so the text has no space, quote, bracket or backslash that could end an
    unquoted url()."""
    text = _scalar_text(value, "a CSS url()")
    if part is not UrlPart.START:
        text = _URL_ENCODERS[part](text)
    elif not trusted:
        text = filter_url(text)
    return _URL_SPECIAL.sub(_hex_escape, text)


def css_text(value: object, depth: int = 0) -> str:
    """The plain text a value stands for in a CSS property value, before the filter.

    Strings and numbers as themselves; None and booleans as nothing (conditions, not values, as
    in text inside attribute values); ``__html__`` objects as the text they show; lists, tuples
    and other iterables as their items' texts joined by spaces, None and booleans dropped (a 0
    is a value: ``[0, "4px"]`` is "0 4px"). A template, a mapping or bytes raise NotCssError.
    The caller resolves lazy values (zero-argument functions) first.
    """
    cls = value.__class__
    if cls is str:
        return value  # type: ignore[return-value]
    if cls is float:
        return str(value)
    if cls is int:
        return int_text(value, None)  # type: ignore[arg-type]
    match value:
        case None | bool():
            return ""
        case _ if hasattr(type(value), "__html__") or isinstance(value, str | int | float):
            return _scalar_text(value, "a CSS value")
        case Template():
            raise NotCssError("a template in a CSS value: templates are HTML")
        case Mapping():
            raise NotCssError(f"a {type(value).__name__} in a CSS value")
        case bytes() | bytearray() | memoryview():
            raise NotCssError("bytes in a CSS value: decode them to a str first")
        case _ if is_async(value):
            async_value(value, None)
        case Iterable():
            if depth >= MAX_DEPTH:
                too_deep(value, None)
            texts = (
                css_text(item, depth + 1)
                for item in value
                if item is not None and item is not False
            )
            return " ".join(text for text in texts if text)
    return str(value)


def css_value(value: object) -> str:
    """``value`` in a property value: its :func:`css_text` if the style-dict filter accepts it
    (numbers, units, idents, #colours, value functions such as rgb()/calc()/var()), else
    UNSAFE_CSS. A value that starts with '*' or ends with '/' gets a space there, so it cannot
    make a comment with a '/' or '*' written around the hole."""
    text = filter_css_value(css_text(value))
    if text[:1] == "*":
        text = " " + text
    if text[-1:] == "/":
        text += " "
    return text


def css_value_text(value: str) -> str:
    """What part_text gives for an exact ``str`` where a CSS property value goes in a style
    attribute (``style="color: {c}"``): ``escape_text(css_value(value))``, remembered for
    short values (bounded), since pages repeat their colours and sizes."""
    text = CSS_VALUE_TEXTS.get(value)
    return (
        remember(_CSS_VALUE_MEMORY, value, escape_text(css_value(value))) if text is None else text
    )


_CSS_VALUE_MEMORY = Memory[str, str]("css-value-texts")
CSS_VALUE_TEXTS = _CSS_VALUE_MEMORY.entries
