"""The memories of the runtime: what it derived from a value it may see again (the escaped text
of a style string, the kind of an attribute name from data...), each bounded in bytes, and all
forgotten together when the plan cache is cleared or the framework attribute rules change.

Each memory is named by its entry in the table of fast paths (_fastpaths.py): a memory is a
shortcut past the function that computes what it holds, and with its entry switched off
(``HTMLTEMPLATES_SLOW_PATHS``) it remembers nothing, so that every lookup misses and the
definition runs.

A memory is read on the hot paths as the plain dict it holds (``entries``): a lookup costs what
a dict lookup costs. Entries are only added through it, which counts what they hold: their
keys and values, str and bytes by their size, tuples by their items. Once a memory is full it
keeps what it has and adds nothing more (values built per request, such as a user's theme,
cannot grow a process without limit; evicting would cost every miss a bookkeeping step).

Verdicts that follow the attribute rules are computed and stored under ``LOCK``, which every
change of the rules also holds while it changes them and forgets the memories: a verdict
computed under the old rules can never be stored after they changed.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any

from ._fastpaths import on

__all__ = ["LOCK", "MAX_MEMORY_BYTES", "Memory", "NestedMemory", "forget_all", "memories"]

# The bound of each memory, in the bytes its keys and values hold (see _size): about 4,000
# short entries
MAX_MEMORY_BYTES = 1024 * 1024
# What an entry costs a dict beyond its key and value (hash, pointers, the index)
_ENTRY_BYTES = 48

LOCK = threading.RLock()
_ALL: list[Memory[Any, Any] | NestedMemory[Any, Any, Any]] = []


def _size(value: object) -> int:
    """The bytes ``value`` holds that a memory keeps alive: a str, bytes or tuple by its size
    (a tuple's items included), anything else (bools, ints, enums, types) nothing, as the
    program holds it anyway."""
    if isinstance(value, str | bytes):
        return sys.getsizeof(value)
    if isinstance(value, tuple):
        return sys.getsizeof(value) + sum(_size(item) for item in value)
    return 0


class Memory[K, V]:
    """One memory: ``entries``, read directly, filled by :meth:`add` and :meth:`derive` while
    what they hold stays within ``max_bytes``."""

    __slots__ = ("entries", "max_bytes", "name", "size")

    def __init__(self, name: str, max_bytes: int = MAX_MEMORY_BYTES, detail: str = "") -> None:
        # ``name``: the memory's entry in the table of fast paths (``detail`` tells apart
        # memories of one entry); switched off, it has room for nothing
        self.name = f"{name} ({detail})" if detail else name
        self.entries: dict[K, V] = {}
        self.max_bytes = max_bytes if on(name) else 0
        self.size = 0
        _ALL.append(self)

    def add(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` if the memory has room; return ``value``."""
        cost = _ENTRY_BYTES + _size(key) + _size(value)
        if self.size + cost <= self.max_bytes:
            with LOCK:
                if self.size + cost <= self.max_bytes:
                    self.entries[key] = value
                    self.size += cost
        return value

    def derive(self, key: K, compute: Callable[[], V]) -> V:
        """``compute()``, remembered under ``key`` (if there is room): computed and stored
        under LOCK, for verdicts that follow the attribute rules."""
        with LOCK:
            return self.add(key, compute())

    def clear(self) -> None:
        """Forget every entry."""
        with LOCK:
            self.entries.clear()
            self.size = 0


class NestedMemory[K, K2, V]:
    """A memory of memories: ``entries[outer][inner]``, for verdicts looked up by two keys
    where the hot path finds the inner dict once for many inner keys (a data dict's prefix,
    then each of its keys). All of it within one ``max_bytes``."""

    __slots__ = ("entries", "max_bytes", "name", "size")

    def __init__(self, name: str, max_bytes: int = MAX_MEMORY_BYTES) -> None:
        self.name = name  # its entry in the table of fast paths (see Memory)
        self.entries: dict[K, dict[K2, V]] = {}
        self.max_bytes = max_bytes if on(name) else 0
        self.size = 0
        _ALL.append(self)

    def add(self, outer: K, inner: K2, value: V) -> V:
        """Remember ``value`` under ``outer`` and ``inner`` if the memory has room."""
        cost = _ENTRY_BYTES + _size(inner) + _size(value)
        if self.size + cost <= self.max_bytes:
            with LOCK:
                known = self.entries.get(outer)
                if known is None:
                    cost += _ENTRY_BYTES + _size(outer) + sys.getsizeof({})
                if self.size + cost <= self.max_bytes:
                    if known is None:
                        known = self.entries[outer] = {}
                    known[inner] = value
                    self.size += cost
        return value

    def derive(self, outer: K, inner: K2, compute: Callable[[], V]) -> V:
        """``compute()``, remembered under ``outer`` and ``inner``, under LOCK (see Memory)."""
        with LOCK:
            return self.add(outer, inner, compute())

    def clear(self) -> None:
        with LOCK:
            self.entries.clear()
            self.size = 0


def forget_all() -> None:
    """Forget what every memory holds (the plan cache was cleared, or the rules changed)."""
    with LOCK:
        for memory in _ALL:
            memory.clear()


def memories() -> dict[str, tuple[int, int]]:
    """Each memory by name: how many entries it holds (outer and inner), and their bytes."""
    return {
        memory.name: (
            sum(map(len, memory.entries.values()))
            if isinstance(memory, NestedMemory)
            else len(memory.entries),
            memory.size,
        )
        for memory in _ALL
    }
