"""The plan cache: each template's compiled plan, kept under its static strings, and the one
hook through which a plan is compiled on a miss."""

from __future__ import annotations

import threading
from collections.abc import Callable
from string.templatelib import Template
from typing import NamedTuple

from .._memory import forget_all
from .._spec import attribute_rules
from ..errors import TemplateError

__all__ = [
    "STREAM",
    "CacheInfo",
    "Compile",
    "Render",
    "cache_info",
    "clear_cache",
    "compile_plan",
    "configure_cache",
    "install",
    "is_plan_code",
    "plan_filename",
    "plans",
]

# A plan takes the interpolations (a streaming plan, also the list of what it defers)
Render = Callable[..., str]
# The code of a plan is compiled under the file name "<htmltemplates plan N>", N counting the
# plans compiled: tracebacks show it, and the lines of its source (see compiler/emit.py).
_PLAN_PREFIX = "<htmltemplates plan "


def plan_filename(number: int) -> str:
    """The file name of the code of plan ``number``."""
    return f"{_PLAN_PREFIX}{number}>"


def is_plan_code(filename: str) -> bool:
    """Whether ``filename`` is that of the code of a plan."""
    return filename.startswith(_PLAN_PREFIX)


# -- the compile hook ------------------------------------------------------------------------
#
# A miss compiles the template with the function installed here: the compiler is compile-time
# code, which no runtime module imports; htmltemplates._api installs it when the package is
# imported. It returns the plan and its generated source (for the size estimate), and raises
# TemplateSyntaxError (without a template attached) for a template it refuses.

Compile = Callable[[Template, bool], tuple[Render, str]]
_compiler: list[Compile] = []


def install(compile: Compile) -> None:
    """Compile the plans of templates missing from the cache with ``compile``."""
    _compiler[:] = [compile]


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
plans: dict[tuple[object, ...], Render] = {}
_costs: dict[tuple[object, ...], int] = {}  # the estimate of each cached plan, in the same order
_flights: dict[tuple[object, ...], _Flight] = {}  # compiles in progress
_lock = threading.Lock()
_counts = [0, 0]  # compiles since the last clear_cache(), estimated bytes of the cached plans
_generation = [0]  # how many times the cache was cleared: a plan compiled before is not kept


def clear_cache() -> None:
    """Forget every compiled plan (they are rebuilt on their next render), and what the
    memories of the runtime hold (_memory.py)."""
    with _lock:
        plans.clear()
        _costs.clear()
        _counts[:] = [0, 0]
        _generation[0] += 1
    forget_all()


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
        return CacheInfo(len(plans), MAX_PLANS, _counts[0], _counts[1], MAX_BYTES)


def _cost(strings: tuple[str, ...], source: str) -> int:
    """An estimate of the bytes a plan holds, cheap and growing with the template: its static
    text twice (in the key, and as constants of its code), the rest of its generated source
    three times (the code objects, the functions and their constants), and 1.5 kB. Measured
    with tracemalloc on plans of many shapes, it is within a factor of 2 either way."""
    text = sum(map(len, strings))
    return 1536 + 2 * text + 3 * max(0, len(source) - text)


def _evict(most: int, room: int) -> None:
    """Evict the oldest plans until at most ``most`` are left and ``room`` more estimated
    bytes fit in MAX_BYTES; the caller holds _lock."""
    while plans and (len(plans) > most or _counts[1] + room > MAX_BYTES):
        key = next(iter(_costs))
        del plans[key]
        _counts[1] -= _costs.pop(key)


class _Flight:
    """A compile in progress: the threads that need the same plan wait for its end."""

    __slots__ = ("done", "render", "thread")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.render: Render | None = None  # once compiled
        self.thread = threading.get_ident()


# A template's streaming plan (see runtime/streaming.py) is cached beside its plan, under
# (STREAM, strings): a key no t-string's strings can equal, in the same bounds.
STREAM = object()


def compile_plan(template: Template, stream: bool = False) -> Render:
    """The plan of ``template`` (its streaming plan, with ``stream``): compiled once and
    cached. A thread that needs a plan another thread is compiling waits for it; if that
    compile fails, each waiter compiles the template itself and raises its own error, located
    at its own call (failures are not cached)."""
    key: tuple[object, ...] = (STREAM, template.strings) if stream else template.strings
    with _lock:
        render = plans.get(key)
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
        return _keep(key, *_build(template, stream))
    try:
        render = flight.render = _keep(key, *_build(template, stream))
    finally:
        with _lock:
            del _flights[key]
        flight.done.set()
    return render


def _build(template: Template, stream: bool) -> tuple[Render, int, int]:
    """The plan of ``template``, its estimated size and the cache generation it was compiled
    in (the attribute rules may change meanwhile); a TemplateError located in it."""
    generation = _generation[0]
    try:
        render, source = _compiler[0](template, stream)
    except TemplateError as error:
        error.locate(template)
        error.__traceback__ = None
        raise error from None
    return render, _cost(template.strings, source), generation


def _keep(key: tuple[object, ...], render: Render, cost: int, generation: int) -> Render:
    """Cache ``render`` under ``key`` if it fits the bounds, evicting the oldest plans, unless
    the cache was cleared while it compiled (under rules that have changed since)."""
    with _lock:
        _counts[0] += 1
        current = generation == _generation[0]
        if current and MAX_PLANS and cost <= MAX_BYTES and key not in plans:
            _evict(MAX_PLANS - 1, cost)
            plans[key] = render
            _costs[key] = cost
            _counts[1] += cost
    return render
