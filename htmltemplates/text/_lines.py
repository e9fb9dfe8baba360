"""Plain text made into paragraphs and line breaks, and plain text shortened: linebreaks(),
linebreaksbr() and truncate()."""

from __future__ import annotations

import re
import unicodedata
from string.templatelib import Template

__all__ = ["cut_point", "linebreaks", "linebreaksbr", "truncate"]

# Django normalises line endings the same way (django.utils.text.normalize_newlines).
_NEWLINES = re.compile(r"\r\n?")
# A paragraph break: a newline, then one or more lines that are empty or hold only spaces and
# tabs. Each alternative starts with a different character, so the search cannot backtrack
# more than the run of spaces it is in.
_BLANK_LINES = re.compile(r"\n(?:[ \t]*\n)+")
_BR = t"<br>"


def _lines(text: str) -> list[str | Template]:
    """``text``'s lines with a ``<br>`` between each two: strings, escaped where they land."""
    items: list[str | Template] = []
    for line in text.split("\n"):
        if items:
            items.append(_BR)
        items.append(line)
    return items


def linebreaksbr(text: str) -> Template:
    """``text`` with each line break (``\\n``, ``\\r\\n`` or ``\\r``) made a ``<br>``, as
    Django's ``linebreaksbr`` filter does; the text is escaped where the template lands."""
    return t"{_lines(_NEWLINES.sub('\n', text))}"


def linebreaks(text: str) -> Template:
    """``text`` as paragraphs, as Django's ``linebreaks`` filter does: a blank line (or one of
    spaces and tabs only) between two lines starts a new ``<p>``, a single line break is a
    ``<br>``. Blank lines at the start and the end make no empty paragraph, and an empty text
    gives nothing."""
    text = _NEWLINES.sub("\n", text).strip("\n")
    if not text.strip():
        return t""
    items: list[str | Template] = []
    for paragraph in _BLANK_LINES.split(text):
        if items:
            items.append("\n\n")  # between paragraphs, as Django writes them
        items.append(t"<p>{_lines(paragraph)}</p>")
    return t"{items}"


def _continues(char: str) -> bool:
    """Whether ``char`` belongs to the character before it: a combining mark (accents,
    vowel signs, enclosing marks, variation selectors) or a zero-width joiner."""
    return char == "\u200d" or unicodedata.category(char) in ("Mn", "Mc", "Me")


def cut_point(text: str, at: int) -> int:
    """The greatest index <= ``at`` where ``text`` can be cut without separating a character
    from the combining marks (or the joined character) after it."""
    at = max(0, min(at, len(text)))
    while 0 < at < len(text) and (_continues(text[at]) or text[at - 1] == "\u200d"):
        at -= 1
    return at


_WORD = re.compile(r"\S+")


def truncate(text: str, length: int, *, words: bool = False, end: str = "…") -> str:
    """``text`` if it is at most ``length`` characters long (or words, with ``words=True``),
    else its start followed by ``end``.

    By characters (Django's ``truncatechars``), the result, ``end`` included, is at most
    ``length`` characters (``end`` alone when it is longer), and a letter is never cut from
    its combining marks. By words (Django's ``truncatewords``), the first ``length`` words
    are kept as written, then a space and ``end``. Returns plain text: interpolate it and
    html() escapes it."""
    if length < 0:
        raise ValueError(f"truncate() needs a length >= 0, not {length}")
    if words:
        for found, match in enumerate(_WORD.finditer(text), 1):
            if found == length + 1:
                kept = text[: match.start()].rstrip()
                return f"{kept} {end}" if kept and end else kept or end
        return text
    if len(text) <= length:
        return text
    return text[: cut_point(text, length - len(end))] + end
