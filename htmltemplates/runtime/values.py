"""The value rules every position shares, and their refusals: lazy values, ``__html__``, async
values, nesting, and ints too long for text. Each refusal is built here, once, whatever the
position (text, attributes, URLs, CSS, JavaScript), so it reads the same everywhere.

The escapers of CSS and JavaScript do not know which hole a value is in: they raise
:class:`Refusal`, and the renderer, which does, raises ``refusal.at(slot)``.
"""

from __future__ import annotations

import functools
import inspect
import sys
import types
from abc import get_cache_token
from annotationlib import Format
from collections.abc import Callable, Coroutine, Mapping
from string.templatelib import Interpolation, Template
from typing import Any, NoReturn

from .. import _messages as _msg
from .._memory import Memory
from ..errors import RenderError

__all__ = [
    "LAZY_TYPES",
    "MAX_DEPTH",
    "MAX_LAZY_CALLS",
    "TEXT_TYPES",
    "Refusal",
    "async_value",
    "big_int",
    "call_lazy",
    "call_object",
    "check_ints",
    "close_awaitables",
    "int_text",
    "is_async",
    "is_component_object",
    "is_lazy",
    "refuse",
    "register_text_type",
    "remember",
    "resolve",
    "too_deep",
]

# How deep data in one value may nest (lists, tuples, dicts, other iterables, in any position).
# Deeper is refused rather than walked: json.loads builds data of any depth from a request
# body, and a walk that deep would exhaust the stack. Templates nest as deep as Python's
# recursion limit allows (too_deep, with recursion=True).
MAX_DEPTH = 200

# The longest value whose text the memories of the runtime keep (a style string, a CSS value,
# the encoding of a URL part): each memory is bounded in bytes (_memory.py), and a long value
# is rarely seen twice.
MAX_REMEMBERED_LENGTH = 256


def remember(memory: Memory[str, str], value: str, text: str) -> str:
    """``text``, kept in ``memory`` as what ``value`` gives when ``value`` is short and the
    memory has room."""
    if len(value) <= MAX_REMEMBERED_LENGTH:
        memory.add(value, text)
    return text


# How many times a lazy value is called in a row (a function returning a function...): enough
# for any design, few enough that a function returning itself fails at once.
MAX_LAZY_CALLS = 8


class Refusal(Exception):  # noqa: N818 - not raised to the user: turned into a RenderError
    """A value refused by an escaper that does not know the hole it is in (CSS, JavaScript):
    the renderer raises ``at(slot)``, the RenderError for that hole."""

    def __init__(self, build: Callable[[int], RenderError]) -> None:
        super().__init__()
        self.build = build

    def at(self, slot: int) -> RenderError:
        return self.build(slot)


def refuse(build: Callable[[int], RenderError], slot: int | None) -> NoReturn:
    if slot is None:
        raise Refusal(build)
    raise build(slot)


# -- lazy values ---------------------------------------------------------------------------------

# What a lazy value is: a function, lambda, bound method or partial. Other callable objects
# (classes, Werkzeug's HTTP exceptions and responses, which are WSGI apps...) are values.
LAZY_TYPES = (
    types.FunctionType,
    types.MethodType,
    types.BuiltinFunctionType,
    types.BuiltinMethodType,
    functools.partial,
)


def is_lazy(value: object) -> bool:
    """Whether ``value`` is a lazy value, called at render time with no arguments."""
    return isinstance(value, LAZY_TYPES)


def resolve(value: object, slot: int) -> object:
    """``value``, or what a lazy value returns (see call_lazy), or the ``str`` of a value of
    a text type (see register_text_type)."""
    if isinstance(value, LAZY_TYPES):
        value = call_lazy(value, slot)
    if TEXT_TYPES and isinstance(value, TEXT_TYPES):
        return str(value)
    return value


# -- values that stand for text --------------------------------------------------------------

TEXT_TYPES: tuple[type, ...] = ()
"""Classes whose instances stand for a str without being one (Django's lazy translation
strings): rendered as their ``str()`` wherever they are, not as the iterables or objects they
also are. Asked only of values no other rule took."""


def register_text_type(cls: type) -> None:
    """Render the instances of ``cls`` as their ``str()`` (a framework integration calls it
    for its lazy string class)."""
    global TEXT_TYPES  # noqa: PLW0603 - the registry is the module's
    if cls not in TEXT_TYPES:
        TEXT_TYPES = (*TEXT_TYPES, cls)


def call_lazy(value: Any, slot: int) -> object:
    """Call a lazy value, and what it returns while that is lazy too, at most MAX_LAZY_CALLS
    times. A function that cannot be called without arguments is a RenderError that says so
    (it is looked at only when the call fails: the call itself is the fast path)."""
    first = value
    for _ in range(MAX_LAZY_CALLS):
        try:
            value = value()
        except TypeError:
            if _needs_arguments(value):
                raise _not_lazy(value, slot) from None
            raise
        if not isinstance(value, LAZY_TYPES):
            return value
    raise _msg.lazy_chain(_name(first), MAX_LAZY_CALLS, slot)


def is_component_object(value: object) -> bool:
    """Whether ``value`` is a component object, as tdom writes class components: an instance
    whose class defines ``__call__`` and gives it no text of its own (no ``__str__``, no
    ``__html__``, not iterable). Its ``str()`` would be its repr, so in element content it is
    called like a lazy value instead (``<{Greeting} name="Ann" />`` with a dataclass whose
    ``__call__`` returns the template)."""
    cls = value.__class__
    return (
        callable(value)
        and cls.__str__ is object.__str__
        and not isinstance(value, type)
        and not hasattr(cls, "__html__")
        and not hasattr(cls, "__iter__")
    )


def call_object(value: Any, slot: int) -> object:
    """Call a component object (see is_component_object) with no arguments: one whose
    ``__call__`` needs arguments is a RenderError that says how to render it instead."""
    try:
        return value()
    except TypeError:
        if _needs_arguments(value):
            raise _msg.component_object(type(value).__qualname__, slot) from None
        raise


def _needs_arguments(function: Callable[..., object]) -> bool:
    """Whether ``function`` cannot be called with no arguments, by its signature."""
    try:
        signature = inspect.signature(function)
    except TypeError, ValueError:  # no signature to read (some builtins): the call's own error
        return False
    try:
        signature.bind()
    except TypeError:
        return True
    return False


def _name(function: object) -> str:
    """A function's qualified name (a partial's: its function's), for a headline."""
    if isinstance(function, functools.partial):
        function = function.func
    return str(getattr(function, "__qualname__", type(function).__qualname__))


def _not_lazy(function: Callable[..., object], slot: int) -> RenderError:
    name = _name(function)
    try:
        signature = inspect.signature(function, annotation_format=Format.FORWARDREF)
        shown = f"{name}{signature.replace(return_annotation=signature.empty)}"
    except TypeError, ValueError:
        shown = name
    return _msg.lazy_value(shown, slot)


# -- async values --------------------------------------------------------------------------------


def is_async(value: object) -> bool:
    """Whether ``value`` is an awaitable (a coroutine, a Task, a Future...) or an async
    iterable that is not also an ordinary iterable (an async generator). Asked only of values
    no other rule took, so that common values pay nothing for it."""
    cls = type(value)
    if _ASYNC_TOKEN[0] != get_cache_token():  # a class was registered with an ABC since
        _ASYNC_MEMORY.clear()
        _ASYNC_TOKEN[0] = get_cache_token()
    verdict = _ASYNC_TYPES.get(cls)
    if verdict is None:
        verdict = inspect.isawaitable(value) or (
            hasattr(cls, "__aiter__") and not hasattr(cls, "__iter__")
        )
        # a generator is awaitable by the flags of its code (types.coroutine), not its class
        if cls is not types.GeneratorType:
            _ASYNC_MEMORY.add(cls, verdict)
    return verdict


# is_async's verdicts by class (a datetime with a format spec asks for each value): what makes
# a value async is its class's methods, or its registration with collections.abc.Awaitable,
# which changes abc's cache token; with its fast path off nothing is remembered
_ASYNC_MEMORY = Memory[type, bool]("async-verdicts")
_ASYNC_TYPES = _ASYNC_MEMORY.entries
_ASYNC_TOKEN = [get_cache_token()]


def async_value(value: object, slot: int | None) -> NoReturn:
    """Refuse an async value (see is_async): a RenderError, after closing a coroutine so that
    it does not warn that it was never awaited."""
    if isinstance(value, types.CoroutineType):
        what = f"a coroutine: the async function {value.__qualname__} was called but not awaited"
    elif inspect.isasyncgen(value):
        what = f"an async generator: {value.__qualname__} can only be iterated with async for"
    elif inspect.isawaitable(value):
        what = f"an awaitable {type(value).__name__}: it was not awaited"
    else:
        what = f"an async iterable {type(value).__name__}: it can only be iterated with async for"
    if isinstance(value, Coroutine):
        value.close()
    refuse(functools.partial(_msg.async_value, what), slot)


def close_awaitables(template: Template) -> None:
    """Close the coroutines among the values of ``template``, in its lists and nested
    templates (after an async value was refused: they would warn that they were never
    awaited). Lazy values are not called, iterators not consumed."""
    seen: set[int] = set()
    stack: list[object] = [template]
    while stack:
        value = stack.pop()
        if isinstance(value, types.CoroutineType):
            value.close()
        elif value.__class__ in (Template, list, tuple, dict) and id(value) not in seen:
            seen.add(id(value))
            if isinstance(value, Template):
                stack.extend(i.value for i in value.interpolations)
            elif isinstance(value, dict):
                stack.extend(value.values())
            else:
                stack.extend(value)


# -- nesting -------------------------------------------------------------------------------------


def too_deep(value: object, slot: int | None, *, recursion: bool = False) -> NoReturn:
    """Refuse ``value``, found past MAX_DEPTH levels of data (or, with ``recursion``, where
    Python's recursion limit was reached rendering templates inside templates): "refers to
    itself" when it does, else "nested too deeply"."""
    cycle = _cycle(value)
    if cycle is not None:
        build = functools.partial(_self_reference, cycle)
    else:
        build = functools.partial(_too_deep, recursion)
    refuse(build, slot)


def _too_deep(recursion: bool, slot: int) -> RenderError:
    limit = sys.getrecursionlimit() if recursion else None
    return _msg.too_deep(MAX_DEPTH, limit, slot)


def _self_reference(value: object, slot: int) -> RenderError:
    return _msg.self_reference(value, slot)


def _children(value: object) -> list[object] | None:
    """What the renderer walks into in ``value``, when it is a container it can see into
    without calling or consuming anything."""
    if value.__class__ is Template:
        return [i.value for i in value.interpolations]
    if isinstance(value, list | tuple):
        return list(value)
    if isinstance(value, Mapping):
        return list(value.values())
    if isinstance(value, Interpolation):
        return [value.value]
    return None


def _cycle(value: object) -> object | None:
    """A container that is inside itself, reached from ``value``, else None (a walk without
    recursion, along the path from ``value``)."""
    first = _children(value)
    if first is None:
        return None
    on_path = {id(value)}
    stack: list[tuple[object, list[object]]] = [(value, first)]
    while stack:
        node, children = stack[-1]
        if not children:
            on_path.discard(id(node))
            stack.pop()
            continue
        child = children.pop()
        if id(child) in on_path:
            return child
        grandchildren = _children(child)
        if grandchildren is not None:
            on_path.add(id(child))
            stack.append((child, grandchildren))
    return None


# -- ints ----------------------------------------------------------------------------------------


def int_text(value: int, slot: int | None) -> str:
    """``str(value)`` for an int, or the RenderError big-int when it has more digits than
    Python converts to text (sys.get_int_max_str_digits())."""
    try:
        return str(value)
    except ValueError:
        try:
            int.__repr__(value)
        except ValueError:
            big_int(slot)
        raise  # an int subclass's own __str__ raised it


def big_int(slot: int | None) -> NoReturn:
    refuse(_big_int, slot)


def _big_int(slot: int) -> RenderError:
    return _msg.big_int(sys.get_int_max_str_digits(), slot)


def check_ints(interpolations: tuple[Interpolation[Any], ...]) -> None:
    """After a plan raised ValueError: the RenderError big-int for the first int among the
    values too long to convert to text, if there is one (the plans convert ints inline)."""
    for slot, interpolation in enumerate(interpolations):
        value = interpolation.value
        if value.__class__ is int:
            int_text(value, slot)
