"""Translated t-strings: ``_(t"Read the <a href={url}>docs</a>, {name}")`` looks the message up
in the current language's gettext catalog and returns a Template that html() renders, the
translators' markup trusted like the author's and every value escaped where it lands.
``_("Saved")``, with a ``str``, returns the translated ``str`` from the same catalog.

Babel (the ``i18n`` extra) is needed for the extractor and the number and date formats only;
lookups work with the standard library's ``gettext`` catalogs. See docs/i18n.md.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from string.templatelib import Interpolation, Template
from typing import Any, overload

from markupsafe import Markup

from .._api import html
from ..errors import TemplateSyntaxError
from ..runtime.cache import compile_plan
from .locale import (
    LANGUAGE,
    SOURCE,
    Catalogs,
    Language,
    current_language,
    init_flask,
    set_default_language,
    use_django,
    using_language,
)
from .messages import (
    MessageError,
    PatternError,
    Translator,
    _count,
    catalog_messages,
    holes_fault,
    lookup,
    lookup_plural,
    message_id,
    parse_pattern,
)

__all__ = [
    "LANGUAGE",
    "SOURCE",
    "CatalogError",
    "CatalogProblem",
    "Catalogs",
    "Language",
    "LazyMessage",
    "MessageError",
    "Translator",
    "_",
    "check_catalog",
    "current_language",
    "format_date",
    "format_datetime",
    "format_decimal",
    "gettext",
    "init_flask",
    "lazy_gettext",
    "lazy_ngettext",
    "lazy_pgettext",
    "message_id",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_default_language",
    "use_django",
    "using_language",
    "validate_catalog",
]


@overload
def gettext(message: str) -> str: ...
@overload
def gettext(message: Template) -> Template: ...
def gettext(message: str | Template) -> str | Template:
    """``message`` translated into the current language.

    A t-string gives a Template (the source when there is no translation, or a faulty one,
    which is logged), for html(). A ``str`` gives a ``str``: the catalog's plain gettext, for
    Python code that wants text (``flash()``, a WTForms label, an e-mail subject), with the
    same catalog and language as the templates (Flask-Babel's, Django's...)."""
    if isinstance(message, str):
        return current_language().translations.gettext(message)
    return lookup(current_language().translations, _template(message))


_ = gettext


@overload
def ngettext(singular: str, plural: str, n: int) -> str: ...
@overload
def ngettext(singular: Template, plural: Template, n: int) -> Template: ...
def ngettext(singular: str | Template, plural: str | Template, n: int) -> str | Template:
    """The form of a message for the count ``n``, by the catalog's Plural-Forms (two ``str``
    give a ``str``, two t-strings a Template)."""
    translations = current_language().translations
    if isinstance(singular, str) and isinstance(plural, str):
        return translations.ngettext(singular, plural, _count(n))
    return lookup_plural(translations, _template(singular), _template(plural), n)


@overload
def pgettext(context: str, message: str) -> str: ...
@overload
def pgettext(context: str, message: Template) -> Template: ...
def pgettext(context: str, message: str | Template) -> str | Template:
    """``gettext`` of a message told apart from the same text elsewhere by ``context``."""
    if isinstance(message, str):
        return current_language().translations.pgettext(context, message)
    return lookup(current_language().translations, _template(message), context)


@overload
def npgettext(context: str, singular: str, plural: str, n: int) -> str: ...
@overload
def npgettext(context: str, singular: Template, plural: Template, n: int) -> Template: ...
def npgettext(
    context: str, singular: str | Template, plural: str | Template, n: int
) -> str | Template:
    """``ngettext`` with a context."""
    translations = current_language().translations
    if isinstance(singular, str) and isinstance(plural, str):
        return translations.npgettext(context, singular, plural, _count(n))
    return lookup_plural(translations, _template(singular), _template(plural), n, context)


def _template(message: object) -> Template:
    """``message`` if it is a Template; a TypeError that says what a message is otherwise
    (a str beside a t-string in a plural, a LazyMessage, a number...)."""
    if isinstance(message, Template):
        return message
    raise TypeError(
        f'a message is a t-string (t"...", rendered by html()) or a str (plain text), not'
        f" {type(message).__name__}; the two forms of a plural are both one or both the other"
    )


class LazyMessage:
    """A message translated when it is rendered (in the language of that render), for
    module-level constants: rendered through ``__html__`` wherever a value goes (in an
    attribute, as its text), and ``str()`` gives the same markup."""

    __slots__ = ("_translate",)

    def __init__(self, translate: Callable[[], Template]) -> None:
        self._translate = translate

    def template(self) -> Template:
        """The message in the current language."""
        return self._translate()

    def __html__(self) -> Markup:
        return html(self._translate())

    def __str__(self) -> str:
        return str(self.__html__())

    def __repr__(self) -> str:
        return f"<LazyMessage {self.__html__()!r}>"


def lazy_gettext(template: Template) -> LazyMessage:
    """``gettext`` when rendered, not now."""
    template = _lazy_template(template)
    return LazyMessage(lambda: gettext(template))


def lazy_ngettext(singular: Template, plural: Template, n: int) -> LazyMessage:
    """``ngettext`` when rendered, not now."""
    singular, plural = _lazy_template(singular), _lazy_template(plural)
    return LazyMessage(lambda: ngettext(singular, plural, n))


def lazy_pgettext(context: str, template: Template) -> LazyMessage:
    """``pgettext`` when rendered, not now."""
    template = _lazy_template(template)
    return LazyMessage(lambda: pgettext(context, template))


def _lazy_template(message: object) -> Template:
    if isinstance(message, str):
        raise TypeError(
            "a lazy message is a t-string; for a lazy str (a WTForms label declared in the"
            " class) use your framework's: Flask-Babel's lazy_gettext, Django's gettext_lazy"
        )
    return _template(message)


# -- numbers and dates ---------------------------------------------------------------------------


def format_decimal(number: int | float | Decimal) -> str:
    """``number`` as the current locale writes it (Babel's ``format_decimal``; without Babel,
    ``str(number)``)."""
    try:
        from babel import numbers  # noqa: PLC0415 - optional
    except ImportError:
        return str(number)
    return numbers.format_decimal(number, locale=current_language().locale)


def format_date(date: _dt.date, format: str = "medium") -> str:
    """``date`` as the current locale writes it (Babel's ``format_date``: ``short``,
    ``medium``, ``long``, ``full`` or a CLDR pattern; without Babel, ISO 8601)."""
    try:
        from babel import dates  # noqa: PLC0415 - optional
    except ImportError:
        return date.isoformat()
    return dates.format_date(date, format, locale=current_language().locale)


def format_datetime(moment: _dt.datetime, format: str = "medium") -> str:
    """``moment`` as the current locale writes it (Babel's ``format_datetime``, in the
    datetime's own time zone; without Babel, ISO 8601)."""
    try:
        from babel import dates  # noqa: PLC0415 - optional
    except ImportError:
        return moment.isoformat()
    return dates.format_datetime(
        moment, format, tzinfo=moment.tzinfo, locale=current_language().locale
    )


# -- validating a catalog ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CatalogProblem:
    """A translation that would be shown in the source language, and why."""

    msgid: str
    context: str | None
    fault: str

    def __str__(self) -> str:
        where = "" if self.context is None else f" (context {self.context!r})"
        return f"{self.msgid!r}{where}: {self.fault}"


class CatalogError(ValueError):
    """A catalog with faulty translations (``check_catalog``)."""

    def __init__(self, problems: list[CatalogProblem]) -> None:
        self.problems = problems
        lines = "\n".join(f"  {problem}" for problem in problems)
        super().__init__(f"{len(problems)} faulty translation(s):\n{lines}")


def validate_catalog(catalog: object) -> list[CatalogProblem]:
    """The faults of every translation in ``catalog``: a Babel ``Catalog`` (from
    ``babel.messages.pofile.read_po``) or a loaded gettext catalog (``GNUTranslations``,
    Babel's ``Translations``). Messages whose id is no pattern (plain gettext messages with a
    lone brace) are not htmltemplates messages and are skipped. A loaded catalog keeps no
    plural ids, so there a plural form is checked for its braces and markup only."""
    problems: list[CatalogProblem] = []
    for context, msgid, names, forms, plural in _entries(catalog):
        for text in forms:
            if not text:
                continue  # untranslated: the source is shown
            fault = _translation_fault(names, text, plural)
            if fault is not None:
                problems.append(CatalogProblem(msgid, context, fault))
    return problems


def check_catalog(catalog: object) -> None:
    """Raise CatalogError listing the faulty translations of ``catalog`` (at load time)."""
    problems = validate_catalog(catalog)
    if problems:
        raise CatalogError(problems)


def _entries(catalog: object) -> list[tuple[str | None, str, tuple[str, ...] | None, Any, bool]]:
    """(context, msgid, the holes a translation must have or None, translated forms, plural)."""
    found: list[tuple[str | None, str, tuple[str, ...] | None, Any, bool]] = []
    messages = getattr(catalog, "_messages", None)
    if messages is not None:  # a babel.messages.catalog.Catalog
        for message in catalog:  # type: ignore[attr-defined]
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            if not ids[0]:
                continue
            try:
                names = tuple(name for msgid in ids for name in parse_pattern(msgid)[1])
            except PatternError:
                continue
            names = tuple(dict.fromkeys(names)) if len(ids) > 1 else names
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found.append((message.context, ids[0], names, strings, len(ids) > 1))
        return found
    for context, msgid, text, plural in catalog_messages(catalog):
        try:
            names = parse_pattern(msgid)[1]
        except PatternError:
            continue
        found.append((context, msgid, None if plural else names, (text,), plural))
    return found


def _translation_fault(names: tuple[str, ...] | None, text: str, plural: bool) -> str | None:
    try:
        strings, translated = parse_pattern(text)
    except PatternError as error:
        return str(error)
    if names is not None:
        fault = holes_fault(names, translated, may_omit=plural)
        if fault is not None:
            return fault
    holes = [Interpolation(None, name) for name in translated]
    parts: list[str | Interpolation[Any]] = [strings[0]]
    for hole, static in zip(holes, strings[1:], strict=True):
        parts += [hole, static]
    try:
        compile_plan(Template(*parts))
    except TemplateSyntaxError as error:
        return f"html() refuses its markup: {str(error).splitlines()[0]}"
    return None
