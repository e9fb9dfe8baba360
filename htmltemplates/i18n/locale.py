"""The language of the current request: a context variable holding the locale and its gettext
catalog, the catalogs of a directory loaded once, and the wiring for Flask (and Flask-Babel)
and Django."""

from __future__ import annotations

import contextlib
import gettext
import io
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .messages import Translator

if TYPE_CHECKING:
    import flask

__all__ = [
    "LANGUAGE",
    "SOURCE",
    "Catalogs",
    "Language",
    "current_language",
    "init_flask",
    "set_default_language",
    "use_django",
    "using_language",
]


@dataclass(frozen=True, slots=True)
class Language:
    """A locale (``"fr"``, ``"de_CH"``) and the catalog its messages are looked up in."""

    locale: str
    translations: Translator = field(default_factory=gettext.NullTranslations, compare=False)


SOURCE = Language("en")
"""English, the source language, with no catalog: the default language at start."""

LANGUAGE: ContextVar[Language | Callable[[], Language] | None] = ContextVar(
    "htmltemplates.i18n.LANGUAGE", default=None
)
"""The language of what is rendered now: a Language, a function that returns one (asked at
each lookup: Flask-Babel's and Django's choice), or None for the default."""

_default: list[Language | Callable[[], Language]] = [SOURCE]


def set_default_language(language: Language | Callable[[], Language]) -> None:
    """The language where none is set in the context (at start: English, no catalog)."""
    _default[0] = language


def current_language() -> Language:
    """The language set in this context (a thread, an asyncio task, a request), or the
    default."""
    language = LANGUAGE.get()
    if language is None:
        language = _default[0]
    return language if isinstance(language, Language) else language()


@contextmanager
def using_language(language: Language | Callable[[], Language]) -> Iterator[Language]:
    """Set the language for the body of a ``with`` block (in this context only)."""
    token = LANGUAGE.set(language)
    try:
        yield current_language()
    finally:
        LANGUAGE.reset(token)


class Catalogs:
    """The compiled catalogs (``.mo``) of a directory laid out as gettext wants it
    (``DIRECTORY/LOCALE/LC_MESSAGES/DOMAIN.mo``), each loaded on first use and kept.

    ``source`` is the language the templates are written in: it needs no catalog.
    """

    def __init__(
        self,
        directory: str | os.PathLike[str],
        locales: Iterable[str],
        *,
        domain: str = "messages",
        source: str = "en",
    ) -> None:
        self.directory = os.fspath(directory)
        self.domain = domain
        self.source = source
        self.locales = tuple(dict.fromkeys([source, *locales]))
        self._loaded: dict[str, Language] = {}

    @classmethod
    def from_po(
        cls,
        directory: str | os.PathLike[str],
        locales: Iterable[str],
        *,
        domain: str = "messages",
        source: str = "en",
    ) -> Catalogs:
        """The catalogs of the ``.po`` files of a directory, compiled in memory now with Babel
        (no ``.mo`` file written: for an app that ships only its sources)."""
        from babel.messages import mofile, pofile  # noqa: PLC0415 - optional

        catalogs = cls(directory, locales, domain=domain, source=source)
        for locale in catalogs.locales[1:]:
            path = os.path.join(catalogs.directory, locale, "LC_MESSAGES", f"{domain}.po")
            with open(path, "rb") as po:
                catalog = pofile.read_po(po, locale=locale, domain=domain)
            compiled = io.BytesIO()
            mofile.write_mo(compiled, catalog)
            compiled.seek(0)
            catalogs._loaded[locale] = Language(locale, gettext.GNUTranslations(compiled))
        return catalogs

    def __getitem__(self, locale: str) -> Language:
        try:
            return self._loaded[locale]
        except KeyError:
            pass
        if locale not in self.locales:
            raise KeyError(f"no catalog for {locale!r}: the locales are {self.locales}")
        translations: Translator = gettext.NullTranslations()
        if locale != self.source:
            translations = gettext.translation(self.domain, self.directory, [locale])
        language = self._loaded.setdefault(locale, Language(locale, translations))
        return language

    def best(self, accepted: Iterable[str]) -> Language:
        """The first of ``accepted`` (locales in order of preference: ``fr-CH``, ``fr``) that
        has a catalog, its language alone if the region has none; else the source."""
        for wanted in accepted:
            locale = wanted.replace("-", "_").strip()
            for candidate in (locale, locale.partition("_")[0]):
                for known in self.locales:
                    if known.lower() == candidate.lower():
                        return self[known]
        return self[self.source]


# -- Flask ---------------------------------------------------------------------------------------


def init_flask(
    app: flask.Flask,
    catalogs: Catalogs | None = None,
    *,
    select: Callable[[], str | None] | None = None,
) -> None:
    """Set the language of each request of ``app``.

    With ``catalogs``: ``select()`` (if given) names the locale, else the ``lang`` query
    parameter does, else the ``Accept-Language`` header. Without: Flask-Babel's choice, its
    ``get_locale()`` and ``get_translations()`` asked at each lookup (Flask-Babel must be set
    up on the app).
    """
    import flask  # noqa: PLC0415 - the core of the package never imports Flask

    if catalogs is None:
        language: Language | Callable[[], Language] = _flask_babel_language
    else:

        def language() -> Language:
            return _choose(flask.request, catalogs, select)

    @app.before_request
    def _set_language() -> None:
        flask.g._htmltemplates_language = LANGUAGE.set(language)

    @app.teardown_request
    def _reset_language(error: BaseException | None) -> None:
        token: Token[Any] | None = flask.g.pop("_htmltemplates_language", None)
        if token is not None:
            # set in another context (ValueError): it ends with that context
            with contextlib.suppress(ValueError):
                LANGUAGE.reset(token)


def _choose(
    request: flask.Request, catalogs: Catalogs, select: Callable[[], str | None] | None
) -> Language:
    chosen = select() if select is not None else request.args.get("lang")
    if chosen:
        return catalogs.best([chosen])
    return catalogs.best(request.accept_languages.values())


def _flask_babel_language() -> Language:
    import flask_babel  # type: ignore[import-untyped]  # noqa: PLC0415 - optional

    locale = flask_babel.get_locale()
    return Language(str(locale) if locale else "en", flask_babel.get_translations())


# -- Django --------------------------------------------------------------------------------------


class _DjangoTranslations:
    """Django's catalogs for its active language (``translation.activate``, LocaleMiddleware),
    through its public gettext functions."""

    def gettext(self, message: str, /) -> str:
        from django.utils import translation  # noqa: PLC0415 - optional

        return translation.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        from django.utils import translation  # noqa: PLC0415 - optional

        return translation.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str, /) -> str:
        from django.utils import translation  # noqa: PLC0415 - optional

        return translation.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str:
        from django.utils import translation  # noqa: PLC0415 - optional

        return translation.npgettext(context, singular, plural, n)


_DJANGO = _DjangoTranslations()


def _django_language() -> Language:
    from django.utils import translation  # noqa: PLC0415 - optional

    return Language(translation.to_locale(translation.get_language() or "en"), _DJANGO)


def use_django() -> None:
    """Look messages up in Django's catalogs, in its active language (what LocaleMiddleware
    or ``translation.override()`` chose), wherever no language is set in the context."""
    set_default_language(_django_language)
