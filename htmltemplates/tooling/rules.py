"""What html() does to each type of value at each escaper the analysis can choose, in words,
with the section of the docs that says so: the table explain() prints beside each hole.

The escaper of a hole is the compiler's decision (compiler/ir.py); this module only words
what the runtime function of that escaper does, as docs/contexts.md and docs/attributes.md
state it. tests/tooling/test_explain.py checks that every section cited exists.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._spec import AttrKind, UrlPart
from ..escaper import Escaper, Escaping
from ..runtime.escapers import UNSAFE_CSS, UNSAFE_URL

__all__ = ["COMPONENT_RULES", "SAFE_DOCS", "SAFE_SPEC", "Rule", "cited", "rule_for"]


@dataclass(frozen=True, slots=True)
class Rule:
    """What is done at one escaper: ``label`` names it, ``values`` pairs a type of value with
    what happens to it, ``docs`` is the section (``docs/page.md#anchor``) that says so."""

    label: str
    values: tuple[tuple[str, str], ...]
    docs: str


_REFUSED = "refused: RenderError"
_WHOLE = (("True", "the bare attribute"), ("None, False", "the attribute is removed"))
_IN_PART = (("None, False, True", "nothing (the attribute stays)"),)
_ESCAPED = "escaped: & < > \" ' as character references"
_JS_LITERAL = "a JavaScript literal (JSON), < > & ' ` $ U+2028 U+2029 as \\uXXXX, a space each side"
_JS_VALUES = "str, numbers, bool, None, list, dict"
_JS_STRING = "the literal's text: quotes, ` $ \\ < > & and line separators escaped"
_URL_FILTER = f"scheme-filtered: a scheme other than http, https, mailto, tel becomes {UNSAFE_URL}"
_TRUSTED_URL = ("TrustedURL, TrustedResourceURL", "kept as it is (no scheme filter)")
_PERCENT = {
    UrlPart.PATH: "percent-encoded for a path (? # % too); a . or .. segment is refused",
    UrlPart.QUERY: "percent-encoded as encodeURIComponent does (& = + / ? # too)",
    UrlPart.FRAGMENT: "percent-encoded for a fragment",
}
_URL_DOCS = "docs/attributes.md#url-attributes"
_JS_DOCS = "docs/contexts.md#scripts-and-event-handlers"
_EVENT_DOCS = "docs/attributes.md#event-handlers"
_FRAMEWORK_DOCS = "docs/contexts.md#htmx-alpinejs-and-other-frameworks"
_CSS_DOCS = "docs/contexts.md#css-style-bodies-and-style-values"
_ATTR_DOCS = "docs/attributes.md#values"

_TEXT = (
    ("str, int, float, other objects", f"str(value), {_ESCAPED}"),
    ("Markup, __html__", "inserted as it is (trusted markup)"),
    ("Template", "rendered in place, by the contexts of its own text"),
    ("list, tuple, iterable", "each item by these rules"),
    ("None, False, True", "nothing"),
    ("dict, bytes", _REFUSED),
)
_ATTR_TEXT = (
    ("str, int, float, other objects", f"str(value), {_ESCAPED}"),
    ("Markup, __html__", "the text its markup shows, escaped"),
    ("list, tuple, iterable", "the truthy items joined by spaces"),
)
_ATTR_REFUSED = (("Template, dict, bytes", _REFUSED),)
_CSS_VALUE = (
    (
        "str, int, float",
        f"through the CSS value filter: anything but a plain value is {UNSAFE_CSS}",
    ),
    ("list, tuple", "the items joined by spaces, each filtered"),
    ("None, False", "nothing"),
    ("dict, bytes, Template", _REFUSED),
)
_CSS_HEX = "then everything but letters, digits, spaces and _.,%+- as a CSS hex escape"


def _url_part(part: UrlPart, then: str = "") -> tuple[tuple[str, str], ...]:
    return (
        ("str, int, float", _PERCENT[part] + then),
        ("Markup, list", "its text, the truthy items joined by spaces; then encoded so"),
        *_IN_PART,
        *_ATTR_REFUSED,
    )


def _css_url_part(part: UrlPart) -> tuple[tuple[str, str], ...]:
    return (
        ("str, int, float, Markup (its text)", f"{_PERCENT[part]}; {_CSS_HEX}"),
        ("anything else", _REFUSED),
    )


_ESCAPERS: dict[Escaper, Rule] = {
    Escaper.TEXT: Rule("text", _TEXT, "docs/index.md#values-in-text-content"),
    Escaper.TEXT_FOREIGN: Rule(
        "text, maybe in foreign content (<svg>, <math> or <select> open)",
        (*_TEXT, ("a Template that may not be nested there", "refused: TemplateSyntaxError")),
        "docs/security.md#foreign-content-svg-and-math",
    ),
    Escaper.RCDATA: Rule(
        "RCDATA text",
        (
            ("str, int, float, other objects", f"str(value), {_ESCAPED}"),
            (
                "Markup, Template, list",
                "rendered as in text, then its < and > escaped: shown as text",
            ),
            ("None, False, True", "nothing"),
            ("dict, bytes", _REFUSED),
        ),
        "docs/contexts.md#rcdata-and-comments-in-detail",
    ),
    Escaper.COMMENT: Rule(
        "comment text",
        (
            (
                "str, int, float, other objects",
                "escaped, - ! as &#45; &#33;: it cannot end the comment",
            ),
            ("Markup, Template, list", "rendered as in text, then escaped again"),
            ("None, False, True", "nothing"),
        ),
        "docs/contexts.md#rcdata-and-comments-in-detail",
    ),
    Escaper.SCRIPT_LITERAL: Rule(
        "JavaScript or JSON, where an expression goes",
        (
            (_JS_VALUES, _JS_LITERAL),
            ("Markup", "a string of its source"),
            ("anything else", _REFUSED),
        ),
        _JS_DOCS,
    ),
    Escaper.SCRIPT_STRING: Rule(
        "JavaScript, inside a string or template literal",
        (("str, int, float, Markup (its source)", _JS_STRING), ("anything else", _REFUSED)),
        _JS_DOCS,
    ),
    Escaper.IMPORTMAP: Rule(
        "import map, where a JSON value goes",
        (
            ("dict, list, TrustedResourceURL", "a JSON literal"),
            ("a str in it that is not a TrustedResourceURL", _REFUSED),
        ),
        "docs/attributes.md#import-maps",
    ),
    Escaper.CSS_VALUE: Rule("CSS property value", _CSS_VALUE, _CSS_DOCS),
    Escaper.CSS_STRING: Rule(
        "CSS string",
        (("str, int, float", _CSS_HEX.removeprefix("then ")), ("anything else", _REFUSED)),
        _CSS_DOCS,
    ),
    Escaper.CSS_URL: Rule(
        "CSS url(), the whole URL",
        (("str", f"{_URL_FILTER}; {_CSS_HEX}"), _TRUSTED_URL, ("anything else", _REFUSED)),
        _CSS_DOCS,
    ),
    Escaper.CSS_URL_PATH: Rule("CSS url() path", _css_url_part(UrlPart.PATH), _CSS_DOCS),
    Escaper.CSS_URL_QUERY: Rule("CSS url() query", _css_url_part(UrlPart.QUERY), _CSS_DOCS),
    Escaper.CSS_URL_FRAGMENT: Rule(
        "CSS url() fragment", _css_url_part(UrlPart.FRAGMENT), _CSS_DOCS
    ),
    Escaper.ATTR_TEXT: Rule(
        "text in an attribute value", (*_ATTR_TEXT, *_IN_PART, *_ATTR_REFUSED), _ATTR_DOCS
    ),
    Escaper.URL_START: Rule(
        "URL start",
        (("str", f"{_URL_FILTER}; then escaped"), _TRUSTED_URL, *_IN_PART, *_ATTR_REFUSED),
        _URL_DOCS,
    ),
    Escaper.RESOURCE_URL: Rule(
        "resource URL (loads code)",
        (("TrustedResourceURL", "kept as it is, escaped"), ("anything else", _REFUSED)),
        "docs/attributes.md#urls-that-load-code",
    ),
    Escaper.URL_PATH: Rule("URL path", _url_part(UrlPart.PATH), _URL_DOCS),
    Escaper.URL_QUERY: Rule("URL query", _url_part(UrlPart.QUERY), _URL_DOCS),
    Escaper.URL_FRAGMENT: Rule("URL fragment", _url_part(UrlPart.FRAGMENT), _URL_DOCS),
    Escaper.JS_LITERAL: Rule(
        "attribute JavaScript, where an expression goes",
        (
            (_JS_VALUES, _JS_LITERAL + "; then escaped"),
            ("Markup", "a string of its source"),
            ("anything else", _REFUSED),
        ),
        _EVENT_DOCS,
    ),
    Escaper.JS_STRING: Rule(
        "attribute JavaScript, inside a string or template literal",
        (
            ("str, int, float, Markup (its source)", _JS_STRING + "; then escaped"),
            ("anything else", _REFUSED),
        ),
        _EVENT_DOCS,
    ),
    Escaper.BOUND_URL_LITERAL: Rule(
        "bound URL, where an expression goes",
        (
            ("str", f"{_URL_FILTER}; then a JavaScript string, escaped"),
            ("int, float, bool, None", "a JavaScript literal, escaped"),
            ("list, dict", _REFUSED),
        ),
        _FRAMEWORK_DOCS,
    ),
    Escaper.BOUND_URL_STRING: Rule(
        "bound URL, inside a string",
        (
            ("str", f"{_URL_FILTER}; then the string's text, escaped"),
            ("None, list, dict", _REFUSED),
        ),
        _FRAMEWORK_DOCS,
    ),
    Escaper.ALPINE_DATA: Rule(
        "Alpine x-data JavaScript",
        (
            (_JS_VALUES, _JS_LITERAL + "; then escaped"),
            ("a dict with a key init or destroy", _REFUSED),
            ("anything else", _REFUSED),
        ),
        _FRAMEWORK_DOCS,
    ),
    Escaper.FILTER_LITERAL: Rule(
        "htmx trigger filter, where an expression goes",
        (
            ("str, int, float, bool, None", _JS_LITERAL + "; [ ] , as \\uXXXX too"),
            ("list, dict", _REFUSED),
        ),
        _FRAMEWORK_DOCS,
    ),
    Escaper.FILTER_STRING: Rule(
        "htmx trigger filter, inside a string",
        (("str, int, float", _JS_STRING + "; [ ] , as \\uXXXX too"), ("list, dict", _REFUSED)),
        _FRAMEWORK_DOCS,
    ),
    Escaper.TRIGGER: Rule(
        "htmx trigger text",
        (("str, int, float", f"{_ESCAPED}; a [ or ] is refused"), *_IN_PART, *_ATTR_REFUSED),
        _FRAMEWORK_DOCS,
    ),
    Escaper.JS_PREFIX: Rule(
        "text that may not start JavaScript (hx-confirm)",
        (
            ("str, int, float", f"{_ESCAPED}; refused if the value makes it start with js:"),
            *_IN_PART,
        ),
        _FRAMEWORK_DOCS,
    ),
    Escaper.SPREAD: Rule(
        "attribute spread",
        (
            ("dict, mapping", "each name: value as name={value}; names checked, on* refused"),
            ("None, False", "nothing"),
            ("anything else", _REFUSED),
        ),
        "docs/attributes.md#spreading-a-dict-of-attributes",
    ),
}

# A whole attribute value (Escaper.ATTRIBUTE): the value rule of the attribute's kind
_KINDS: dict[AttrKind, Rule] = {
    AttrKind.PLAIN: Rule("attribute value", (*_ATTR_TEXT, *_WHOLE, *_ATTR_REFUSED), _ATTR_DOCS),
    AttrKind.URL: Rule(
        "URL",
        (("str", f"{_URL_FILTER}; then escaped"), _TRUSTED_URL, *_WHOLE, *_ATTR_REFUSED),
        _URL_DOCS,
    ),
    AttrKind.CLASS: Rule(
        "class list",
        (
            ("str", "escaped"),
            ("list, tuple", "falsy items dropped, the rest joined by spaces"),
            ("dict", "the names whose value is true"),
            ("empty", "the attribute is removed"),
            *_WHOLE,
        ),
        "docs/attributes.md#class",
    ),
    AttrKind.STYLE: Rule(
        "style declarations",
        (
            (
                "dict",
                f"property: value; names checked, values through the CSS filter ({UNSAFE_CSS})",
            ),
            ("str", "property: value declarations, checked the same way"),
            ("empty", "the attribute is removed"),
            *_WHOLE,
        ),
        "docs/attributes.md#style",
    ),
    AttrKind.RESOURCE: Rule(
        "resource URL (loads code)",
        (
            ("TrustedResourceURL", "kept as it is, escaped"),
            ("None, False", "the attribute is removed"),
            ("anything else", _REFUSED),
        ),
        "docs/attributes.md#urls-that-load-code",
    ),
    AttrKind.SRCSET: Rule(
        "srcset",
        (
            ("str", "parsed as a srcset: each URL scheme-filtered, unknown descriptors dropped"),
            ("list", "URLs and (URL, descriptor) pairs, each URL scheme-filtered"),
            *_WHOLE,
        ),
        "docs/attributes.md#srcset-and-imagesrcset",
    ),
    AttrKind.SRCDOC: Rule(
        "srcdoc document",
        (
            ("str", "the document's text: escaped, then escaped again for the attribute"),
            ("Template, Markup", "the document's markup, then escaped for the attribute"),
            *_WHOLE,
        ),
        "docs/attributes.md#srcdoc",
    ),
    AttrKind.EVENT: Rule(
        "JavaScript of an event handler",
        ((_JS_VALUES, _JS_LITERAL + "; then escaped"), *_WHOLE, ("anything else", _REFUSED)),
        _EVENT_DOCS,
    ),
    AttrKind.BOUND_URL: Rule(
        "bound URL",
        (
            ("str", f"{_URL_FILTER}; then a JavaScript string, escaped"),
            *_WHOLE,
            ("list, dict", _REFUSED),
        ),
        _FRAMEWORK_DOCS,
    ),
    AttrKind.JSON: Rule(
        "htmx JSON",
        (("dict, list", "JSON, escaped"), *_WHOLE, ("anything else", _REFUSED)),
        _FRAMEWORK_DOCS,
    ),
    AttrKind.JS_PREFIXED: Rule(
        "text that may not start JavaScript (hx-confirm)",
        (("str, int, float", f"{_ESCAPED}; refused if it starts with js:"), *_WHOLE),
        _FRAMEWORK_DOCS,
    ),
    AttrKind.TRIGGER: Rule(
        "htmx trigger",
        (("str", f"{_ESCAPED}; a [ or ] is refused"), *_WHOLE),
        _FRAMEWORK_DOCS,
    ),
    AttrKind.HTML: Rule(
        "HTML written by x-html",
        (
            ("Template, Markup", "rendered, then a JavaScript string, escaped"),
            *_WHOLE,
            ("anything else", _REFUSED),
        ),
        _FRAMEWORK_DOCS,
    ),
    AttrKind.ALPINE_DATA: Rule(
        "Alpine x-data object",
        (("dict", _JS_LITERAL + "; no key init or destroy"), *_WHOLE, ("anything else", _REFUSED)),
        _FRAMEWORK_DOCS,
    ),
}

_DATA_DICT = Rule(
    "data-* / aria-* dict",
    (
        (
            "dict",
            "expanded to data-* (aria-*) attributes, names checked; aria booleans as true/false",
        ),
        *_ATTR_TEXT,
        *_WHOLE,
    ),
    "docs/attributes.md#data-and-aria",
)

_SRCSET_DESCRIPTOR = Rule(
    "srcset descriptor",
    (("int, float >= 0", "the number"), ("anything else", _REFUSED)),
    "docs/attributes.md#srcset-and-imagesrcset",
)

# The holes of a component tag: not escaped where they stand, but passed to the component
COMPONENT_RULES: dict[str, Rule] = {
    "component": Rule(
        "component tag",
        (
            (
                "function, class",
                "called with the props as keywords (checked against its signature)",
            ),
            ("its result", "rendered in place, as a value in text"),
        ),
        "docs/components.md#the-tag-form",
    ),
    "end": Rule(
        "component end tag",
        (
            ("the callable of its start tag", "closes it"),
            ("anything else", "refused: TemplateSyntaxError"),
        ),
        "docs/components.md#the-tag-form",
    ),
    "prop": Rule(
        "component prop",
        (("any value", "passed as it is: escaped where the component puts it"),),
        "docs/components.md#the-tag-form",
    ),
    "prop text": Rule(
        "part of a component prop",
        (("any value", "formatted into the prop's str, as an f-string would"),),
        "docs/components.md#the-tag-form",
    ),
    "props": Rule(
        "component props spread",
        (("mapping", "each item a prop; later props win"), ("None, False", "nothing")),
        "docs/components.md#the-tag-form",
    ),
}

SAFE_SPEC = ("format spec :safe", "the value is wrapped in Markup: trusted, not escaped")
SAFE_DOCS = "docs/index.md#conversions-format-specs-safe-and-x"


def rule_for(escaping: Escaping, attribute: str) -> Rule:
    """The rule of ``escaping``, for a hole in ``attribute`` (lower-case; "" outside one)."""
    escaper = escaping.escaper
    if escaper is Escaper.ATTRIBUTE:
        assert escaping.kind is not None
        if escaping.kind is AttrKind.PLAIN and attribute in ("data", "aria"):
            return _DATA_DICT
        rule = _KINDS[escaping.kind]
    else:
        rule = _ESCAPERS.get(escaper) or _url_rule(escaping)
    if rule.docs == _EVENT_DOCS and not attribute.startswith("on"):
        # hx-on:*, @click, x-on:*...: JavaScript as in on*, documented with their frameworks
        return Rule(rule.label, rule.values, _FRAMEWORK_DOCS)
    return rule


def _url_rule(escaping: Escaping) -> Rule:
    """The rule of a hole in a srcset or in the URL of a refresh."""
    escaper = escaping.escaper
    if escaping.part is None:
        return _SRCSET_DESCRIPTOR
    what = "srcset URL" if escaper is Escaper.SRCSET else "refresh URL"
    base = _ESCAPERS[Escaper.URL_START] if escaping.part is UrlPart.START else None
    values = base.values if base else _url_part(escaping.part)
    extra = "whitespace and commas" if escaper is Escaper.SRCSET else "whitespace and quotes"
    first = (values[0][0], f"{values[0][1]}; {extra} encoded too")
    docs = "docs/attributes.md#srcset-and-imagesrcset"
    if escaper is Escaper.REFRESH:
        docs = "docs/attributes.md#meta-http-equivrefresh"
    return Rule(f"{what} ({escaping.part.value})", (first, *values[1:]), docs)


def cited() -> set[str]:
    """Every section of the docs explain() can cite (for the test that each exists)."""
    rules = [*_ESCAPERS.values(), *_KINDS.values(), *COMPONENT_RULES.values()]
    rules += [_DATA_DICT, _SRCSET_DESCRIPTOR]
    rules += [
        _url_rule(Escaping(e, part=p)) for e in (Escaper.SRCSET, Escaper.REFRESH) for p in UrlPart
    ]
    return {rule.docs for rule in rules} | {_FRAMEWORK_DOCS, SAFE_DOCS}
