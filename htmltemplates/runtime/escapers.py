"""One pure, total function per context: each turns text into text that is safe there."""

from __future__ import annotations

import html as _html
import re
from urllib.parse import quote

from .._memory import Memory
from .._spec import SAFE_SCHEMES, ascii_lower

try:  # MarkupSafe's C escaper, without the Markup object escape() wraps each result in
    from markupsafe import _escape_inner as escape_text  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - every MarkupSafe 3 has it; keep a pure fallback

    def escape_text(s: str, /) -> str:
        return (
            s.replace("&", "&amp;")
            .replace(">", "&gt;")
            .replace("<", "&lt;")
            .replace("'", "&#39;")
            .replace('"', "&#34;")
        )


__all__ = [
    "UNSAFE_CSS",
    "UNSAFE_URL",
    "browser_url",
    "encode_fragment",
    "encode_path",
    "encode_query",
    "escape_comment",
    "escape_text",
    "filter_css_value",
    "filter_url",
    "is_css_property",
    "keep_first_newline",
    "markup_to_text",
    "normalize_rcdata",
    "plain_str",
    "usv_string",
]

# What a URL becomes when its scheme is not allowed: a valid URL that goes nowhere, as
# Closure's about:invalid#zSoyz, with our name in it so it is easy to find.
UNSAFE_URL = "about:invalid#htmltemplates"

# What a CSS value becomes when it is not a plain value: an identifier no property accepts
# as anything meaningful, as Go's ZgotmplZ.
UNSAFE_CSS = "htmltemplates-unsafe"

_COMMENT_MORE = str.maketrans({"-": "&#45;", "!": "&#33;"})


def plain_str(text: str, /) -> str:
    """An exact ``str`` of what ``text`` shows: a ``str`` subclass may override ``__str__``,
    and an f-string would call it, so what is checked and escaped must be that text."""
    return text if text.__class__ is str else str.__str__(str(text))


def escape_comment(s: str, /) -> str:
    """Text for inside ``<!-- -->``: besides ``& < > " '``, ``-`` and ``!`` are escaped, so no
    value can spell ``-->`` or ``--!>`` with the text around it (13.2.5.43)."""
    return escape_text(s).translate(_COMMENT_MORE)


def keep_first_newline(text: str, /) -> str:
    """Content that starts right after ``<pre>``, ``<listing>`` or ``<textarea>``: the HTML
    parser drops one newline there, so a leading newline is doubled to survive."""
    return "\n" + text if text[:1] == "\n" else text


def normalize_rcdata(markup: str, /) -> str:
    """Trusted HTML shown inside ``<title>``/``<textarea>``: its entities kept, its tags made
    text, so it cannot close the element (docs/contexts.md, "RCDATA and comments in detail")."""
    # str.replace, not Markup.replace (which would escape "&lt;" itself)
    return str.replace(str.replace(markup, "<", "&lt;"), ">", "&gt;")


def _drop_tags(markup: str, /) -> str:
    """``markup`` without its comments (``<!--`` to the first ``-->`` after it) and tags (``<``
    to the first ``>``); a '<' that neither closes is kept. One pass with str.find: a regular
    expression tried at each '<' would read to the end from each of them when nothing closes
    ("<!--" * 40000 took seconds)."""
    pieces: list[str] = []
    kept = 0  # markup[kept:] is not written yet
    start = markup.find("<")
    comment_end = 0  # where the next "-->" is: -1 when there is none left
    while start >= 0:
        end = -1
        if markup.startswith("<!--", start) and comment_end >= 0:
            if comment_end < start + 4:
                comment_end = markup.find("-->", start + 4)
            if comment_end >= 0:
                end = comment_end + 3
        if end < 0:
            close = markup.find(">", start + 1)
            if close < 0:
                break  # no '>' after here: no tag either
            end = close + 1
        pieces.append(markup[kept:start])
        kept = end
        start = markup.find("<", end)
    pieces.append(markup[kept:])
    return "".join(pieces)


def markup_to_text(markup: str, /) -> str:
    """The text a piece of trusted HTML shows: tags and comments dropped, entities decoded.
    Used where HTML cannot go (attribute values): the text round-trips, the tags do not.
    html.unescape calls a Python function for each reference: text whose only references are
    the five that escaping writes (labels such as "Fish &amp; chips") is decoded by
    str.replace instead, "&amp;" last so that "&amp;lt;" stays "&lt;"."""
    text = str.__str__(_drop_tags(markup) if "<" in markup else markup)
    if "&" not in text:
        return text
    if text.count("&") != len(_BASIC_REFERENCES.findall(text)):
        return _html.unescape(text)
    return (
        text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", '"')
        .replace("&#34;", '"')
        .replace("&#39;", "'")
        .replace("&amp;", "&")
    )


_BASIC_REFERENCES = re.compile(r"&(?:amp|lt|gt|quot|#34|#39);")


# 4.1 of the URL standard: the parser strips leading and trailing C0 controls and spaces,
# and removes ASCII tab and newline anywhere, before it looks for a scheme.
_C0_AND_SPACE = "".join(map(chr, range(0x21)))
_TAB_NEWLINE = re.compile(r"[\t\n\r]")


def browser_url(url: str, /) -> str:
    """``url`` as a browser's URL parser reads it: without leading and trailing C0 controls and
    spaces, and without tabs and newlines anywhere."""
    return _TAB_NEWLINE.sub("", url.strip(_C0_AND_SPACE))


_PATH_SAFE = "/:@!$&'()*+,;="
_QUERY_SAFE = "!'()*"
_FRAGMENT_SAFE = "/?:@!$&'()*+,;="
# quote() is slow next to a regular expression: values that need no encoding (ids, slugs) skip it
_NEEDS_NO_QUOTE = {
    safe: re.compile("[A-Za-z0-9_.~" + re.escape(safe) + "-]*")
    for safe in (_PATH_SAFE, _QUERY_SAFE, _FRAGMENT_SAFE)
}


# A lone surrogate has no UTF-8: the URL standard reads a URL as a USVString, where each one
# is U+FFFD (WebIDL 3.2.12), so that is what a value's lone surrogates become in every URL
# position (percent-encoded where the part is encoded).
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def usv_string(text: str, /) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD, as a browser reads a URL."""
    return text if text.isascii() else _LONE_SURROGATE.sub("\ufffd", text)


def _quote(text: str, safe: str) -> str:
    if _NEEDS_NO_QUOTE[safe].fullmatch(text):
        return text
    return quote(usv_string(text), safe=safe)


def encode_path(text: str, /) -> str:
    """A value in the path of a URL: percent-encoded but for '/' and RFC 3986's path
    characters, so it cannot start a query or fragment, and '%' stays data."""
    return _quote(text, _PATH_SAFE)


def encode_query(text: str, /) -> str:
    """A value in the query of a URL, as encodeURIComponent: '&', '=', '+' and '#' encoded, so
    ``?q={q}`` gives back exactly ``q`` ("Tom & Jerry" included)."""
    return _quote(text, _QUERY_SAFE)


def encode_fragment(text: str, /) -> str:
    """A value in the fragment of a URL: percent-encoded but for the fragment's characters."""
    return _quote(text, _FRAGMENT_SAFE)


# The starts of URLs filter_url keeps as they are, written in lower case: an ASCII str (no lone
# surrogate to replace) with no ':', or with one of these starts, is plainly safe, and the fast
# paths of plans and srcset_value write it without calling filter_url
SAFE_URL_STARTS = tuple(f"{scheme}:" for scheme in sorted(SAFE_SCHEMES))


def filter_url(url: str, /) -> str:
    """``url`` if it is relative or its scheme is http, https, mailto or tel; else UNSAFE_URL
    (lone surrogates made U+FFFD, see usv_string)."""
    url = usv_string(url)
    if ":" not in url:
        return url
    effective = browser_url(url)
    colon = effective.find(":")
    if colon < 0 or any(sep in effective[:colon] for sep in "/?#"):
        return url  # a ':' after the path, query or fragment began is not a scheme's
    if ascii_lower(effective[:colon]) in SAFE_SCHEMES:
        return url
    return UNSAFE_URL


# CSS values in style dicts: numbers, dimensions, identifiers, colours, and calls of functions
# that compute values. No quotes, backslashes (escapes), ';', ':', '{', '}', '<', '>', '@',
# '&', comments, and no function that fetches (url, image-set, ...) or runs code (expression).
_CSS_VALUE = re.compile(r"[-+.,%#!/*\w\s()]*")
# A function's name is the whole run of name characters before its '(': the lookbehind lets a
# match start only where a run starts, so a long run that no '(' follows is read once, not
# once from each of its characters (which made the search quadratic in the value).
_CSS_CALL = re.compile(r"(?<![-\w])([-\w]*)\(")
_CSS_FUNCTIONS = frozenset(
    """rgb rgba hsl hsla hwb lab lch oklab oklch color color-mix light-dark calc min max clamp
    var env round mod rem abs sign sin cos tan asin acos atan atan2 pow sqrt hypot log exp
    linear-gradient radial-gradient conic-gradient repeating-linear-gradient
    repeating-radial-gradient repeating-conic-gradient translate translatex translatey
    translatez translate3d rotate rotatex rotatey rotatez rotate3d scale scalex scaley scalez
    scale3d skew skewx skewy matrix matrix3d perspective cubic-bezier steps minmax repeat
    fit-content blur brightness contrast drop-shadow grayscale hue-rotate invert opacity
    saturate sepia""".split()
)
_CSS_PROPERTY = re.compile(r"--[A-Za-z0-9_-]+|-?[A-Za-z][A-Za-z0-9-]*")


# The values filter_css_value has judged, and its verdicts: style values repeat ("4px", "red"),
# and the judgement costs a few regular expressions. Bounded in bytes and in their length.
_CSS_VERDICT_MEMORY = Memory[str, str]("css-verdicts")
_CSS_VERDICTS = _CSS_VERDICT_MEMORY.entries
_MAX_CACHED_CSS = 64


def filter_css_value(value: str, /) -> str:
    """``value`` if it is a plain CSS value (see above), else UNSAFE_CSS."""
    if value.__class__ is not str:
        return _filter_css_value(value)
    verdict = _CSS_VERDICTS.get(value)
    if verdict is None:
        verdict = _filter_css_value(value)
        if len(value) <= _MAX_CACHED_CSS:
            _CSS_VERDICT_MEMORY.add(value, verdict)
    return verdict


def _filter_css_value(value: str, /) -> str:
    if (
        _CSS_VALUE.fullmatch(value) is None
        or "/*" in value
        or "*/" in value
        or not _balanced(value)
        or any(ascii_lower(name) not in _CSS_FUNCTIONS for name in _CSS_CALL.findall(value))
    ):
        return UNSAFE_CSS
    return value


def _balanced(value: str) -> bool:
    """Whether every ')' in ``value`` closes a '(' before it, and every '(' is closed: ")rgb("
    has as many of each, but its "rgb(" would take the declarations after it as arguments."""
    depth = 0
    for char in value:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def is_css_property(name: str, /) -> bool:
    """Whether ``name`` is spelled like a CSS property (standard, vendor or custom)."""
    return _CSS_PROPERTY.fullmatch(name) is not None
