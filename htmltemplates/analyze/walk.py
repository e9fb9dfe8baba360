"""The analysis as one step: :func:`analyze` walks a scan's tokens in template order and decides
what is done to the value of every hole (its ``Escaping``), or refuses the template.

The scanner only says where each hole stands; the escaper of each position is chosen in
:mod:`.text` (text, RCDATA, comments, scripts, styles) and :mod:`.attributes` (attribute
values, spreads). Lowering (compiler/lower.py) takes the decisions, by slot, and refuses
nothing.

Which refusal a template with several faults reports is the first of this order, the one
html() has always had:

1. the holes in text, RCDATA, comments and <script> and <style> bodies, in template order,
   with the scanner's own refusal (:attr:`Scan.fault`) at its place: the scan stopped there,
   so every hole before it is decided first, and none after it is seen. A <style>'s holes
   are decided together once its end tag came (the CSS after a hole can decide where it
   stands), which is still before any hole after the element;
2. then, for a template the scanner accepts, the tags with holes and the component tags, in
   template order: a tag's attributes (analyze_tag), a component tag's props (their names,
   none twice) and the tags inside its children.
"""

from __future__ import annotations

import keyword
from collections.abc import Sequence

from .. import _messages as _msg
from ..errors import Location
from ..escaper import Escaper, Escaping
from ..lang.javascript import CODE_STAND_IN, TEXT_STAND_IN
from ..scan.tokens import (
    AttrToken,
    Body,
    ComponentToken,
    Scan,
    SpreadToken,
    TagToken,
    TextHole,
    Token,
)
from .attributes import analyze_tag
from .text import JavaScriptReading, content_escaper, script_escaper, style_escapers

__all__ = ["Escapings", "analyze", "analyze_text", "prop_keyword"]

type Escapings = dict[int, Escaping]  # what the analysis decides: each hole's, by slot

_SIMPLE = {escaper: Escaping(escaper) for escaper in Escaper}


def analyze(scanned: Scan) -> Escapings:
    """The Escaping of every hole of the scanned template, by slot (those inside a component's
    children too, which their own plan renders). Raises the first refusal (see above), the
    scanner's own included."""
    escapings = analyze_text(scanned)
    _Tags(escapings).walk(scanned.tokens)
    return escapings


def analyze_text(scanned: Scan) -> Escapings:
    """The Escaping of every hole in text, RCDATA, a comment or a <script> or <style> body,
    by slot; then, if the scanner refused the template, that refusal. What the analysis
    refuses before it reads any tag (the first step above): the tools that read a scan's
    tokens refuse what html() refuses by then."""
    escapings: Escapings = {}
    _text_holes(scanned.tokens, escapings)
    if scanned.fault is not None:
        raise scanned.fault
    return escapings


def _text_holes(tokens: Sequence[Token], escapings: Escapings) -> None:
    """Decide the holes in text of ``tokens`` (and of their components' children), in order."""
    for token in tokens:
        cls = token.__class__  # dispatched on the class: asked of every token of a template
        if cls is TextHole:
            assert isinstance(token, TextHole)
            body = token.body
            if body is None:
                state = token.context.state
                escapings[token.slot] = _SIMPLE[content_escaper(state, token.foreign)]
            elif token.slot not in escapings:  # the first hole of its body: all of them
                _body(body, escapings)
        elif cls is ComponentToken:
            assert isinstance(token, ComponentToken)
            _text_holes(token.children or (), escapings)


def _body(body: Body, escapings: Escapings) -> None:
    """Decide the holes of a <script> or <style> body (no other hole stands between them).
    A script is read once, hole by hole, each value as the stand-in of where it goes; a
    style only once it has ended (else the scan stopped inside it, at its own refusal)."""
    if body.element == "script":
        script = JavaScriptReading()
        for piece, slot in zip(body.pieces, body.slots, strict=False):
            script.feed(piece)
            escaper = script_escaper(script, piece, body.kind, slot)
            escapings[slot] = _SIMPLE[escaper]
            # the value: one expression, or text of the string
            script.feed(TEXT_STAND_IN if escaper is Escaper.SCRIPT_STRING else CODE_STAND_IN)
    elif body.ended:
        for slot, escaper in zip(body.slots, style_escapers(body.pieces, body.slots), strict=True):
            escapings[slot] = _SIMPLE[escaper]


class _Tags:
    """The second step: the holes of tags and component tags, in template order. A template
    repeats the shape of its tags: the escapings of each shape are kept for the walk (see
    :meth:`tag`)."""

    __slots__ = ("escapings", "shapes")

    def __init__(self, escapings: Escapings) -> None:
        self.escapings = escapings
        self.shapes: dict[tuple[object, ...], list[Escaping]] = {}

    def walk(self, tokens: Sequence[Token]) -> None:
        for token in tokens:
            if isinstance(token, TagToken):
                self.tag(token)
            elif isinstance(token, ComponentToken):
                self.component(token)

    def tag(self, tag: TagToken) -> None:
        """``analyze_tag(tag)``, taken from a tag of the same shape analyzed earlier in the
        template if there was one: the analysis reads only the element, the static text of the
        items and where the holes stand among them (not their slots, but in a refusal, which
        is never kept)."""
        shape: list[object] = [tag.name]
        slots: list[int] = []
        for item in tag.items:
            if isinstance(item, SpreadToken):
                shape += (SpreadToken, item.ws)
                slots.append(item.slot)
                continue
            parts = item.parts
            shape += (AttrToken, item.ws, item.name, item.raw, item.quote.value)
            if parts is None:
                shape.append(-1)
                continue
            shape.append(len(parts))
            for part in parts:
                if isinstance(part, int):
                    slots.append(part)
                    shape.append(None)
                else:
                    shape.append(part)
        key = tuple(shape)
        known = self.shapes.get(key)
        if known is not None:
            self.escapings.update(zip(slots, known, strict=True))
            return
        found = analyze_tag(tag)
        self.shapes[key] = [found[slot] for slot in slots]
        self.escapings.update(found)

    def component(self, token: ComponentToken) -> None:
        """Refuse a prop whose name is no keyword of a call, or written twice (``children``
        too, when the tag has children); then the tags inside its children."""
        written: set[str] = set()
        for item in token.items:
            if isinstance(item, SpreadToken):
                continue
            name = prop_keyword(item.name)
            where = Location(item.location.string, item.location.offset, len(item.name))
            if name is None:
                raise _msg.prop_name(item.name, token.name, where)
            if name in written or (name == "children" and token.children is not None):
                raise _msg.prop_twice(name, token.name, where, children=name == "children")
            written.add(name)
        self.walk(token.children or ())


def prop_keyword(name: str) -> str | None:
    """The keyword a prop written ``name`` is passed as: ``data-id`` as ``data_id``, a Python
    keyword with a trailing underscore (``class`` as ``class_``); None for a name that makes
    no keyword."""
    keyword_name = name.replace("-", "_")
    if keyword.iskeyword(keyword_name):
        keyword_name += "_"
    return keyword_name if keyword_name.isidentifier() else None
