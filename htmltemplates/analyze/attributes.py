"""The escaper of every hole in a tag's attributes, or the refusal of its position.

An attribute's kind (_spec.attr_kind, with the tag's other attributes where they matter: a
<link rel>, an SVG animation's attributeName, a <meta http-equiv>) decides the language its
value is in; inside a value read as a language (a URL, JavaScript, CSS, a srcset, an htmx
trigger) the lexer of that language says where each hole stands, and so its escaper.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .. import _messages as _msg
from .._spec import (
    ANIMATION_ELEMENTS,
    ANIMATION_VALUES,
    LINK_NAVIGATIONAL_RELS,
    WHITESPACE,
    AttrKind,
    UrlPart,
    ascii_lower,
    attr_kind,
    refusal_reason,
)
from ..errors import Location
from ..escaper import Escaper, Escaping, JsPrefix
from ..lang.css import css_holes
from ..lang.javascript import CODE_STAND_IN, TEXT_STAND_IN, JsState
from ..lang.references import decode_attribute
from ..lang.urls import (
    refresh_parts,
    refuse_reference_joins,
    resource_parts,
    srcset_parts,
    url_parts,
)
from ..runtime import attributes as _attributes
from ..scan.tokens import AttrToken, SpreadToken, TagToken
from .text import JS_HOLE_STATES, JavaScriptReading, css_escaper, refuse_module_specifier

__all__ = ["analyze_tag", "attribute_kind", "static_value"]


def analyze_tag(tag: TagToken) -> dict[int, Escaping]:
    """The Escaping of every hole in the attributes of ``tag``, by slot: a whole value
    ATTRIBUTE with its attribute's kind, a part of a value the escaper of where it stands, a
    spread SPREAD; or a TemplateSyntaxError for the first hole no value may take (every
    attribute's kind is checked first, then the holes of each value in order)."""
    dynamic = [item for item in tag.items if isinstance(item, AttrToken) and item.dynamic]
    kinds = {id(item): _check_attribute(tag, item) for item in dynamic}
    urls: dict[int, UrlPart] = {}
    markers: dict[int, Escaping] = {}  # holes whose language decides them
    for attr in dynamic:
        _language_parts(tag, attr, kinds[id(attr)], urls, markers)
    if tag.name == "meta":
        _meta_parts(tag, markers)
    escapings: dict[int, Escaping] = {}
    for item in tag.items:
        if isinstance(item, SpreadToken):
            escapings[item.slot] = _SIMPLE[Escaper.SPREAD]
            continue
        kind = kinds.get(id(item))  # None: a static attribute
        if kind is not None:
            slots = _slots(item)
            if len(item.parts or ()) == 1:
                escapings[slots[0]] = Escaping(Escaper.ATTRIBUTE, kind=kind)
                continue
            for slot in slots:
                escapings[slot] = markers.get(slot) or _part(kind, urls.get(slot))
    return escapings


_SIMPLE = {escaper: Escaping(escaper) for escaper in Escaper}
_URL_PIECES = {
    UrlPart.PATH: _SIMPLE[Escaper.URL_PATH],
    UrlPart.QUERY: _SIMPLE[Escaper.URL_QUERY],
    UrlPart.FRAGMENT: _SIMPLE[Escaper.URL_FRAGMENT],
}


_LEXED = frozenset(
    {AttrKind.EVENT, AttrKind.BOUND_URL, AttrKind.JSON, AttrKind.ALPINE_DATA, AttrKind.TRIGGER}
)


def _part(kind: AttrKind, url: UrlPart | None) -> Escaping:
    """The Escaping of a hole inside a value that no language decided: where it stands in a
    URL, or text."""
    if kind in _LEXED:  # pragma: no cover - their lexers decide (or refuse) every hole
        raise AssertionError(f"a hole in a {kind} value that its lexer did not decide")
    if url is UrlPart.START:
        return _SIMPLE[Escaper.RESOURCE_URL if kind is AttrKind.RESOURCE else Escaper.URL_START]
    if url is not None:
        return _URL_PIECES[url]
    return _SIMPLE[Escaper.ATTR_TEXT]


def _language_parts(
    tag: TagToken,
    item: AttrToken,
    kind: AttrKind,
    urls: dict[int, UrlPart],
    markers: dict[int, Escaping],
) -> None:
    """Read the value of ``item`` in its language, recording where each hole stands."""
    name = ascii_lower(item.name)
    if kind in _DECODED_THEN_READ or (tag.name == "meta" and name == "content"):
        refuse_reference_joins(item.parts or (), f"the {name} attribute")
    if kind in (AttrKind.EVENT, AttrKind.BOUND_URL, AttrKind.JSON, AttrKind.ALPINE_DATA):
        _event_parts(name, item, markers, kind)
    elif kind is AttrKind.JS_PREFIXED:
        _prefixed_parts(name, item, markers)
    elif kind is AttrKind.TRIGGER:
        _trigger_parts(name, item, markers)
    elif kind in (AttrKind.URL, AttrKind.RESOURCE):
        urls.update(url_parts(item.parts or (), item.name))
    elif kind is AttrKind.STYLE and len(item.parts or ()) > 1:
        _style_parts(item, markers)
    elif kind is AttrKind.SRCSET and len(item.parts or ()) > 1:
        for slot, where in srcset_parts(item.parts or (), item.name).items():
            markers[slot] = Escaping(Escaper.SRCSET, part=where)


def _slots(attr: AttrToken) -> list[int]:
    """The slots of the holes in the value of ``attr``."""
    return [part for part in attr.parts or () if isinstance(part, int)]


def attribute_kind(tag: TagToken, name: str) -> AttrKind:
    """The kind of attribute ``name`` (lower-case) on ``tag``: as attr_kind says, except that
    a <link href> is an ordinary URL when the tag has no spread and a static rel whose every
    keyword only points somewhere (rel=canonical, alternate, icon...)."""
    if name == "nonce":
        return AttrKind.PLAIN  # written in the template: the author's nonce (attr_kind: data's)
    kind = attr_kind(tag.name, name)
    if tag.name in ANIMATION_ELEMENTS and name in ANIMATION_VALUES:
        return _animation_kind(tag, name)
    if kind is AttrKind.RESOURCE and tag.name == "link" and name == "href":
        rel = _fixed_value(tag, "rel")
        if rel is not None and set(rel.split()) <= LINK_NAVIGATIONAL_RELS:
            return AttrKind.URL
    return kind


def _fixed_value(tag: TagToken, name: str) -> str | None:
    """The value of attribute ``name`` on ``tag``, lower-cased, when the template fixes it: it
    is written once, without a hole, and no spread could write it too. Else None."""
    found = [
        item
        for item in tag.items
        if isinstance(item, SpreadToken) or ascii_lower(item.name) == name
    ]
    if len(found) != 1 or isinstance(found[0], SpreadToken) or found[0].dynamic:
        return None
    return ascii_lower(str(static_value(found[0])))


def _animation_kind(tag: TagToken, name: str) -> AttrKind:
    """The kind of to/from/by/values on an SVG animation element, which writes them into the
    attribute its attributeName names (SVG 2, SMIL animation): a URL when that is a URL attribute
    (``values``, a list of them, is refused then), plain text for a presentation attribute;
    refused when the target is not written in the template, or is an event handler or style."""
    fixed = _fixed_value(tag, "attributename")
    if fixed is None:
        return AttrKind.REFUSED
    target = fixed.strip(WHITESPACE)
    kind = attr_kind("a", target)
    if kind is AttrKind.URL and name != "values":
        # the animated element may be a <use> or a <script> (the parent, or the href target),
        # whose href loads code (an external document, a script): a URL that loads code
        return AttrKind.RESOURCE
    if kind is AttrKind.PLAIN and target and target.replace("-", "").isalnum():
        return AttrKind.PLAIN
    return AttrKind.REFUSED


def _check_attribute(tag: TagToken, attr: AttrToken) -> AttrKind:
    """The kind of a dynamic attribute, or a TemplateSyntaxError where it cannot be made safe."""
    element, name = tag.name, ascii_lower(attr.name)
    kind = attribute_kind(tag, name)
    whole = attr.parts is not None and len(attr.parts) == 1
    if kind is AttrKind.RESOURCE:
        resource_parts(element, attr.name, attr.parts or ())
    if kind is AttrKind.SRCDOC and not whole:
        raise _msg.srcdoc(_first(attr))
    if kind is AttrKind.HTML and not whole:
        raise _msg.html_attribute_part(name, _first(attr))
    if kind is AttrKind.REFUSED:
        reason = _REFUSED_REASONS.get(name) or refusal_reason(element, name)
        reason = reason or "changes how the rest of the document is read"
        raise _msg.refused_attribute(name, element, reason, _first(attr))
    return kind


def _first(attr: AttrToken) -> Location:
    """Where the first hole of ``attr`` stands (made only for a refusal)."""
    return Location.at_hole(_slots(attr)[0])


_REFUSED_REASONS = {
    "http-equiv": "can redirect the page or change its security policy",
    "attributename": "decides which attribute an SVG animation rewrites",
    "charset": "decides how the page (or the script) is decoded",
    "xml:base": "decides where every relative URL inside the element resolves",
    "type": "decides whether the script is run, and as what language",
    "language": "decides whether the script is run, and as what language",
    "nonce": "decides whether the script or style may run under a Content Security Policy",
    **dict.fromkeys(
        ("to", "from", "by"),
        "is written into the attribute an SVG animation targets (attributeName), which must be "
        "written in the template and be neither an event handler nor style",
    ),
    "values": "is written into the attribute an SVG animation targets (attributeName), which "
    "must be written in the template and be neither a URL, an event handler nor style",
}


def _js_reads(name: str, kind: AttrKind) -> str:
    """How a JavaScript-reading attribute reads its value, as _messages.event_handler names it."""
    if kind is AttrKind.JSON:
        return "json"
    if kind is AttrKind.TRIGGER:
        return "trigger"
    if name.startswith("on"):
        return "handler"
    return "javascript"


# htmx runs the value of hx-vals, hx-headers, hx-confirm... as JavaScript after this prefix,
# once trimmed (https://htmx.org/attributes/hx-vals/); matched without regard to case here
_JS_PREFIX = re.compile(r"[\s\ufeff]*(?:js|javascript):", re.IGNORECASE)


def _event_parts(
    name: str, attr: AttrToken, markers: dict[int, Escaping], kind: AttrKind = AttrKind.EVENT
) -> None:
    """Decide the holes of an attribute whose value is JavaScript (``on*``, ``hx-on:*``,
    ``x-data``..., the rest of an htmx value after ``js:``) or JSON (``hx-vals``): where
    JavaScript expects an expression a value is a literal (marked "js"), inside a string or
    template literal it is the literal's text ("jsstr"); anywhere else it is refused. The
    handler is read as JavaScript after the attribute's character references are decoded:
    both readings must agree. In a bound URL (``:href``) string values are also
    scheme-filtered ("jsurl", "jsstrurl"); JSON has no template literals."""
    parts = list(attr.parts or ())
    if kind in (AttrKind.JSON, AttrKind.JS_PREFIXED) and _js_prefixed(parts):
        parts[0] = _JS_PREFIX.sub("", str(parts[0]), count=1)  # the JavaScript after "js:"
        kind = AttrKind.EVENT
    # as written, and as the browser reads it (entities decoded, part by part)
    script = JavaScriptReading()
    for part in parts:
        if isinstance(part, str):
            script.feed(part, decode_attribute(part))
        else:
            stand_in = _js_hole(name, kind, script, part, markers)
            script.feed(stand_in, stand_in)


def _js_hole(
    name: str, kind: AttrKind, script: JavaScriptReading, slot: int, markers: dict[int, Escaping]
) -> str:
    """Mark the hole ``slot``, which follows the JavaScript ``script``, or refuse it; return
    the text that stands for its value when lexing on."""
    state = script.state()
    if state not in JS_HOLE_STATES or (kind is AttrKind.JSON and state is JsState.TEMPLATE):
        raise _msg.event_handler(
            state.value,
            name,
            Location.at_hole(slot),
            known=state is not JsState.UNKNOWN,
            reads=_js_reads(name, kind),
        )
    literal, text = _JS_ESCAPERS.get(kind, (Escaper.JS_LITERAL, Escaper.JS_STRING))
    if state is JsState.CODE:
        markers[slot] = Escaping(literal)
        return CODE_STAND_IN
    refuse_module_specifier(script, Location.at_hole(slot))
    markers[slot] = Escaping(text)
    return TEXT_STAND_IN


# How a hole in JavaScript is marked, by the attribute's kind: a literal where an expression
# goes, a string's text inside one; in a bound URL scheme-filtered, in an htmx filter without
# the punctuation htmx 4 splits on
_JS_ESCAPERS: dict[AttrKind, tuple[Escaper, Escaper]] = {
    AttrKind.BOUND_URL: (Escaper.BOUND_URL_LITERAL, Escaper.BOUND_URL_STRING),
    AttrKind.TRIGGER: (Escaper.FILTER_LITERAL, Escaper.FILTER_STRING),
    AttrKind.ALPINE_DATA: (Escaper.ALPINE_DATA, Escaper.JS_STRING),
}


def _js_prefixed(parts: Sequence[str | int]) -> bool:
    """Whether the static text of an htmx value starts with ``js:``/``javascript:``."""
    return (
        bool(parts)
        and isinstance(parts[0], str)
        and bool(_JS_PREFIX.match(decode_attribute(parts[0])))
    )


def _prefixed_parts(name: str, attr: AttrToken, markers: dict[int, Escaping]) -> None:
    """Decide the holes of hx-confirm and its kind: JavaScript after a static ``js:``; text
    otherwise, but a value that could make the value start with ``js:`` is checked at render
    time ("jsprefix", with the text written before and after it)."""
    parts = attr.parts or ()
    if _js_prefixed(parts):
        _event_parts(name, attr, markers, AttrKind.JS_PREFIXED)
        return
    lead = ""
    for k, part in enumerate(parts):
        if isinstance(part, str):
            lead += decode_attribute(part)
            continue
        if not _attributes.may_start_javascript(_attributes.js_start(lead)):
            return  # the static text settled how the value starts: the rest is text
        following = parts[k + 1] if k + 1 < len(parts) else ""
        if not isinstance(following, str):
            raise _msg.js_prefix_holes(name, Location.at_hole(following))
        more = any(isinstance(later, int) for later in parts[k + 2 :])
        prefix = JsPrefix(lead, decode_attribute(following), more)
        markers[part] = Escaping(Escaper.JS_PREFIX, prefix=prefix)
        return


def _trigger_parts(name: str, attr: AttrToken, markers: dict[int, Escaping]) -> None:
    """Decide the holes of hx-trigger (https://htmx.org/attributes/hx-trigger/): inside an
    event filter, ``click[ctrlKey && {x}]``, a value follows the JavaScript rules; elsewhere
    it is text that may not open or close a filter ("trigger")."""
    code: JavaScriptReading | None = None  # the filter's JavaScript so far, as the browser reads it
    depth = 0  # brackets open inside the filter
    for part in attr.parts or ():
        if not isinstance(part, str):
            if code is None:
                markers[part] = Escaping(Escaper.TRIGGER)
            else:
                stand_in = _js_hole(name, AttrKind.TRIGGER, code, part, markers)
                code.feed(stand_in, stand_in)
            continue
        for char in decode_attribute(part):  # "&#91;" opens a filter as "[" does
            if code is None:
                if char == "[":
                    code, depth = JavaScriptReading(), 0
                continue
            if char in "[]" and code.state() is JsState.CODE:
                if char == "]" and depth == 0:
                    code = None
                    continue
                depth += 1 if char == "[" else -1
            code.feed(char, char)


def static_value(attr: AttrToken) -> str | bool:
    if attr.parts is None:
        return True
    return "".join(part for part in attr.parts if isinstance(part, str))


# Attribute values the browser reads as a language after decoding their character references
# (CSS holes are judged by the CSS lexer, which refuses the same joins).
_DECODED_THEN_READ = frozenset(
    {
        AttrKind.URL,
        AttrKind.RESOURCE,
        AttrKind.SRCSET,
        AttrKind.EVENT,
        AttrKind.BOUND_URL,
        AttrKind.JSON,
        AttrKind.JS_PREFIXED,
        AttrKind.TRIGGER,
        AttrKind.ALPINE_DATA,
    }
)


def _style_parts(attr: AttrToken, markers: dict[int, Escaping]) -> None:
    """Decide the holes of a style value with text around them: the value is a declaration
    list, read after its character references are decoded; each hole is escaped for where the
    CSS lexer puts it (a property value, a string, a url()), or refused."""
    strings = [""]
    slots = []
    for part in attr.parts or ():
        if isinstance(part, str):
            strings[-1] += decode_attribute(part)
        else:
            slots.append(part)
            strings.append("")
    for slot, position in zip(slots, css_holes(strings, declarations=True), strict=True):
        markers[slot] = Escaping(css_escaper(position, slot, "the style attribute"))


def _meta_parts(tag: TagToken, markers: dict[int, Escaping]) -> None:
    """A <meta http-equiv> takes no values, but for the URL of a refresh (HTML 4.2.5.3):
    its content can redirect the page, set cookies or change its security policy."""
    equiv = [
        item
        for item in tag.items
        if isinstance(item, AttrToken) and ascii_lower(item.name) == "http-equiv"
    ]
    if not equiv:
        return
    value = static_value(equiv[0])
    refresh = len(equiv) == 1 and isinstance(value, str)
    refresh = refresh and ascii_lower(str(value).strip(WHITESPACE)) == "refresh"
    for item in tag.items:
        if isinstance(item, AttrToken) and refresh and ascii_lower(item.name) != "http-equiv":
            if item.dynamic and ascii_lower(item.name) == "content":
                for slot, where in refresh_parts(item.parts or (), item.name).items():
                    markers[slot] = Escaping(Escaper.REFRESH, part=where)
            continue
        if isinstance(item, SpreadToken) or item.dynamic:
            slot = item.slot if isinstance(item, SpreadToken) else _slots(item)[0]
            raise _msg.meta_http_equiv(Location.at_hole(slot))
