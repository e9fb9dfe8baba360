"""The pairing of component tags: a ``<{Card} ...>`` start tag with its ``</{Card}>`` end tag,
the tokens between them as the component's children, and the refusals of a component tag
that is written wrong or pairs with none.

A component tag is not HTML: the scanner reads its start tag's props as the attributes of a
tag, and this pairing turns the tag into a :class:`ComponentToken`.
"""

from __future__ import annotations

from string.templatelib import Interpolation

from .. import _messages as _msg
from ..errors import Location, TemplateSyntaxError
from .context import Quote
from .tokens import AttrToken, ComponentToken, SpreadToken, Token

__all__ = ["ComponentPairing"]


def _slash_closes(items: list[AttrToken | SpreadToken], pending: str) -> bool:
    """Whether a component start tag whose last item is an unquoted value ending in '/' (and
    no whitespace after it, ``pending``) closes itself; if so, drop the '/' from the value."""
    last = items[-1] if items else None
    if (
        not pending
        and isinstance(last, AttrToken)
        and last.quote is Quote.NONE
        and last.parts
        and isinstance(last.parts[-1], str)
        and last.parts[-1].endswith("/")
    ):
        # <{Card} size=3/>: HTML would read the value "3/"; a component tag is not HTML,
        # and its author means a tag that closes itself
        last.parts[-1] = last.parts[-1][:-1]
        if not last.parts[-1]:
            del last.parts[-1]
        return True
    return False


class ComponentPairing:
    """The component tags of one scan: the start tag being scanned, the components open, and
    the end tag being scanned."""

    def __init__(self) -> None:
        self.interpolations: tuple[Interpolation[object], ...] = ()  # of the template
        self.component: ComponentToken | None = None  # the one whose start tag is being scanned
        # the open ones, with where their children's tokens start
        self.open: list[tuple[ComponentToken, int]] = []
        self.closing = -1  # the hole of a </{Card}> being scanned
        self.closing_at = Location()  # where its '</' stands

    def name(self, slot: int) -> str:
        """How the component in hole ``slot`` was written: ``{Card}``."""
        if slot < len(self.interpolations):
            return "{" + self.interpolations[slot].expression + "}"
        return "{...}"  # pragma: no cover - scan() always knows the interpolations

    # -- the tags ------------------------------------------------------------------------------

    def start_tag(self, slot: int, at: Location, *, foreign: bool) -> None:
        """The hole ``slot`` right after a '<' at ``at`` starts a component's start tag
        (``foreign``: inside <svg>, <math> or <select>)."""
        self.component = ComponentToken(slot, self.name(slot), at, foreign=foreign)

    def end_tag(self, slot: int, at: Location) -> None:
        """The hole ``slot`` right after a '</' at ``at`` starts a component's end tag."""
        self.closing, self.closing_at = slot, at

    def start_tag_closed(
        self,
        items: list[AttrToken | SpreadToken],
        *,
        closes_itself: bool,
        pending: str,
        start: tuple[int, int],
        tokens: list[Token],
    ) -> None:
        """The start tag being scanned ends before ``start`` (string, offset), with its props
        ``items`` (and ``pending``, the raw text after them). A component that closes itself
        is added to ``tokens``; any other waits for its end tag."""
        component = self.component
        assert component is not None
        self.component = None
        component.items = items
        if closes_itself or _slash_closes(items, pending):
            tokens.append(component)
            return
        component.start = start
        component.children = []
        self.open.append((component, len(tokens)))

    def end_tag_closed(self, tokens: list[Token]) -> None:
        """The end tag being scanned ends: its component takes the ``tokens`` made since its
        start tag as its children, and stands in their place."""
        slot, self.closing = self.closing, -1
        here = Location.at_hole(slot)
        if not self.open:
            raise _msg.closes_no_component(self.name(slot), here)
        component, start = self.open.pop()
        opened, closed = self.interpolations[component.slot], self.interpolations[slot]
        written = ["".join(item.expression.split()) for item in (opened, closed)]
        if written[0] != written[1] and all(written):
            raise _msg.closes_another_component(
                self.name(slot),
                component.name,
                Location(slot, 0, 0, slot, also=Location.at_hole(component.slot)),
            )
        component.children = tokens[start:]
        del tokens[start:]
        component.end = (self.closing_at.string, self.closing_at.offset)
        component.close = slot
        tokens.append(component)

    # -- refusals ------------------------------------------------------------------------------

    def refuse_hole(self, here: Location, *, in_tag_name: bool) -> None:
        """Refuse a hole glued to the name of the component tag being scanned (``in_tag_name``:
        the scan stands right after the name of a start tag): ``<{Card}{x}>``."""
        if self.component is not None and in_tag_name:
            raise self.in_start_tag(here)
        if self.closing >= 0:
            raise self.in_end_tag(here)

    def in_start_tag(self, here: Location) -> TemplateSyntaxError:
        """The refusal of text glued to the name of the start tag being scanned."""
        assert self.component is not None
        return _msg.component_tag_start(self.component.name, here)

    def in_end_tag(self, here: Location) -> TemplateSyntaxError:
        """The refusal of anything but whitespace before the '>' of the end tag being
        scanned."""
        return _msg.component_tag_end(self.name(self.closing), here)

    def refuse_unclosed(self, end: Location) -> None:
        """Refuse a template that ends at ``end`` with a component still open."""
        if self.open:
            component = self.open[-1][0]
            raise _msg.component_never_closed(
                component.name, Location(component.slot, 0, 0, component.slot, also=end)
            )
