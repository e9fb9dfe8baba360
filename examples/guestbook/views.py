"""The guestbook's views: each returns a template, rendered by
htmltemplates.integrations.flask.view."""

from __future__ import annotations

from string.templatelib import Template

from flask import Blueprint, flash, redirect, request, url_for
from flask_wtf.csrf import CSRFError  # type: ignore[import-untyped]
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response

from htmltemplates import html
from htmltemplates.i18n import _
from htmltemplates.integrations.flask import view

from . import components, db
from .forms import Draft

bp = Blueprint("guestbook", __name__)


@bp.get("/")
@view
def index() -> Template:
    return components.guestbook_page(db.list_entries(), Draft(), {})


@bp.post("/")
@view
def sign() -> tuple[Template, int] | Response:
    """Store a valid entry and go back to the page (post/redirect/get); otherwise show the
    form again, with what was typed and what is wrong, as a 400."""
    draft = Draft.from_form(request.form)
    errors = draft.errors()
    if errors:
        return components.guestbook_page(db.list_entries(), draft, errors), 400
    entry_id = db.add_entry(draft.name, draft.message, draft.website)
    name = draft.name
    # the message is rendered now, in the visitor's language, and kept as markup
    flash(html(_(t"Thank you for signing, {name}!")), "success")
    return redirect(url_for(".index", _anchor=f"entry-{entry_id}"))


@bp.get("/entries")
@view
def entries() -> Template:
    """The entries section alone, for the page's Refresh button (an htmx fragment)."""
    return components.entry_list(db.list_entries())


@view
def csrf_refused(error: CSRFError) -> tuple[Template, int]:
    """A POST without a valid CSRF token (missing, of another session, expired): 400."""
    return components.csrf_refused_page(), 400


@view
def not_found(error: NotFound) -> tuple[Template, int]:
    return components.not_found_page(request.path), 404
