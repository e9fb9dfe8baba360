"""The plan IR: what a template renders, piece by piece, between the analysis and the emitter.

A template lowers (compiler/lower.py) to a sequence of nodes: static text, a hole with its
escaper, an attribute written in place, a tag merged at render time, a component call... The
emitter (compiler/emit.py) writes each node as one piece of the plan's source. Which holes a
piece reads is a property of its node (:func:`reads`), never found by reading code.
"""

from __future__ import annotations

from dataclasses import dataclass
from string.templatelib import Template

from .._spec import AttrKind
from ..escaper import Escaper, Escaping
from ..runtime.components import Site
from ..runtime.tags import TagPlan

__all__ = [
    "AttributeValue",
    "Component",
    "MergedAttribute",
    "MergedTag",
    "Node",
    "Nonce",
    "Part",
    "Prop",
    "PropsSpread",
    "Spread",
    "SpreadTag",
    "Text",
    "TextValue",
    "WholeAttribute",
    "reads",
]


@dataclass(frozen=True, slots=True)
class Text:
    """Static text, written as it stands in the template."""

    text: str


@dataclass(frozen=True, slots=True)
class TextValue:
    """A hole in element content, RCDATA, a comment, a <script> or a <style> body.
    ``keep_newline``: right after <pre>, <listing> or <textarea>, whose first newline the
    parser drops."""

    slot: int
    escaper: Escaper
    keep_newline: bool = False


@dataclass(frozen=True, slots=True)
class Nonce:
    """The CSP nonce attribute of a <script> or <style> start tag."""


@dataclass(frozen=True, slots=True)
class WholeAttribute:
    """``name={value}``: an attribute whose whole value is one hole, written in place; the
    value may drop it (None, False) or leave it bare (True). ``ws`` is the text before the
    name."""

    slot: int
    ws: str
    name: str
    quote: str
    kind: AttrKind


@dataclass(frozen=True, slots=True)
class Part:
    """A hole inside an attribute value, with its escaping."""

    slot: int
    escaping: Escaping


@dataclass(frozen=True, slots=True)
class AttributeValue:
    """An attribute written in place whose value has static text and holes, or several holes.
    ``drop_empty``: a class or style of holes side by side and nothing else, dropped when
    they are all empty (as the merged tag drops it)."""

    ws: str
    name: str
    quote: str
    parts: tuple[str | Part, ...]
    drop_empty: bool = False


@dataclass(frozen=True, slots=True)
class Spread:
    """``<p {attrs}>`` where no other attribute of the tag can meet the mapping's names."""

    slot: int
    ws: str
    element: str


@dataclass(frozen=True, slots=True)
class MergedTag:
    """A start tag merged at render time (runtime render_tag): ``holes`` are the values its
    TagPlan takes, in order."""

    plan: TagPlan
    holes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MergedAttribute:
    """A static ``class`` or ``style`` merged with one hole of the same name on the same tag
    (``<td style="text-align: right" style={extra}>``), written in place where the static one
    stands: ``start + text + end`` when the value adds text, ``static`` (the attribute as
    written, with the text before it) when it adds nothing. ``pair`` merges the two at render
    time (runtime render_tag, head and tail empty): the definition, for every other value."""

    slot: int
    kind: AttrKind
    static: str
    start: str
    end: str
    pair: MergedTag


@dataclass(frozen=True, slots=True)
class SpreadTag:
    """A start tag with one spread: rendered in place (``in_place``) unless the spread's names
    meet the tag's other ``names`` at render time, then merged (runtime render_spread_tag)."""

    in_place: tuple[Node, ...]
    merged: MergedTag
    spread: int
    names: frozenset[str]


@dataclass(frozen=True, slots=True)
class Prop:
    """A prop written in a component tag, passed as keyword ``name``: bare (True), the value
    of hole ``whole``, or ``text`` (static text, references decoded, and holes) joined into a
    str."""

    name: str
    whole: int = -1
    text: tuple[str | int, ...] | None = None


@dataclass(frozen=True, slots=True)
class PropsSpread:
    """``<{Card} {props}>``: a mapping of props."""

    slot: int


@dataclass(frozen=True, slots=True)
class Component:
    """A component tag: the callable in hole ``slot``, its props, its children (a Template
    made once, or the strings and holes of one built at each render), the hole of its end
    tag (-1 when it closes itself). ``checked``: every call goes through the checks of
    render_component (a spread's names can change, or the fast path component-verified is
    off). ``foreign``: inside an open <svg>, <math> or <select>."""

    slot: int
    props: tuple[Prop | PropsSpread, ...]
    children: Template | tuple[str | int, ...]
    site: Site
    close: int
    foreign: bool
    checked: bool


Node = (
    Text
    | TextValue
    | Nonce
    | WholeAttribute
    | AttributeValue
    | Spread
    | MergedTag
    | MergedAttribute
    | SpreadTag
    | Component
)


def reads(node: Node) -> tuple[frozenset[int], frozenset[int]]:
    """The holes ``node`` reads: those whose values it renders (converted first, as
    ``!r`` and format specs say), and those whose Interpolation it passes on as they are
    (the children of a component and its end tag, rendered or compared later)."""
    match node:
        case TextValue(slot) | WholeAttribute(slot) | Spread(slot) | MergedAttribute(slot):
            return frozenset({slot}), frozenset()
        case AttributeValue(parts=parts):
            return frozenset(part.slot for part in parts if isinstance(part, Part)), frozenset()
        case MergedTag(holes=holes) | SpreadTag(merged=MergedTag(holes=holes)):
            return frozenset(holes), frozenset()
        case Component():
            values = {node.slot}
            for prop in node.props:
                if isinstance(prop, PropsSpread):
                    values.add(prop.slot)
                elif prop.whole >= 0:
                    values.add(prop.whole)
                elif prop.text:
                    values.update(part for part in prop.text if isinstance(part, int))
            children = () if isinstance(node.children, Template) else node.children
            raw = {part for part in children if isinstance(part, int)}
            if node.close >= 0:
                raw.add(node.close)
            return frozenset(values), frozenset(raw)
    return frozenset(), frozenset()
