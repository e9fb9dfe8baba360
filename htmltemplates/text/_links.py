"""Links made from the URLs and e-mail addresses in plain text: urlize()."""

from __future__ import annotations

import re
from string.templatelib import Template

from ..runtime.escapers import UNSAFE_URL, filter_url
from ._lines import truncate

__all__ = ["urlize"]

# Words are split as Django's urlize splits them (django.utils.html, word_split_re): at
# whitespace and at the characters that end a URL in prose or in markup pasted as text.
_SPLIT = re.compile(r"""([\s<>"']+)""")
# What may wrap a link ("(see www.example.com)", "[https://example.org/]"), and what ends a
# sentence after one: Django's WRAPPING_PUNCTUATION and TRAILING_PUNCTUATION_CHARS.
_OPENERS = "(["
_PAIRS = (("(", ")"), ("[", "]"))
_TRAILING = ".,:;!)]"
# A host name's labels: letters and digits in any script, and '-' inside.
_LABEL = r"[^\W_](?:[\w-]{0,61}[^\W_])?"
_HOST = rf"{_LABEL}(?:\.{_LABEL})*"
_IP6 = r"\[[0-9A-Fa-f:.]{2,45}\]"
_REST = r"(?::[0-9]{1,5})?(?:[/?#]\S*)?"
# http(s)://host, www.host, and a bare name ending in one of the top-level domains Django and
# Jinja link without a scheme. No pattern nests a repeat in a repeat of what it can also
# match, so a long word is read once (a word of 50,000 '(' is refused at its first one).
_HTTP = re.compile(rf"(https?)://(?:{_HOST}|{_IP6}){_REST}", re.IGNORECASE)
_WWW = re.compile(rf"www\.{_HOST}{_REST}", re.IGNORECASE)
_BARE = re.compile(
    rf"(?:{_LABEL}\.)+(?:com|edu|gov|int|mil|net|org|info)(?![\w-]){_REST}", re.IGNORECASE
)
# An address a mailto: URL holds as it is: no '?', '&' or '%' (which would add headers or
# percent-escapes to it), no ':' (which would be a scheme), and a dotted domain.
_EMAIL = re.compile(rf"[\w.!#$*+/=^`{{|}}~-]{{1,64}}@{_LABEL}(?:\.{_LABEL})+")


def _split_punctuation(word: str) -> tuple[str, str, str]:
    """``word`` as (lead, middle, trail): opening brackets before, closing punctuation after,
    the closing brackets the middle opened given back to it ("wiki/Foo_(bar)")."""
    middle = word.lstrip(_OPENERS)
    lead = word[: len(word) - len(middle)]
    stripped = middle.rstrip(_TRAILING)
    trail = middle[len(stripped) :]
    middle = stripped
    for opening, closing in _PAIRS:
        missing = middle.count(opening) - middle.count(closing)
        at = 0  # the end of what goes back: through the last closer the middle still lacks
        while missing > 0 and (found := trail.find(closing, at)) >= 0:
            at, missing = found + 1, missing - 1
        middle, trail = middle + trail[:at], trail[at:]
    return lead, middle, trail


def _href(word: str) -> str | None:
    """The URL a word links to, or None: an http(s) URL with its scheme in lower case, a www.
    or bare host name with https:// before it, an e-mail address with mailto:."""
    if match := _HTTP.fullmatch(word):
        return match.group(1).lower() + word[len(match.group(1)) :]
    if _WWW.fullmatch(word) or _BARE.fullmatch(word):
        return "https://" + word
    address = word[7:] if word[:7].lower() == "mailto:" else word
    if _EMAIL.fullmatch(address) and len(address) <= 254:
        return "mailto:" + address
    return None


def urlize(
    text: str,
    *,
    rel: str | None = "nofollow ugc",
    target: str | None = None,
    trim: int | None = None,
) -> Template:
    """``text`` with its http(s) URLs, ``www.`` host names, bare host names ending in .com,
    .org, .net (and the other TLDs Django links) and e-mail addresses made links; the rest of
    the text is escaped where the template lands.

    Brackets around a link and punctuation after it stay out of it, unless the link opened
    the bracket. ``rel`` and ``target`` are set on web links (not on mailto: links; None
    leaves them out); ``trim`` shortens a link's text to that many characters, "…" included.
    Every href passes the URL filter of ``href`` attributes."""
    items: list[str | Template] = []
    for index, word in enumerate(_SPLIT.split(text)):
        if index % 2 or not any(mark in word for mark in ".@:"):
            items.append(word)
            continue
        lead, middle, trail = _split_punctuation(word)
        href = _href(middle)
        if href is None or filter_url(href) in (UNSAFE_URL, ""):
            items.append(word)
            continue
        label = middle[7:] if middle[:7].lower() == "mailto:" else middle
        if trim is not None:
            label = truncate(label, trim)
        if href.startswith("mailto:"):
            link = t"<a href={href}>{label}</a>"
        else:
            link = t"<a href={href} rel={rel or None} target={target}>{label}</a>"
        items.extend((lead, link, trail))
    return t"{items}"
