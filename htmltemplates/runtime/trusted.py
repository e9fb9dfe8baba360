"""Trusted URL types: values the template author vouches for, honoured in one context each.

A plain ``str`` is data, and data never chooses a URL's scheme or where code loads from. When the
application must put a whole URL in such a place, it builds one of these types, from a string
literal (mypy checks that it is a literal: ``LiteralString``) or from a t-string whose static
text fixes the part that matters; ``unchecked()`` is the explicit, greppable escape hatch for a
URL that comes from elsewhere (configuration, a database row you control).

- :class:`TrustedURL` skips the scheme filter in navigational URL attributes (``href``,
  ``action``, ``src`` of media...). It is still attribute-escaped.
- :class:`TrustedResourceURL` is the only value accepted at the start of a URL that loads code
  (``<script src>``, ``<link rel=stylesheet href>``, ``<base href>``, ``<iframe src>``...). It is
  also accepted where a TrustedURL is.

Both are ``str`` subclasses, so they work wherever a string does (``redirect(url)``); in any
other context (text, other attributes, script values) they are ordinary text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from string.templatelib import Interpolation, Template, convert
from typing import Any, LiteralString, Self, final

from .. import _messages as _msg
from .._spec import UrlPart
from ..errors import Location, TemplateError
from .escapers import (
    browser_url,
    encode_fragment,
    encode_path,
    encode_query,
    plain_str,
)
from .urls import FIXED_ORIGIN, check_path_value

__all__ = ["TrustedResourceURL", "TrustedURL", "install"]

# How the static text of a t-string is read as a URL: where each hole stands, and the refusal
# of a hole that could choose the scheme. That is lang.urls.url_parts, the reading the compiler
# gives URL attributes: compile-time code, which no runtime module imports. htmltemplates._api
# installs it when the package is imported, before a TrustedURL can be built.
ReadURL = Callable[[Sequence[str | int], str, Callable[[str], str]], dict[int, UrlPart]]
_read_url: list[ReadURL] = []


def install(read_url: ReadURL) -> None:
    """Read the t-strings of the trusted URL types with ``read_url`` (see _read_url)."""
    _read_url[:] = [read_url]


_ENCODERS = {
    UrlPart.PATH: encode_path,
    UrlPart.QUERY: encode_query,
    UrlPart.FRAGMENT: encode_fragment,
}


@final
class TrustedURL(str):
    """A URL that skips the scheme filter of URL attributes (never their escaping).

    ``TrustedURL("javascript:void(0)")`` from a literal, or
    ``TrustedURL(t"myapp://open/{item_id}")``: the t-string's static text must begin the URL
    (its scheme), and each value is percent-encoded for the path, query or fragment it stands in.
    """

    __slots__ = ()

    def __new__(cls, url: LiteralString | Template) -> Self:
        return str.__new__(cls, _build(url, "TrustedURL"))

    @classmethod
    def unchecked(cls, url: str) -> Self:
        """``url`` trusted as it is: for URLs that come from somewhere you control."""
        return str.__new__(cls, plain_str(url))

    def __repr__(self) -> str:
        return f"TrustedURL({str.__repr__(self)})"


@final
class TrustedResourceURL(str):
    """A URL that may load code: the only value accepted at the start of ``<script src>``,
    ``<link rel=stylesheet href>``, ``<iframe src>``, ``<base href>`` and the other resource
    URLs.

    ``TrustedResourceURL("https://cdn.example/lib.js")`` from a literal, or
    ``TrustedResourceURL(t"https://cdn.example/{name}/{version}/lib.js")`` /
    ``TrustedResourceURL(t"/static/{file}")``: the t-string's static text must fix the origin
    (an https origin with its path begun, or a path on this origin: not ``//host``), and each
    value is percent-encoded for its part of the URL.
    """

    __slots__ = ()

    def __new__(cls, url: LiteralString | Template) -> Self:
        return str.__new__(cls, _build(url, "TrustedResourceURL"))

    @classmethod
    def unchecked(cls, url: str) -> Self:
        """``url`` trusted as it is: for URLs that come from somewhere you control."""
        return str.__new__(cls, plain_str(url))

    def __repr__(self) -> str:
        return f"TrustedResourceURL({str.__repr__(self)})"


def _build(url: str | Template, kind: str) -> str:
    if isinstance(url, str):
        return plain_str(url)
    if not isinstance(url, Template):
        raise TypeError(f"{kind}() takes a string literal or a t-string, not {type(url).__name__}")
    try:
        return _from_template(url, kind)
    except TemplateError as error:
        error.locate(url)
        error.__traceback__ = None
        raise error from None


def _from_template(url: Template, kind: str) -> str:
    parts: list[str | int] = []
    for index, string in enumerate(url.strings):
        if string:
            parts.append(string)
        if index < len(url.interpolations):
            parts.append(index)
    where = _read_url[0](parts, kind, str)  # a URL, not HTML: no character references
    first = url.strings[0]
    if UrlPart.START in where.values():
        raise _msg.trusted_url_start(kind, Location.at_hole(0))
    if (
        kind == "TrustedResourceURL"
        and url.interpolations
        and FIXED_ORIGIN.match(browser_url(first)) is None
    ):
        raise _msg.trusted_resource_url_origin(Location.at_hole(0))
    out = [first]
    for index, interpolation in enumerate(url.interpolations):
        text = _text(interpolation, index, kind)
        if where[index] is UrlPart.PATH:
            check_path_value(text, index, f"a {kind}")
        out.append(_ENCODERS[where[index]](text))
        out.append(url.strings[index + 1])
    return "".join(out)


def _text(interpolation: Interpolation[Any], index: int, kind: str) -> str:
    value = convert(interpolation.value, interpolation.conversion)
    spec = interpolation.format_spec
    if spec:
        try:
            value = format(value, spec)
        except (ValueError, TypeError) as error:
            if error.__traceback__ is not None and error.__traceback__.tb_next is None:
                # raised by format() itself, not by a __format__ of the user's
                raise _msg.format_spec(
                    value, spec, str(error), interpolation.expression, index
                ) from None
            raise
    if isinstance(value, str):
        return plain_str(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise _msg.trusted_url_value(value, kind, index)
