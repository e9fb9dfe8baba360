"""A guestbook: a small Flask application built with htmltemplates (``make demo`` runs it).

Visitors sign with a name, a message and an optional website; the entries are kept in SQLite
(stdlib ``sqlite3``) in ``guestbook.sqlite`` under the app's instance folder, created on first
use. Pages are made of components, plain functions that return t-strings
(``components.py``); views return those templates through ``htmltemplates.integrations.flask.view``
(``views.py``). Whatever a visitor types is stored as typed and shown as text. The pages are in
English and French (``?lang=fr``, or the browser's Accept-Language): the messages are
``htmltemplates.i18n`` t-strings, extracted with ``pybabel extract -F babel.cfg``. Every
response has a strict Content-Security-Policy (``POLICY``: a script runs only with the nonce
html() writes on it), and every POST must carry the CSRF token of the form (Flask-WTF's
``CSRFProtect``, the hidden input of ``htmltemplates.integrations.flask.csrf_input()``), else
it is a 400.

Run it with ``make demo``, or ``.venv/bin/python -m flask --app examples.guestbook run`` from
the repository root. Configuration, in
this order: the defaults below, ``config.py`` in the instance folder, ``FLASK_*`` environment
variables (``FLASK_SECRET_KEY``, ``FLASK_DATABASE``); tests pass ``test_config`` instead.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask_wtf.csrf import CSRFError, CSRFProtect  # type: ignore[import-untyped]

from htmltemplates.i18n import Catalogs, check_catalog, init_flask
from htmltemplates.integrations.flask import HTMLTemplates

from . import db, views

# The catalogs' sources, checked in: translations/LOCALE/LC_MESSAGES/messages.po
TRANSLATIONS = os.path.join(os.path.dirname(__file__), "translations")

# The Content-Security-Policy of every response: scripts run only with the request's nonce,
# which html() writes on each <script> of the pages; styles, images, fetches from the app only.
POLICY = (
    "default-src 'self'; script-src 'nonce-{nonce}'; style-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

__all__ = ["create_app"]


def create_app(
    test_config: Mapping[str, Any] | None = None,
    *,
    instance_path: str | os.PathLike[str] | None = None,
) -> Flask:
    """The application factory (``flask --app examples.guestbook`` calls it with no argument).

    ``instance_path``, an absolute path, replaces the default instance folder (``instance/``
    next to the ``examples`` folder); tests give each app a fresh one.
    """
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=None if instance_path is None else os.fspath(instance_path),
    )
    app.config.from_mapping(
        SECRET_KEY="dev",  # fine on 127.0.0.1; set a real one in instance/config.py
        DATABASE=os.path.join(app.instance_path, "guestbook.sqlite"),
        HTMLTEMPLATES_CSP=POLICY,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env()
    else:
        app.config.from_mapping(test_config)

    HTMLTemplates(app)  # the nonce of each request, and the policy's header
    init_flask(app, catalogs())
    # every POST must carry the token of csrf_input(), or it is a 400; after init_flask, whose
    # before_request chooses the language the refusal is shown in
    CSRFProtect(app)
    db.init_app(app)
    app.register_blueprint(views.bp)
    app.register_error_handler(CSRFError, views.csrf_refused)
    app.register_error_handler(404, views.not_found)
    return app


def catalogs() -> Catalogs:
    """English, and French when Babel is installed (the .po compiled in memory, checked)."""
    try:
        found = Catalogs.from_po(TRANSLATIONS, ["fr"])
    except ImportError:  # no Babel: the source language only
        return Catalogs(TRANSLATIONS, [])
    for locale in found.locales:
        check_catalog(found[locale].translations)
    return found
