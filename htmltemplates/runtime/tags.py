"""Attributes written out at render time: a whole value in place, spreads and data/aria dicts
(their names from data, checked), and start tags whose attributes are merged.

A spread entry ``k: v`` behaves exactly as ``k={v}`` written in the template would: the same
name checks, the same value rules, the same URL filter. In place is the fast way of the merged tag
(render_tag): the slow paths merge every tag.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import _messages as _msg
from .._spec import (
    ELEMENT_DEPENDENT_NAMES,
    SCRIPT_KINDS,
    AttrKind,
    ascii_lower,
    attr_kind,
    attribute_rules,
)
from ..errors import RenderError
from .attributes import PartsItem, Value, attr_text, event_value, part_text, whole_value
from .escapers import escape_text, plain_str
from .slow import SLOW_PATHS, fast
from .values import int_text, is_lazy, resolve

__all__ = [
    "SpreadItem",
    "StaticItem",
    "TagPlan",
    "WholeItem",
    "render_spread_tag",
    "render_tag",
    "render_whole",
    "spread_in_place",
]

# An attribute name from data may not contain what would end the name or the tag
# (13.2.5.33): whitespace, quotes, '=', '<', '>', '/', or a control character.
_BAD_NAME = re.compile(r"[\t\n\f\r \"'<>/=\x00-\x1f\x7f-\x9f]")

# The shortcuts for the classes of most values (see slow.py): each is a fast path of the code
# after it, which the switch HTMLTEMPLATES_SLOW_PATHS=1 takes instead
_FAST_STR, _FAST_INT, _FAST_LIST, _FAST_TUPLE = fast(str), fast(int), fast(list), fast(tuple)

# An entry of a merged tag: [ws, name, value, raw, quote]. ``value`` is None (absent), True
# (bare) or escaped text; ``raw`` is the attribute as written, for static attributes not merged.
_Entry = list[Any]

_MERGED = {"class": " ", "style": "; "}
_EXPANDED = frozenset({"data", "aria"})

_NAMES: dict[str, tuple[str, AttrKind]] = {}  # spread key -> (lower-case name, kind)
_MAX_NAMES = 4096
attribute_rules.on_change(_NAMES.clear)  # a name's kind may follow the framework rules
# what the callers of _name_info look up first, its shortcut: never filled with the slow paths
_FAST_NAMES: dict[str, tuple[str, AttrKind]] = {} if SLOW_PATHS else _NAMES


# -- attributes rendered in place --------------------------------------------------------------


def render_whole(
    value: object, slot: int, ws: str, name: str, key: str, quote: str, kind: AttrKind
) -> str:
    """An attribute whose whole value is one interpolation, with the text before its name
    (``key`` is the name lower-cased)."""
    value = resolve(value, slot)
    cls = value.__class__
    if kind is AttrKind.CLASS and (cls is _FAST_LIST or cls is _FAST_TUPLE):
        text = attr_text(value, slot, "class")
        return f"{ws}{name}={quote}{escape_text(text)}{quote}" if text else ""
    if kind is AttrKind.PLAIN and key in _EXPANDED and isinstance(value, Mapping):
        return _expand_in_place(ws, name, key == "aria", value, slot)
    result = whole_value(value, slot, key, kind)
    if result is None:
        return ""
    if result is True:
        return ws + name
    return f"{ws}{name}={quote}{result}{quote}"


def _expand_in_place(
    ws: str, name: str, aria: bool, value: Mapping[object, object], slot: int
) -> str:
    """``data={...}``/``aria={...}`` on a tag where no other attribute can meet them."""
    out = []
    for sub, item in value.items():
        # a sub-key that is empty or not a str is reported as a bad name
        full = f"{name}-{sub}" if isinstance(sub, str) and sub else sub
        key, kind = _FAST_NAMES.get(full) or _name_info("", full, slot)  # type: ignore[call-overload]
        if aria and (item is True or item is False):
            item = "true" if item else "false"  # noqa: PLW2901 - aria-* states are "true"/"false"
        if item.__class__ is _FAST_STR and kind is AttrKind.PLAIN:
            out.append(f'{ws}{full}="{escape_text(item)}"')
        else:
            out.append(_one_in_place(ws, str(full), key, kind, item, slot))
        ws = " "
    return "".join(out)


def _one_in_place(ws: str, name: str, key: str, kind: AttrKind, value: object, slot: int) -> str:
    """One attribute from data (a spread entry, a data/aria item) rendered where it stands."""
    cls = value.__class__
    if cls is _FAST_STR and kind is AttrKind.PLAIN:
        return f'{ws}{name}="{escape_text(value)}"'  # type: ignore[arg-type]
    if cls is _FAST_INT and kind is AttrKind.PLAIN:
        return f'{ws}{name}="{int_text(value, slot)}"'  # type: ignore[arg-type]
    text = whole_value(value, slot, key, kind)
    if text is True:
        return ws + name
    return "" if text is None else f'{ws}{name}="{text}"'


def _not_a_mapping(value: object, slot: int) -> RenderError:
    return _msg.spread(value, slot)


def _bad_name(name: object, slot: int) -> RenderError:
    return _msg.spread_name(name, slot)


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
        key = ascii_lower(name)
        info = key, attr_kind("", key)
        if len(_NAMES) < _MAX_NAMES:
            _NAMES[name] = info
    if info[0] in ELEMENT_DEPENDENT_NAMES:
        return info[0], attr_kind(element, info[0])
    return info


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
        if raw is None and (value is None or (key in _MERGED and value == "")):
            return
        entries[key] = [ws, name, value, raw, quote]
        return
    separator = _MERGED.get(key)
    if separator is not None:
        if not isinstance(value, str) or not value:  # nothing to add
            return
        old = entry[2]
        if isinstance(old, str) and old:
            # the merged value is double-quoted: a '"' written inside single quotes must go
            value = _requote(old, entry[4]) + separator + _requote(value, quote)
            raw, quote = None, '"'
    if value is None and raw is None:
        del entries[key]
    else:
        entry[1:] = [name, value, raw, quote]


def _requote(value: str, quote: str) -> str:
    return value if quote == '"' else value.replace('"', "&#34;")


def _spread(entries: dict[str, _Entry], element: str, ws: str, value: object, slot: int) -> None:
    value = resolve(value, slot)
    if value is None or value is False:
        return
    if not isinstance(value, Mapping):
        raise _not_a_mapping(value, slot)
    ws = ws or " "  # <a title="x"{attrs}>: keep attributes apart
    for key_object, item in value.items():
        name = key_object if key_object.__class__ is _FAST_STR else _plain_key(key_object)
        key, kind = _name_info(element, name, slot)
        _attribute(entries, element, ws, name, key, kind, item, slot)  # type: ignore[arg-type]
        ws = " "


def _attribute(
    entries: dict[str, _Entry],
    element: str,
    ws: str,
    name: str,
    key: str,
    kind: AttrKind,
    value: object,
    slot: int,
    quote: str = '"',
) -> None:
    cls = value.__class__
    if cls is _FAST_STR and kind is AttrKind.PLAIN:
        text: Value | None = escape_text(value)  # type: ignore[arg-type]
    elif cls is _FAST_INT and kind is AttrKind.PLAIN:
        text = int_text(value, slot)  # type: ignore[arg-type]
    else:
        value = resolve(value, slot)
        if kind is AttrKind.PLAIN and key in _EXPANDED and isinstance(value, Mapping):
            _expand(entries, element, ws, name, value, slot)
            return
        text = whole_value(value, slot, key, kind)
    _put(entries, ws, name, key, text, None, quote)


def _expand(
    entries: dict[str, _Entry],
    element: str,
    ws: str,
    name: str,
    value: Mapping[object, object],
    slot: int,
) -> None:
    """``data={...}`` and ``aria={...}``: one data-*/aria-* attribute per entry."""
    aria = ascii_lower(name) == "aria"
    for sub, item in value.items():
        # a sub-key that is empty or not a str is reported as a bad name
        full = f"{name}-{sub}" if isinstance(sub, str) and sub else sub
        if aria and (item is True or item is False):
            item = "true" if item else "false"  # noqa: PLW2901 - aria-* states are "true"/"false"
        key, kind = _name_info(element, full, slot)
        _attribute(entries, element, ws, str(full), key, kind, item, slot)
        ws = " "


def render_tag(plan: TagPlan, values: tuple[object, ...]) -> str:
    """The start tag of ``plan`` with its holes filled by ``values`` (in item order)."""
    entries: dict[str, _Entry] = {}
    element = plan.element
    for item in plan.items:
        match item:
            case StaticItem(ws, name, key, raw, value, quote):
                _put(entries, ws, name, key, value, raw, quote)
            case WholeItem(ws, name, key, kind, slot, position, quote) if kind in SCRIPT_KINDS:
                # an event handler written in the template: a JavaScript literal
                text = event_value(values[position], slot, kind)
                _put(entries, ws, name, key, text, None, quote)
            case WholeItem(ws, name, key, kind, slot, position, quote):
                _attribute(entries, element, ws, name, key, kind, values[position], slot, quote)
            case PartsItem(ws, name, key, parts, quote):
                out = []
                for part in parts:
                    if isinstance(part, str):
                        out.append(part)
                    else:
                        slot, position, url = part
                        out.append(part_text(values[position], slot, key, url))
                _put(entries, ws, name, key, "".join(out), None, quote)
            case SpreadItem(ws, slot, position):
                _spread(entries, element, ws, values[position], slot)
    out = [plan.head]
    for ws, name, value, raw, quote in entries.values():
        if raw is not None:
            out.append(ws + raw)
        elif value is True:
            out.append(ws + name)
        else:
            out.append(f"{ws}{name}={quote}{value}{quote}")
    out.append(plan.tail)
    return "".join(out)


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
    spread ``values[spread]`` (interpolation ``slot``) names no attribute in ``names`` and
    holds no data/aria dict; else merged. Decided from the keys alone, before any value is
    rendered, so lazy values and generators are consumed once. In place is the fast path of
    the merged tag: with the slow paths, every tag is merged."""
    if SLOW_PATHS:
        return render_tag(plan, values)
    value = values[spread]
    if value.__class__ is not dict:
        value = resolve(value, slot)
        values = (*values[:spread], value, *values[spread + 1 :])
        if not isinstance(value, Mapping):
            return (
                in_place(*values) if value is None or value is False else render_tag(plan, values)
            )
    element = plan.element
    seen: set[str] = set()
    for key_object, item in value.items():
        name = key_object if key_object.__class__ is _FAST_STR else _plain_key(key_object)
        key = (_FAST_NAMES.get(name) or _name_info(element, name, slot))[0]  # type: ignore[call-overload]
        if key in names or key in seen:
            return render_tag(plan, values)
        if key in _EXPANDED and (isinstance(item, Mapping) or is_lazy(item)):
            return render_tag(plan, values)  # a data/aria dict, maybe lazy: expanded there
        seen.add(key)
    return in_place(*values)


def spread_in_place(value: object, slot: int, ws: str, element: str) -> str:
    """The attributes of a spread that meets no other attribute of its tag."""
    value = resolve(value, slot)
    if value is None or value is False:
        return ""
    if not isinstance(value, Mapping):
        raise _not_a_mapping(value, slot)
    ws = ws or " "  # <a title="x"{attrs}>: keep attributes apart
    out = []
    for key_object, item in value.items():
        name = key_object if key_object.__class__ is _FAST_STR else _plain_key(key_object)
        key, kind = _FAST_NAMES.get(name) or _name_info(element, name, slot)  # type: ignore[call-overload]
        if key in ELEMENT_DEPENDENT_NAMES:
            kind = attr_kind(element, key)
        out.append(_one_in_place(ws, name, key, kind, item, slot))  # type: ignore[arg-type]
        ws = " "
    return "".join(out)
