"""The HTML of ``html(template)`` in chunks, cut between the items of the iterables in its
element content: the streaming of a page, framework-neutral (``htmltemplates.flask``'s
``stream_html`` sends it as a response)."""

from __future__ import annotations

import itertools
import secrets
import threading
import types
from collections.abc import Generator, Iterable, Iterator, Mapping
from string.templatelib import Interpolation, Template
from typing import cast

from ._api import html
from .errors import TemplateError
from .escaper import Escaper
from .runtime.text import NESTING_CODE, render_str, render_text
from .runtime.values import call_lazy, is_lazy
from .scan.scanner import scan
from .scan.tokens import TextHole

__all__ = ["CHUNK_SIZE", "chunks"]

# Where a page can be cut without changing a byte of it: at the items of an iterable
# interpolated in element content (State.TEXT). There html() renders each item on its own and
# joins them (render_text), and a nested template is compiled on its own too, from the start
# of a document, whatever surrounds it; so rendering the items one at a time gives the same
# HTML. Everything else (attributes, <title>, comments, scripts) is rendered by html() itself.
#
# For a template with such holes, html() renders a copy whose values there are markers (trusted
# HTML, which element content inserts as is); the output is cut at the markers and the values
# are rendered in their place, item by item. A marker that does not come out verbatim (some
# other context changed it) makes the template render whole, so the output is always html()'s.

CHUNK_SIZE = 8192
"""The characters stream_html() gathers before it sends a chunk (after the first one)."""

_MAX_SCANS = 4096  # bound of the cache of text slots, as the core's plan cache
_text_slots_cache: dict[tuple[str, ...], frozenset[int]] = {}
_text_slots_lock = threading.Lock()


def _text_slots(template: Template) -> frozenset[int]:
    """The interpolations of ``template`` in element content, whose values stream_html may
    render in pieces (not those right after <pre>, <listing> or <textarea>, whose first
    newline html() doubles)."""
    strings = template.strings
    try:
        return _text_slots_cache[strings]
    except KeyError:
        pass
    slots = frozenset(
        token.index
        for token in scan(template)
        if isinstance(token, TextHole)
        # not TEXT_FOREIGN: html() tells what renders there that it may be in <svg>
        and token.escaper is Escaper.TEXT
        and not token.after_start_tag
    )
    with _text_slots_lock:
        while len(_text_slots_cache) >= _MAX_SCANS:
            del _text_slots_cache[next(iter(_text_slots_cache))]
        _text_slots_cache[strings] = slots
    return slots


class _Marker:
    """Trusted HTML that stands for a value while the rest of a template is rendered."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __html__(self) -> str:
        return self.text


_ATOMS = (str, int, float, bool, Mapping, bytes, bytearray, memoryview, type)


def _streams(value: object) -> bool:
    """Whether render_text would render ``value`` piece by piece: a template, an iterable
    (other than the kinds of value it renders whole), or a lazy value (which may return one)."""
    cls = value.__class__
    if cls is Template or cls is list or cls is tuple:
        return True
    if value is None or isinstance(value, _ATOMS) or hasattr(cls, "__html__"):
        return False
    return is_lazy(value) or hasattr(cls, "__iter__")


def _pieces(template: Template, *, nested: bool = False) -> Iterator[str | None]:
    """The HTML of ``template`` in pieces; None where an item of an iterable is about to be
    taken (a place to send what is rendered so far). A ``nested`` template is rendered as
    inside another one (render_str), where a template whose end is uncertain is refused."""
    if template.__class__ is not Template:
        yield html(template)  # raises html()'s TypeError
        return
    whole = render_str if nested else html
    try:
        slots = _text_slots(template)
    except TemplateError:
        slots = frozenset()  # html() raises it, with the template attached
    interpolations = template.interpolations
    streamed = [
        n
        for n in sorted(slots)
        if not interpolations[n].conversion
        and not interpolations[n].format_spec
        and _streams(interpolations[n].value)
    ]
    if not streamed:
        yield whole(template)
        return
    key = secrets.token_hex(8)
    markers = {n: f"<\0htmltemplates {key} {n}\0>" for n in streamed}
    values = [
        Interpolation(_Marker(markers[n]), i.expression, i.conversion, i.format_spec)
        if n in markers
        else i
        for n, i in enumerate(interpolations)
    ]
    strings = template.strings
    copy = Template(*itertools.chain(*zip(strings[:-1], values, strict=True)), strings[-1])
    try:
        rendered = str(whole(copy))
    except TemplateError as error:
        if error.template is copy:
            error.template = template
        raise
    parts: list[str] = []
    for n in streamed:
        before, found, rendered = rendered.partition(markers[n])
        if not found:  # not element content after all: no streaming for this template
            yield whole(template)
            return
        parts.append(before)
    for n, before in zip(streamed, parts, strict=True):
        yield before
        yield from _value_pieces(interpolations[n].value, n, template)
    yield rendered


def _value_pieces(value: object, slot: int, template: Template) -> Iterator[str | None]:
    """``render_text(value, slot)`` in pieces: templates through :func:`_pieces`, iterables
    item by item, lazy values called; any other value rendered whole."""
    if value.__class__ is Template:
        yield from _pieces(value, nested=True)
        return
    if not _streams(value):
        try:
            yield render_text(value, slot)
        except TemplateError as error:
            if error.template is None:
                error.locate(template)
            raise
        return
    if is_lazy(value):
        yield from _value_pieces(call_lazy(value, slot), slot, template)
        return
    try:
        items = iter(cast(Iterable[object], value))
    except TypeError:
        yield render_text(value, slot)  # __iter__ = None and the like: as render_text does
        return
    try:
        while True:
            yield None
            try:
                item = next(items)
            except StopIteration:
                return
            yield from _value_pieces(item, slot, template)
    finally:
        if isinstance(items, types.GeneratorType):
            items.close()  # the stream was closed early: run the generator's finally blocks


NESTING_CODE.add(_value_pieces.__code__)  # a lazy value called there renders nested


def chunks(template: Template, chunk_size: int) -> Generator[str]:
    """The HTML of ``html(template)`` in chunks: the first is everything before the first item
    of an iterable (or that item, when nothing comes before it); the others gather at least
    ``chunk_size`` characters, cut between items; the last holds the rest."""
    pending: list[str] = []
    size = 0
    sent = False
    for piece in _pieces(template):
        if piece is None:
            if size and (not sent or size >= chunk_size):
                yield "".join(pending)
                pending.clear()
                size = 0
                sent = True
        elif piece:
            pending.append(piece)
            size += len(piece)
    if size:
        yield "".join(pending)
