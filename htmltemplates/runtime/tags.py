"""Attributes written out at render time: a whole value in place, spreads and data/aria dicts
(their names from data, checked), and start tags whose attributes are merged.

A spread entry ``k: v`` behaves exactly as ``k={v}`` written in the template would: the same
name checks, the same value rules, the same URL filter. One definition renders each attribute
from a value (render_whole, which spread_in_place calls for each entry of a spread or of a
data/aria dict) and writes it out in one of two ways: as markup where it stands, or into the
entries of a merged tag (render_tag). In place is the fast way of the merged tag: with the fast
paths tag-in-place and spread-tag-in-place off, every tag is merged.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass

from .. import _messages as _msg
from .._fastpaths import fast, on
from .._memory import Memory, NestedMemory
from .._spec import (
    ELEMENT_DEPENDENT_NAMES,
    SCRIPT_KINDS,
    AttrKind,
    ascii_lower,
    attr_kind,
)
from ..errors import RenderError
from .attributes import (
    PartsItem,
    Value,
    event_value,
    part_text,
    style_text,
    whole_value,
)
from .escapers import escape_text, filter_url, plain_str
from .values import int_text, is_lazy, resolve

__all__ = [
    "MERGED",
    "SpreadItem",
    "StaticItem",
    "TagPlan",
    "WholeItem",
    "Written",
    "plain_spread",
    "render_spread_tag",
    "render_tag",
    "render_whole",
    "requote",
    "spread_in_place",
]

# An attribute name from data may not contain what would end the name or the tag
# (13.2.5.33): whitespace, quotes, '=', '<', '>', '/', or a control character.
_BAD_NAME = re.compile(r"[\t\n\f\r \"'<>/=\x00-\x1f\x7f-\x9f]")

# The shortcuts for the classes of most values, each a fast path of the code after it (see
# _fastpaths.py: each is its class, or none with its fast path off)
_WHOLE_STR, _WHOLE_INT = fast("render-whole-plain", str), fast("render-whole-plain", int)
_ENTRY_STR, _ENTRY_INT = fast("spread-entry-plain", str), fast("spread-entry-plain", int)
_ENTRY_NONE = fast("spread-entry-plain", type(None))
_MERGED_STR, _MERGED_DICT = fast("merged-tag-style", str), fast("merged-tag-style", dict)
# whether render_spread_tag renders a tag in place when its spread's names meet no other
_SPREAD_IN_PLACE = on("spread-tag-in-place")

# An attribute of a merged tag, by its lower-case name: (ws, name, value, raw, quote), where
# ``value`` is None (absent), True (bare) or escaped text, and ``raw`` the attribute as written
# (a static attribute not merged). A tuple, replaced when the attribute changes: as fast to
# make as the list it was, and never changed in place.
type _Entry = tuple[str, str, Value | None, str | None, str]

# the attributes whose values add up when a tag has several, and what joins them
MERGED = {"class": " ", "style": "; "}
_EXPANDED = frozenset({"data", "aria"})

# spread key -> (lower-case name, kind); a name's kind may follow the framework rules: derived
# under their lock, forgotten when they change (_memory.py)
_NAME_MEMORY = Memory[str, tuple[str, AttrKind]]("attribute-names")
_NAMES = _NAME_MEMORY.entries  # (empty with its fast path off: every lookup misses)


# -- attributes from values: one value, a data/aria dict, a spread ---------------------------


def render_whole(
    value: object,
    slot: int,
    ws: str,
    name: str,
    key: str,
    quote: str,
    kind: AttrKind,
    entries: dict[str, _Entry] | None = None,
    element: str = "",
) -> str:
    """An attribute whose whole value is ``value`` (one interpolation, an entry of a spread or
    of a data/aria dict), with the text before its name (``key`` is the name lower-cased):
    rendered by the value rules, a data/aria dict expanded; returned as markup, or put into
    ``entries``, the attributes of a merged tag on ``element`` (and "" returned)."""
    cls = value.__class__
    if kind is AttrKind.PLAIN:
        if cls is _WHOLE_STR or cls is _WHOLE_INT:  # whole_value's result, without its calls
            text: Value | None = (
                escape_text(value) if cls is _WHOLE_STR else int_text(value, slot)  # type: ignore[arg-type]
            )
            if entries is None:
                return f"{ws}{name}={quote}{text}{quote}"
        else:
            if key in _EXPANDED:
                value = resolve(value, slot)
                if isinstance(value, Mapping):
                    return spread_in_place(value, slot, ws, element, entries, name, key == "aria")
            text = whole_value(value, slot, key, kind)
    else:
        text = whole_value(value, slot, key, kind)
    if entries is None:
        if text is None:
            return ""
        return ws + name if text is True else f"{ws}{name}={quote}{text}{quote}"
    _put(entries, ws, name, key, text, None, quote)
    return ""


def spread_in_place(
    value: object,
    slot: int,
    ws: str,
    element: str,
    entries: dict[str, _Entry] | None = None,
    prefix: str = "",
    aria: bool = False,
) -> str:
    """The attributes a mapping gives, each written by render_whole: the entries of a spread on
    ``element`` (each as ``name={value}`` in the template would be), or with ``prefix`` the
    entries of ``data={...}`` or ``aria={...}`` (``prefix`` the name as written, ``aria`` for
    aria, whose states are "true" or "false"). Returned as markup where they stand (a spread
    there meets no other attribute of its tag), or put into ``entries``, the attributes of a
    merged tag. Long because one loop serves both, the write of a plain ``str`` inlined: a
    loop of its own for data/aria dicts would repeat the writing, a function for the loop
    would cost a call per spread, and both are hot paths."""
    if value.__class__ is Written:  # render_spread_tag wrote it
        return value.text
    if not prefix:
        value = resolve(value, slot)
        if value is None or value is False:
            return ""
        if not isinstance(value, Mapping):
            raise _not_a_mapping(value, slot)
        ws = ws or " "  # <a title="x"{attrs}>: keep attributes apart
    out: list[str] = []
    # the names made before, by prefix and exact str key: not built, hashed and looked up again
    known = _PREFIXED.get(prefix, _NO_NAMES) if prefix else _NO_NAMES
    cased = False  # whether a data/aria key not in lower case was met (and the keys checked)
    for key_object, item in value.items():  # type: ignore[attr-defined]
        if prefix:
            if aria and (item is True or item is False):
                item = "true" if item else "false"  # noqa: PLW2901 - aria-* states are "true"/"false"
            made = known.get(key_object) if key_object.__class__ is str else None
            if made is None:
                if not isinstance(key_object, str) or not key_object:
                    raise _bad_name(key_object, slot)  # a sub-key that is empty or not a str
                made = _prefixed(prefix, key_object, element, slot)
            # the shortcut's kind holds: data-* and aria-* mean the same on every element
            name, key, kind = made
            if key is not name and not cased and entries is None:
                # a name not in lower case (its lower-case form is another str): two keys may
                # name one attribute ("hidden", "Hidden"), which the merge writes once
                cased = True
                if not _apart_in_case(value):  # type: ignore[arg-type]
                    return _merged(value, out, slot, ws, element, prefix, aria)  # type: ignore[arg-type]
        elif key_object.__class__ is str:
            name = key_object
            key, kind = _NAMES.get(name) or _name_info(element, name, slot)
            if key in ELEMENT_DEPENDENT_NAMES:  # the shortcut knows the kind on no element
                kind = attr_kind(element, key)
        else:
            name = _plain_key(key_object)  # type: ignore[assignment]  # refused unless a str
            key, kind = _name_info(element, name, slot)
        if (
            kind is AttrKind.PLAIN
            and entries is None
            and ((cls := item.__class__) is _ENTRY_STR or cls is _ENTRY_INT or cls is _ENTRY_NONE)
        ):  # render_whole's first cases, inlined: a str, an int, None (dropped)
            if cls is _ENTRY_STR:
                out.append(f'{ws}{name}="{escape_text(item)}"')
            elif cls is _ENTRY_INT:
                out.append(f'{ws}{name}="{int_text(item, slot)}"')
            else:
                out.append("")  # one piece per entry: _merged reads them back
        else:
            out.append(render_whole(item, slot, ws, name, key, '"', kind, entries, element))
        ws = " "
    return "".join(out)


def _apart_in_case(value: Mapping[object, object]) -> bool:
    """Whether the str keys of a data/aria dict name distinct attributes: no two of them are
    equal but for the case of ASCII letters. (Other keys are refused where they come.)"""
    lowered = [ascii_lower(key) for key in value if isinstance(key, str)]
    return len(set(lowered)) == len(lowered)


def _merged(
    value: Mapping[object, object],
    written: list[str],
    slot: int,
    ws: str,
    element: str,
    prefix: str,
    aria: bool,
) -> str:
    """The entries of the data/aria dict ``value`` merged as render_tag merges a tag's
    attributes, when two of its keys name one attribute: the entries already ``written`` in
    place (one piece each, in order) are taken back from their text, so that no value is
    rendered twice; the others are rendered into the merge."""
    entries: dict[str, _Entry] = {}
    items = iter(value.items())
    done = itertools.islice(items, len(written))
    for (key_object, _item), piece in zip(done, written, strict=True):
        name = f"{prefix}-{key_object}"
        start = len(ws) + len(name)
        text: Value | None = None  # dropped
        if len(piece) == start:  # bare
            text = True
        elif piece:  # ws name="text"
            text = piece[start + 2 : -1]
        _put(entries, ws, name, ascii_lower(name), text)
        ws = " "
    spread_in_place(dict(items), slot, ws, element, entries, prefix, aria)
    return "".join(_written(entries))


def _written(entries: dict[str, _Entry]) -> list[str]:
    """The attributes of a merged tag, written in order."""
    out = []
    for ws, name, value, raw, quote in entries.values():
        if raw is not None:
            out.append(ws + raw)
        elif value is True:
            out.append(ws + name)
        else:
            out.append(f"{ws}{name}={quote}{value}{quote}")
    return out


def _prefixed(prefix: str, key: str, element: str, slot: int) -> tuple[str, str, AttrKind]:
    """``prefix-key``, the name of an entry of a data/aria dict, with its lower-case form and
    kind (validated: see _name_info), remembered by prefix and key when the key is an exact
    str (bounded)."""
    name = f"{prefix}-{key}"
    if key.__class__ is not str:
        return (name, *_name_info(element, name, slot))
    return _PREFIX_MEMORY.derive(
        prefix, key, lambda: (name, *(_NAMES.get(name) or _name_info(element, name, slot)))
    )


# What _prefixed made, by prefix (as written: data, Data...) and key (empty with its fast path
# off). A name's kind may follow the framework rules: forgotten when they change.
_PREFIX_MEMORY = NestedMemory[str, str, tuple[str, str, AttrKind]]("data-names")
_PREFIXED = _PREFIX_MEMORY.entries
_NO_NAMES: dict[str, tuple[str, str, AttrKind]] = {}


class Written:
    """A spread already written by plain_spread: its attributes as spread_in_place writes
    them where the spread stands (``text``, the whitespace before it included)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def plain_spread(
    value: dict[object, object],
    known: dict[str, AttrKind],
    names: frozenset[str],
    slot: int,
    element: str,
    ws: str,
) -> Written | None:
    """The attributes of a spread of a plain dict on ``element``, written in one pass, when
    each entry is a lower-case name already validated (in _NAMES: distinct keys, so distinct
    attributes) of a plain or URL attribute, not met elsewhere in the tag, whose value is a
    ``str``, an int (plain attributes), None, False (dropped) or True (bare): what
    spread_in_place would write, without checking the names twice; ``ws`` is the text before
    the spread, written before the first attribute (or a space) as spread_in_place does. None
    when any entry needs more (render_spread_tag then decides). Called by the plan of a tag
    with one spread, first, with ``known``: the names this tag's spreads gave before that
    passed those checks, with their kinds (the plan's own: the rules they follow cannot change
    under it, see cache.py)."""
    parts = []
    ws = ws or " "  # <a title="x"{attrs}>: keep attributes apart
    for name, item in value.items():
        kind = known.get(name) if name.__class__ is str else None
        if kind is None:
            kind = _plain_kind(name, names, element, known)
            if kind is None:
                return None
        cls = item.__class__
        if item is None or item is False:
            pass
        elif item is True:
            parts.append(ws + name)  # type: ignore[operator]
        elif kind is AttrKind.PLAIN and cls is str:
            parts.append(f'{ws}{name}="{escape_text(item)}"')  # type: ignore[arg-type]
        elif kind is AttrKind.PLAIN and cls is int:
            parts.append(f'{ws}{name}="{int_text(item, slot)}"')  # type: ignore[arg-type]
        elif kind is AttrKind.URL and cls is str:
            parts.append(f'{ws}{name}="{escape_text(filter_url(item))}"')  # type: ignore[arg-type]
        else:
            return None
        ws = " "
    return Written("".join(parts))


_MAX_KNOWN = 256  # names a tag's spreads remember (each is also in _NAMES)


def _plain_kind(
    name: object, names: frozenset[str], element: str, known: dict[str, AttrKind]
) -> AttrKind | None:
    """The kind of the attribute ``name`` when plain_spread may write it (remembered in
    ``known``, bounded), else None."""
    if name.__class__ is not str:
        return None
    info = _NAMES.get(name)
    if info is None:
        return None
    key, kind = info
    if key != name:  # not lower-case: two keys of the dict may name one attribute
        return None
    if key in ELEMENT_DEPENDENT_NAMES:  # href is a link's resource URL, an a's plain URL
        kind = attr_kind(element, key)
    if (kind is not AttrKind.PLAIN and kind is not AttrKind.URL) or key in names:
        return None  # (an event handler is refused, whatever its value: the general path)
    if len(known) < _MAX_KNOWN:
        known[key] = kind
    return kind


def _valid_name(element: str, name: object) -> tuple[str, AttrKind] | None:
    """_name_info of ``name``, or None when it is refused."""
    try:
        return _name_info(element, name, -1)
    except RenderError:
        return None


def _not_a_mapping(value: object, slot: int) -> RenderError:
    return _msg.spread(value, slot)


def _bad_name(name: object, slot: int) -> RenderError:
    return _msg.spread_name(name, slot)


def _plain_key(name: object) -> object:
    """A spread key as the exact text it shows (see plain_str); anything else is left to be
    reported as a bad name."""
    return plain_str(name) if isinstance(name, str) else name


def _name_info(element: str, name: object, slot: int) -> tuple[str, AttrKind]:
    """The lower-case name and kind of an attribute name that came from data, validated.
    Callers pass an exact ``str`` (see plain_str) or a value to report as a bad name."""
    info = _NAMES.get(name) if name.__class__ is str else None
    if info is None:
        if not isinstance(name, str) or not name or _BAD_NAME.search(name):
            raise _bad_name(name, slot)
        lowered = ascii_lower(name)
        key = name if lowered == name else lowered  # the same str when in lower case
        info = _NAME_MEMORY.derive(name, lambda: (key, attr_kind("", key)))
    if info[0] in ELEMENT_DEPENDENT_NAMES:
        return info[0], attr_kind(element, info[0])
    return info


# -- tags whose attributes must be merged (spreads, data/aria dicts, repeated names) ---------


@dataclass(frozen=True, slots=True)
class StaticItem:
    ws: str
    name: str
    key: str
    raw: str
    value: Value
    quote: str


@dataclass(frozen=True, slots=True)
class WholeItem:
    ws: str
    name: str
    key: str
    kind: AttrKind
    slot: int
    position: int
    quote: str


@dataclass(frozen=True, slots=True)
class SpreadItem:
    ws: str
    slot: int
    position: int


@dataclass(frozen=True, slots=True)
class TagPlan:
    """How to build one start tag whose attributes are merged at render time."""

    element: str
    head: str
    tail: str
    items: tuple[StaticItem | WholeItem | PartsItem | SpreadItem, ...]


def _put(
    entries: dict[str, _Entry],
    ws: str,
    name: str,
    key: str,
    value: Value | None,
    raw: str | None = None,
    quote: str = '"',
) -> None:
    """Set attribute ``key``: class and style accumulate, any other name takes the last value
    (None removes it); an attribute keeps the place where it first appeared."""
    entry = entries.get(key)
    if entry is None:
        if raw is None and (value is None or (key in MERGED and value == "")):
            return
        entries[key] = (ws, name, value, raw, quote)
        return
    first_ws, _name, old, _raw, old_quote = entry
    separator = MERGED.get(key)
    if separator is not None:
        if not isinstance(value, str) or not value:  # nothing to add
            return
        if isinstance(old, str) and old:
            # the merged value is double-quoted: a '"' written inside single quotes must go
            value = requote(old, old_quote) + separator + requote(value, quote)
            raw, quote = None, '"'
    if value is None and raw is None:
        del entries[key]
    else:  # the place of the first, the rest of the last
        entries[key] = (first_ws, name, value, raw, quote)


def requote(value: str, quote: str) -> str:
    """``value``, written between ``quote``s, as it is written between double quotes."""
    return value if quote == '"' else value.replace('"', "&#34;")


def render_tag(plan: TagPlan, values: tuple[object, ...]) -> str:
    """The start tag of ``plan`` with its holes filled by ``values`` (in item order). The
    items are told apart by their exact class: a class pattern per item cost the merged tags
    of bench/ a fifth of their time."""
    entries: dict[str, _Entry] = {}
    element = plan.element
    for item in plan.items:
        if type(item) is StaticItem:
            if item.key not in entries:  # _put's first case, inlined: most names come once
                entries[item.key] = (item.ws, item.name, item.value, item.raw, item.quote)
            else:
                _put(entries, item.ws, item.name, item.key, item.value, item.raw, item.quote)
        elif type(item) is WholeItem:
            value, kind = values[item.position], item.kind
            if kind is AttrKind.STYLE and (
                (cls := value.__class__) is _MERGED_STR or cls is _MERGED_DICT
            ):
                # what render_whole gives a str or a dict of style, without its calls
                style = style_text(value, item.slot)
                _put(entries, item.ws, item.name, item.key, style, None, item.quote)
            elif kind in SCRIPT_KINDS:
                # an event handler written in the template: a JavaScript literal
                text = event_value(value, item.slot, kind)
                _put(entries, item.ws, item.name, item.key, text, None, item.quote)
            else:
                ws, name, key, quote = item.ws, item.name, item.key, item.quote
                render_whole(value, item.slot, ws, name, key, quote, kind, entries, element)
        elif type(item) is PartsItem:
            out = []
            for part in item.parts:
                if isinstance(part, str):
                    out.append(part)
                else:
                    slot, position, escaping = part
                    out.append(part_text(values[position], slot, item.key, escaping))
            _put(entries, item.ws, item.name, item.key, "".join(out), None, item.quote)
        elif type(item) is SpreadItem:
            spread_in_place(values[item.position], item.slot, item.ws, element, entries)
    return "".join([plan.head, *_written(entries), plan.tail])


# -- tags with one spread whose keys meet no other attribute: rendered in place -------------


def render_spread_tag(
    in_place: Callable[..., str],
    plan: TagPlan,
    values: tuple[object, ...],
    spread: int,
    slot: int,
    names: frozenset[str],
) -> str:
    """The start tag of ``plan``, from ``in_place`` (each attribute where it stands) when the
    names of the spread ``values[spread]`` (interpolation ``slot``), and those of the data/aria
    dicts it holds, meet neither ``names`` nor each other; else merged. Decided from the keys
    alone, before any value is rendered, so lazy values and generators are consumed once. In
    place is the fast path of the merged tag (spread-tag-in-place): off, every tag is merged."""
    if not _SPREAD_IN_PLACE:
        return render_tag(plan, values)
    value = values[spread]
    if value.__class__ is not dict:  # (a plain dict the plan tried with plain_spread first)
        value = resolve(value, slot)
        values = (*values[:spread], value, *values[spread + 1 :])
        if not isinstance(value, Mapping):
            return (
                in_place(*values) if value is None or value is False else render_tag(plan, values)
            )
    element = plan.element
    seen: set[str] = set()
    for key_object, item in value.items():
        name = key_object if key_object.__class__ is str else _plain_key(key_object)
        info = _NAMES.get(name) or _valid_name(element, name)  # type: ignore[call-overload]
        if info is None:  # refused where render_tag comes to it, after the values before it
            return render_tag(plan, values)
        key = info[0]
        if key in names or key in seen:
            return render_tag(plan, values)
        # a data/aria dict: in place when the names it makes meet no other (else, and when it
        # is lazy, called once there, or another mapping, expanded by render_tag)
        if (
            key in _EXPANDED
            and (isinstance(item, Mapping) or is_lazy(item))
            and (item.__class__ is not dict or not _apart(name, item, element, names, seen))
        ):
            return render_tag(plan, values)
        seen.add(key)
    return in_place(*values)


def _apart(
    prefix: object, expanded: dict[object, object], element: str, names: Set[str], seen: set[str]
) -> bool:
    """Whether the names a data/aria dict of a spread makes (``prefix`` as the spread wrote it)
    are valid and meet none of ``names`` and ``seen`` (adding them to ``seen``)."""
    for sub in expanded:
        if sub.__class__ is not str or not sub:
            return False
        info = _valid_name(element, f"{prefix}-{sub}")
        if info is None or info[0] in names or info[0] in seen:
            return False
        seen.add(info[0])
    return True
