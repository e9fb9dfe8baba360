"""The value rules of text content, and the rendering of a template inside another: what the
plans call for holes in element content, RCDATA and comments, and for nested templates."""

from __future__ import annotations

import functools
import itertools
import os
import sys
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from string.templatelib import Interpolation, Template
from string.templatelib import convert as _apply_conversion
from types import CodeType, FrameType, TracebackType
from typing import Any, Protocol

from markupsafe import Markup

from .. import _messages as _msg
from .._fastpaths import fast
from ..errors import PACKAGE_DIR, RenderError, TemplateError, TemplateSyntaxError
from . import values
from .cache import Render, compile_plan, is_plan_code, plans
from .escapers import escape_comment, escape_text, normalize_rcdata, plain_str
from .values import (
    MAX_DEPTH,
    async_value,
    big_int,
    call_lazy,
    call_object,
    int_text,
    is_async,
    is_component_object,
    is_lazy,
    refuse,
    resolve,
    too_deep,
)

__all__ = [
    "NESTING_CODE",
    "convert",
    "guarded",
    "html_source",
    "in_foreign",
    "inside_a_render",
    "on_its_own",
    "own_plan",
    "render_comment",
    "render_document",
    "render_list",
    "render_rcdata",
    "render_str",
    "render_text",
    "render_text_foreign",
    "user_frames",
]

# -- templates whose end is uncertain ----------------------------------------------------------
#
# The scanner reads every template as HTML. Some static text ends elsewhere for another reader
# (markup in <title> inside <svg>, a double-escaped script...); the scanner refuses the holes
# after it in the same template, and its Nesting says when the template may not be rendered
# inside another one either, where the outer template's later values would follow it. Holes
# and component tags inside an outer template's <svg>, <math> or <select> set _FOREIGN while
# they render.

_FOREIGN: ContextVar[bool] = ContextVar("htmltemplates_foreign", default=False)


class NestingRefusal(Protocol):
    """Why a plan may not be rendered inside another template: the scanner's Nesting, as the
    runtime sees it."""

    @property
    def foreign_only(self) -> bool: ...

    def error(self) -> TemplateSyntaxError: ...


def guarded(render: Render, nesting: NestingRefusal, strings: tuple[str, ...]) -> Render:
    """``render``, refusing to run inside another template as ``nesting`` says. A refusal that
    reaches html() from the template html() itself renders is dropped there (see html())."""
    if nesting.foreign_only:

        def in_html_only(interpolations: tuple[Interpolation[Any], ...]) -> str:
            if _FOREIGN.get():
                error = nesting.error()
                error.raised_in = (strings, interpolations)  # as plans mark theirs
                raise error
            return render(interpolations)

        return in_html_only

    def on_its_own(interpolations: tuple[Interpolation[Any], ...]) -> str:
        error = nesting.error()
        error.top_level = (strings, render)  # type: ignore[attr-defined]
        error.raised_in = (strings, interpolations)
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
        plan = plans[template.strings]
    except KeyError:
        plan = compile_plan(template)
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


# The code whose frames, above an html() call, mean that it runs while another template renders
# (a component, an __html__ method or a lazy value calls it): there its template is nested, and
# what follows it is the outer template's. Frames of plans are recognised by their file name.
# Looked at only when a refusal reaches html(), so rendering pays nothing for it.
NESTING_CODE: set[object] = set()


def inside_a_render() -> bool:
    frame: FrameType | None = sys._getframe(2)  # the caller of html()
    while frame is not None:
        code = frame.f_code
        if is_plan_code(code.co_filename) or code in NESTING_CODE:
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
            own = own_plan(error, value)
            if own is None:
                raise
        return on_its_own(value, own)
    finally:
        _FOREIGN.reset(token)


def own_plan(error: TemplateError, template: Template) -> Render | None:
    """The plan of ``template`` when ``error`` is its own refusal to be nested (see _guarded):
    its plan refuses before rendering anything, so a refusal with its strings is its own."""
    top_level = getattr(error, "top_level", None)
    if top_level is not None and top_level[0] == template.strings:
        return top_level[1]  # type: ignore[no-any-return]
    return None


def on_its_own(template: Template, render: Render) -> Markup:
    __tracebackhide__ = True
    try:
        return _new_str(Markup, render(template.interpolations))
    except TemplateError as error:
        if error.template is None:
            error.locate(template)
        raise error.with_traceback(user_frames(error.__traceback__))  # noqa: B904 - the same error


def user_frames(tb: TracebackType | None) -> TracebackType | None:
    """``tb`` without the frames of htmltemplates itself (its modules and compiled plans): what
    is left of a TemplateError's traceback is the user's code (components) between html() and
    the fault, which the message and notes already locate."""
    kept: list[TracebackType] = []
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if not is_plan_code(filename) and not filename.startswith(PACKAGE_DIR + os.sep):
            kept.append(tb)
        tb = tb.tb_next
    for outer, inner in itertools.pairwise(kept):
        outer.tb_next = inner
    if kept:
        kept[-1].tb_next = None
    return kept[0] if kept else None


# -- __html__ ------------------------------------------------------------------------------------


def html_source(value: Any, slot: int | None) -> str:
    """The HTML an object with ``__html__`` says it is, as a ``str``. A Template returned by
    ``__html__`` (a t-string where html() of it was meant) is rendered; anything else is the
    RenderError html-method, in every position (``slot`` None: a Refusal)."""
    markup = value.__html__()
    if isinstance(markup, str):
        return markup
    if markup.__class__ is Template:
        return render_str(markup)
    refuse(functools.partial(_html_method, value, markup), slot)


def _html_method(value: object, markup: object, slot: int) -> RenderError:
    return _msg.html_method(value, markup, slot)


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
    except (ValueError, TypeError, OverflowError) as error:
        if value.__class__ is int:
            int_text(value, slot)  # raises big-int when that is the cause
        if _raised_here(error, _CONVERSIONS) and "integer string conversion" in str(error):
            big_int(slot)  # an int inside the value ({[n]!r}, {d!s}) has too many digits
        if not _refused_by_format(error, interpolation):
            raise  # raised by the user's code (a __repr__, a __format__): theirs, as it is
        # format() refused the spec ({text:nl2br}): located, with what a spec may be and
        # format()'s own words in the headline
        raise _msg.format_spec(
            value, interpolation.format_spec, str(error), interpolation.expression, slot
        ) from None
    return value


def _raised_here(error: BaseException, callers: frozenset[CodeType]) -> bool:
    """Whether ``error`` was raised by code written in C (repr(), str(), format() of built-in
    types) called from one of ``callers``: the last frame of its traceback is theirs."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_code in callers


def _refused_by_format(error: BaseException, interpolation: Interpolation[Any]) -> bool:
    """Whether ``error`` was raised by format() itself, written in C (no frame of its own):
    the last frame of its traceback is convert's, and the spec is not ``safe``."""
    spec = interpolation.format_spec
    return bool(spec) and spec != "safe" and _raised_here(error, _CONVERTS)


# the code that applies a conversion and a format spec: convert, and string.templatelib's
# convert (a Python function in 3.14), whose frame is the last when repr() or str() raises
_CONVERTS = frozenset({convert.__code__})
_CONVERSIONS = _CONVERTS | {
    code for code in (getattr(_apply_conversion, "__code__", None),) if code is not None
}

# The shortcuts of render_text and render_list, for the classes of most values (see
# _fastpaths.py: each is its class, or none with its fast path off)
_TEXT_TEMPLATE = fast("render-text-template", Template)
_TEXT_INT = fast("render-text-int", int)
_LIST_TEMPLATE = fast("render-list-template", Template)
_LIST_STR = fast("render-list-str", str)


def render_text(value: object, slot: int, depth: int = 0) -> str:
    """A value in element content: escaped text, trusted HTML as is, templates and iterables
    rendered in place, None and booleans as nothing, lazy values (functions) called."""
    cls = value.__class__
    if cls is _TEXT_TEMPLATE:
        return render_str(value, slot)  # type: ignore[arg-type]
    if cls is _TEXT_INT:
        try:
            return str(value)
        except ValueError:  # more digits than Python converts to text
            big_int(slot)
    if cls is list or cls is tuple:
        return render_list(value, slot, depth)  # type: ignore[arg-type]
    match value:
        case None | bool():
            return ""
        case Template():
            return render_str(value, slot)
        case _ if hasattr(type(value), "__html__"):
            return html_source(value, slot)
        case str():
            return escape_text(plain_str(value))
        # exact numbers as they are; a subclass (an IntEnum...) may have its own __str__,
        # which is escaped (below); an int too long for text is the RenderError big-int
        case float() if cls is float:
            return str(value)
        case int() if cls is int:
            return int_text(value, slot)
    return _render_other(value, slot, depth)


def render_list(value: list[Any] | tuple[Any, ...], slot: int, depth: int = 0) -> str:
    """A list or tuple in element content: each item by render_text's rules, a template
    through its plan (render_str, inlined: lists of rows and cards are hot). Called by plans for
    a list straight away. One comprehension: a loop that appends costs a list of four small
    templates a sixth of its time; the item a TemplateError comes from is found afterwards, by
    the interpolations its plan marked it with (see compiler/emit.py)."""
    if depth >= MAX_DEPTH:
        too_deep(value, slot)
    try:
        return "".join(
            [
                (_plan_of(item.strings) or compile_plan(item))(item.interpolations)
                if (kind := item.__class__) is _LIST_TEMPLATE
                else escape_text(item)
                if kind is _LIST_STR
                else render_text(item, slot, depth + 1)
                for item in value
            ]
        )
    except TemplateError as error:
        if error.template is None and error.raised_in is not None:
            strings, interpolations = error.raised_in
            for item in value:
                if (
                    item.__class__ is Template
                    and item.interpolations is interpolations
                    and item.strings == strings  # (one empty tuple is the interpolations of all)
                ):
                    error.locate(item)
                    break
        raise
    except RecursionError:
        too_deep(value, slot, recursion=True)


_plan_of = plans.get


def _render_other(value: object, slot: int, depth: int) -> str:
    """render_text for the rarer values, out of its hot path: dicts and bytes (refused),
    classes, lazy values, async values (refused), other iterables, and other objects (their
    ``str()``, escaped)."""
    match value:
        case Mapping():
            raise _msg.dict_in_text(value, slot)
        case bytes() | bytearray() | memoryview():
            raise _msg.bytes_in_text(value, slot)
        case type():
            return escape_text(str(value))
        case _ if is_lazy(value):
            return render_text(call_lazy(value, slot), slot, depth)
        case _ if values.TEXT_TYPES and isinstance(value, values.TEXT_TYPES):
            return render_text(str(value), slot, depth)
    if is_async(value):
        async_value(value, slot)
    if is_component_object(value):
        if depth >= MAX_DEPTH:
            too_deep(value, slot)
        return render_text(call_object(value, slot), slot, depth + 1)
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


NESTING_CODE.update(
    function.__code__ for function in (render_str, render_text, render_list, render_comment)
)
