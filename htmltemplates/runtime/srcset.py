"""The syntax of a srcset (4.8.4.3.10) as the runtime reads a value: its candidates, the
descriptors it keeps, the characters a URL in it never writes raw, and the srcsets that are
already written as the runtime would write them (srcset_value in runtime/attributes.py)."""

from __future__ import annotations

import re

from .._fastpaths import fast
from .escapers import SAFE_URL_STARTS

__all__ = [
    "DESCRIPTOR",
    "SRCSET_SPECIAL",
    "parse_srcset",
    "plain_candidates",
    "plain_srcset",
    "split_srcset",
]

# In a srcset a URL ends at whitespace and a comma may end a candidate: values never write them
# raw, each is percent-encoded (all are ASCII, one byte in UTF-8), by str.translate: a regular
# expression's substitution calling a function per match made the urls workload of bench/ 1.26x
# of its baseline, this 1.11x.
SRCSET_SPECIAL = str.maketrans({char: f"%{ord(char):02X}" for char in "\t\n\f\r ,"})
_HAS_SPECIAL = re.compile(r"[\t\n\f\r ,]").search
# 4.8.4.3.10: a width (50w), a pixel density (1.5x) or a height (future: 100h)
DESCRIPTOR = re.compile(r"[0-9]+[wh]|(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?x")

# plain_candidates is the fast path srcset-list (see _fastpaths.py)
_STR, _TUPLE = fast("srcset-list", str), fast("srcset-list", tuple)


def _ascii_but(excluded: str) -> str:
    """A character class: the printable ASCII characters but a space and ``excluded``."""
    return (
        "[" + "".join(re.escape(chr(c)) for c in range(0x21, 0x7F) if chr(c) not in excluded) + "]"
    )


# A plainly safe URL (see SAFE_URL_STARTS) that holds no character a srcset encodes, nor '(':
# one of the safe starts, or no ':' at all
_PLAIN_URL = (
    f"(?:(?:{'|'.join(re.escape(start) for start in SAFE_URL_STARTS)}){_ascii_but(',(')}*"
    f"|{_ascii_but(',(:')}+)"
)
_PLAIN_CANDIDATE = f"{_PLAIN_URL}(?: (?:{DESCRIPTOR.pattern}))?"
# A srcset as srcset_value writes one: candidates of a plainly safe URL and at most one valid
# descriptor, each after ', ' but the first. Such a value is its own rendering (but for the
# escaping of '&' and quotes), so that it is checked by one match instead of read candidate
# by candidate. plain_srcset(text) is the match, or None.
plain_srcset = re.compile(f"{_PLAIN_CANDIDATE}(?:, {_PLAIN_CANDIDATE})*").fullmatch


def plain_candidates(value: list[object] | tuple[object, ...]) -> str | None:
    """The srcset text (not yet escaped) of a list of candidates that are each a plainly safe
    URL str, or a (URL, descriptor) pair of a plainly safe URL str and a valid descriptor str:
    what srcset_value's loop gives for them, without the list of pairs it reads. None if any
    is not, and the loop decides (no item has been read but by these class tests)."""
    out = []
    for item in value:
        if item.__class__ is _TUPLE and len(item) == 2:
            url, descriptor = item
            if descriptor.__class__ is not _STR or DESCRIPTOR.fullmatch(descriptor) is None:
                return None
        else:
            url, descriptor = item, ""
        if url.__class__ is not _STR or not url.isascii():
            return None
        if ":" in url and not url.startswith(SAFE_URL_STARTS):
            return None
        if _HAS_SPECIAL(url) is not None:
            url = url.translate(SRCSET_SPECIAL)
        out.append(f"{url} {descriptor}" if descriptor else url)
    return ", ".join(out)


# A candidate of a srcset without '(' (parse_srcset reads the rest): after whitespace and
# commas, a URL (a run of non-whitespace) that ends with ',' and so has no descriptors; or a
# URL and the text of its descriptors, up to the next ','. Possessive, so that the commas and
# whitespace before a candidate are never given back to it.
_CANDIDATE = re.compile(
    r"[\t\n\f\r ,]*+(?:([^\t\n\f\r ]*,)(?![^\t\n\f\r ])|([^\t\n\f\r ]+)([^,]*),?)"
)


def split_srcset(text: str) -> list[tuple[object, str]]:
    """The candidates of a srcset without '(', as (URL, the text of its descriptors): what
    parse_srcset reads, its descriptors joined, in a few regular-expression matches rather
    than a loop over the characters."""
    candidates: list[tuple[object, str]] = []
    match = _CANDIDATE.match
    position, end = 0, len(text)
    while position < end and (found := match(text, position)) is not None:
        bare, url, descriptors = found.groups()
        if bare is not None:
            candidates.append((bare.rstrip(","), ""))
        else:
            candidates.append((url, descriptors))
        position = found.end()
    return candidates


def parse_srcset(text: str) -> list[tuple[str, list[str]]]:
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
