"""Where a hole stands in the page, read from the static text around it."""

from __future__ import annotations

import re
from dataclasses import dataclass

# -- where a hole stands -----------------------------------------------------------------------

# Where the converter is in the page, to write a {% if %} or {% for %} the way html() takes a
# value there: a template in text, a str in an attribute value, a dict of attributes between
# attributes. Read from the static text only, as far as that needs: a tag, its attributes, their
# quotes, comments, and the elements whose text is not markup.
TEXT, TAG, EQUALS, VALUE, RAW, COMMENT = "text", "tag", "equals", "value", "raw", "comment"
_RAW_ELEMENTS = frozenset({"script", "style"})
_NAME_END = re.compile(r"[\s/>=]")


@dataclass(frozen=True)
class Where:
    """A place in the page: ``kind`` (TEXT, TAG, EQUALS: right after ``name=``, VALUE, RAW:
    inside a script or style, COMMENT), the quote of a VALUE ("" unquoted), the element."""

    kind: str = TEXT
    quote: str = ""
    element: str = ""


def advance(where: Where, text: str) -> Where:
    """Where the page is after the static ``text``, from ``where``."""
    i, n = 0, len(text)
    kind, quote, element = where.kind, where.quote, where.element
    while i < n:
        if kind == TEXT:
            j = text.find("<", i)
            if j < 0:
                break
            if text.startswith("<!--", j):
                kind, i = COMMENT, j + 4
            elif j + 1 < n and (text[j + 1].isalpha() or text[j + 1] == "/"):
                end = _NAME_END.search(text, j + 2)
                stop = end.start() if end else n
                element = text[j + 1 : stop].lstrip("/").lower()
                if text[j + 1] == "/":
                    element = ""
                kind, i = TAG, stop
            else:
                i = j + 1
        elif kind == COMMENT:
            j = text.find("-->", i)
            if j < 0:
                break
            kind, i = TEXT, j + 3
        elif kind == RAW:
            j = text.lower().find("</" + element, i)
            if j < 0:
                break
            kind, element, i = TAG, "", j + 2 + len(where.element or element)
        elif kind == TAG:
            c = text[i]
            if c == ">":
                kind = RAW if element in _RAW_ELEMENTS else TEXT
            elif c == "=":
                kind = EQUALS
            i += 1
        elif kind == EQUALS:
            c = text[i]
            if c in "\"'":
                kind, quote = VALUE, c
            elif c == ">":
                kind = RAW if element in _RAW_ELEMENTS else TEXT
            elif not c.isspace():
                kind, quote = VALUE, ""
            i += 1
        else:  # VALUE
            c = text[i]
            if (quote and c == quote) or (not quote and c.isspace()):
                kind, quote = TAG, ""
            elif not quote and c == ">":
                kind, quote = RAW if element in _RAW_ELEMENTS else TEXT, ""
            i += 1
    return Where(kind, quote, element)
