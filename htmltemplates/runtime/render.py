"""Renders templates: the plan cache, the value rules of text content, and html() itself."""

from __future__ import annotations

import itertools
import os
import sys
import threading
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from string.templatelib import Interpolation, Template
from string.templatelib import convert as _apply_conversion
from types import FrameType, TracebackType
from typing import Annotated, Any, NamedTuple

from markupsafe import Markup

from .._spec import attribute_rules
from ..compiler.plan import PLAN_FILENAME, Render, compile_template
from ..errors import PACKAGE_DIR, TemplateError, short_repr
from ..errors import value_error as _error
from ..lang.urls import url_parts
from ..scan.scanner import Nesting
from . import trusted
from .attributes import js_part
from .escapers import escape_comment, escape_text, normalize_rcdata, plain_str
from .values import (
    MAX_DEPTH,
    async_value,
    big_int,
    call_lazy,
    close_awaitables,
    html_source,
    int_text,
    is_async,
    is_lazy,
    resolve,
    too_deep,
)

__all__ = ["CacheInfo", "cache_info", "clear_cache", "configure_cache", "html", "render_str"]

# -- the plan cache --------------------------------------------------------------------------
#
# Keyed by template.strings: a t-string literal hands out the same tuple every time it runs,
# and equal tuples (a Template built by hand with the same text) share a plan. Conversions and
# format specs are applied per value at render time, so nothing else shapes a plan. Reads are
# plain dict lookups (atomic); inserts take a lock and evict the oldest plans past the bounds,
# in plans and in the estimated bytes they hold, so templates built dynamically cannot grow
# memory without limit. A compile of strings another thread is compiling waits for it.

MAX_PLANS = 4096
MAX_BYTES = 64 * 1024 * 1024  # of estimated size (see _cost)
_plans: dict[tuple[str, ...], Render] = {}
_costs: dict[tuple[str, ...], int] = {}  # the estimate of each cached plan, in the same order
_flights: dict[tuple[str, ...], _Flight] = {}  # compiles in progress
_lock = threading.Lock()
_counts = [0, 0]  # compiles since the last clear_cache(), estimated bytes of the cached plans
_generation = [0]  # how many times the cache was cleared: a plan compiled before is not kept


def clear_cache() -> None:
    """Forget every compiled plan (they are rebuilt on their next render)."""
    with _lock:
        _plans.clear()
        _costs.clear()
        _counts[:] = [0, 0]
        _generation[0] += 1


def configure_cache(*, max_plans: int | None = None, max_bytes: int | None = None) -> None:
    """Set the bounds of the plan cache: at most ``max_plans`` plans, and at most ``max_bytes``
    bytes of their estimated size; a bound not given is left as it is. The oldest plans are
    evicted at once past the new bounds; a plan estimated larger than ``max_bytes`` is compiled
    at each render and never kept. 0 keeps nothing."""
    global MAX_PLANS, MAX_BYTES  # noqa: PLW0603 - the bounds are the module's settings
    for name, bound in (("max_plans", max_plans), ("max_bytes", max_bytes)):
        if bound is not None and (type(bound) is not int or bound < 0):
            raise ValueError(f"configure_cache({name}=...) takes an int >= 0, not {bound!r}")
    with _lock:
        if max_plans is not None:
            MAX_PLANS = max_plans
        if max_bytes is not None:
            MAX_BYTES = max_bytes
        _evict(MAX_PLANS, 0)


# a plan bakes in the framework attribute rules its template was compiled under
attribute_rules.on_change(clear_cache)


class CacheInfo(NamedTuple):
    """What :func:`cache_info` reports."""

    size: int  # plans cached now
    bound: int  # the most plans kept; the oldest is dropped past it
    compiles: int  # templates compiled since the last clear_cache()
    estimated_bytes: int  # the estimated size of the plans cached now
    max_bytes: int  # the most estimated bytes kept; the oldest plans are dropped past it


def cache_info() -> CacheInfo:
    """How many plans are cached and their estimated size, the two bounds, and the compiles
    since the last clear."""
    with _lock:
        return CacheInfo(len(_plans), MAX_PLANS, _counts[0], _counts[1], MAX_BYTES)


def _cost(strings: tuple[str, ...], source: str) -> int:
    """An estimate of the bytes a plan holds, cheap and growing with the template: its static
    text twice (in the key, and as constants of its code), the rest of its generated source
    three times (the code objects, the functions and their constants), and 1.5 kB. Measured
    with tracemalloc on plans of many shapes, it is within a factor of 2 either way."""
    text = sum(map(len, strings))
    return 1536 + 2 * text + 3 * max(0, len(source) - text)


def _evict(plans: int, room: int) -> None:
    """Evict the oldest plans until at most ``plans`` are left and ``room`` more estimated
    bytes fit in MAX_BYTES; the caller holds _lock."""
    while _plans and (len(_plans) > plans or _counts[1] + room > MAX_BYTES):
        key = next(iter(_costs))
        del _plans[key]
        _counts[1] -= _costs.pop(key)


class _Flight:
    """A compile in progress: the threads that need the same plan wait for its end."""

    __slots__ = ("done", "render", "thread")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.render: Render | None = None  # once compiled
        self.thread = threading.get_ident()


def _compile(template: Template) -> Render:
    """The plan of ``template``: compiled once and cached. A thread that needs a plan another
    thread is compiling waits for it; if that compile fails, each waiter compiles the template
    itself and raises its own error, located at its own call (failures are not cached)."""
    key = template.strings
    with _lock:
        render = _plans.get(key)
        if render is not None:
            return render
        flight = _flights.get(key)
        mine = flight is None
        if flight is None:
            flight = _flights[key] = _Flight()
    if not mine:
        if flight.thread != threading.get_ident():  # (not a compile further up this stack)
            flight.done.wait()
            if flight.render is not None:
                return flight.render
        return _keep(key, *_build(template))
    try:
        render = flight.render = _keep(key, *_build(template))
    finally:
        with _lock:
            del _flights[key]
        flight.done.set()
    return render


def _build(template: Template) -> tuple[Render, int, int]:
    """The plan of ``template``, its estimated size and the cache generation it was compiled
    in (the attribute rules may change meanwhile); a TemplateError located in it."""
    generation = _generation[0]
    try:
        render, source, nesting = compile_template(template, _HELPERS)
    except TemplateError as error:
        error.locate(template)
        error.__traceback__ = None
        raise error from None
    if nesting is not None:
        render = _guarded(render, nesting, template.strings)
    return render, _cost(template.strings, source), generation


def _keep(key: tuple[str, ...], render: Render, cost: int, generation: int) -> Render:
    """Cache ``render`` under ``key`` if it fits the bounds, evicting the oldest plans, unless
    the cache was cleared while it compiled (under rules that have changed since)."""
    with _lock:
        _counts[0] += 1
        current = generation == _generation[0]
        if current and MAX_PLANS and cost <= MAX_BYTES and key not in _plans:
            _evict(MAX_PLANS - 1, cost)
            _plans[key] = render
            _costs[key] = cost
            _counts[1] += cost
    return render


# -- templates whose end is uncertain ----------------------------------------------------------
#
# The scanner reads every template as HTML. Some static text ends elsewhere for another reader
# (markup in <title> inside <svg>, a double-escaped script...); the scanner refuses the holes
# after it in the same template, and its Nesting says when the template may not be rendered
# inside another one either, where the outer template's later values would follow it. Holes
# and component tags inside an outer template's <svg>, <math> or <select> set _FOREIGN while
# they render.

_FOREIGN: ContextVar[bool] = ContextVar("htmltemplates_foreign", default=False)


def _guarded(render: Render, nesting: Nesting, strings: tuple[str, ...]) -> Render:
    """``render``, refusing to run inside another template as ``nesting`` says. A refusal that
    reaches html() from the template html() itself renders is dropped there (see html())."""
    if nesting.foreign_only:

        def in_html_only(interpolations: tuple[Interpolation[Any], ...]) -> str:
            if _FOREIGN.get():
                raise nesting.error()
            return render(interpolations)

        return in_html_only

    def on_its_own(interpolations: tuple[Interpolation[Any], ...]) -> str:
        error = nesting.error()
        error.top_level = (strings, render)  # type: ignore[attr-defined]
        raise error

    return on_its_own


def in_foreign(render: Callable[..., str], *args: object) -> str:
    """``render(*args)`` (a component tag, or render_text) told that it may be in foreign
    content (<svg>, <math>) or <select>."""
    token = _FOREIGN.set(True)
    try:
        return render(*args)
    finally:
        _FOREIGN.reset(token)


def render_text_foreign(value: object, slot: int) -> str:
    """render_text for a hole that may be in foreign content or <select>."""
    return in_foreign(render_text, value, slot)


def render_str(template: Template, slot: int = -1) -> str:
    """The HTML of ``template`` as a plain ``str`` (what nested templates render to); ``slot``
    is the hole it is the value of, if any, where running out of stack is reported."""
    try:
        plan = _plans[template.strings]
    except KeyError:
        plan = _compile(template)
    try:
        return plan(template.interpolations)
    except TemplateError as error:
        if error.template is None:
            error.locate(template)
        raise
    except RecursionError:
        # Templates nest as deep as the stack allows: the innermost render_str with a slot and
        # the room to build the error reports it (one that has not raises RecursionError
        # again, for the next one out).
        if slot < 0:
            raise
        too_deep(template, slot, recursion=True)


_new_str = str.__new__


def html(template: Annotated[Template, "html"]) -> Markup:
    """Render a t-string to safe HTML.

    Each interpolated value is escaped for the context it lands in (text, attribute value, URL,
    comment...); dicts between attributes become attributes; nested templates and lists of them
    render in place. The result is :class:`markupsafe.Markup`, so it nests in other templates
    (and Jinja) without being escaped twice, and Flask views can return it as is.
    """
    __tracebackhide__ = True
    if template.__class__ is not Template:
        _reject(template)
    try:
        plan = _plans[template.strings]
    except KeyError:
        plan = _compile(template)
    try:
        return _new_str(Markup, plan(template.interpolations))
    except TemplateError as error:
        own = _own_plan(error, template)
        if own is not None and not _inside_a_render():
            # a template whose end is uncertain, rendered on its own: nothing follows it
            return _on_its_own(template, own)
        if error.anchor == "async-value":
            close_awaitables(template)  # the others would warn that they were never awaited
        if error.template is None:
            error.locate(template)
        raise error.with_traceback(_user_frames(error.__traceback__))  # noqa: B904 - the same error
    except RecursionError:
        # the stack ran out where no hole could report it (an __html__ method rendering
        # templates inside templates, each with html()): reported here, without a caret
        deep = _unlocated_too_deep(template)
        raise deep.with_traceback(None) from None


def _unlocated_too_deep(template: Template) -> TemplateError:
    try:
        too_deep(None, 0, recursion=True)
    except TemplateError as error:
        error.location = None  # no hole to point at: the message names the template's caller
        error.locate(template)
        return error
    raise AssertionError("too_deep returned")  # pragma: no cover


# The code whose frames, above an html() call, mean that it runs while another template renders
# (a component, an __html__ method or a lazy value calls it): there its template is nested, and
# what follows it is the outer template's. Frames of plans are recognised by their file name.
# Looked at only when a refusal reaches html(), so rendering pays nothing for it.
NESTING_CODE: set[object] = set()


def _inside_a_render() -> bool:
    frame: FrameType | None = sys._getframe(2)  # the caller of html()
    while frame is not None:
        code = frame.f_code
        if code.co_filename == PLAN_FILENAME or code in NESTING_CODE:
            return True
        frame = frame.f_back
    return False


def render_document(value: object, slot: int) -> str:
    """The document of an <iframe srcdoc>: a document of its own, so nothing of the outer
    template follows it and nothing around it is foreign content. A template whose end is
    uncertain renders there as html() renders it on its own."""
    token = _FOREIGN.set(False)
    try:
        if value.__class__ is not Template:
            return render_text(value, slot)
        try:
            return render_str(value)
        except TemplateError as error:
            own = _own_plan(error, value)
            if own is None:
                raise
        return _on_its_own(value, own)
    finally:
        _FOREIGN.reset(token)


def _own_plan(error: TemplateError, template: Template) -> Render | None:
    """The plan of ``template`` when ``error`` is its own refusal to be nested (see _guarded):
    its plan refuses before rendering anything, so a refusal with its strings is its own."""
    top_level = getattr(error, "top_level", None)
    if top_level is not None and top_level[0] == template.strings:
        return top_level[1]  # type: ignore[no-any-return]
    return None


def _on_its_own(template: Template, render: Render) -> Markup:
    __tracebackhide__ = True
    try:
        return _new_str(Markup, render(template.interpolations))
    except TemplateError as error:
        if error.template is None:
            error.locate(template)
        raise error.with_traceback(_user_frames(error.__traceback__))  # noqa: B904 - the same error


def _user_frames(tb: TracebackType | None) -> TracebackType | None:
    """``tb`` without the frames of htmltemplates itself (its modules and compiled plans): what
    is left of a TemplateError's traceback is the user's code (components) between html() and
    the fault, which the message and notes already locate."""
    kept: list[TracebackType] = []
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename != PLAN_FILENAME and not filename.startswith(PACKAGE_DIR + os.sep):
            kept.append(tb)
        tb = tb.tb_next
    for outer, inner in itertools.pairwise(kept):
        outer.tb_next = inner
    if kept:
        kept[-1].tb_next = None
    return kept[0] if kept else None


def _reject(value: object) -> None:
    if isinstance(value, Template):
        return
    if isinstance(value, str):
        raise TypeError(
            'html() takes a template string (t"..."), not a str. Did you write f"..." where '
            'you meant t"..."? An f-string has already inserted its values unescaped.'
        )
    raise TypeError(f'html() takes a template string (t"..."), not {type(value).__name__}.')


# -- values in context (called by the compiled plans) ---------------------------------------


def convert(interpolation: Interpolation[Any], slot: int) -> object:
    """Apply an interpolation's conversion (!r, !s, !a) and format spec, as f-strings do.

    A lazy value (a zero-argument function, lambda, bound method or partial) is called first.
    The spec ``safe`` marks the value as trusted HTML instead of formatting it. An async value
    is refused before its repr or format is taken.
    """
    value = resolve(interpolation.value, slot)
    cls = value.__class__
    if cls is not str and cls is not int and cls is not float and is_async(value):
        async_value(value, slot)
    try:
        if interpolation.conversion:
            value = _apply_conversion(value, interpolation.conversion)
        spec = interpolation.format_spec
        if spec == "safe":
            return value if isinstance(value, Template) else Markup(value)
        if spec:
            return format(value, spec)
    except ValueError:
        if value.__class__ is int:
            int_text(value, slot)  # raises big-int when that is the cause
        raise
    return value


def render_text(value: object, slot: int, depth: int = 0) -> str:
    """A value in element content: escaped text, trusted HTML as is, templates and iterables
    rendered in place, None and booleans as nothing, lazy values (functions) called."""
    cls = value.__class__
    if cls is Template:
        return render_str(value, slot)  # type: ignore[arg-type]
    if cls is int:
        try:
            return str(value)
        except ValueError:  # more digits than Python converts to text
            big_int(slot)
    if cls is list or cls is tuple:
        if depth >= MAX_DEPTH:
            too_deep(value, slot)
        out: list[str] = []
        append = out.append
        last: tuple[str, ...] = ()
        plan: Render | None = None
        try:
            for item in value:  # type: ignore[attr-defined]
                kind = item.__class__
                if kind is Template:  # render_str, inlined: lists of rows and cards are hot
                    strings = item.strings
                    if strings is not last or plan is None:  # items of a list share their literal
                        try:
                            plan = _plans[strings]
                        except KeyError:
                            plan = _compile(item)
                        last = strings
                    try:
                        append(plan(item.interpolations))
                    except TemplateError as error:
                        if error.template is None:
                            error.locate(item)
                        raise
                elif kind is str:
                    append(escape_text(item))
                else:
                    append(render_text(item, slot, depth + 1))
        except RecursionError:
            too_deep(value, slot, recursion=True)
        return "".join(out)
    match value:
        case None | bool():
            return ""
        case Template():
            return render_str(value, slot)
        case _ if hasattr(type(value), "__html__"):
            return html_source(value, slot)
        case str():
            return escape_text(plain_str(value))
        case int() | float() if cls is int or cls is float:
            return str(value)  # a subclass (an IntEnum...) may have its own __str__: escaped
        case Mapping():
            raise _error(
                f"a {type(value).__name__} where text is expected: {short_repr(value)}",
                "Interpolate a string, a template or a list of them; to render a dict as "
                "attributes, spread it inside a tag: <a {attrs}>.",
                "dict-in-text",
                slot,
            )
        case bytes() | bytearray() | memoryview():
            raise _error(
                f"bytes where text is expected: {short_repr(value)}",
                "Decode the bytes to a str first.",
                "bytes",
                slot,
            )
        case type():
            return escape_text(str(value))
        case _ if is_lazy(value):
            return render_text(call_lazy(value, slot), slot, depth)
    if is_async(value):
        async_value(value, slot)
    try:
        items = iter(value)  # type: ignore[call-overload]
    except TypeError:
        if isinstance(value, int):  # an int subclass: its str(), or big-int
            return escape_text(int_text(value, slot))
        return escape_text(str(value))
    if depth >= MAX_DEPTH:
        too_deep(value, slot)
    return "".join([render_text(item, slot, depth + 1) for item in items])


def render_rcdata(value: object, slot: int) -> str:
    """A value inside <title> or <textarea>: text, with trusted HTML's tags made text."""
    return normalize_rcdata(render_text(value, slot))


def render_comment(value: object, slot: int) -> str:
    """A value inside a comment: always text. Strings are escaped; anything else is rendered
    as in text and that HTML escaped again, so trusted HTML shows its tags. ``-`` and ``!`` are
    escaped too, so no value can end the comment."""
    if type(value) is str:
        return escape_comment(value)
    return escape_comment(render_text(value, slot))


_HELPERS: dict[str, object] = {
    "_js": js_part,
    "_text": render_text,
    "_text_f": render_text_foreign,
    "_foreign": in_foreign,
    "_render_str": render_str,
    "_rcdata": render_rcdata,
    "_comment": render_comment,
    "_convert": convert,
}
NESTING_CODE.update(
    function.__code__ for function in (html, render_str, render_text, render_comment)
)

trusted.install(url_parts)
