"""Translated messages: the message id of a t-string, the translated pattern found in a gettext
catalog, and the Template rebuilt from it with the original interpolations (or the source
template, logged, when the translation is faulty).

The message id is the static text with each hole written ``{name}``, ``{`` and ``}`` of the
text doubled, as in ``str.format``; a hole's name is its expression, which must be a name or a
dotted name (``{user.name}``). The rule is shared by the extractor (``extract.py``), which builds
the same ids from the source without running it.
"""

from __future__ import annotations

import logging
import operator
import threading
import weakref
from collections.abc import Callable, Iterable, Sequence
from string.templatelib import Interpolation, Template
from typing import Any, Protocol

from .._memory import MAX_MEMORY_BYTES, Memory
from ..errors import TemplateSyntaxError, short_repr
from ..runtime.cache import compile_plan

__all__ = [
    "MessageError",
    "Translator",
    "hole_name",
    "is_hole_name",
    "lookup",
    "lookup_plural",
    "message_id",
    "parse_pattern",
]

LOG = logging.getLogger("htmltemplates.i18n")


class Translator(Protocol):
    """What a catalog must do: ``gettext.GNUTranslations``, ``babel.support.Translations``,
    ``gettext.NullTranslations`` (the source language) and Django's adapter all do."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


class MessageError(ValueError):
    """A t-string that cannot be a message: a hole that is not a name or a dotted name."""


def is_hole_name(text: str) -> bool:
    """Whether ``text`` is a name or a dotted name (``user.name``), the only holes a message
    may have."""
    return all(part.isidentifier() for part in text.split("."))


def hole_name(expression: str) -> str:
    """The name of a hole in a message id: its expression, which must be a (dotted) name."""
    name = expression.strip()
    if not is_hole_name(name):
        raise MessageError(
            f"the hole {{{name}}} of a translated message is not a name: translators see the"
            f" holes by name, so bind the value to one first ({{{name}}} -> name = {name},"
            " then {name} in the t-string)"
        )
    return name


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def id_of(strings: Sequence[str], names: Sequence[str]) -> str:
    """The message id of static ``strings`` around holes named ``names`` (the extractor's
    entry: no Template needed)."""
    parts = [_escape(strings[0])]
    for name, text in zip(names, strings[1:], strict=True):
        parts.append(f"{{{name}}}")
        parts.append(_escape(text))
    return "".join(parts)


# (strings, expressions) -> (message id, names): a t-string literal hands out the same strings
# tuple at every run, so the id is built once per message in the source.
# Bounded in bytes (_memory.py): messages built dynamically must not grow memory without limit.
_ID_MEMORY = Memory[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, tuple[str, ...]]](
    "message-ids", max_bytes=4 * MAX_MEMORY_BYTES
)
_IDS = _ID_MEMORY.entries
_MAX_ENTRIES = 20_000  # patterns per catalog
_EXPRESSION = operator.attrgetter("expression")


def _id_and_names(template: Template) -> tuple[str, tuple[str, ...]]:
    expressions = tuple(map(_EXPRESSION, template.interpolations))
    key = (template.strings, expressions)
    try:
        return _IDS[key]
    except KeyError:
        pass
    names = tuple(hole_name(expression) for expression in expressions)
    found = (id_of(template.strings, names), names)
    return _ID_MEMORY.add(key, found)


def message_id(template: Template) -> str:
    """The message id of ``template``: what the extractor writes to the catalog and what the
    translation is looked up by."""
    if not isinstance(template, Template):
        raise TypeError(f"a translated message is a t-string, not {type(template).__name__}")
    return _id_and_names(template)[0]


# -- translated patterns ------------------------------------------------------------------------


class PatternError(ValueError):
    """A translated pattern that is not well formed (a lone brace, a hole that is no name)."""


def parse_pattern(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A pattern's static strings and hole names, ``{{`` and ``}}`` read as braces.

    >>> parse_pattern("Hi {{you}} {user.name}!")
    (('Hi {you} ', '!'), ('user.name',))
    """
    strings: list[str] = []
    names: list[str] = []
    current: list[str] = []
    i, end = 0, len(text)
    while i < end:
        char = text[i]
        if char in "{}" and text.startswith(char * 2, i):
            current.append(char)
            i += 2
        elif char == "}":
            raise PatternError(f"a lone '}}' at {i} (write '}}}}' for a brace)")
        elif char == "{":
            close = text.find("}", i)
            name = text[i + 1 : close].strip() if close != -1 else ""
            if close == -1 or not is_hole_name(name):
                raise PatternError(f"'{{' at {i} opens no hole name (write '{{{{' for a brace)")
            strings.append("".join(current))
            current = []
            names.append(name)
            i = close + 1
        else:
            current.append(char)
            i += 1
    strings.append("".join(current))
    return tuple(strings), tuple(names)


class _Pattern:
    """A parsed translation: its static strings, and for each hole the index of the source
    interpolation it takes."""

    __slots__ = ("_parts", "_pick", "order", "strings")

    def __init__(self, strings: tuple[str, ...], order: tuple[int, ...]) -> None:
        self.strings = strings
        self.order = order
        # the parts of the Template, strings in place and the holes' slots to fill
        self._parts: list[object] = [None] * (2 * len(strings) - 1)
        self._parts[0::2] = strings
        self._pick: Callable[[Sequence[Interpolation[Any]]], tuple[Interpolation[Any], ...]]
        if len(order) == 1:
            only = order[0]
            self._pick = lambda interpolations: (interpolations[only],)
        else:
            self._pick = operator.itemgetter(*order) if order else lambda _: ()

    def build(self, interpolations: Sequence[Interpolation[Any]]) -> Template:
        parts = self._parts.copy()
        parts[1::2] = self._pick(interpolations)
        return Template(*parts)  # type: ignore[arg-type]  # strs and Interpolations


def holes_fault(
    source: Sequence[str], translated: Sequence[str], *, may_omit: bool = False
) -> str | None:
    """What is wrong with the holes of a translation, given those of its source: a hole
    missing, added (unknown or repeated); None when they match. ``may_omit``: a plural form
    may leave a hole out."""
    left = list(source)
    for name in translated:
        if name not in left:
            kind = "a repeated" if name in source else "an unknown"
            return f"the translation has {kind} hole {{{name}}}"
        left.remove(name)
    if left and not may_omit:
        return f"the translation lacks the hole {{{left[0]}}}"
    return None


def _order(names: Sequence[str], translated: Sequence[str]) -> tuple[int, ...]:
    """Each translated hole's index among the source's holes, same names matched in order."""
    taken: set[int] = set()
    order = []
    for name in translated:
        index = next(i for i, n in enumerate(names) if n == name and i not in taken)
        taken.add(index)
        order.append(index)
    return tuple(order)


# id(catalog) -> (a weak reference to it, its patterns: (context, message id, translated text)
# -> the parsed pattern, or None for a faulty translation, logged once, when it was found).
# Keyed by id with the reference checked, which is cheaper at each lookup than a
# WeakKeyDictionary; the entry goes when the catalog does.
_Patterns = dict[tuple[str | None, str, str], "_Pattern | None"]
_PATTERNS: dict[int, tuple[weakref.ref[object], _Patterns]] = {}
_LOCK = threading.Lock()


def _patterns_of(catalog: object) -> _Patterns:
    entry = _PATTERNS.get(id(catalog))
    if entry is not None and entry[0]() is catalog:
        return entry[1]
    key = id(catalog)
    try:
        reference = weakref.ref(catalog, lambda _ref: _PATTERNS.pop(key, None))
    except TypeError:  # a catalog that takes no weak reference: parsed at each lookup
        return {}
    with _LOCK:
        _PATTERNS[key] = (reference, {})
        return _PATTERNS[key][1]


def _pattern(
    catalog: object,
    key: tuple[str | None, str, str],
    names: Sequence[str],
    interpolations: Sequence[Interpolation[Any]],
    may_omit: bool,
) -> _Pattern | None:
    patterns = _patterns_of(catalog)
    try:
        return patterns[key]
    except KeyError:
        pass
    found = _parse_checked(key, names, interpolations, may_omit)
    if len(patterns) >= _MAX_ENTRIES:
        patterns.clear()
    patterns[key] = found
    return found


def _parse_checked(
    key: tuple[str | None, str, str],
    names: Sequence[str],
    interpolations: Sequence[Interpolation[Any]],
    may_omit: bool,
) -> _Pattern | None:
    """The pattern of a translation, or None (logged) when its holes do not match the source's
    or its markup is refused by the scanner."""
    context, msgid, text = key
    try:
        strings, translated = parse_pattern(text)
    except PatternError as error:
        _fault(context, msgid, str(error))
        return None
    fault = holes_fault(names, translated, may_omit=may_omit)
    if fault is not None:
        _fault(context, msgid, fault)
        return None
    pattern = _Pattern(strings, _order(names, translated))
    try:  # the plan is compiled now, and cached for html()
        compile_plan(pattern.build(interpolations))
    except TemplateSyntaxError as error:
        headline = str(error).splitlines()[0]
        _fault(context, msgid, f"html() refuses its markup: {headline}")
        return None
    return pattern


def _fault(context: str | None, msgid: str, fault: str) -> None:
    where = "" if context is None else f" (context {context!r})"
    LOG.warning("translation of %r%s ignored, the source is shown: %s", msgid, where, fault)


def lookup(catalog: Translator, template: Template, context: str | None = None) -> Template:
    """``template`` in the language of ``catalog``: the translated pattern with the original
    interpolations, or ``template`` itself when there is no translation or it is faulty."""
    msgid, names = _id_and_names(template)
    text = catalog.gettext(msgid) if context is None else catalog.pgettext(context, msgid)
    if text == msgid:
        return template
    pattern = _pattern(catalog, (context, msgid, text), names, template.interpolations, False)
    if pattern is None:
        return template
    return pattern.build(template.interpolations)


def lookup_plural(
    catalog: Translator,
    singular: Template,
    plural: Template,
    n: int,
    context: str | None = None,
) -> Template:
    """The plural form for ``n`` of a message: the catalog chooses by its Plural-Forms; without
    a translation (or with a faulty one) the source's ``singular`` for 1, ``plural`` otherwise.
    A translated form may leave a hole out (a singular that spells the number) but not add one.
    ``n`` is an int (or what operator.index takes), with a catalog and without: gettext's plural
    rules refuse anything else, and the source language must not accept what they refuse."""
    n = _count(n)
    single_id, single_names = _id_and_names(singular)
    plural_id, plural_names = _id_and_names(plural)
    if context is None:
        text = catalog.ngettext(single_id, plural_id, n)
    else:
        text = catalog.npgettext(context, single_id, plural_id, n)
    source = singular if n == 1 else plural
    if text == (single_id if n == 1 else plural_id):
        return source
    names, interpolations = _union(plural_names, plural, single_names, singular)
    key = (context, f"{single_id}\x00{plural_id}", text)
    pattern = _pattern(catalog, key, names, interpolations, True)
    if pattern is None:
        return source
    return pattern.build(interpolations)


def _count(n: object) -> int:
    """The count that chooses a plural form, as an int; a TypeError for anything else."""
    try:
        return operator.index(n)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"the count that chooses a plural form must be an int, not {type(n).__name__} "
            f"({short_repr(n)}): pass int(...) of it, or len(...) of what it counts."
        ) from None


def _union(
    names: Sequence[str], template: Template, other_names: Sequence[str], other: Template
) -> tuple[tuple[str, ...], tuple[Interpolation[Any], ...]]:
    """The holes of the plural source, then those only the singular has."""
    extra = [i for i, name in enumerate(other_names) if name not in names]
    return (
        (*names, *(other_names[i] for i in extra)),
        (*template.interpolations, *(other.interpolations[i] for i in extra)),
    )


def catalog_messages(catalog: object) -> Iterable[tuple[str | None, str, str, bool]]:
    """The (context, msgid, msgstr, plural) of every translation in a loaded gettext catalog
    (plural forms each on their own), read from its ``_catalog``, the table GNUTranslations
    fills (a plural form's key is the singular id and the form's index)."""
    table = getattr(catalog, "_catalog", None) or {}
    for key, text in table.items():
        plural = isinstance(key, tuple)
        msgid = key[0] if plural else key
        if not isinstance(msgid, str) or not msgid:
            continue  # the header
        context, sep, rest = msgid.partition("\x04")
        yield (context, rest, text, plural) if sep else (None, msgid, text, plural)
