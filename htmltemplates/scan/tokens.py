"""The scanner's output: literal text, holes in text, tags with their attributes, component
tags, and why a template may not be nested (the tokens the analysis and the compiler read).

The tokens say where each hole stands and what the analysis needs to know there; none says
what is done to a value (the analysis decides that, analyze/walk.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import _messages as _msg
from ..errors import Location, TemplateSyntaxError
from .context import Context, Quote

__all__ = [
    "NONCE",
    "AttrToken",
    "Body",
    "ComponentToken",
    "Nesting",
    "NonceToken",
    "Scan",
    "SpreadToken",
    "TagToken",
    "TextHole",
    "Token",
]


@dataclass(slots=True)
class Body:
    """The body of one <script> (not a data block) or <style> with holes, as the scanner read it:
    its static text around the holes, for the analysis to read in the element's language, once,
    from its start (a hole's position there depends on all the text before it, and a <style>
    hole's on the text after it too). ``pieces[k]`` is the static text before the hole
    ``slots[k]`` (since the hole before it); once the end tag came (``ended``), the last piece
    is the text after the last hole. ``kind`` is a <script>'s ("js", "json" or "importmap")."""

    element: str
    kind: str = ""
    pieces: list[str] = field(default_factory=lambda: [""])
    slots: list[int] = field(default_factory=list)
    ended: bool = False


@dataclass(slots=True)
class TextHole:
    """A hole in element content (text or RCDATA), in a comment, or in the body of a <script>
    or <style> (``body``, shared by the holes of one element). ``foreign`` marks one in text
    after an <svg>, <math> or <select> start tag not closed yet, where a template rendered is
    told so; ``after_start_tag`` one right after ``<pre>``, ``<listing>`` or ``<textarea>``,
    whose first newline the HTML parser drops (13.2.6.4.7)."""

    slot: int
    context: Context
    after_start_tag: bool = False
    foreign: bool = False
    body: Body | None = None


@dataclass(slots=True)
class AttrToken:
    """One attribute of a tag: ``ws`` is the raw text before its name, ``raw`` the attribute as
    written (name through value), ``parts`` its value as raw static strings and the slots of
    its holes (``None`` when it has no value), ``quote`` its delimiter."""

    ws: str
    name: str
    location: Location
    raw: str = ""
    quote: Quote = Quote.NONE
    parts: list[str | int] | None = None

    @property
    def dynamic(self) -> bool:
        # a loop, not any() over a generator: asked several times of every attribute
        for part in self.parts or ():  # noqa: SIM110
            if isinstance(part, int):
                return True
        return False


@dataclass(slots=True)
class SpreadToken:
    """A hole between attributes: ``<a {attrs}>``."""

    ws: str
    slot: int


@dataclass(slots=True)
class TagToken:
    """A start tag that contains at least one hole."""

    name: str
    head: str
    location: Location
    items: list[AttrToken | SpreadToken] = field(default_factory=list)
    tail: str = ""


@dataclass(slots=True, frozen=True)
class NonceToken:
    """Where the CSP nonce of a ``<script>`` or ``<style>`` start tag goes: before its '>'."""


NONCE = NonceToken()


@dataclass(slots=True)
class ComponentToken:
    """A component written as a tag: ``<{Card} title="x">children</{Card}>`` or
    ``<{Card} title="x" />``. ``slot`` is the hole holding the callable, ``name`` how it is
    written (``{Card}``), ``items`` its props (as the attributes of a tag), ``children`` the
    tokens between its tags (``None`` when it closes itself), ``start`` and ``end`` where they
    begin and end, as ``(string, offset)``, and ``close`` the hole of its end tag (``-1`` when
    it closes itself)."""

    slot: int
    name: str
    location: Location
    items: list[AttrToken | SpreadToken] = field(default_factory=list)
    children: list[Token] | None = None
    start: tuple[int, int] = (0, 0)
    end: tuple[int, int] = (0, 0)
    close: int = -1
    foreign: bool = False  # written inside <svg>, <math> or <select> (see TextHole)


Token = str | TextHole | TagToken | NonceToken | ComponentToken


@dataclass(slots=True)
class Scan:
    """What the scanner read of one template: its ``tokens``, why it may not be nested
    (``nesting``), and the scanner's first refusal (``fault``), where it stopped; the tokens
    then end there. The analysis raises the fault at its place among the refusals of holes
    (analyze/walk.py)."""

    tokens: list[Token]
    nesting: Nesting | None = None
    fault: TemplateSyntaxError | None = None


@dataclass(slots=True, frozen=True)
class Nesting:
    """Why a template may not be rendered inside another one (as a value, a list item, a
    component's result or its children): some reader would end it elsewhere than it seems, so
    the outer template's later values could land in a context neither scan saw. With
    ``foreign_only`` only inside foreign content, where <title>, <script> and <style> hold
    markup and CDATA is text. :meth:`error` is the refusal (a TemplateSyntaxError)."""

    reason: _msg.Pending
    location: Location
    foreign_only: bool

    def error(self) -> TemplateSyntaxError:
        return self.reason.at(self.location)
