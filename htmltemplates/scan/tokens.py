"""The scanner's output: literal text, holes in text, tags with their attributes, component
tags, and why a template may not be nested (the tokens the analysis and the compiler read)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import _messages as _msg
from ..errors import Location, TemplateSyntaxError
from ..escaper import Escaper
from .context import Context, Quote

__all__ = [
    "NONCE",
    "AttrToken",
    "ComponentToken",
    "Nesting",
    "NonceSlot",
    "SpreadToken",
    "TagToken",
    "TextHole",
    "Token",
]


@dataclass(slots=True)
class TextHole:
    """An interpolation in element content (text or RCDATA), in a comment, or in the body of
    a <script> or <style>, with the escaper the analysis chose for where it stands (for a
    <style> body, None until the element ends: the CSS after a hole can decide its position).
    ``after_start_tag`` marks one right after ``<pre>``, ``<listing>`` or ``<textarea>``,
    whose first newline the HTML parser drops (13.2.6.4.7)."""

    index: int
    context: Context
    escaper: Escaper | None
    after_start_tag: bool = False


@dataclass(slots=True)
class AttrToken:
    """One attribute of a tag: ``ws`` is the raw text before its name, ``raw`` the attribute as
    written (name through value), ``parts`` its value as raw static strings and hole indices
    (``None`` when it has no value), ``quote`` its delimiter."""

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
    index: int


@dataclass(slots=True)
class TagToken:
    """A start tag that contains at least one hole."""

    name: str
    head: str
    location: Location
    items: list[AttrToken | SpreadToken] = field(default_factory=list)
    tail: str = ""


@dataclass(slots=True, frozen=True)
class NonceSlot:
    """Where the CSP nonce of a ``<script>`` or ``<style>`` start tag goes: before its '>'."""


NONCE = NonceSlot()


@dataclass(slots=True)
class ComponentToken:
    """A component written as a tag: ``<{Card} title="x">children</{Card}>`` or
    ``<{Card} title="x" />``. ``index`` is the hole holding the callable, ``items`` its props (as
    the attributes of a tag), ``children`` the tokens between its tags (``None`` when it closes
    itself), ``start`` and ``end`` where they begin and end, as ``(string, offset)``, and
    ``close`` the hole of its end tag (``-1`` when it closes itself)."""

    index: int
    location: Location
    items: list[AttrToken | SpreadToken] = field(default_factory=list)
    children: list[Token] | None = None
    start: tuple[int, int] = (0, 0)
    end: tuple[int, int] = (0, 0)
    close: int = -1
    foreign: bool = False  # written inside <svg>, <math> or <select> (see TextHole)


Token = str | TextHole | TagToken | NonceSlot | ComponentToken


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
