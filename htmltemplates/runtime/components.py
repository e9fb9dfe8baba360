"""Calls components written as tags (``<{Card} title="x">children</{Card}>``) at render time.

A plan renders ``<{Card} title="Hi" tone={tone}><p>{body}</p></{Card}>`` as, in effect::

    _render_component(v0, {"title": "Hi", "tone": v1}, Template("<p>", i2, "</p>"), site, ...)

:func:`render_component` checks the props against the component's signature (inspected once per
callable and cached), calls it, and renders what it returns with the value rules of text
content. An exception raised on the way gets a note naming the components it passed through
(``Page > Layout > Card(title='Hi')``) and showing where the innermost one was used.

That is the first render of a tag. The tag's :class:`Site` remembers the component it checked,
and the plan (see ``_component_call`` in the compiler) calls that component again directly,
``v0(title="Hi", tone=v1, children=...)``, without the dictionary or the checks; it renders the
result and notes errors as render_component does.
"""

from __future__ import annotations

import inspect
from annotationlib import Format
from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass
from functools import partial
from string.templatelib import Interpolation, Template
from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any

from .. import _messages as _msg
from .._fastpaths import on
from .._memory import Memory
from ..errors import Location, excerpt, short_repr
from .annotations import refuses_str
from .annotations import shown as shown_annotation
from .text import render_text
from .values import too_deep

__all__ = [
    "EMPTY",
    "Site",
    "annotate",
    "check_props",
    "render_component",
    "spread_props",
    "verify",
]

EMPTY = Template()
"""The children of a component written without any (``<{Card} />``, ``<{Card}></{Card}>``)."""


_NOBODY = object()  # no component was verified at a tag yet (None is a value, and refused)


class Site:
    """Where a component tag stands: the template's strings, the hole of the component, the
    hole of its end tag (-1 when it closes itself), where each prop written in the tag is, and
    whether a spread gives more, and which props are written as text (a ``str``, as in HTML).

    ``verified`` is ``(component, add_children)``: the last component whose signature accepted
    the props of this tag, and whether it is given ``children`` (never set for a tag with a
    spread, whose prop names can change). The names written in a tag are the same at every
    render, so the next call of the same component skips the checks. One tuple, written at
    once, so that two threads calling two components at the same tag never mix them up."""

    __slots__ = ("close", "props", "slot", "spread", "static", "strings", "verified")

    def __init__(
        self,
        strings: tuple[str, ...],
        slot: int,
        close: int,
        props: Mapping[str, Location],
        spread: bool,
        static: frozenset[str] = frozenset(),
    ) -> None:
        self.strings = strings
        self.slot = slot
        self.close = close
        self.props = props
        self.spread = spread
        self.static = static
        self.verified: tuple[object, bool] = (_NOBODY, False)


# -- signatures ----------------------------------------------------------------------------------

_NO_CHILDREN, _CHILDREN_VIA_KWARGS, _CHILDREN_NAMED = 0, 1, 2


@dataclass(frozen=True, slots=True)
class _Accepted:
    """What a component accepts: its keyword names (``None`` when it takes ``**kwargs``), the
    ones without a default, whether and how it takes children, and the annotations of the
    parameters that cannot take a ``str`` (a static prop), by name."""

    names: frozenset[str] | None
    required: frozenset[str]
    children: int
    shown: str  # "title, tone, children": for the message about an unknown prop
    listed: tuple[str, ...]  # the names, for "did you mean"
    not_str: Mapping[str, str]  # {"count": "int"}


# The signatures inspected, by function (or class): bounded in bytes, forgotten with the caches
_SIGNATURE_MEMORY = Memory[object, _Accepted]("component-signatures")
_signatures = _SIGNATURE_MEMORY.entries


def _key(component: object) -> tuple[object, Callable[..., object], int]:
    """What the signature of ``component`` is cached under, the callable to inspect, and how
    many leading parameters the call fills itself (``self`` of a method or ``__call__``)."""
    if isinstance(component, MethodType):
        return component.__func__, component.__func__, 1
    if isinstance(component, (FunctionType, BuiltinFunctionType, type, partial)):
        return component, component, 0
    return type(component), type(component).__call__, 1


def _signature(
    component: object, site: Site, interpolations: tuple[Interpolation[Any], ...]
) -> _Accepted:
    """The signature of ``component``, from the cache or inspected (and cached)."""
    if not callable(component):
        raise _msg.not_a_component(component, site.slot)
    if isinstance(component, BuiltinFunctionType):  # print, len, a method of a list...
        # callable, but written in C: they take no props, and would run with none (<{print} />)
        raise _msg.builtin_component(component.__qualname__, site.slot)
    key, function, skip = _key(component)
    try:
        return _signatures[key]
    except KeyError:
        pass
    except TypeError:  # unhashable: inspected at every call
        return _inspect(component, function, skip, site, interpolations)
    return _SIGNATURE_MEMORY.add(key, _inspect(component, function, skip, site, interpolations))


def _inspect(
    component: object,
    function: Callable[..., object],
    skip: int,
    site: Site,
    interpolations: tuple[Interpolation[Any], ...],
) -> _Accepted:
    name = _display(component, site, interpolations)
    try:
        # annotations are not evaluated: a component may annotate with names that exist only
        # for type checkers
        parameters = list(
            inspect.signature(function, annotation_format=Format.FORWARDREF).parameters.values()
        )[skip:]
    except TypeError, ValueError:
        raise _msg.component_signature(name, site.slot) from None
    names: list[str] = []
    required: set[str] = set()
    not_str: dict[str, str] = {}
    kwargs = False
    for parameter in parameters:
        if parameter.kind is parameter.VAR_KEYWORD:
            kwargs = True
        elif parameter.kind is parameter.VAR_POSITIONAL:
            continue
        elif parameter.kind is parameter.POSITIONAL_ONLY:
            if parameter.default is parameter.empty:
                raise _msg.positional_only(name, parameter.name, site.slot)
        else:
            names.append(parameter.name)
            if parameter.default is parameter.empty and parameter.name != "children":
                required.add(parameter.name)
            if refuses_str(parameter.annotation):
                not_str[parameter.name] = shown_annotation(parameter.annotation)
    children = (
        _CHILDREN_NAMED if "children" in names else _CHILDREN_VIA_KWARGS if kwargs else _NO_CHILDREN
    )
    shown = ", ".join(names) + (", **" if kwargs else "") if names or kwargs else "no props"
    return _Accepted(
        None if kwargs else frozenset(names),
        frozenset(required),
        children,
        shown,
        tuple(names),
        not_str,
    )


def _display(component: object, site: Site, interpolations: tuple[Interpolation[Any], ...]) -> str:
    """The component as the template wrote it (``Card``, ``theme.provide``), else its name."""
    if site.slot < len(interpolations) and interpolations[site.slot].expression:
        return interpolations[site.slot].expression
    return str(getattr(component, "__qualname__", type(component).__qualname__))


# -- the call ------------------------------------------------------------------------------------


def render_component(
    component: Any,
    props: dict[str, object],
    children: Template,
    site: Site,
    interpolations: tuple[Interpolation[Any], ...],
) -> str:
    """Check ``props`` against the component's signature, call it, and render its result as
    text content (a Template, Markup, a str, None, an iterable of these...)."""
    __tracebackhide__ = True
    check_props(component, props, children, site, interpolations)
    try:
        # a component tag that needs no check calls its component from the plan, which
        # renders a Template result inline (compiler/sources.py, component_body)
        return render_text(component(**props), site.slot)
    except RecursionError:
        too_deep(None, site.slot, recursion=True)
    except Exception as error:
        annotate(error, component, props, site, interpolations)
        raise


def check_props(
    component: Any,
    props: dict[str, object],
    children: Template,
    site: Site,
    interpolations: tuple[Interpolation[Any], ...],
) -> None:
    """Check ``props`` against the component's signature, unless ``site`` verified this
    component already, and add ``children`` to them when the component takes them."""
    __tracebackhide__ = True
    verified = site.verified
    if verified[0] is not component or (
        site.close >= 0 and interpolations[site.close].value is not component
    ):
        verified = verify(component, props, children, site, interpolations)
    if verified[1]:
        props["children"] = children


# Whether a tag remembers the component it verified, which its plan then calls without checks
_VERIFIED = on("component-verified")


def verify(
    component: Any,
    props: dict[str, object],
    children: Template,
    site: Site,
    interpolations: tuple[Interpolation[Any], ...],
) -> tuple[object, bool]:
    """Raise a RenderError, pointing at the tag, if ``component`` cannot take ``props`` and
    ``children``; else ``(component, whether it takes the children)``, remembered in ``site``."""
    __tracebackhide__ = True
    signature = _signature(component, site, interpolations)
    if site.close >= 0:
        closed_with = interpolations[site.close].value
        if closed_with is not component and closed_with != component:
            raise _close_mismatch(component, closed_with, site, interpolations)
    if children is not EMPTY and not signature.children:
        raise _msg.component_children(_display(component, site, interpolations), site.close)
    add_children = children is not EMPTY or (
        signature.children is _CHILDREN_NAMED and "children" not in props
    )
    keys = props.keys() | {"children"} if add_children else props.keys()
    # an unknown prop first: a misspelt prop also leaves the one meant missing
    if signature.names is not None and not keys <= signature.names:
        raise _unknown(component, keys, signature, site, interpolations)
    if not signature.required <= keys:
        raise _missing(component, keys, signature, site, interpolations)
    if signature.not_str and not site.static.isdisjoint(signature.not_str):
        _check_static(component, props, signature, site, interpolations)
    verified = (component, add_children)
    # a tag whose end names an equal but other object (a bound method) is checked every time
    if not site.spread and _VERIFIED:  # with its fast path off every call is checked
        site.verified = verified
    return verified


def spread_props(value: object, slot: int) -> Mapping[str, object]:
    """A spread ``{props}`` in a component tag: a mapping of prop names to values, or nothing
    for None and False."""
    if value is None or value is False:
        return {}
    if not isinstance(value, Mapping):
        raise _msg.component_spread(value, slot)
    for key in value:
        if key.__class__ is not str:
            raise _msg.component_spread_key(key, slot)
    return value


def _missing(
    component: object,
    props: Set[str],
    signature: _Accepted,
    site: Site,
    interpolations: tuple[Interpolation[Any], ...],
) -> Exception:
    missing = sorted(signature.required - props)
    name = _display(component, site, interpolations)
    return _msg.missing_prop(name, missing, site.slot)


def _unknown(
    component: object,
    props: Set[str],
    signature: _Accepted,
    site: Site,
    interpolations: tuple[Interpolation[Any], ...],
) -> Exception:
    assert signature.names is not None
    unknown = [key for key in props if key not in signature.names]
    name = _display(component, site, interpolations)
    error = _msg.unknown_prop(name, unknown[0], signature.shown, site.slot, signature.listed)
    if unknown[0] in site.props:
        error.location = site.props[unknown[0]]
    return error


def _check_static(
    component: object,
    props: dict[str, object],
    signature: _Accepted,
    site: Site,
    interpolations: tuple[Interpolation[Any], ...],
) -> None:
    """Refuse a prop written as text (a str) for a parameter annotated to take no str."""
    for prop, annotation in signature.not_str.items():
        value = props.get(prop)
        if prop in site.static and value.__class__ is str:
            name = _display(component, site, interpolations)
            error = _msg.static_prop(name, prop, annotation, str(value), site.slot)
            error.location = site.props[prop]
            raise error


def _close_mismatch(
    component: object,
    closed_with: object,
    site: Site,
    interpolations: tuple[Interpolation[Any], ...],
) -> Exception:
    error = _msg.component_close(_display(component, site, interpolations), closed_with, site.close)
    error.location = Location(site.close, 0, 0, site.close, also=Location.at_hole(site.slot))
    return error


# -- notes on errors raised inside components -------------------------------------------------


def annotate(
    error: Exception,
    component: object,
    props: dict[str, object],
    site: Site,
    interpolations: tuple[Interpolation[Any], ...],
) -> None:
    """Add (or extend) the note that shows the component stack: the innermost component with
    its props and where it was used, each outer one prepended as the error passes through it."""
    name = _display(component, site, interpolations)
    try:
        stack: list[str] | None = error.__dict__.get("_htmltemplates_components")
    except AttributeError:  # pragma: no cover - every Exception has a __dict__
        return
    if stack is None:
        shown = ", ".join(
            f"{key}={short_repr(value, 24)}" for key, value in props.items() if key != "children"
        )
        stack = [f"{name}({shown})"]
        parts: list[str | Interpolation[Any]] = []
        for i, string in enumerate(site.strings):
            parts.append(string)
            if i < len(interpolations):
                parts.append(interpolations[i])
        used = "\n".join(excerpt(Template(*parts), Location.at_hole(site.slot)))
        error.__dict__["_htmltemplates_components"] = stack
        error.__dict__["_htmltemplates_used"] = used
        error.add_note("")
        error.__dict__["_htmltemplates_note"] = len(error.__notes__) - 1
    else:
        stack.insert(0, name)
    used = error.__dict__["_htmltemplates_used"]
    note = f"in component {' > '.join(stack)}, used here:\n{used}"
    error.__notes__[error.__dict__["_htmltemplates_note"]] = note
