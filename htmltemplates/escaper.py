"""What html() does with the value of each hole: the Escaper enum, and a hole's Escaping.

The analysis (``htmltemplates/analyze/``) gives every hole of a template exactly one
:class:`Escaping`, or refuses it, before any value is seen; the compiler writes the call of
the runtime function that executes it into the plan, and the runtime only executes the escaper
it is handed. The values of the members are the names docs/contexts.md uses for them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ._spec import AttrKind, UrlPart

__all__ = ["Escaper", "Escaping", "JsPrefix"]


class Escaper(enum.Enum):
    """How a hole's value is written where it stands."""

    # members are singletons compared by identity: hashed by identity too, in C, not by
    # Enum's __hash__ (Python code), since plans look them up in sets and dicts at each render
    __hash__ = object.__hash__

    # element content (runtime/text.py)
    TEXT = "text"  # HTML-escaped text; templates, __html__ and lists are rendered
    TEXT_FOREIGN = "text, maybe in foreign content"  # the same, inside an open <svg>/<math>
    RCDATA = "RCDATA text"  # <title>, <textarea>: escaped text, no markup
    COMMENT = "comment text"
    # a <script> body (runtime/javascript.py)
    SCRIPT_LITERAL = "JavaScript literal"  # JSON-like literal where an expression goes
    SCRIPT_STRING = "JavaScript string text"  # inside a string or template literal
    IMPORTMAP = "import map value"  # every URL a TrustedResourceURL
    # CSS, in a <style> body or a style attribute with text around the hole (runtime/css.py)
    CSS_VALUE = "CSS value"  # filtered with the CSS value filter
    CSS_STRING = "CSS string text"
    CSS_URL = "CSS url()"  # a whole URL: scheme-filtered
    CSS_URL_PATH = "CSS url() path"
    CSS_URL_QUERY = "CSS url() query"
    CSS_URL_FRAGMENT = "CSS url() fragment"
    # a whole attribute value: the value rule of the attribute's AttrKind (Escaping.kind)
    ATTRIBUTE = "attribute value"
    # a part of an attribute value with text around it (runtime/attributes.py)
    ATTR_TEXT = "attribute text"
    URL_START = "URL"  # the start of a URL: scheme-filtered
    RESOURCE_URL = "resource URL"  # the start of a URL that loads code: trusted values only
    URL_PATH = "URL path"  # percent-encoded for its part of the URL
    URL_QUERY = "URL query"
    URL_FRAGMENT = "URL fragment"
    SRCSET = "srcset candidate"  # Escaping.part: where in the candidate's URL, or None
    REFRESH = "refresh URL"  # <meta http-equiv=refresh content>: Escaping.part
    JS_LITERAL = "event handler literal"  # JavaScript in on*, hx-on, x-on...
    JS_STRING = "event handler string text"
    BOUND_URL_LITERAL = "bound URL literal"  # :href: a literal of a filtered URL
    BOUND_URL_STRING = "bound URL string text"
    ALPINE_DATA = "Alpine data literal"  # x-data: no init/destroy keys
    FILTER_LITERAL = "htmx filter literal"  # hx-trigger [filter]: no punctuation htmx splits on
    FILTER_STRING = "htmx filter string text"
    TRIGGER = "htmx trigger text"  # hx-trigger outside a filter
    JS_PREFIX = "text that may not start JavaScript"  # hx-confirm: Escaping.prefix
    # between attributes: a mapping of attributes
    SPREAD = "attribute spread"

    def __str__(self) -> str:
        return self.value


# The CSS escapers, and the URL parts of those in a url()
CSS_ESCAPERS = frozenset(
    {
        Escaper.CSS_VALUE,
        Escaper.CSS_STRING,
        Escaper.CSS_URL,
        Escaper.CSS_URL_PATH,
        Escaper.CSS_URL_QUERY,
        Escaper.CSS_URL_FRAGMENT,
    }
)
URL_PIECES: dict[Escaper, UrlPart] = {
    Escaper.URL_PATH: UrlPart.PATH,
    Escaper.URL_QUERY: UrlPart.QUERY,
    Escaper.URL_FRAGMENT: UrlPart.FRAGMENT,
}


@dataclass(frozen=True, slots=True)
class JsPrefix:
    """hx-confirm's text around a hole that could make the value start with ``js:``: the
    text before and after it (character references decoded), and whether holes follow."""

    before: str
    after: str
    more: bool


@dataclass(frozen=True, slots=True)
class Escaping:
    """The decision for one hole: its escaper, and what that escaper needs to know.

    ``kind`` is the attribute's kind for ATTRIBUTE; ``part`` where in a URL the hole of a
    SRCSET or REFRESH stands (None: a srcset descriptor); ``prefix`` the text around a
    JS_PREFIX hole."""

    escaper: Escaper
    kind: AttrKind | None = None
    part: UrlPart | None = None
    prefix: JsPrefix | None = None

    def __str__(self) -> str:
        if self.kind is not None:
            return f"{self.escaper} ({self.kind})"
        return str(self.escaper)
