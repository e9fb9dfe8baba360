"""Attribute values: True/False/None, class and style builders, data-*/aria-* dicts, spreads.

A spread entry ``k: v`` behaves exactly as ``k={v}`` written in the template would: the same
name checks, the same value rules, the same URL filter.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from string.templatelib import Template
from typing import Any, Literal

from .. import _messages as _msg
from .._spec import (
    ELEMENT_DEPENDENT_NAMES,
    SCRIPT_KINDS,
    AttrKind,
    UrlPart,
    ascii_lower,
    attr_kind,
    attribute_rules,
)
from ..errors import RenderError, short_repr
from ..escaper import CSS_ESCAPERS, URL_PIECES, Escaper, Escaping
from .css import CODE_PROPERTIES, NotCssError, css_string, css_text, css_url, css_value
from .escapers import (
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
from .javascript import NotJavaScriptError, js_string, js_value
from .slow import SLOW_PATHS, fast
from .text import html_source, render_document, render_text
from .trusted import TrustedResourceURL, TrustedURL
from .urls import check_path_value
from .values import (
    MAX_DEPTH,
    Refusal,
    async_value,
    int_text,
    is_async,
    is_lazy,
    resolve,
    too_deep,
)

__all__ = [
    "PartsItem",
    "SpreadItem",
    "StaticItem",
    "TagPlan",
    "WholeItem",
    "attr_part",
    "attr_text",
    "css_part",
    "importmap_part",
    "js_string_part",
    "part_text",
    "render_spread_tag",
    "render_tag",
    "render_whole",
    "resource_part",
    "spread_in_place",
    "url_part",
    "url_piece",
]

# An attribute name from data may not contain what would end the name or the tag
# (13.2.5.33): whitespace, quotes, '=', '<', '>', '/', or a control character.
_BAD_NAME = re.compile(r"[\t\n\f\r \"'<>/=\x00-\x1f\x7f-\x9f]")


Value = str | Literal[True]

# The shortcuts for the classes of most values (see slow.py): each is a fast path of the code
# after it, which the switch HTMLTEMPLATES_SLOW_PATHS=1 takes instead
_FAST_STR, _FAST_INT, _FAST_LIST, _FAST_TUPLE = fast(str), fast(int), fast(list), fast(tuple)


def attr_text(value: object, slot: int, name: str, depth: int = 0) -> str:
    """The plain (unescaped) text ``value`` stands for inside the value of attribute ``name``.

    Strings and numbers as themselves; None and booleans as nothing; ``__html__`` objects as
    the text their markup shows; lists and other iterables as their non-empty items joined by
    spaces; for ``class``, a dict gives the names whose values are true.
    """
    cls = value.__class__
    if cls is _FAST_STR:
        return value  # type: ignore[return-value]
    if cls is list or cls is tuple:
        if depth >= MAX_DEPTH:
            too_deep(value, slot)
        texts = []
        for item in value:  # type: ignore[attr-defined]
            if item:
                text = (
                    item if item.__class__ is _FAST_STR else attr_text(item, slot, name, depth + 1)
                )
                if text:
                    texts.append(text)
        return " ".join(texts)
    if cls is _FAST_INT:
        return int_text(value, slot)  # type: ignore[arg-type]
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


def _percent(match: re.Match[str]) -> str:
    return "".join(f"%{byte:02X}" for byte in match.group().encode())


# In a srcset a URL ends at whitespace and a comma may end a candidate; in a refresh URL a quote
# may end the URL. Values never write them raw.
_SRCSET_SPECIAL = re.compile(r"[\t\n\f\r ,]")
_REFRESH_SPECIAL = re.compile(r"[\t\n\f\r '\"]")
# 4.8.4.3.10: a width (50w), a pixel density (1.5x) or a height (future: 100h)
_DESCRIPTOR = re.compile(r"[0-9]+[wh]|(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?x")


def srcset_part(value: object, slot: int, name: str, part: UrlPart | None) -> str:
    """A value inside a srcset written in the template: in a candidate's URL (``part``),
    filtered or encoded with whitespace and commas percent-encoded; or a descriptor (None),
    which must be a number."""
    if part is not None:
        return escape_text(_SRCSET_SPECIAL.sub(_percent, _url_text(value, slot, name, part)))
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
    candidates: list[tuple[object, str]] = []
    if isinstance(value, str) and value.__class__ not in _TRUSTED_URLS:
        candidates = [(url, " ".join(found)) for url, found in _parse_srcset(plain_str(value))]
    elif isinstance(value, list | tuple):
        for item in value:
            if isinstance(item, tuple) and len(item) == 2:
                candidates.append((item[0], str(item[1])))
            else:
                candidates.append((item, ""))
    else:
        candidates = [(value, "")]
    out = []
    for url, descriptors in candidates:
        text = _SRCSET_SPECIAL.sub(_percent, _url_text(url, slot, name, UrlPart.START))
        valid = [d for d in descriptors.split() if _DESCRIPTOR.fullmatch(d)]
        out.append(" ".join([text, *valid]))
    return escape_text(", ".join(out))


def _parse_srcset(text: str) -> list[tuple[str, list[str]]]:
    """The candidates of a srcset (4.8.4.3.10, without the validation of descriptors)."""
    candidates: list[tuple[str, list[str]]] = []
    i, n = 0, len(text)
    space = "\t\n\f\r "
    while True:
        while i < n and (text[i] in space or text[i] == ","):
            i += 1
        if i >= n:
            return candidates
        start = i
        while i < n and text[i] not in space:
            i += 1
        url = text[start:i]
        descriptors: list[str] = []
        if url.endswith(","):
            url = url.rstrip(",")
        else:
            current, depth = "", False
            while i < n:
                c = text[i]
                i += 1
                if depth:
                    current += c
                    depth = c != ")"
                elif c in space:
                    if current:
                        descriptors.append(current)
                        current = ""
                elif c == ",":
                    break
                else:
                    current += c
                    depth = c == "("
            if current:
                descriptors.append(current)
        candidates.append((url, descriptors))


def refresh_part(value: object, slot: int, name: str, part: UrlPart) -> str:
    """A value in the URL of a <meta http-equiv=refresh>: as in a URL attribute, with
    whitespace and quotes percent-encoded (a quote can end the URL there)."""
    return escape_text(_REFRESH_SPECIAL.sub(_percent, _url_text(value, slot, name, part)))


def srcdoc_value(value: object, slot: int) -> str:
    """The document of an <iframe srcdoc>: rendered as HTML content (a str is text, a Template
    or Markup is markup), then escaped again for the attribute."""
    return escape_text(render_document(value, slot))


def js_part(value: object, slot: int) -> str:
    """A value where JavaScript expects an expression (<script>, on* attributes): a
    JSON-compatible literal that cannot leave its script (not yet attribute-escaped)."""
    value = resolve(value, slot)
    try:
        return js_value(value)
    except Refusal as refusal:
        raise refusal.at(slot) from None
    except NotJavaScriptError as problem:
        raise _msg.js_value(problem, slot) from None


# 4.12.1.1 and SRI: an import map's integrity values are hashes: "sha384-<base64>" (several,
# space-separated)
_INTEGRITY = re.compile(r"(?:sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}(?:\?[!-~]*)?\s*)+")


def importmap_part(value: object, slot: int) -> str:
    """A value in an import map (<script type=importmap>), written as a JSON literal: every
    string in it that is not a key must be a TrustedResourceURL (it decides what code an import
    loads), but for the hashes under "integrity"."""
    value = resolve(value, slot)
    problem = _untrusted_import(value, "", slot)
    if problem:
        raise _msg.import_map_value(problem, slot)
    return js_part(value, slot)


def _untrusted_import(value: object, key: str, slot: int, depth: int = 0) -> str:
    """What in ``value`` (found under ``key``) is a string that may not be there, or ""."""
    if isinstance(value, Mapping | list | tuple) and depth >= MAX_DEPTH:
        too_deep(value, slot)
    if isinstance(value, Mapping):
        for sub, item in value.items():
            found = _untrusted_import(
                item, "integrity" if sub == "integrity" else key, slot, depth + 1
            )
            if found:
                return found
        return ""
    if isinstance(value, list | tuple):
        texts = (_untrusted_import(item, key, slot, depth + 1) for item in value)
        return next(filter(None, texts), "")
    if value.__class__ is TrustedResourceURL:
        return ""
    if hasattr(type(value), "__html__"):
        value = str.__str__(html_source(value, slot))  # written as its source
    elif not isinstance(value, str):
        return ""
    if key == "integrity" and _INTEGRITY.fullmatch(value):
        return ""
    return short_repr(value)


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


def js_string_part(value: object, slot: int) -> str:
    """A value inside a JavaScript string or template literal: its text, escaped so that it
    cannot end the literal or the script (not yet attribute-escaped)."""
    value = resolve(value, slot)
    try:
        return js_string(value)
    except Refusal as refusal:
        raise refusal.at(slot) from None
    except NotJavaScriptError as problem:
        raise _msg.js_string(problem, slot) from None


def _event_value(value: object, slot: int, kind: AttrKind = AttrKind.EVENT) -> Value | None:
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
        value = _trusted_html(value, slot)
    elif kind is AttrKind.ALPINE_DATA:
        return escape_text(alpine_data(value, slot, whole=True))
    return escape_text(js_part(value, slot))


# The keys of an x-data object whose strings Alpine runs as expressions (x-data.js)
_ALPINE_HOOKS = frozenset({"init", "destroy"})


def alpine_data(value: object, slot: int, *, whole: bool = False) -> str:
    """A value in x-data, as a JavaScript literal: the whole value must be a dict (Alpine
    throws on anything else and initialises nothing after it), and no dict in it may have the
    key init or destroy, whose strings Alpine would run."""
    value = resolve(value, slot)
    if whole and not isinstance(value, Mapping):
        raise _msg.alpine_data(value, slot)
    literal = js_part(value, slot)  # refuses what has no literal, cycles and deep nesting
    hook = _hook_key(value)
    if hook:
        raise _msg.alpine_data_hook(hook, value, slot)
    return literal


def _hook_key(value: object) -> str:
    """The first key init or destroy of a dict in ``value`` (a finite tree: js_part walked
    it), or ""."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            if key in _ALPINE_HOOKS:
                return str(key)
            found = _hook_key(item)
            if found:
                return found
    elif isinstance(value, list | tuple):
        for item in value:
            found = _hook_key(item)
            if found:
                return found
    return ""


def render_event(
    value: object, slot: int, before: str, bare: str, quote: str, kind: AttrKind = AttrKind.EVENT
) -> str:
    """An attribute read as JavaScript whose whole value is one interpolation, in place."""
    text = _event_value(value, slot, kind)
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


def _trusted_html(value: object, slot: int) -> str:
    """The HTML an ``x-html`` value shows: only trusted HTML (Markup and other ``__html__``
    objects, or a Template, rendered) may become the element's content."""
    if isinstance(value, Template) or hasattr(type(value), "__html__"):
        return render_text(value, slot)
    if is_async(value):
        async_value(value, slot)
    raise _msg.html_attribute(value, slot)


def _json_value(value: object, slot: int, name: str) -> str:
    """The whole value of a JSON attribute (hx-vals, hx-headers): a dict or list, as JSON.
    A str is refused: htmx would read JSON from it, or JavaScript after "js:"."""
    if isinstance(value, Mapping | list | tuple):
        return escape_text(js_part(value, slot).strip())
    if is_async(value):
        async_value(value, slot)
    raise _msg.json_attribute(value, name, slot)


# Characters of a string in an hx-trigger filter written as \\uXXXX: htmx 4 splits the
# attribute at ',' outside brackets and quotes, counting quotes without their escapes, and ends a
# filter at its first ']' (HCON.split, extractFilter): a str must hold none of them, nor
# anything else that its reader could count.
_FILTER_ESCAPES = {ord(c): f"\\u{ord(c):04x}" for c in "\"'`[](){},;:!?=<>|&^%*/~#@$"}


def filter_part(value: object, slot: int, name: str, in_string: bool) -> str:
    """A value in an hx-trigger event filter (``click[ctrlKey && {x}]``), not yet
    attribute-escaped: a literal where an expression goes, a string's text inside one, with
    the punctuation of a str as ``\\uXXXX`` (see above). A list or a dict is refused: its ','
    and brackets would split the trigger."""
    value = resolve(value, slot)
    if isinstance(value, Mapping | list | tuple | set | frozenset):
        raise _msg.htmx_trigger(value, name, slot)
    if not in_string and (value is None or isinstance(value, bool | int | float)):
        return js_part(value, slot)
    text = js_string_part(value, slot).translate(_FILTER_ESCAPES)
    return text if in_string else f' "{text}" '


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
    if escaper in _PIECES:
        return url_piece(value, slot, name, _PIECES[escaper])
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


_PIECES = URL_PIECES


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
        if isinstance(key, str):
            key = plain_str(key)  # noqa: PLW2901 - what is checked is what is emitted
        if not isinstance(key, str) or not is_css_property(key):
            raise _msg.style_property(key, slot)
        text = attr_text(item, slot, "style")
        if ascii_lower(key) in CODE_PROPERTIES:
            text = UNSAFE_CSS  # behavior, -moz-binding: their values load code, whatever they say
        declarations.append(f"{key}: {filter_css_value(text)}")
    return "; ".join(declarations)


# Attributes whose value is JavaScript, or decides how other content is read: their values
# are written in templates (where the compiler judges each hole), never taken from data.
_FROM_TEMPLATE_ONLY = SCRIPT_KINDS | {AttrKind.REFUSED}


def _value(value: object, slot: int, name: str, kind: AttrKind) -> Value | None:
    """An attribute's whole value: None to drop it, True for a bare attribute, else its
    escaped text."""
    if value.__class__ is _FAST_STR and (kind is AttrKind.PLAIN or kind is AttrKind.CLASS):
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
            return _json_value(value, slot, name)
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
            return escape_text(_style_text(value, slot)) or None
        case AttrKind.URL:
            return url_part(value, slot, name)
    return attr_part(value, slot, name)


def render_whole(
    value: object, slot: int, ws: str, name: str, key: str, quote: str, kind: AttrKind
) -> str:
    """An attribute whose whole value is one interpolation, with the text before its name
    (``key`` is the name lower-cased)."""
    value = resolve(value, slot)
    cls = value.__class__
    if kind is AttrKind.CLASS and (cls is _FAST_LIST or cls is _FAST_TUPLE):
        text = attr_text(value, slot, "class")
        return f"{ws}{name}={quote}{escape_text(text)}{quote}" if text else ""
    if kind is AttrKind.PLAIN and key in _EXPANDED and isinstance(value, Mapping):
        return _expand_in_place(ws, name, key == "aria", value, slot)
    result = _value(value, slot, key, kind)
    if result is None:
        return ""
    if result is True:
        return ws + name
    return f"{ws}{name}={quote}{result}{quote}"


def _expand_in_place(
    ws: str, name: str, aria: bool, value: Mapping[object, object], slot: int
) -> str:
    """``data={...}``/``aria={...}`` on a tag where no other attribute can meet them."""
    out = []
    for sub, item in value.items():
        # a sub-key that is empty or not a str is reported as a bad name
        full = f"{name}-{sub}" if isinstance(sub, str) and sub else sub
        key, kind = _FAST_NAMES.get(full) or _name_info("", full, slot)  # type: ignore[call-overload]
        if aria and (item is True or item is False):
            item = "true" if item else "false"  # noqa: PLW2901 - aria-* states are "true"/"false"
        if item.__class__ is _FAST_STR and kind is AttrKind.PLAIN:
            out.append(f'{ws}{full}="{escape_text(item)}"')
        else:
            out.append(_one_in_place(ws, str(full), key, kind, item, slot))
        ws = " "
    return "".join(out)


def _one_in_place(ws: str, name: str, key: str, kind: AttrKind, value: object, slot: int) -> str:
    """One attribute from data (a spread entry, a data/aria item) rendered where it stands."""
    cls = value.__class__
    if cls is _FAST_STR and kind is AttrKind.PLAIN:
        return f'{ws}{name}="{escape_text(value)}"'  # type: ignore[arg-type]
    if cls is _FAST_INT and kind is AttrKind.PLAIN:
        return f'{ws}{name}="{int_text(value, slot)}"'  # type: ignore[arg-type]
    text = _value(value, slot, key, kind)
    if text is True:
        return ws + name
    return "" if text is None else f'{ws}{name}="{text}"'


def _not_a_mapping(value: object, slot: int) -> RenderError:
    return _msg.spread(value, slot)


def _bad_name(name: object, slot: int) -> RenderError:
    return _msg.spread_name(name, slot)


# -- tags whose attributes must be merged (spreads, data/aria dicts, repeated names) ---------


@dataclass(frozen=True, slots=True)
class StaticItem:
    ws: str
    name: str
    key: str
    raw: str
    value: Value
    quote: str


@dataclass(frozen=True, slots=True)
class WholeItem:
    ws: str
    name: str
    key: str
    kind: AttrKind
    slot: int
    position: int
    quote: str


@dataclass(frozen=True, slots=True)
class PartsItem:
    ws: str
    name: str
    key: str
    # static text, or (slot, position, the Escaping of the hole)
    parts: tuple[str | tuple[int, int, Escaping], ...]
    quote: str


@dataclass(frozen=True, slots=True)
class SpreadItem:
    ws: str
    slot: int
    position: int


@dataclass(frozen=True, slots=True)
class TagPlan:
    """How to build one start tag whose attributes are merged at render time."""

    element: str
    head: str
    tail: str
    items: tuple[StaticItem | WholeItem | PartsItem | SpreadItem, ...]


# An entry of a merged tag: [ws, name, value, raw, quote]. ``value`` is None (absent), True
# (bare) or escaped text; ``raw`` is the attribute as written, for static attributes not merged.
_Entry = list[Any]

_MERGED = {"class": " ", "style": "; "}
_EXPANDED = frozenset({"data", "aria"})

_NAMES: dict[str, tuple[str, AttrKind]] = {}  # spread key -> (lower-case name, kind)
_MAX_NAMES = 4096
attribute_rules.on_change(_NAMES.clear)  # a name's kind may follow the framework rules
# what the callers of _name_info look up first, its shortcut: never filled with the slow paths
_FAST_NAMES: dict[str, tuple[str, AttrKind]] = {} if SLOW_PATHS else _NAMES


def _plain_key(name: object) -> object:
    """A spread key as the exact text it shows (see plain_str); anything else is left to be
    reported as a bad name."""
    return plain_str(name) if isinstance(name, str) else name


def _name_info(element: str, name: object, slot: int) -> tuple[str, AttrKind]:
    """The lower-case name and kind of an attribute name that came from data, validated.
    Callers pass an exact ``str`` (see plain_str) or a value to report as a bad name."""
    info = _NAMES.get(name) if name.__class__ is str else None
    if info is None:
        if not isinstance(name, str) or not name or _BAD_NAME.search(name):
            raise _bad_name(name, slot)
        key = ascii_lower(name)
        info = key, attr_kind("", key)
        if len(_NAMES) < _MAX_NAMES:
            _NAMES[name] = info
    if info[0] in ELEMENT_DEPENDENT_NAMES:
        return info[0], attr_kind(element, info[0])
    return info


def _put(
    entries: dict[str, _Entry],
    ws: str,
    name: str,
    key: str,
    value: Value | None,
    raw: str | None = None,
    quote: str = '"',
) -> None:
    """Set attribute ``key``: class and style accumulate, any other name takes the last value
    (None removes it); an attribute keeps the place where it first appeared."""
    entry = entries.get(key)
    if entry is None:
        if raw is None and (value is None or (key in _MERGED and value == "")):
            return
        entries[key] = [ws, name, value, raw, quote]
        return
    separator = _MERGED.get(key)
    if separator is not None:
        if not isinstance(value, str) or not value:  # nothing to add
            return
        old = entry[2]
        if isinstance(old, str) and old:
            # the merged value is double-quoted: a '"' written inside single quotes must go
            value = _requote(old, entry[4]) + separator + _requote(value, quote)
            raw, quote = None, '"'
    if value is None and raw is None:
        del entries[key]
    else:
        entry[1:] = [name, value, raw, quote]


def _requote(value: str, quote: str) -> str:
    return value if quote == '"' else value.replace('"', "&#34;")


def _spread(entries: dict[str, _Entry], element: str, ws: str, value: object, slot: int) -> None:
    value = resolve(value, slot)
    if value is None or value is False:
        return
    if not isinstance(value, Mapping):
        raise _not_a_mapping(value, slot)
    ws = ws or " "  # <a title="x"{attrs}>: keep attributes apart
    for key_object, item in value.items():
        name = key_object if key_object.__class__ is _FAST_STR else _plain_key(key_object)
        key, kind = _name_info(element, name, slot)
        _attribute(entries, element, ws, name, key, kind, item, slot)  # type: ignore[arg-type]
        ws = " "


def _attribute(
    entries: dict[str, _Entry],
    element: str,
    ws: str,
    name: str,
    key: str,
    kind: AttrKind,
    value: object,
    slot: int,
    quote: str = '"',
) -> None:
    cls = value.__class__
    if cls is _FAST_STR and kind is AttrKind.PLAIN:
        text: Value | None = escape_text(value)  # type: ignore[arg-type]
    elif cls is _FAST_INT and kind is AttrKind.PLAIN:
        text = int_text(value, slot)  # type: ignore[arg-type]
    else:
        value = resolve(value, slot)
        if kind is AttrKind.PLAIN and key in _EXPANDED and isinstance(value, Mapping):
            _expand(entries, element, ws, name, value, slot)
            return
        text = _value(value, slot, key, kind)
    _put(entries, ws, name, key, text, None, quote)


def _expand(
    entries: dict[str, _Entry],
    element: str,
    ws: str,
    name: str,
    value: Mapping[object, object],
    slot: int,
) -> None:
    """``data={...}`` and ``aria={...}``: one data-*/aria-* attribute per entry."""
    aria = ascii_lower(name) == "aria"
    for sub, item in value.items():
        # a sub-key that is empty or not a str is reported as a bad name
        full = f"{name}-{sub}" if isinstance(sub, str) and sub else sub
        if aria and (item is True or item is False):
            item = "true" if item else "false"  # noqa: PLW2901 - aria-* states are "true"/"false"
        key, kind = _name_info(element, full, slot)
        _attribute(entries, element, ws, str(full), key, kind, item, slot)
        ws = " "


def render_tag(plan: TagPlan, values: tuple[object, ...]) -> str:
    """The start tag of ``plan`` with its holes filled by ``values`` (in item order)."""
    entries: dict[str, _Entry] = {}
    element = plan.element
    for item in plan.items:
        match item:
            case StaticItem(ws, name, key, raw, value, quote):
                _put(entries, ws, name, key, value, raw, quote)
            case WholeItem(ws, name, key, kind, slot, position, quote) if kind in SCRIPT_KINDS:
                # an event handler written in the template: a JavaScript literal
                text = _event_value(values[position], slot, kind)
                _put(entries, ws, name, key, text, None, quote)
            case WholeItem(ws, name, key, kind, slot, position, quote):
                _attribute(entries, element, ws, name, key, kind, values[position], slot, quote)
            case PartsItem(ws, name, key, parts, quote):
                out = []
                for part in parts:
                    if isinstance(part, str):
                        out.append(part)
                    else:
                        slot, position, escaping = part
                        out.append(part_text(values[position], slot, key, escaping))
                _put(entries, ws, name, key, "".join(out), None, quote)
            case SpreadItem(ws, slot, position):
                _spread(entries, element, ws, values[position], slot)
    out = [plan.head]
    for ws, name, value, raw, quote in entries.values():
        if raw is not None:
            out.append(ws + raw)
        elif value is True:
            out.append(ws + name)
        else:
            out.append(f"{ws}{name}={quote}{value}{quote}")
    out.append(plan.tail)
    return "".join(out)


# -- tags with one spread whose keys meet no other attribute: rendered in place -------------


def render_spread_tag(
    in_place: Callable[..., str],
    plan: TagPlan,
    values: tuple[object, ...],
    spread: int,
    slot: int,
    names: frozenset[str],
) -> str:
    """The start tag of ``plan``, from ``in_place`` (each attribute where it stands) when the
    spread ``values[spread]`` (interpolation ``slot``) names no attribute in ``names`` and
    holds no data/aria dict; else merged. Decided from the keys alone, before any value is
    rendered, so lazy values and generators are consumed once. In place is the fast path of
    the merged tag: with the slow paths, every tag is merged."""
    if SLOW_PATHS:
        return render_tag(plan, values)
    value = values[spread]
    if value.__class__ is not dict:
        value = resolve(value, slot)
        values = (*values[:spread], value, *values[spread + 1 :])
        if not isinstance(value, Mapping):
            return (
                in_place(*values) if value is None or value is False else render_tag(plan, values)
            )
    element = plan.element
    seen: set[str] = set()
    for key_object, item in value.items():
        name = key_object if key_object.__class__ is _FAST_STR else _plain_key(key_object)
        key = (_FAST_NAMES.get(name) or _name_info(element, name, slot))[0]  # type: ignore[call-overload]
        if key in names or key in seen:
            return render_tag(plan, values)
        if key in _EXPANDED and (isinstance(item, Mapping) or is_lazy(item)):
            return render_tag(plan, values)  # a data/aria dict, maybe lazy: expanded there
        seen.add(key)
    return in_place(*values)


def spread_in_place(value: object, slot: int, ws: str, element: str) -> str:
    """The attributes of a spread that meets no other attribute of its tag."""
    value = resolve(value, slot)
    if value is None or value is False:
        return ""
    if not isinstance(value, Mapping):
        raise _not_a_mapping(value, slot)
    ws = ws or " "  # <a title="x"{attrs}>: keep attributes apart
    out = []
    for key_object, item in value.items():
        name = key_object if key_object.__class__ is _FAST_STR else _plain_key(key_object)
        key, kind = _FAST_NAMES.get(name) or _name_info(element, name, slot)  # type: ignore[call-overload]
        if key in ELEMENT_DEPENDENT_NAMES:
            kind = attr_kind(element, key)
        out.append(_one_in_place(ws, name, key, kind, item, slot))  # type: ignore[arg-type]
        ws = " "
    return "".join(out)
