"""Trusted markup shortened to a number of visible characters, or made the plain text it
shows: truncate_html() and striptags(). Both read the markup with the stdlib's html.parser."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from typing import Protocol

from markupsafe import Markup

from ..runtime.escapers import escape_text
from ._lines import cut_point

__all__ = ["striptags", "truncate_html"]


class HasHTML(Protocol):
    def __html__(self) -> str: ...


# Elements whose content is code, never shown: their text counts as no visible character.
_HIDDEN = frozenset({"script", "style"})
# Elements that have no end tag (HTML, 13.1.2 "Elements": void elements).
_VOID = frozenset(
    "area base br col embed hr img input link meta source track wbr basefont bgsound frame "
    "keygen param".split()
)
# An attribute name that can be written back as it was read: html.parser accepts names with
# quotes or '<' in them, which a browser would read differently once re-serialised.
_NAME = re.compile(r"[^\s\"'<>/=\x00-\x1f\x7f]+")

Event = tuple[str, str, list[tuple[str, str | None]] | None]


class _Reader(HTMLParser):
    """The events of a piece of markup, with character references decoded in text: start
    tags (with their attributes and whether they end in '/>'), end tags, text, code and
    comments. Declarations and processing instructions are left out: they show nothing."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.events: list[Event] = []
        self.hidden: str | None = None  # the <script> or <style> being read

    # html.parser lower-cases a tag name with str.lower(), a browser only its ASCII letters: a
    # name with other letters could not be written back as the element it was, so such tags
    # are left out (their text stays)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not tag.isascii():
            return
        self.events.append(("start", tag, attrs))
        if tag in _HIDDEN:
            self.hidden = tag

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag.isascii():
            self.events.append(("empty", tag, attrs))

    def handle_endtag(self, tag: str) -> None:
        if not tag.isascii():
            return
        self.events.append(("end", tag, None))
        if tag == self.hidden:
            self.hidden = None

    def handle_data(self, data: str) -> None:
        self.events.append(("code" if self.hidden else "text", data, None))

    def handle_comment(self, data: str) -> None:
        self.events.append(("comment", data, None))


def _read(markup: str | HasHTML) -> tuple[str, list[Event]]:
    source = markup.__html__() if hasattr(markup, "__html__") else str(markup)
    reader = _Reader()
    reader.feed(source)
    reader.close()
    return source, reader.events


def _start_tag(tag: str, attrs: list[tuple[str, str | None]] | None, empty: bool) -> str:
    """A start tag written back: each value quoted and escaped, unreadable names left out."""
    written = "".join(
        f" {name}" if value is None else f' {name}="{escape_text(value)}"'
        for name, value in attrs or ()
        if _NAME.fullmatch(name)
    )
    return f"<{tag}{written}{' /' if empty else ''}>"


def truncate_html(markup: str | HasHTML, length: int, *, end: str = "…") -> Markup:
    """Trusted ``markup`` shortened to ``length`` visible characters, ``end`` included (as
    Django's ``truncatechars_html``): when it shows more, the text is cut (never inside a
    tag, a character reference, or a letter and its combining marks) and ``end`` added where
    the cut is. Either way the markup is written back well formed: the elements left open
    are closed, and end tags that close nothing and tags cut off by the end are dropped.
    ``<script>`` and ``<style>`` count as no text; comments before the cut are kept,
    declarations dropped; tags are written back with their values quoted, text with its
    references decoded and ``& < > " '`` escaped. ``end`` is text and is escaped."""
    if length < 0:
        raise ValueError(f"truncate_html() needs a length >= 0, not {length}")
    _source, events = _read(markup)
    cut = sum(len(data) for kind, data, _ in events if kind == "text") > length
    budget, seen = max(0, length - len(end)) if cut else length, 0
    out: list[str] = []
    open_elements: list[str] = []
    open_count: Counter[str] = Counter()  # how many of each name open_elements holds
    for kind, data, attrs in events:
        if cut and seen >= budget:  # what is open stays open, to hold ``end``
            break
        if kind == "text":
            take = data if seen + len(data) <= budget else data[: cut_point(data, budget - seen)]
            out.append(escape_text(take))
            seen += len(data) if take is data else budget - seen
        elif kind in ("start", "empty"):
            out.append(_start_tag(data, attrs, kind == "empty" and data not in _VOID))
            if kind == "start" and data not in _VOID:
                open_elements.append(data)
                open_count[data] += 1
        elif kind == "end" and open_count[data]:
            while open_elements:
                name = open_elements.pop()
                open_count[name] -= 1
                out.append(f"</{name}>")
                if name == data:
                    break
        elif kind == "code":
            out.append(data)
        elif kind == "comment":
            out.append(f"<!--{data}-->")
    if cut:
        out.append(escape_text(end))
    out.extend(f"</{name}>" for name in reversed(open_elements))
    return Markup("".join(out))


def striptags(markup: str | HasHTML) -> str:
    """The text trusted ``markup`` shows, as Jinja's ``striptags`` filter gives it: tags and
    comments removed, character references decoded, each run of whitespace made one space,
    and (unlike Jinja) the content of ``<script>`` and ``<style>`` left out. Returns plain
    text: interpolate it and html() escapes it again."""
    _source, events = _read(markup)
    return " ".join("".join(data for kind, data, _ in events if kind == "text").split())
