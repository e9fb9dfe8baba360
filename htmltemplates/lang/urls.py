"""Where a hole stands in a URL written in a template, and which holes could choose where it
leads (docs/contexts.md, "URLs"). Used for URL attributes and for the trusted URL types."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .. import _messages as _msg
from .._spec import DANGEROUS_SCHEMES, UrlPart, ascii_lower
from ..errors import Location
from ..runtime.escapers import browser_url
from ..runtime.urls import FIXED_ORIGIN
from .references import decode_attribute

__all__ = [
    "refresh_parts",
    "refuse_reference_joins",
    "resource_parts",
    "srcset_parts",
    "url_parts",
]


def resource_parts(element: str, name: str, parts: Sequence[str | int]) -> None:
    """Refuse a hole in a URL that loads code (<script src>, <base href>, ...) unless the
    static text before it fixes the origin, or it is at the start, where only a
    TrustedResourceURL is accepted, at render time."""
    prefix = parts[0] if parts and isinstance(parts[0], str) else ""
    if prefix and FIXED_ORIGIN.match(browser_url(decode_attribute(prefix))) is None:
        name = ascii_lower(name)
        hole = next(part for part in parts if isinstance(part, int))
        raise _msg.resource_url(element, name, Location.at_hole(hole))


def url_parts(
    parts: Sequence[str | int], name: str, decode: Callable[[str], str] = decode_attribute
) -> dict[int, UrlPart]:
    """Where each hole of a URL attribute stands: at the start (the value is the URL, and is
    scheme-filtered), or in the path, query or fragment of a URL whose scheme the template
    fixed (the value is percent-encoded for that part). Refuses holes that could still change
    the scheme, and holes after a literal javascript:, vbscript: or data:.
    Values are encoded so they cannot start a query or fragment themselves: the part of a hole
    follows from the static text alone. ``parts`` are static strings (as written, read through
    ``decode``: an attribute value's character references by default) and hole indices."""
    result: dict[int, UrlPart] = {}
    written = ""  # all static text before the hole
    prefix = ""  # the static text before the scheme is settled
    start_hole: int | None = None  # a hole at the very start of the value
    settled = ""  # "", or "fixed" once a scheme or '/?#' is written, or the dangerous scheme
    for part in parts:
        if isinstance(part, int):
            if settled == "fixed":
                result[part] = _part_after(written)
                if result[part] is UrlPart.PATH and UrlPart.PATH not in list(result.values())[:-1]:
                    _check_authority(name, written, part)
                continue
            if settled:
                raise _msg.url_in_scheme(settled, name, Location.at_hole(part))
            if browser_url(decode(prefix)) or start_hole is not None:
                raise _msg.url_scheme(name, Location.at_hole(part))
            start_hole = part
            result[part] = UrlPart.START
            continue
        written += decode(part)  # part by part: a hole splits no character reference
        if settled:
            continue
        prefix += part
        # judged as the browser reads it: character references decoded by the tokenizer,
        # then the URL parser's stripping of C0 controls, space, tab and newlines
        effective = browser_url(decode(prefix))
        colon = effective.find(":")
        separator = min((k for k in map(effective.find, "/?#") if k >= 0), default=-1)
        if colon >= 0 and (separator < 0 or colon < separator):
            if start_hole is not None:
                raise _msg.url_scheme_colon(name, Location.at_hole(start_hole))
            scheme = ascii_lower(effective[:colon])
            settled = scheme if scheme in DANGEROUS_SCHEMES else "fixed"
        elif separator >= 0:
            settled = "fixed"
    return result


def _part_after(written: str) -> UrlPart:
    """The part of a URL that static text ``written`` (decoded) leaves open."""
    if "#" in written:
        return UrlPart.FRAGMENT
    return UrlPart.QUERY if "?" in written else UrlPart.PATH


# Static text before a path hole that leaves no host to choose: a path-absolute URL with its
# first segment begun ("/users/"; "//" and "/\\" are hosts), a URL whose authority is closed
# ("https://example.com/"), a scheme with no authority ("mailto:", "tel:"; not http(s), ftp,
# ws(s) or file, where "https:evil.example" is a host), or a relative path ("users/", "./").
_AUTHORITY_FIXED = re.compile(
    r"/[^/\\]"
    r"|[A-Za-z][A-Za-z0-9+.-]*:[/\\][/\\][^/?#\\]*[/\\]"
    r"|(?!(https?|ftp|wss?|file):)[A-Za-z][A-Za-z0-9+.-]*:(?![/\\])"
    r"|(?![A-Za-z][A-Za-z0-9+.-]*:)[^/\\:?#]",
    re.IGNORECASE,
)


def _check_authority(name: str, written: str, hole: int) -> None:
    """Refuse the first path hole of a URL when a value there could begin '//host'."""
    if _AUTHORITY_FIXED.match(browser_url(written)) is None:
        raise _msg.url_host(name, Location.at_hole(hole))


_SPACE = "\t\n\f\r "


def srcset_parts(parts: Sequence[str | int], name: str) -> dict[int, UrlPart | None]:
    """Where each hole of a srcset value stands: in a candidate's URL (its part, as for a URL
    attribute) or in its descriptors (None). Follows the spec's srcset parser (4.8.4.3.10):
    candidates are separated by commas, a URL ends at whitespace, and a URL ending in commas
    ends its candidate."""
    result: dict[int, UrlPart | None] = {}
    candidate: list[str | int] = []  # the current URL: decoded static text and holes
    state = "before"  # before a URL, in a URL, or in descriptors

    def end_url() -> None:
        result.update(url_parts(candidate, name, decode=str))
        candidate.clear()

    for part in parts:
        if isinstance(part, int):
            if state == "descriptors":
                result[part] = None
            else:
                candidate.append(part)
                state = "url"
            continue
        for char in decode_attribute(part):
            if state == "before":
                if char in _SPACE or char == ",":
                    continue
                state = "url"
                candidate.append(char)
            elif state == "url":
                if char in _SPACE:
                    trailing_comma = isinstance(candidate[-1], str) and candidate[-1] == ","
                    end_url()
                    state = "before" if trailing_comma else "descriptors"
                else:
                    candidate.append(char)
            elif char == ",":
                state = "before"
    if candidate:
        end_url()
    return result


# The start of <meta http-equiv=refresh content="..."> up to its URL (the shared declarative
# refresh steps, 4.2.5.3 of HTML): a delay, ';' or ',', an optional 'url=', an optional quote.
_REFRESH_PREFIX = re.compile(
    r"[\t\n\f\r ]*[0-9]*(?:\.[0-9.]*)?[\t\n\f\r ]*[;,][\t\n\f\r ]*"
    r"(?:url[\t\n\f\r ]*=[\t\n\f\r ]*)?['\"]?",
    re.IGNORECASE,
)


def refresh_parts(parts: Sequence[str | int], name: str) -> dict[int, UrlPart]:
    """Where each hole of a <meta http-equiv=refresh> content value stands in its URL; refuses
    holes in the delay (the static text must write it, and the ';' after it)."""
    first = parts[0] if parts and isinstance(parts[0], str) else ""
    prefix = _REFRESH_PREFIX.match(decode_attribute(first))
    if prefix is None or len(prefix.group()) == 0:
        hole = next(part for part in parts if isinstance(part, int))
        raise _msg.refresh(Location.at_hole(hole))
    url = [decode_attribute(first)[prefix.end() :]] + [
        part if isinstance(part, int) else decode_attribute(part) for part in parts[1:]
    ]
    return url_parts([part for part in url if part != ""], name, decode=str)


# '&' and the start of a character reference's name or number, at the end of static text: a
# value after it could complete the reference ("&" + "quot;"), which the browser decodes before
# it reads the attribute as a URL or JavaScript (or an SVG script as JavaScript).
_REFERENCE_START = re.compile(r"&[A-Za-z0-9#]*\Z")


def refuse_reference_joins(parts: Sequence[str | int], where: str) -> None:
    """Refuse a hole right after '&' (and letters, digits or '#') in ``parts``: the value could
    turn that text into a character reference, decoded before the value is read
    (onclick="f('&{v}')" with v = "#39;);alert(1);//" would close the string)."""
    before = ""
    for part in parts:
        if isinstance(part, str):
            before = part
        elif _REFERENCE_START.search(before):
            raise _msg.reference(where, Location.at_hole(part))
        else:
            before = ""
