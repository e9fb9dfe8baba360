"""Rendering in pieces: what the streaming and async renderers walk, built on the plans.

A template's *streaming plan* is its plan with one difference (see compiler/emit.py): in
element content, what may make rendering wait is not evaluated in place. A lazy value, an
iterator (a generator of rows), an awaitable or async iterable, and a component tag are
appended to the list ``deferred``, and :data:`MARK` is written where they stand. Everything
else is rendered as html() renders it, nested templates and lists included (through their own
streaming plans, appending to the same list, in order). :func:`stream_template` then sends the
text up to each mark, and the deferred thing there once it is evaluated, recursively.

Why the result is html()'s, byte for byte: in element content html() renders each value on
its own and joins the results (render_text), and a nested template from the start of a
document, whatever surrounds it; so rendering a deferred value later, on its own, gives the
same text. Values in <svg>, <math> and <select>, and right after <pre> or <textarea> (whose
first newline html() keeps), are never deferred: their rendering depends on what surrounds
them.

The pieces are strings, :data:`CUT` (a cut point: a place to send what is rendered so far,
before something that may wait: the next item of an iterator, a lazy value, a component call)
and :class:`Awaiting` (an awaitable or async iterable: the async renderer resolves it; the sync
ones throw its refusal back in, where it was found).
"""

from __future__ import annotations

import secrets
import types
from collections.abc import Callable, Generator, Mapping
from contextlib import AbstractContextManager
from string.templatelib import Interpolation, Template
from typing import Any

from ..errors import RenderError, TemplateError
from . import values
from .cache import STREAM, Render, compile_plan, plans
from .components import EMPTY, Site, annotate, check_props
from .escapers import escape_text
from .text import NESTING_CODE, render_text
from .values import MAX_DEPTH, async_value, call_lazy, is_async, is_lazy, too_deep

__all__ = [
    "CUT",
    "MARK",
    "SCOPES",
    "Awaiting",
    "Call",
    "Later",
    "Piece",
    "defer_component",
    "defer_text",
    "expand",
    "render_later",
    "stream_template",
]

# What stands in a streaming plan's text for a deferred value. Random per process, and never
# sent (the text is cut there), so no value can forge one; with NULs, so it is never markup.
MARK = f"\0htmltemplates-{secrets.token_hex(8)}\0"

CUT = None
"""A piece: a cut point, where what is rendered so far may be sent, before something that may
wait is evaluated."""


class Awaiting:
    """A piece: an awaitable or an async iterable found in element content, at hole ``slot``
    of ``template``, ``depth`` levels of lists down; ``call`` is the component tag whose call
    returned it (its errors are noted with it)."""

    __slots__ = ("call", "depth", "slot", "template", "value")

    def __init__(
        self,
        value: object,
        slot: int,
        template: Template | None,
        depth: int = 0,
        call: Call | None = None,
    ) -> None:
        self.value = value
        self.slot = slot
        self.template = template
        self.depth = depth
        self.call = call

    def refusal(self) -> RenderError:
        """What html() raises for this value (an async value where only sync rendering runs)."""
        try:
            async_value(self.value, self.slot)
        except RenderError as error:
            return error


type Piece = str | Awaiting | None
type Pieces = Generator[Piece]


class Later:
    """A value deferred in element content: at hole ``slot`` of ``template``, ``depth`` levels
    of lists down (as render_text counts them)."""

    __slots__ = ("depth", "slot", "template", "value")

    def __init__(self, value: object, slot: int, depth: int) -> None:
        self.value = value
        self.slot = slot
        self.depth = depth
        self.template: Template | None = None


class Call:
    """A component tag whose call is deferred: what the plan's ``_render_component`` would be
    given, and the template of the tag."""

    __slots__ = ("children", "component", "interpolations", "props", "site", "template")

    def __init__(
        self,
        component: Any,
        props: dict[str, object],
        children: Template,
        site: Site,
        interpolations: tuple[Interpolation[Any], ...],
    ) -> None:
        self.component = component
        self.props = props
        self.children = children
        self.site = site
        self.interpolations = interpolations
        self.template: Template | None = None


type Deferred = list[Later | Call]

# -- in the streaming plans ------------------------------------------------------------------

_ATOMS = (str, int, float, bool, Mapping, bytes, bytearray, memoryview, type)


def defer_text(value: object, slot: int, deferred: Deferred, depth: int = 0) -> str:
    """A value in element content in a streaming plan: rendered now as render_text renders
    it, except what may wait (lazy values, iterators other than lists and tuples, async
    values), deferred: MARK in its place. Nested templates go through their streaming plans."""
    cls = value.__class__
    if cls is Template:
        return render_template(value, slot, deferred)  # type: ignore[arg-type]
    if cls is list or cls is tuple:
        if depth >= MAX_DEPTH:
            too_deep(value, slot)
        out: list[str] = []
        append = out.append
        last: tuple[str, ...] = ()
        plan: Render | None = None
        start = len(deferred)  # what the items defer from here on
        try:
            for item in value:  # type: ignore[attr-defined]
                kind = item.__class__
                if kind is Template:  # render_template, inlined: lists of rows are hot
                    strings = item.strings
                    if strings is not last or plan is None:  # items share their literal
                        plan = plans.get((STREAM, strings)) or compile_plan(item, stream=True)
                        last = strings
                    try:
                        append(plan(item.interpolations, deferred))
                    except TemplateError as error:
                        if error.template is None:
                            error.locate(item)
                        raise
                    if deferred and len(deferred) > start:  # (an empty list is the common case)
                        _own(deferred, start, item)
                        start = len(deferred)
                elif kind is str:
                    append(escape_text(item))
                else:
                    append(defer_text(item, slot, deferred, depth + 1))
                    start = len(deferred)  # (the template around the list owns them)
        except RecursionError:
            too_deep(value, slot, recursion=True)
        return "".join(out)
    if (
        value is None
        or isinstance(value, _ATOMS)
        or hasattr(cls, "__html__")
        or not (is_lazy(value) or hasattr(cls, "__iter__") or is_async(value))
        or (values.TEXT_TYPES and isinstance(value, values.TEXT_TYPES))
    ):
        return render_text(value, slot, depth)
    deferred.append(Later(value, slot, depth))
    return MARK


def defer_component(
    component: Any,
    props: dict[str, object],
    children: Template,
    site: Site,
    interpolations: tuple[Interpolation[Any], ...],
    deferred: Deferred,
) -> str:
    """A component tag in element content in a streaming plan: called when the stream comes
    to it, after what is before it has been sent."""
    deferred.append(Call(component, props, children, site, interpolations))
    return MARK


def render_template(template: Template, slot: int, deferred: Deferred) -> str:
    """The text of ``template``'s streaming plan, as render_str renders a nested template;
    what it defers is appended to ``deferred`` and remembers ``template``."""
    key = (STREAM, template.strings)
    try:
        plan = plans[key]
    except KeyError:
        plan = compile_plan(template, stream=True)
    start = len(deferred)
    try:
        text: str = plan(template.interpolations, deferred)
    except TemplateError as error:
        if error.template is None:
            error.locate(template)
        raise
    except RecursionError:
        if slot < 0:
            raise
        too_deep(template, slot, recursion=True)
    if len(deferred) > start:
        _own(deferred, start, template)
    return text


def _own(deferred: Deferred, start: int, template: Template) -> None:
    """Give the things ``template`` deferred (from ``start`` on) their template; those of
    the templates nested in it have theirs."""
    for later in deferred[start:]:
        if later.template is None:
            later.template = template


# -- the pieces --------------------------------------------------------------------------------


def stream_template(template: Template) -> Pieces:
    """The pieces of ``template``, rendered as html() renders it (its errors not located)."""
    deferred: Deferred = []
    text = render_template(template, -1, deferred)
    yield from expand(text, deferred)


def expand(text: str, deferred: Deferred) -> Pieces:
    """The text of a streaming plan, with each deferred thing streamed at its mark; an error
    there is located in the template that deferred it."""
    if not deferred:
        yield text
        return
    parts = text.split(MARK)
    if len(parts) != len(deferred) + 1:  # pragma: no cover - MARK is never in a value
        raise AssertionError("a streaming plan's marks do not match its deferred values")
    if parts[0]:
        yield parts[0]
    for later, part in zip(deferred, parts[1:], strict=True):
        try:
            if isinstance(later, Call):
                yield from _call(later)
            else:
                yield from _later(later)
        except TemplateError as error:
            if error.template is None and later.template is not None:
                error.locate(later.template)
            raise
        if part:
            yield part


def render_later(value: object, slot: int, depth: int = 0) -> Pieces:
    """The pieces of a value in element content, once it is evaluated (what a lazy value,
    an iterator's item, a component returned, or an awaitable resolved to)."""
    deferred: Deferred = []
    text = defer_text(value, slot, deferred, depth)
    return expand(text, deferred)


def _later(later: Later) -> Pieces:
    """A deferred value: a lazy value called after a CUT, an iterator's items each after a CUT
    (and a CUT at its end), an async value as an Awaiting."""
    value, slot, depth = later.value, later.slot, later.depth
    if is_lazy(value):
        yield CUT
        yield from render_later(call_lazy(value, slot), slot, depth)
    elif is_async(value):
        yield Awaiting(value, slot, later.template, depth)
    else:
        yield from _items(value, slot, depth)


def _items(value: object, slot: int, depth: int) -> Pieces:
    """The items of an iterable other than a list or tuple, each after a CUT (taking the next
    one may wait for a database, a file...). Closed early, a generator being read is closed
    too, which runs its ``finally`` blocks."""
    try:
        items = iter(value)  # type: ignore[call-overload]
    except TypeError:  # __iter__ = None and the like: as render_text does
        yield render_text(value, slot, depth)
        return
    if depth >= MAX_DEPTH:
        too_deep(value, slot)
    try:
        while True:
            yield CUT
            try:
                item = next(items)
            except StopIteration:
                return
            yield from render_later(item, slot, depth + 1)
    finally:
        if isinstance(items, types.GeneratorType):
            items.close()


# Components that provide something to their children (Provider.provide): while a stream is in
# their children, what they provide must hold, across the pieces sent. Keyed by the function
# of the bound method; the value gives the context manager, from the bound object and props.
type Scope = Callable[[Any, dict[str, object]], AbstractContextManager[None]]
SCOPES: dict[Callable[..., object], Scope] = {}


def _call(call: Call) -> Pieces:
    """A deferred component tag: checked and called as render_component does, after a CUT,
    and what it returns streamed (an awaitable as an Awaiting)."""
    component, props, children, site = call.component, call.props, call.children, call.site
    interpolations = call.interpolations
    check_props(component, props, children, site, interpolations)
    yield CUT
    try:
        scope = SCOPES.get(getattr(component, "__func__", None))  # type: ignore[arg-type]
        if scope is not None:
            with scope(component.__self__, props):
                yield from render_later(props.get("children", EMPTY), site.slot)
            return
        result = component(**props)
        if result.__class__ is not Template and is_async(result):
            yield Awaiting(result, site.slot, call.template, call=call)
        else:
            yield from render_later(result, site.slot)
    except RecursionError:
        too_deep(None, site.slot, recursion=True)
    except Exception as error:
        annotate(error, component, props, site, interpolations)
        raise


NESTING_CODE.update(
    function.__code__
    for function in (defer_text, render_template, expand, render_later, _later, _items, _call)
)
