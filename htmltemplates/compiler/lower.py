"""Lowers a template's tokens, with the escaping the analysis decided for each hole (by slot),
to the plan IR.

Decided here: how each tag with holes is rendered (its attributes in place, merged at render
time, or in place unless a spread meets them), and what a component tag passes (its props,
its children). Nothing is refused here: the analysis has refused what it must
(analyze/walk.py), before anything is lowered.
"""

from __future__ import annotations

from collections.abc import Sequence
from string.templatelib import Template

from .._fastpaths import on
from .._spec import AttrKind, ascii_lower
from ..analyze.attributes import static_value
from ..analyze.walk import Escapings, prop_keyword
from ..errors import Location
from ..escaper import Escaping
from ..lang.references import decode_attribute
from ..runtime.attributes import PartsItem
from ..runtime.components import EMPTY, Site
from ..runtime.tags import MERGED, SpreadItem, StaticItem, TagPlan, WholeItem, requote
from ..scan.tokens import (
    AttrToken,
    ComponentToken,
    NonceToken,
    SpreadToken,
    TagToken,
    TextHole,
    Token,
)
from .ir import (
    AttributeValue,
    Component,
    MergedAttribute,
    MergedTag,
    Node,
    Nonce,
    Part,
    Prop,
    PropsSpread,
    Spread,
    SpreadTag,
    Text,
    TextValue,
    WholeAttribute,
)

__all__ = ["lower"]


def lower(tokens: Sequence[Token], escapings: Escapings, template: Template) -> list[Node]:
    """The nodes of the plan of ``template``, from its scanned ``tokens`` and the escaping the
    analysis decided for each hole, by slot."""
    nodes: list[Node] = []
    append = nodes.append
    seen = _Seen()
    texts = seen.texts
    for token in tokens:
        # dispatched on the class, not with match: asked of every token of a template
        cls = token.__class__
        if cls is str:
            assert isinstance(token, str)
            text = texts.get(token)
            if text is None:
                text = texts[token] = Text(token)
            append(text)
        elif cls is TextHole:
            assert isinstance(token, TextHole)
            escaper = escapings[token.slot].escaper
            append(TextValue(token.slot, escaper, token.after_start_tag))
        elif cls is TagToken:
            assert isinstance(token, TagToken)
            nodes.extend(_lower_tag(token, escapings, seen))
        elif cls is NonceToken:
            append(Nonce())
        elif cls is ComponentToken:
            assert isinstance(token, ComponentToken)
            append(_lower_component(token, template))
    return nodes


class _Seen:
    """What one lowering has made that the rest of the template may reuse (a template repeats
    its static text): a Text for each distinct string (a Text is immutable)."""

    __slots__ = ("texts",)

    def __init__(self) -> None:
        self.texts: dict[str, Text] = {}


# -- tags ----------------------------------------------------------------------------------------


def _layout(tag: TagToken) -> str:
    """How the attributes of ``tag`` are rendered:

    - ``"in place"``: each where it stands, the fast way (no spread, no name twice);
    - ``"spread"``: one spread whose keys are checked against the tag's other names at render
      time: in place when none meets, merged otherwise;
    - ``"merge"``: always merged (several spreads, a name twice, data/aria dicts beside
      data-*/aria-* attributes).
    """
    names: set[str] = set()
    prefixes: set[str] = set()
    spreads = 0
    for item in tag.items:
        if isinstance(item, SpreadToken):
            spreads += 1
            continue
        name = ascii_lower(item.name)
        if name in names:
            return "merge"
        names.add(name)
        if name in ("data", "aria") and item.dynamic and len(item.parts or ()) == 1:
            prefixes.add(name + "-")
    if prefixes and (spreads or any(name.startswith(tuple(prefixes)) for name in names)):
        return "merge"
    return "merge" if spreads > 1 else "spread" if spreads else "in place"


def _lower_tag(tag: TagToken, escapings: Escapings, seen: _Seen) -> list[Node]:
    for before, item in zip(tag.items, tag.items[1:], strict=False):
        if not item.ws and (isinstance(before, SpreadToken) or before.dynamic):
            # <input title="{t}"type=password>: if the value drops title or leaves it bare,
            # the next attribute must not run into the tag name or the bare name
            item.ws = " "
    # in place is the fast way of the merged tag, which render_tag defines: with the fast
    # path tag-in-place off, every tag is merged
    layout = _layout(tag) if on("tag-in-place") else "merge"
    if layout == "merge":
        merged = _merged_once(tag, escapings, seen.texts) if on("merged-once") else None
        return [_merged(tag, escapings)] if merged is None else merged
    in_place = _in_place(tag, escapings, seen.texts)
    if layout == "in place":
        return in_place
    spread = next(item for item in tag.items if isinstance(item, SpreadToken))
    names = frozenset(ascii_lower(item.name) for item in tag.items if isinstance(item, AttrToken))
    return [SpreadTag(tuple(in_place), _merged(tag, escapings), spread.slot, names)]


def _merged_once(tag: TagToken, escapings: Escapings, texts: dict[str, Text]) -> list[Node] | None:
    """The nodes of ``tag`` in place, when the only name it has twice is a static ``class`` or
    ``style`` followed by a hole of the same name (``<td style="x: y" style={extra}>``) and
    nothing else needs the merge: the pair becomes one MergedAttribute where the static one
    stands. Only static attributes may stand between them, so that the holes are rendered
    (and a fault found) in the order render_tag renders them. None for any other tag."""
    found: dict[str, list[int]] = {}
    for position, item in enumerate(tag.items):
        if isinstance(item, SpreadToken):
            return None
        found.setdefault(ascii_lower(item.name), []).append(position)
    twice = [(key, positions) for key, positions in found.items() if len(positions) > 1]
    if len(twice) != 1 or twice[0][0] not in MERGED or len(twice[0][1]) != 2:
        return None
    key, (first, second) = twice[0]
    static, hole = tag.items[first], tag.items[second]
    assert isinstance(static, AttrToken)
    assert isinstance(hole, AttrToken)
    value = static_value(static)
    parts = hole.parts or []
    if static.dynamic or value is True or len(parts) != 1 or not isinstance(parts[0], int):
        return None
    slot = parts[0]
    kind = escapings[slot].kind
    if kind is not (AttrKind.CLASS if key == "class" else AttrKind.STYLE):
        return None
    between = tag.items[first + 1 : second]
    if any(isinstance(item, SpreadToken) or item.dynamic for item in between):
        return None
    items = [*tag.items[:second], *tag.items[second + 1 :]]
    rest = TagToken(tag.name, tag.head, tag.location, items, tag.tail)
    if _layout(rest) != "in place":
        return None
    nodes = _in_place(rest, escapings, texts)
    quote = hole.quote.value or '"'
    if value:  # render_tag's _put: the static value, requoted, the separator, the value's text
        requoted = requote(value, static.quote.value or '"')
        start, end = f'{static.ws}{hole.name}="{requoted}{MERGED[key]}', '"'
    else:  # an empty static value gives way to the value's text
        start, end = f"{static.ws}{hole.name}={quote}", quote
    pair = _merged(TagToken(tag.name, "", tag.location, [static, hole]), escapings)
    merged = MergedAttribute(slot, kind, static.ws + static.raw, start, end, pair)
    nodes[1 + first] = merged  # after the head, the nodes of the items, in order
    return nodes


def _in_place(tag: TagToken, escapings: Escapings, texts: dict[str, Text]) -> list[Node]:
    """The nodes of ``tag`` with each attribute written where it stands (its static texts
    taken from ``texts``, one Text for each distinct string)."""
    nodes: list[Node] = [_text(texts, tag.head)]
    for item in tag.items:
        if isinstance(item, SpreadToken):
            nodes.append(Spread(item.slot, item.ws, tag.name))
            continue
        if not item.dynamic:
            nodes.append(_text(texts, item.ws + item.raw))
            continue
        parts = item.parts or []
        quote = item.quote.value or '"'
        if len(parts) == 1:
            slot = parts[0]
            assert isinstance(slot, int)
            kind = escapings[slot].kind
            assert kind is not None
            nodes.append(WholeAttribute(slot, item.ws, item.name, quote, kind))
            continue
        value: list[str | Part] = []
        static = False  # some static text in the value
        for part in parts:
            if isinstance(part, str):
                value.append(part)
                static = static or bool(part)
            else:
                value.append(Part(part, escapings[part]))
        # holes side by side and nothing else: a class or style left empty is dropped, as
        # render_tag's merge drops it
        drop = not static and ascii_lower(item.name) in ("class", "style")
        nodes.append(AttributeValue(item.ws, item.name, quote, tuple(value), drop))
    nodes.append(_text(texts, tag.tail))
    return nodes


def _text(texts: dict[str, Text], text: str) -> Text:
    """The Text of ``text``: the one in ``texts`` if there is one."""
    node = texts.get(text)
    if node is None:
        node = texts[text] = Text(text)
    return node


def _merged(tag: TagToken, escapings: Escapings) -> MergedTag:
    """``tag`` merged at render time: its TagPlan, and the holes whose values it takes."""
    items: list[StaticItem | WholeItem | PartsItem | SpreadItem] = []
    holes: list[int] = []
    for item in tag.items:
        if isinstance(item, SpreadToken):
            items.append(SpreadItem(item.ws, item.slot, len(holes)))
            holes.append(item.slot)
            continue
        key, quote = ascii_lower(item.name), item.quote.value or '"'
        if not item.dynamic:
            value = static_value(item)
            items.append(StaticItem(item.ws, item.name, key, item.raw, value, quote))  # type: ignore[arg-type]
        elif len(item.parts or ()) == 1:
            slot = (item.parts or [0])[0]
            assert isinstance(slot, int)
            kind = escapings[slot].kind
            assert kind is not None
            items.append(WholeItem(item.ws, item.name, key, kind, slot, len(holes), quote))
            holes.append(slot)
        else:
            parts: list[str | tuple[int, int, Escaping]] = []
            for part in item.parts or ():
                if isinstance(part, str):
                    parts.append(part)
                else:
                    parts.append((part, len(holes), escapings[part]))
                    holes.append(part)
            items.append(PartsItem(item.ws, item.name, key, tuple(parts), quote))
    return MergedTag(TagPlan(tag.name, tag.head, tag.tail, tuple(items)), tuple(holes))


# -- components: <{Card} title="x">children</{Card}> -------------------------------------------


def _lower_component(token: ComponentToken, template: Template) -> Component:
    slot = token.slot
    props: list[Prop | PropsSpread] = []
    written: dict[str, Location] = {}
    for item in token.items:
        if isinstance(item, SpreadToken):
            props.append(PropsSpread(item.slot))
            continue
        name = prop_keyword(item.name)
        assert name is not None  # the analysis refused the others
        written[name] = Location(item.location.string, item.location.offset, len(item.name))
        props.append(_prop(name, item))
    spread = any(isinstance(prop, PropsSpread) for prop in props)
    static = frozenset(
        prop.name
        for prop in props
        if isinstance(prop, Prop)
        and prop.text is not None
        and all(isinstance(p, str) for p in prop.text)
    )
    site = Site(template.strings, slot, token.close, written, spread, static)
    children = _children(token, template)
    # a spread's names can change from one render to the next: checked at every call (as every
    # call is with component-verified off, which the fast call of a verified component equals)
    checked = spread or not on("component-verified")
    return Component(slot, tuple(props), children, site, token.close, token.foreign, checked)


def _prop(name: str, attr: AttrToken) -> Prop:
    """A prop's value: a bare prop is True, static text a str (character references decoded,
    as in any attribute), a whole ``{value}`` the object itself, and text with interpolations
    a str, as an f-string would build it."""
    if attr.parts is None:
        return Prop(name)
    if len(attr.parts) == 1 and isinstance(attr.parts[0], int):
        return Prop(name, whole=attr.parts[0])
    text = tuple(decode_attribute(part) if isinstance(part, str) else part for part in attr.parts)
    return Prop(name, text=text)


def _children(token: ComponentToken, template: Template) -> Template | tuple[str | int, ...]:
    """What stands between the component's tags, from the template's own strings and
    interpolations: text without interpolations is one Template made now (templates are
    immutable; EMPTY when there is none); otherwise the non-empty strings and the holes of one
    built at each render (Template() puts '' between interpolations)."""
    if token.children is None:
        return EMPTY
    (first, start), (last, end) = token.start, token.end
    strings = template.strings
    if first == last:
        text = strings[first][start:end]
        return Template(text) if text else EMPTY  # htmltemplates: ignore
    parts: list[str | int] = [strings[first][start:]]
    for slot in range(first, last):
        parts.append(slot)
        parts.append(strings[slot + 1] if slot + 1 < last else strings[last][:end])
    return tuple(part for part in parts if part != "")
