"""Character references in attribute values, decoded as the HTML tokenizer decodes them: the
static text of an attribute is read through this before it is read as a URL or JavaScript."""

from __future__ import annotations

import html as _html
import re
from html.entities import html5 as _html5_entities

__all__ = ["decode_attribute"]

_REFERENCE = re.compile(r"&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*;?)")


def decode_attribute(text: str, /) -> str:
    """``text`` as the HTML tokenizer decodes an attribute value (13.2.5.72-80): unlike
    ``html.unescape`` (text content's rule), a legacy named reference without ';' followed by
    a letter, digit or '=' stays as written, so "&quotx" is not a quote."""

    def decode(match: re.Match[str]) -> str:
        reference = match.group(1)
        if reference.startswith("#") or (reference.endswith(";") and reference in _html5_entities):
            return _html.unescape(match.group())
        for end in range(len(reference), 1, -1):  # the longest legacy name, as the tokenizer
            if reference[:end] in _html5_entities:
                following = (reference[end:] or text[match.end() : match.end() + 1])[:1]
                if following.isalnum() or following == "=":
                    return match.group()
                return _html5_entities[reference[:end]] + reference[end:]
        return match.group()

    return _REFERENCE.sub(decode, text)
