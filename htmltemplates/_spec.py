"""HTML facts as data: element and attribute categories the scanner and compiler consult.

Sources: the WHATWG HTML Living Standard, sections 13.1.2 (elements), 13.2.5 (tokenization)
and the attribute index; and the URL-attribute lists of Go's html/template and Closure.
"""

from __future__ import annotations

import enum

# 13.1.2 Elements: void elements have no end tag and no content.
VOID_ELEMENTS = frozenset(
    "area base br col embed hr img input link meta param source track wbr".split()
)

# 13.1.2.6 Escapable raw text elements: content is text with character references decoded;
# only the element's own end tag closes it.
RCDATA_ELEMENTS = frozenset({"title", "textarea"})

# Raw text elements whose content is a program (JS, CSS): values there are escaped for where
# the JavaScript or CSS lexer puts them; they carry the CSP nonce.
SCRIPT_ELEMENTS = frozenset({"script", "style"})

# Raw text elements with no sound escaping at all: a value in them would show "&lt;" literally
# or be live markup. Refused on purpose (SECURITY-NOTES 2.3).
UNSAFE_RAWTEXT_ELEMENTS = frozenset({"xmp", "iframe", "noembed", "noframes", "plaintext"})

RAWTEXT_ELEMENTS = SCRIPT_ELEMENTS | UNSAFE_RAWTEXT_ELEMENTS

# Attributes whose value is a URL that navigates or loads media (HTML's attribute index,
# plus SVG/XLink). Names containing "src", "url" or "uri" are treated as URLs too, as Go does.
URL_ATTRIBUTES = frozenset(
    {
        "action",
        "archive",
        "background",
        "cite",
        "classid",
        "codebase",
        "formaction",
        "href",
        "icon",
        "longdesc",
        "manifest",
        "ping",
        "poster",
        "profile",
        "src",
        "usemap",
        "xlink:href",
    }
)

# Attributes that reprogram how other content is read; refused when interpolated.
REFUSED_ATTRIBUTES = frozenset({"http-equiv", "attributename"})

# Lists of image candidates: each URL is filtered or encoded, each descriptor checked.
SRCSET_ATTRIBUTES = frozenset({"srcset", "imagesrcset"})

# URLs that load code, or decide where every relative URL of the page resolves
# (SECURITY-NOTES 2.9): a value may only follow static text that fixes the origin.
RESOURCE_URL_ATTRIBUTES = frozenset(
    {
        ("script", "src"),
        ("script", "href"),  # SVG <script>
        ("script", "xlink:href"),
        ("base", "href"),
        ("object", "data"),
        ("embed", "src"),
        ("iframe", "src"),
        ("frame", "src"),
        ("use", "href"),  # SVG <use> loads (and, with some formats, runs) another document
        ("use", "xlink:href"),
        ("link", "href"),  # unless a static rel says it only points (LINK_NAVIGATIONAL_RELS)
    }
)

# <link rel> keywords whose href is only pointed at or fetched as an image, never run or
# applied: with only these in a static rel, a <link href> is an ordinary URL attribute.
LINK_NAVIGATIONAL_RELS = frozenset(
    """alternate author bookmark canonical external help license me next nofollow noopener
    noreferrer opener prev privacy-policy search shortlink tag terms-of-service icon
    apple-touch-icon apple-touch-icon-precomposed mask-icon shortcut dns-prefetch preconnect
    pingback""".split()
)

# SVG animation elements rewrite the attribute their attributeName names, href included
# (SECURITY-NOTES 2.16): their value attributes follow that target (compiler._animation_kind).
ANIMATION_ELEMENTS = frozenset({"set", "animate", "animatemotion", "animatetransform"})
ANIMATION_VALUES = frozenset({"to", "from", "by", "values"})

# Names whose kind depends on the element they are on.
ELEMENT_DEPENDENT_NAMES = frozenset(
    {name for _, name in RESOURCE_URL_ATTRIBUTES} | ANIMATION_VALUES | {"type", "language", "nonce"}
)

# Schemes a URL value may carry at the start of a URL attribute (SECURITY-NOTES 2.8).
SAFE_SCHEMES = frozenset({"http", "https", "mailto", "tel"})

# Schemes after which nothing may be interpolated: the rest of the URL is code or a document.
DANGEROUS_SCHEMES = frozenset({"javascript", "vbscript", "data"})

# 13.2.5: the tokenizer's whitespace.
WHITESPACE = "\t\n\f\r "


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(name: str) -> str:
    """``name`` with ASCII letters lower-cased, as HTML folds tag and attribute names (13.2.5.8);
    ``str.lower`` would also fold KELVIN SIGN to "k" and the like."""
    return name.lower() if name.isascii() else name.translate(_ASCII_LOWER)


class UrlPart(enum.Enum):
    """Where in a URL a hole stands, which decides how its value is encoded (RFC 3986)."""

    START = "start"  # the whole URL from the value: scheme-filtered
    PATH = "path"
    QUERY = "query"
    FRAGMENT = "fragment"


class AttrKind(enum.Enum):
    """What language an attribute's value is in, which decides how a value is escaped."""

    PLAIN = "plain"
    URL = "URL"
    CLASS = "class"
    STYLE = "style"
    RESOURCE = "resource URL"
    SRCSET = "srcset"
    SRCDOC = "srcdoc"
    EVENT = "event handler"
    REFUSED = "refused"

    def __str__(self) -> str:
        return self.value


def attr_kind(element: str, name: str) -> AttrKind:
    """The kind of attribute ``name`` (lower-case) on ``element`` (lower-case)."""
    if name == "class":
        return AttrKind.CLASS
    if name == "style":
        return AttrKind.STYLE
    if name.startswith("on"):
        return AttrKind.EVENT
    if name in REFUSED_ATTRIBUTES or name.startswith("xmlns"):
        return AttrKind.REFUSED
    if name in SRCSET_ATTRIBUTES:
        return AttrKind.SRCSET
    if name == "srcdoc":
        return AttrKind.SRCDOC
    if name == "nonce" and element in SCRIPT_ELEMENTS:
        # from data: the first nonce wins, and a spread's would come before html()'s CSP nonce
        # (a nonce written in the template is the template's: compiler._kind)
        return AttrKind.REFUSED
    if (name in ("type", "language") and element == "script") or (
        element in ANIMATION_ELEMENTS and name in ANIMATION_VALUES
    ):
        return AttrKind.REFUSED
    if (element, name) in RESOURCE_URL_ATTRIBUTES:
        return AttrKind.RESOURCE
    if name == "data":
        return AttrKind.PLAIN
    bare = name.removeprefix("data-")
    if bare in URL_ATTRIBUTES or "src" in bare or "url" in bare or "uri" in bare:
        return AttrKind.URL
    return AttrKind.PLAIN
