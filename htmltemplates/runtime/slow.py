"""The switch that turns every inline fast path off: ``HTMLTEMPLATES_SLOW_PATHS=1``.

A fast path is a shortcut for the common value (a ``str`` escaped inline in a plan, a list of
templates rendered without a call per item, a component called again without its checks...)
that must give exactly what the slow path it bypasses gives: the slow path is the definition.
With the switch on, the compiler writes plans that call only the slow functions and the runtime
takes none of its shortcuts; ``make test`` runs the suite both ways, so a fast path that differs
from its definition fails a test. Read once, when the package is imported.

A runtime shortcut that starts with a class test (``cls is str``) tests against ``fast(str)``,
bound once to a module constant: the class itself normally, so that the test costs what it
did; with the switch on, a class that no value has, so that the test never holds.
"""

from __future__ import annotations

import os
from typing import Final

__all__ = ["SLOW_PATHS", "fast"]

SLOW_PATHS: Final = os.environ.get("HTMLTEMPLATES_SLOW_PATHS", "") not in ("", "0")


class _NoValue:
    """The class of no value: what ``fast()`` gives for every class under the switch."""


def fast[T](cls: type[T]) -> type[T]:
    """``cls``, or with the switch on a class that no value has."""
    return _NoValue if SLOW_PATHS else cls  # type: ignore[return-value]
