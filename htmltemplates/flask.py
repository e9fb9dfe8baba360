"""The optional Flask integration: views that return templates, and Jinja's usual globals.

The only module of htmltemplates that imports Flask (install the ``flask`` extra). A view can
always ``return html(t"...")``: the result is ``Markup``, a ``str``, and Flask sends it as
``text/html; charset=utf-8``. This module adds:

- ``HTMLTemplates(app)`` / ``init_app(app)``: once installed, any view, error handler or
  ``before_request`` function of the app may return a bare ``Template``, alone or as the body
  of a ``(body, status)``, ``(body, headers)`` or ``(body, status, headers)`` tuple, and it is
  rendered with ``html()``. The extension keeps itself in ``app.extensions["htmltemplates"]``;
  it has no configuration keys yet (those to come will be named ``HTMLTEMPLATES_*``).
- ``@view``: the same for one view, typed so that mypy accepts it under ``@app.route`` and
  friends (Flask's route typing does not know ``Template``, so under a type checker a view
  that returns a bare template needs ``@view`` even when the extension is installed).
- ``flashed_messages()``, ``static_url()``, ``csrf_input()``: the helpers Jinja templates get
  as globals, as plain functions. ``url_for``, ``request``, ``g`` and ``session`` need no
  helper: import them from ``flask``.

How the extension hooks in. Flask has no registry of converters for view return values: every
return value (of views, error handlers and ``before_request`` functions, and of
``flask.make_response()``) goes through ``app.make_response``, and Flask's maintainers' answer
is to override that method in a ``Flask`` subclass. An extension cannot change the class of an
app the user has created, so ``init_app`` wraps ``make_response`` on the app *instance*: the
wrapper renders a ``Template`` body and hands everything to the method it replaced, which
works the same for plain ``Flask`` apps, for subclasses that override ``make_response``
themselves, and for other extensions that wrap it too. Without the extension (and without
``@view``) a bare ``Template`` stays what Flask makes of any unknown type, a ``TypeError``.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable, Iterable
from string.templatelib import Template
from typing import Any, cast

from flask import Flask, Response, current_app, get_flashed_messages, url_for
from flask.typing import HeadersValue, ResponseReturnValue

from htmltemplates import TrustedResourceURL

from ._render import html

__all__ = [
    "HTMLTemplates",
    "TemplateReturnValue",
    "csrf_input",
    "flashed_messages",
    "static_url",
    "view",
]

EXTENSION_NAME = "htmltemplates"

type TemplateReturnValue = (
    Template
    | tuple[Template, int]
    | tuple[Template, HeadersValue]
    | tuple[Template, int, HeadersValue]
)
"""What a view may return besides Flask's own return values: a template, alone or in a tuple."""


def _render_templates(rv: TemplateReturnValue | ResponseReturnValue) -> ResponseReturnValue:
    """``rv`` with a ``Template`` body rendered by html(); anything else unchanged."""
    if isinstance(rv, Template):
        return html(rv)
    if isinstance(rv, tuple) and rv and isinstance(rv[0], Template):
        return cast(ResponseReturnValue, (html(rv[0]), *rv[1:]))
    return rv


class HTMLTemplates:
    """Lets the views of a Flask app return bare templates (see the module docstring).

    ``HTMLTemplates(app)``, or ``templates = HTMLTemplates()`` and later
    ``templates.init_app(app)`` in an app factory; one instance can serve many apps.
    """

    def __init__(self, app: Flask | None = None) -> None:
        if app is not None:
            self.init_app(app)

    def init_app(self, app: Flask) -> None:
        """Install on ``app``: from now on its views may return templates."""
        if EXTENSION_NAME in app.extensions:
            raise RuntimeError(
                f"htmltemplates is already installed on the app {app.name!r}; "
                "call HTMLTemplates(app) or init_app(app) once per app."
            )
        app.extensions[EXTENSION_NAME] = self
        make_response = app.make_response  # bound: a subclass's override, or another wrapper

        @functools.wraps(make_response)
        def make_response_rendering_templates(
            rv: TemplateReturnValue | ResponseReturnValue,
        ) -> Response:
            return make_response(_render_templates(rv))

        # An instance attribute shadows the method for this app only (see the module docstring).
        app.make_response = make_response_rendering_templates  # type: ignore[method-assign]


def view[**P](
    function: Callable[P, TemplateReturnValue | ResponseReturnValue],
) -> Callable[P, ResponseReturnValue]:
    """Decorate a view that returns a template (alone or in a tuple): it is rendered by html().

    Put it under the route decorator (``@app.get("/")`` then ``@view``); other return values
    (a redirect, a ``Response``, a ``str``...) pass through unchanged. Works for error handlers
    too. The endpoint name and docstring are the function's own. ``async def`` views are not
    supported yet (``TypeError``); they can return ``html(...)``, or use the extension.
    """
    if inspect.iscoroutinefunction(function):
        raise TypeError(
            f"view() does not support async views yet ({function.__qualname__}); "
            "return html(...) from it, or install HTMLTemplates(app)."
        )

    @functools.wraps(function)
    def rendering_view(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
        return _render_templates(function(*args, **kwargs))

    return rendering_view


# -- helpers: what Jinja templates get as globals -------------------------------------------


def flashed_messages(category_filter: Iterable[str] = ()) -> Template:
    """The flashed messages as ``<ul class="flashes"><li class="{category}">...</li></ul>``.

    The markup of Flask's documentation ("Message Flashing"): one ``<li>`` per message, in the
    order they were flashed, the category as its class (``"message"`` when ``flash()`` was
    given none); nothing at all when there is no message. Messages are escaped like any value
    (a ``Markup`` message is inserted as is). ``category_filter`` keeps only those categories.
    Like ``get_flashed_messages()``, it needs a request and takes the messages out of the
    session.
    """
    messages = cast(
        list[tuple[str, str]],
        get_flashed_messages(with_categories=True, category_filter=category_filter),
    )
    if not messages:
        return t""
    items = [t"<li class={category}>{message}</li>" for category, message in messages]
    return t'<ul class="flashes">{items}</ul>'


def static_url(filename: str, **values: Any) -> TrustedResourceURL:
    """``url_for("static", filename=filename, **values)``: the URL of a file of the app's static
    folder (needs an app context, as url_for does), as a TrustedResourceURL, so it can be the
    ``src`` of a ``<script>`` or the ``href`` of a stylesheet: the app chose it, not a visitor."""
    return TrustedResourceURL.unchecked(url_for("static", filename=filename, **values))


def csrf_input() -> Template:
    """A hidden ``<input>`` with Flask-WTF's CSRF token, for forms protected by ``CSRFProtect``.

    Renders ``<input type="hidden" name="csrf_token" value="...">`` (the name follows
    ``WTF_CSRF_FIELD_NAME``). Needs Flask-WTF, which htmltemplates does not depend on: without
    it, raises ``ImportError``.
    """
    try:
        csrf = importlib.import_module("flask_wtf.csrf")
    except ModuleNotFoundError as error:
        if error.name not in {"flask_wtf", "flask_wtf.csrf"}:
            raise
        raise ImportError(
            "csrf_input() needs Flask-WTF, which is not installed (pip install Flask-WTF).",
            name="flask_wtf",
        ) from error
    token: str = csrf.generate_csrf()
    name: str = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    return t'<input type="hidden" name={name} value={token}>'
