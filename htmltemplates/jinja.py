"""Helpers for components converted from Jinja2 templates (``python -m htmltemplates convert``).

Two things a Jinja2 template does implicitly that Python does not, written out where the
converter finds a template relying on them (docs/jinja2.md, "Converting templates"):

- :func:`attr` and :func:`item`, Jinja2's ``x.name`` and ``x["key"]``: the attribute or the
  item, whichever exists (in Jinja2's order), and ``None`` (Jinja's Undefined, which renders
  nothing and is false) when neither does or ``x`` itself is ``None``;
- :func:`looped`, Jinja2's ``loop`` variable: ``loop.index``, ``loop.last``, ``loop.cycle(...)``;
- :func:`title` and :func:`truncate`, the filters whose Python look-alikes (``str.title()``,
  :func:`htmltemplates.text.truncate`) give other text.

Neither imports Jinja2: converted code runs with htmltemplates alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["Loop", "attr", "item", "looped", "title", "todo", "truncate"]


def attr(value: object, name: str) -> Any:
    """``value.name`` as Jinja2 reads it: the attribute, else the item ``value[name]``, else
    ``None`` (also when ``value`` is ``None``).

    >>> attr({"title": "Hi"}, "title")
    'Hi'
    >>> attr(None, "id") is None
    True
    """
    if value is None:
        return None
    try:
        return getattr(value, name)
    except AttributeError:
        pass
    try:
        return value[name]  # type: ignore[index]
    except TypeError, LookupError:
        return None


def item(value: object, key: object) -> Any:
    """``value[key]`` as Jinja2 reads it: the item, else (for a ``str`` key) the attribute,
    else ``None`` (also when ``value`` is ``None``).

    >>> item({"items": 3}, "items")
    3
    >>> item(None, "id") is None
    True
    """
    if value is None:
        return None
    try:
        return value[key]  # type: ignore[index]
    except AttributeError, TypeError, LookupError:
        pass
    if isinstance(key, str):
        try:
            return getattr(value, key)
        except AttributeError:
            pass
    return None


@dataclass(frozen=True, slots=True)
class Loop:
    """One iteration of a converted ``{% for %}``: what Jinja2's ``loop`` gives."""

    index0: int
    length: int
    previtem: Any
    nextitem: Any

    @property
    def index(self) -> int:
        return self.index0 + 1

    @property
    def revindex(self) -> int:
        return self.length - self.index0

    @property
    def revindex0(self) -> int:
        return self.length - self.index0 - 1

    @property
    def first(self) -> bool:
        return self.index0 == 0

    @property
    def last(self) -> bool:
        return self.index0 == self.length - 1

    def cycle(self, *values: object) -> object:
        """The value for this iteration, going round ``values``."""
        if not values:
            raise TypeError("loop.cycle() needs at least one value")
        return values[self.index0 % len(values)]


def looped[T](items: Iterable[T]) -> Iterator[tuple[Loop, T]]:
    """``(loop, item)`` for each item: ``for loop, post in looped(posts)`` gives the body
    Jinja2's ``loop`` (the items are read into a list first, for ``length`` and ``last``)."""
    listed = list(items)
    length = len(listed)
    for index0, item in enumerate(listed):
        yield (
            Loop(
                index0,
                length,
                listed[index0 - 1] if index0 else None,
                listed[index0 + 1] if index0 + 1 < length else None,
            ),
            item,
        )


def todo(message: str, *values: object) -> Any:
    """What the converter could not write: raises at render time, with the converter's
    message (the module's ``# TODO(convert)`` comments list each)."""
    raise NotImplementedError(f"not converted from Jinja2: {message}")


_WORD_START = re.compile(r"([-\s({\[<]+)")


def title(text: object) -> str:
    """Jinja2's ``|title``: each word's first letter upper case and the rest lower case, a
    word starting after a space, ``-``, ``(``, ``{``, ``[`` or ``<`` (``str.title()`` also
    starts one after ``'`` and digits)."""
    return "".join(
        part[0].upper() + part[1:].lower() for part in _WORD_START.split(str(text)) if part
    )


def truncate(
    text: object, length: int = 255, killwords: bool = False, end: str = "...", leeway: int = 5
) -> str:
    """Jinja2's ``|truncate``: ``text`` if it is at most ``length + leeway`` characters,
    else its first ``length`` characters, ``end`` included, cut at a space unless
    ``killwords``."""
    text = str(text)
    if len(text) <= length + leeway:
        return text
    if killwords:
        return text[: length - len(end)] + end
    return text[: length - len(end)].rsplit(" ", 1)[0] + end
