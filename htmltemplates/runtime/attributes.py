"""The value rules of attribute values: each value as the escaped text it stands for in an
attribute, by where its hole stands (plain text, a URL, a srcset, a style, an event handler or
another attribute a script reads), and the choice of rule for a whole value and for a part.

Values a script reads as JavaScript or JSON are written by runtime/scripted.py; the attributes
are written out, in place or merged into their tag, by runtime/tags.py.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from string.templatelib import Template
from typing import Literal

from markupsafe import Markup

from .. import _messages as _msg
from .._fastpaths import fast
from .._memory import Memory, NestedMemory
from .._spec import SCRIPT_KINDS, AttrKind, UrlPart, ascii_lower
from ..escaper import CSS_ESCAPERS, URL_PIECES, Escaper, Escaping
from .css import CODE_PROPERTIES, NotCssError, css_string, css_text, css_url, css_value
from .escapers import (
    SAFE_URL_STARTS,
    UNSAFE_CSS,
    encode_fragment,
    encode_path,
    encode_query,
    escape_text,
    filter_css_value,
    filter_url,
    is_css_property,
    markup_to_text,
    plain_str,
)
from .scripted import alpine_data, filter_part, js_part, js_string_part, json_value, trusted_html
from .srcset import (
    DESCRIPTOR,
    SRCSET_SPECIAL,
    parse_srcset,
    plain_candidates,
    plain_srcset,
    split_srcset,
)
from .text import html_source, render_document
from .trusted import TrustedResourceURL, TrustedURL
from .urls import check_path_value
from .values import (
    MAX_DEPTH,
    MAX_REMEMBERED_LENGTH,
    Refusal,
    async_value,
    int_text,
    is_async,
    remember,
    resolve,
    too_deep,
)

__all__ = [
    "PartsItem",
    "Value",
    "attr_part",
    "attr_text",
    "css_part",
    "event_value",
    "js_start",
    "may_start_javascript",
    "part_text",
    "render_event",
    "resource_part",
    "url_part",
    "url_piece",
    "whole_value",
]

# An attribute's whole value, rendered: escaped text, or True for a bare attribute
Value = str | Literal[True]

# The shortcuts for the classes of most values, each a fast path of the code after it (see
# _fastpaths.py: each is its class, or none with its fast path off)
_TEXT_STR, _TEXT_INT = fast("attr-text-str", str), fast("attr-text-int", int)
_TEXT_MARKUP, _CLASS_DICT = fast("attr-text-markup", Markup), fast("attr-text-class-dict", dict)
_SRCSET_STR, _SRCSET_URL = fast("srcset-str", str), fast("srcset-url", str)
_SRCSET_LIST, _SRCSET_TUPLE = fast("srcset-list", list), fast("srcset-list", tuple)
_STYLE_STR, _STYLE_DICT = fast("style-str", str), fast("style-dict", dict)
_WHOLE_STR = fast("whole-value-str", str)


def attr_text(value: object, slot: int, name: str, depth: int = 0) -> str:
    """The plain (unescaped) text ``value`` stands for inside the value of attribute ``name``.

    Strings and numbers as themselves; None and booleans as nothing; ``__html__`` objects as
    the text their markup shows; lists and other iterables as their non-empty items joined by
    spaces; for ``class``, a dict gives the names whose values are true.
    """
    cls = value.__class__
    if cls is _TEXT_STR:
        return value  # type: ignore[return-value]
    if cls is list or cls is tuple:
        if depth >= MAX_DEPTH:
            too_deep(value, slot)
        texts = []
        for item in value:  # type: ignore[attr-defined]
            if item:
                text = (
                    item if item.__class__ is _TEXT_STR else attr_text(item, slot, name, depth + 1)
                )
                if text:
                    texts.append(text)
        return " ".join(texts)
    if cls is _TEXT_INT:
        return int_text(value, slot)  # type: ignore[arg-type]
    if cls is _TEXT_MARKUP:  # the match's __html__ case below: a Markup's __html__ is itself
        return markup_to_text(value)  # type: ignore[arg-type]
    if cls is _CLASS_DICT and name == "class":  # the match's Mapping case below
        return " ".join([str(key) for key, on in value.items() if on])  # type: ignore[attr-defined]
    value = resolve(value, slot)
    match value:
        case None | bool():
            return ""
        case _ if hasattr(type(value), "__html__"):
            return markup_to_text(html_source(value, slot))
        case str():
            return plain_str(value)
        case int():
            return int_text(value, slot)
        case float():
            return str(value)
        case Template():
            raise _msg.template_in_attribute(name, slot)
        case Mapping():
            if name == "class":
                return " ".join(str(key) for key, on in value.items() if on)
            raise _msg.dict_value(name, value, slot)
        case bytes() | bytearray() | memoryview():
            raise _msg.bytes_in_attribute(name, value, slot)
    if is_async(value):
        async_value(value, slot)
    try:
        items = iter(value)  # type: ignore[call-overload]
    except TypeError:
        return str(value)
    return attr_text(list(items), slot, name, depth)


def attr_part(value: object, slot: int, name: str) -> str:
    """A value inside an attribute value, escaped."""
    return escape_text(attr_text(value, slot, name))


def url_part(value: object, slot: int, name: str) -> str:
    """A value at the start of a URL attribute: scheme-filtered (unless trusted), then escaped."""
    if value.__class__ in _TRUSTED_URLS:
        return escape_text(str.__str__(value))
    return escape_text(filter_url(attr_text(value, slot, name)))


_TRUSTED_URLS = (TrustedURL, TrustedResourceURL)


def resource_part(value: object, slot: int, name: str) -> str:
    """A value at the start of a URL that loads code: only a TrustedResourceURL, escaped."""
    value = resolve(value, slot)
    if value.__class__ is TrustedResourceURL:
        return escape_text(str.__str__(value))
    if is_async(value):
        async_value(value, slot)
    raise _msg.untrusted_resource_url(value, name, slot)


_ENCODERS = {
    UrlPart.PATH: encode_path,
    UrlPart.QUERY: encode_query,
    UrlPart.FRAGMENT: encode_fragment,
}


def url_piece(value: object, slot: int, name: str, part: UrlPart) -> str:
    """A value in the path, query or fragment of a URL whose scheme the template fixed:
    percent-encoded for that part, then escaped."""
    return escape_text(_url_text(value, slot, name, part))


def url_piece_str(value: str, slot: int, name: str, part: UrlPart) -> str:
    """url_piece for an exact ``str``, remembered for short values (bounded): a page repeats
    the values of its URLs (the query of a search in every result's link, a category's
    slug), and percent-encoding one costs a call of urllib's quote()."""
    known = _PIECE_MEMORIES[part]
    text = known.entries.get(value)
    return remember(known, value, url_piece(value, slot, name, part)) if text is None else text


_PIECE_MEMORIES = {
    part: Memory[str, str]("url-piece-texts", detail=part.name.lower()) for part in UrlPart
}


def markup_attribute(value: Markup) -> str:
    """The escaped text of an exact Markup given whole to an attribute (attr_text's, escaped),
    remembered for short values (bounded): a page writes the same trusted labels on many rows,
    and taking the text out of one costs a regular expression or two."""
    text = _MARKUP_TEXTS.get(value)
    if text is None:
        text = remember(_MARKUP_MEMORY, value, escape_text(markup_to_text(value)))
    return text


_MARKUP_MEMORY = Memory[str, str]("markup-texts")
_MARKUP_TEXTS = _MARKUP_MEMORY.entries


def _url_text(value: object, slot: int, name: str, part: UrlPart) -> str:
    """A value in a URL, not yet escaped: scheme-filtered at the start (trusted URLs pass),
    percent-encoded for its part elsewhere."""
    if part is UrlPart.PATH:
        text = attr_text(value, slot, name)
        if "." in text:  # a dot segment is refused; the headline is built only then
            check_path_value(text, slot, f"the {name} URL")
        return encode_path(text)
    if part is not UrlPart.START:
        return _ENCODERS[part](attr_text(value, slot, name))
    if value.__class__ in _TRUSTED_URLS:
        return str.__str__(value)
    return filter_url(attr_text(value, slot, name))


# In a refresh URL a quote may end the URL: values never write one raw (see srcset.py)
_REFRESH_SPECIAL = str.maketrans({char: f"%{ord(char):02X}" for char in "\t\n\f\r '\""})


def srcset_part(value: object, slot: int, name: str, part: UrlPart | None) -> str:
    """A value inside a srcset written in the template: in a candidate's URL (``part``),
    filtered or encoded with whitespace and commas percent-encoded; or a descriptor (None),
    which must be a number."""
    if part is not None:
        return escape_text(_url_text(value, slot, name, part).translate(SRCSET_SPECIAL))
    value = resolve(value, slot)
    if (value.__class__ is int and value >= 0) or (
        value.__class__ is float and math.isfinite(value) and value > 0
    ):
        return int_text(value, slot) if value.__class__ is int else str(value)
    raise _msg.srcset(value, name, slot)


def srcset_value(value: object, slot: int, name: str) -> str:
    """A whole srcset from a value, escaped: a str in srcset syntax, or a list of candidates
    (a URL str, or a (URL, descriptor) pair). Each URL is scheme-filtered (trusted URLs pass)
    with whitespace and commas encoded; descriptors that are not a width, density or height
    are dropped."""
    if value.__class__ is _SRCSET_STR and "(" not in value:
        if plain_srcset(value) is not None:  # what the loop below would give back, as it is
            return escape_text(value)
        candidates = split_srcset(value)
    elif value.__class__ is _SRCSET_LIST or value.__class__ is _SRCSET_TUPLE:
        text = plain_candidates(value)
        if text is not None:
            return escape_text(text)
        candidates = _listed_candidates(value, slot)
    elif isinstance(value, str) and value.__class__ not in _TRUSTED_URLS:
        candidates = [(url, " ".join(found)) for url, found in parse_srcset(plain_str(value))]
    elif isinstance(value, list | tuple):
        candidates = _listed_candidates(value, slot)
    else:
        candidates = [(value, "")]
    out = []
    for url, descriptors in candidates:
        # a plainly safe URL (see SAFE_URL_STARTS) is what _url_text gives for it
        if url.__class__ is _SRCSET_URL and (
            url.isascii() and (":" not in url or url.startswith(SAFE_URL_STARTS))
        ):
            text = url
        else:
            text = _url_text(url, slot, name, UrlPart.START)
        text = text.translate(SRCSET_SPECIAL)
        for descriptor in descriptors.split():
            if DESCRIPTOR.fullmatch(descriptor):
                text += " " + descriptor
        out.append(text)
    return escape_text(", ".join(out))


def _listed_candidates(
    value: list[object] | tuple[object, ...], slot: int
) -> list[tuple[object, str]]:
    """The candidates of a list: a (URL, descriptor) pair, or a URL without descriptors. An
    int descriptor too long for text is the RenderError big-int."""
    return [
        (item[0], int_text(item[1], slot) if isinstance(item[1], int) else str(item[1]))
        if isinstance(item, tuple) and len(item) == 2
        else (item, "")
        for item in value
    ]


def refresh_part(value: object, slot: int, name: str, part: UrlPart) -> str:
    """A value in the URL of a <meta http-equiv=refresh>: as in a URL attribute, with
    whitespace and quotes percent-encoded (a quote can end the URL there)."""
    return escape_text(_url_text(value, slot, name, part).translate(_REFRESH_SPECIAL))


def srcdoc_value(value: object, slot: int) -> str:
    """The document of an <iframe srcdoc>: rendered as HTML content (a str is text, a Template
    or Markup is markup), then escaped again for the attribute."""
    return escape_text(render_document(value, slot))


_CSS_URL_PARTS = {
    Escaper.CSS_URL: UrlPart.START,
    Escaper.CSS_URL_PATH: UrlPart.PATH,
    Escaper.CSS_URL_QUERY: UrlPart.QUERY,
    Escaper.CSS_URL_FRAGMENT: UrlPart.FRAGMENT,
}


def css_part(value: object, slot: int, how: Escaper) -> str:
    """A value in CSS (a <style> body, or a style value with text around it; not yet
    attribute-escaped): ``how`` is the escaper of where the lexer put it. A property value
    passes the CSS value filter (else UNSAFE_CSS); a string's text and a url() are
    hex-escaped, a url() scheme-filtered at its start (trusted URLs pass) or percent-encoded
    for its part."""
    value = resolve(value, slot)
    try:
        if how is Escaper.CSS_VALUE:
            return css_value(value)
        if how is Escaper.CSS_STRING:
            return css_string(value)
        part = _CSS_URL_PARTS[how]
        if part is UrlPart.PATH:
            check_path_value(css_text(value), slot, "a CSS url()")
        if part is UrlPart.START and value.__class__ in _TRUSTED_URLS:
            return css_url(str.__str__(value), trusted=True)
        return css_url(value, part)
    except Refusal as refusal:
        raise refusal.at(slot) from None
    except NotCssError as problem:
        # the position as CSS_URL_PATH names it: "url path"
        position = how.name.removeprefix("CSS_").lower().replace("_", " ")
        raise _msg.css_value(position, problem, slot) from None


def event_value(value: object, slot: int, kind: AttrKind = AttrKind.EVENT) -> Value | None:
    """The whole value of an attribute read as JavaScript, written in the template:
    None/False drop it, True leaves it bare, anything else is a JavaScript literal,
    attribute-escaped: for a bound URL (``:href``) of a filtered URL, for ``x-html`` of trusted
    HTML."""
    value = resolve(value, slot)
    if value is None or value is False:
        return None
    if value is True:
        return True
    if kind is AttrKind.BOUND_URL:
        value = _bound_url(value, slot)
    elif kind is AttrKind.HTML:
        value = trusted_html(value, slot)
    elif kind is AttrKind.ALPINE_DATA:
        return escape_text(alpine_data(value, slot, whole=True))
    elif kind is not AttrKind.EVENT:  # fail closed: a kind no rule here is for
        raise AssertionError(f"no JavaScript rule for an attribute of kind {kind!r}")
    return escape_text(js_part(value, slot))


def render_event(
    value: object, slot: int, before: str, bare: str, quote: str, kind: AttrKind = AttrKind.EVENT
) -> str:
    """An attribute read as JavaScript whose whole value is one interpolation, in place."""
    text = event_value(value, slot, kind)
    if text is None:
        return ""
    return bare if text is True else before + text + quote


def _bound_url(value: object, slot: int) -> object:
    """A value that a framework sets as a URL attribute (``:href``, ``x-bind:src``): a str is
    scheme-filtered as at the start of ``href`` (trusted URLs pass), numbers are kept; lists
    and dicts, which the framework would turn into a URL too, are refused."""
    value = resolve(value, slot)
    if value.__class__ in _TRUSTED_URLS:
        return str.__str__(value)
    if isinstance(value, str) or hasattr(type(value), "__html__"):
        return filter_url(attr_text(value, slot, "href"))
    if value is None or isinstance(value, int | float):
        return value
    if is_async(value):
        async_value(value, slot)
    raise _msg.bound_url(value, slot)


def _trigger_text(value: object, slot: int, name: str) -> str:
    """A value in hx-trigger outside an event filter: text that opens or closes no filter."""
    text = attr_text(value, slot, name)
    if "[" in text or "]" in text:
        raise _msg.htmx_trigger_bracket(name, text, slot)
    return text


# What JavaScript's String.prototype.trim() removes: white space and line terminators
_JS_SPACE = "".join(chr(c) for c in range(0x3001) if chr(c).isspace()) + "\ufeff"
JS_PREFIXES = ("js:", "javascript:")  # htmx runs a value that starts so as JavaScript


def js_start(text: str) -> str:
    """How ``text`` starts for htmx's prefix test: trimmed, its first 11 characters, lower-case
    (htmx itself is case-sensitive: being stricter costs nothing)."""
    return text.lstrip(_JS_SPACE)[:11].lower()


def may_start_javascript(start: str) -> bool:
    """Whether text that starts with ``start`` (see js_start) could be run by htmx: ``start``
    begins with a prefix, or is the beginning of one (the value after it could finish it)."""
    return start.startswith(JS_PREFIXES) or any(prefix.startswith(start) for prefix in JS_PREFIXES)


def _js_prefix_text(
    value: object, slot: int, name: str, before: str, after: str, more: bool
) -> str:
    """A value where hx-confirm's text starts (``before`` and ``after`` are the text written
    around it): it may not make the value start with ``js:``, and when more values follow,
    it must settle that the value does not."""
    text = attr_text(value, slot, name)
    start = js_start(before + text + after)
    if start.startswith(JS_PREFIXES) or (more and may_start_javascript(start)):
        raise _msg.js_prefix(name, text, slot)
    return text


def part_text(value: object, slot: int, name: str, escaping: Escaping) -> str:
    """A value inside the value of attribute ``name``, with text around it, written as its
    hole's ``escaping`` says (attribute-escaped)."""
    escaper = escaping.escaper
    if escaper is Escaper.ATTR_TEXT:
        return attr_part(value, slot, name)
    if escaper in URL_PIECES:
        return url_piece(value, slot, name, URL_PIECES[escaper])
    if escaper in CSS_ESCAPERS:
        return escape_text(css_part(value, slot, escaper))
    match escaper:
        case Escaper.URL_START:
            return url_part(value, slot, name)
        case Escaper.RESOURCE_URL:
            return resource_part(value, slot, name)
        case Escaper.JS_LITERAL:
            return escape_text(js_part(value, slot))
        case Escaper.JS_STRING:
            return escape_text(js_string_part(value, slot))
        case Escaper.ALPINE_DATA:
            return escape_text(alpine_data(value, slot))
        case Escaper.BOUND_URL_LITERAL:
            return escape_text(js_part(_bound_url(value, slot), slot))
        case Escaper.BOUND_URL_STRING:
            return escape_text(js_string_part(_bound_url(value, slot), slot))
        case Escaper.TRIGGER:
            return escape_text(_trigger_text(value, slot, name))
        case Escaper.FILTER_LITERAL | Escaper.FILTER_STRING:
            in_string = escaper is Escaper.FILTER_STRING
            return escape_text(filter_part(value, slot, name, in_string))
        case Escaper.JS_PREFIX if (prefix := escaping.prefix) is not None:
            text = _js_prefix_text(value, slot, name, prefix.before, prefix.after, prefix.more)
            return escape_text(text)
        case Escaper.SRCSET:
            return srcset_part(value, slot, name, escaping.part)
        case Escaper.REFRESH if escaping.part is not None:
            return refresh_part(value, slot, name, escaping.part)
    raise AssertionError(f"no escaper for a part of an attribute value: {escaping!r}")


# The item of a merged tag (runtime/tags.py) for an attribute value with holes inside its text:
# what part_text renders, part by part.
@dataclass(frozen=True, slots=True)
class PartsItem:
    ws: str
    name: str
    key: str
    # static text, or (slot, position, the Escaping of the hole)
    parts: tuple[str | tuple[int, int, Escaping], ...]
    quote: str


def style_text(value: object, slot: int) -> str | None:
    """The escaped value of a ``style`` attribute given ``value`` whole (None when it has no
    declaration): :func:`_style_text`, escaped, which defines it. A ``str`` of declarations
    and the declarations of a ``dict`` whose values are ``str`` are remembered, so that the
    style a page writes on every row costs a lookup (bounded: see _remember_declaration)."""
    cls = value.__class__
    if cls is _STYLE_STR:
        text = STYLE_STRINGS.get(value)  # type: ignore[call-overload]
        if text is None:
            text = remember(_STYLE_MEMORY, value, escape_text(_style_text(value, slot)))  # type: ignore[arg-type]
        return text or None
    if cls is _STYLE_DICT:
        declarations = []
        try:  # (subscripts, not get(): a declaration not seen before is rare, and then slower)
            for key, item in value.items():  # type: ignore[attr-defined]
                if item.__class__ is str and key.__class__ is str:
                    declarations.append(_DECLARATIONS[key][item])
                elif item is not None and item.__class__ is not bool:
                    break  # not a str: the definition
            else:
                return "; ".join(declarations) or None
        except KeyError:  # not seen before: the definition, which remembers what it can
            pass
    return escape_text(_style_text(value, slot)) or None


def _style_text(value: object, slot: int) -> str:
    """CSS declarations from a dict of property -> value (None/False dropped) or a str of
    ``prop: value`` declarations; every value passes the CSS value filter."""
    if isinstance(value, Mapping):
        # None and booleans are conditions, not values: the declaration is dropped
        pairs = [
            (key, item)
            for key, item in value.items()
            if item is not None and item.__class__ is not bool
        ]
    else:
        text = attr_text(value, slot, "style")
        pairs = []
        for declaration in text.split(";"):
            if declaration.strip():
                key, colon, item = declaration.partition(":")
                if not colon:
                    raise _msg.style_declaration(declaration, slot)
                pairs.append((key.strip(), item.strip()))
    declarations = []
    for key, item in pairs:
        if key.__class__ is str and key in _STYLE_PROPERTIES:  # checked before (remembered)
            code = _STYLE_PROPERTIES[key]
        else:
            if isinstance(key, str):
                key = plain_str(key)  # noqa: PLW2901 - what is checked is what is emitted
            if not isinstance(key, str) or not is_css_property(key):
                raise _msg.style_property(key, slot)
            code = ascii_lower(key) in CODE_PROPERTIES
            if key.__class__ is str:
                _PROPERTY_MEMORY.add(key, code)
        text = attr_text(item, slot, "style")
        if code:
            text = UNSAFE_CSS  # behavior, -moz-binding: their values load code, whatever they say
        declaration = f"{key}: {filter_css_value(text)}"
        if item.__class__ is str and key.__class__ is str:
            _remember_declaration(key, item, declaration)
        declarations.append(declaration)
    return "; ".join(declarations)


def _remember_declaration(key: str, item: str, declaration: str) -> None:
    """Remember the escaped ``declaration`` that property ``key`` with the value ``item``
    gives, for :func:`style_text`: properties and values of at most MAX_REMEMBERED_LENGTH
    characters, each property with at most _MAX_STYLE_VALUES values (a style computed per
    row, ``f"{pct}%"``, fills one property's share and no more), all within the memory's
    bytes (custom properties from a user's theme cannot grow it without limit)."""
    if len(item) > MAX_REMEMBERED_LENGTH or len(key) > MAX_REMEMBERED_LENGTH:
        return
    known = _DECLARATIONS.get(key)
    if known is None or len(known) < _MAX_STYLE_VALUES:
        _DECLARATION_MEMORY.add(key, item, escape_text(declaration))


# The property names of style dicts already checked, and whether their values load code
_PROPERTY_MEMORY = Memory[str, bool]("style-properties")
_STYLE_PROPERTIES = _PROPERTY_MEMORY.entries
# What style_text remembers: the escaped value of a str of declarations; the escaped
# declaration of a property and a str value (filled by the definition; a memory switched off
# remembers nothing, and every lookup misses)
_STYLE_MEMORY = Memory[str, str]("style-strings")
STYLE_STRINGS = _STYLE_MEMORY.entries
_DECLARATION_MEMORY = NestedMemory[str, str, str]("style-declarations")
_DECLARATIONS = _DECLARATION_MEMORY.entries
_MAX_STYLE_VALUES = 256


# Attributes whose value is JavaScript, or decides how other content is read: their values
# are written in templates (where the compiler judges each hole), never taken from data.
_FROM_TEMPLATE_ONLY = SCRIPT_KINDS | {AttrKind.REFUSED}


def whole_value(value: object, slot: int, name: str, kind: AttrKind) -> Value | None:
    """An attribute's whole value: None to drop it, True for a bare attribute, else its
    escaped text."""
    if value.__class__ is _WHOLE_STR and (kind is AttrKind.PLAIN or kind is AttrKind.CLASS):
        return escape_text(value) or (None if kind is AttrKind.CLASS else "")
    value = resolve(value, slot)
    if kind is AttrKind.RESOURCE:
        return None if value is None or value is False else resource_part(value, slot, name)
    if kind in _FROM_TEMPLATE_ONLY:
        raise _msg.spread_name_refused(name, slot)
    if value is None or value is False:
        return None
    if value is True:
        return True
    match kind:
        case AttrKind.JSON:
            return json_value(value, slot, name)
        case AttrKind.TRIGGER:
            return escape_text(_trigger_text(value, slot, name))
        case AttrKind.JS_PREFIXED:
            return escape_text(_js_prefix_text(value, slot, name, "", "", False))
        case AttrKind.SRCSET:
            return srcset_value(value, slot, name)
        case AttrKind.SRCDOC:
            return srcdoc_value(value, slot)
        case AttrKind.CLASS:
            return escape_text(attr_text(value, slot, name)) or None
        case AttrKind.STYLE:
            return style_text(value, slot)
        case AttrKind.URL:
            return url_part(value, slot, name)
        case AttrKind.PLAIN:
            return attr_part(value, slot, name)
    # fail closed: a kind no rule here is for is never written as plain text
    raise AssertionError(f"no value rule for an attribute of kind {kind!r}")
