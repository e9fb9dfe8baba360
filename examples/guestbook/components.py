"""The guestbook's components: plain functions that return t-strings, rendered by the views.

The whole page and the ``/entries`` fragment share ``entry_list``, so a fragment swapped into
the page is exactly what a full reload would show there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from string.templatelib import Template

from flask import url_for

from htmltemplates.i18n import (
    SOURCE,
    _,
    current_language,
    format_datetime,
    lazy_gettext,
    ngettext,
)
from htmltemplates.integrations.flask import csrf_input, flashed_messages, static_url

from .db import Entry
from .forms import MAX_LENGTH, Draft


def layout(title: str | Template, body: Template) -> Template:
    """The page around ``body``: head, site header, flashed messages, footer.

    ``title`` names the page in ``<title>``; ``body`` brings its own ``<h1>``.
    """
    # static_url() gives a TrustedResourceURL: the only kind of value a <script src> or a
    # stylesheet's href accepts (a plain str there is a RenderError). html() writes the
    # request's CSP nonce on every <script>; htmx is told to run no code from attributes (it
    # would need 'unsafe-eval') and to insert no <style> of its own (it would carry no nonce).
    return t"""<!doctype html>
<html lang={current_language().locale}>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="htmx-config" content='{{"allowEval": false, "includeIndicatorStyles": false}}'>
  <title>{title}</title>
  <link rel="stylesheet" href={static_url("guestbook.css")}>
  <script src={static_url("htmx.min.js")} defer></script>
</head>
<body>
<header><a href={url_for("guestbook.index")}>{_(t"Guestbook")}</a></header>
<main>
{flashed_messages()}
{body}
</main>
<footer>{_(t"Made with htmltemplates and Flask.")}</footer>
</body>
</html>
"""


def field(name: str, label: str | Template, control: Template, error: Template | None) -> Template:
    """A labelled form control (``control`` has ``id=name``) and its error message, if any."""
    return t"""<div class={["field", {"has-error": error}]}>
  <label for={name}>{label}</label>
  {control}
  {error and t'<p class="error" id="{name}-error">{error}</p>'}
</div>"""


def invalid(name: str, errors: Mapping[str, Template]) -> dict[str, object]:
    """The aria attributes of a control: invalid, and described by its error message."""
    if name not in errors:
        return {}
    return {"aria": {"invalid": True, "describedby": f"{name}-error"}}


def entry_form(draft: Draft, errors: Mapping[str, Template]) -> Template:
    """The form to sign the guestbook, filled with ``draft`` and showing ``errors``."""
    name = t"""<input id="name" name="name" value={draft.name} maxlength={MAX_LENGTH["name"]}
    required autocomplete="name" {invalid("name", errors)}>"""
    message = t"""<textarea id="message" name="message" rows="4" maxlength={MAX_LENGTH["message"]}
    required {invalid("message", errors)}>{draft.message}</textarea>"""
    website = t"""<input id="website" name="website" value={draft.website}
    maxlength={MAX_LENGTH["website"]} placeholder="https://..." {invalid("website", errors)}>"""
    # csrf_input(): the hidden input with Flask-WTF's token, which CSRFProtect checks
    return t"""<form class="sign" method="post" action={url_for("guestbook.sign")}>
{csrf_input()}
<h2>{_(t"Sign the guestbook")}</h2>
{field("name", _(t"Your name"), name, errors.get("name"))}
{field("message", _(t"Message"), message, errors.get("message"))}
{field("website", _(t"Website (optional)"), website, errors.get("website"))}
<button type="submit">{_(t"Sign")}</button>
</form>"""


def written_on(moment: datetime) -> str:
    """When an entry was written, as the page's language writes a date: ``04 Dec 2026, 10:00``
    in English, ``04 déc. 2026, 10:00`` in French (Babel's names of the months)."""
    if current_language().locale == SOURCE.locale:
        return f"{moment:%d %b %Y, %H:%M}"
    return format_datetime(moment, "dd MMM y, HH:mm")


def entry_item(entry: Entry) -> Template:
    """One entry; the website, if any, is a link (the library filters a javascript: URL)."""
    link = t' · <a href={entry.website} rel="nofollow ugc">{entry.website}</a>'
    return t"""<li class="entry" id="entry-{entry.id}">
  <p class="byline"><strong>{entry.name}</strong>{entry.website and link}
    · <time datetime={entry.created.isoformat()}>{written_on(entry.created)} UTC</time></p>
  <p class="message">{entry.message}</p>
</li>
"""


REFRESHING = "Refreshing…"  # the English label, as bench/workloads/app.py writes it too
# a module-level message: translated when it is rendered, in the language of that request
REFRESHING_LABEL = lazy_gettext(t"Refreshing…")


def entry_list(entries: Sequence[Entry]) -> Template:
    """The entries section: the part of the page that ``GET /entries`` returns alone."""
    number = len(entries)
    # Translators: the heading of the list of entries
    count = ngettext(t"{number} entry", t"{number} entries", number)
    items = (
        t'<ol class="entries">\n{[entry_item(entry) for entry in entries]}</ol>'
        if entries
        else t'<p class="empty">{_(t"No entries yet: be the first to sign!")}</p>'
    )
    # htmx (static/htmx.min.js) fetches GET /entries and swaps the section for it; the page's
    # script (refresh_script) relabels the button meanwhile
    refresh = _(t"Refresh")
    return t"""<section id="entries">
<h2>{count}</h2>
<button type="button" data-refresh hx-get={url_for("guestbook.entries")} hx-target="#entries"
  hx-swap="outerHTML">{refresh}</button>
{items}
</section>"""


def refresh_script() -> Template:
    """Relabels the Refresh button while htmx fetches the entries. An inline script, which the
    policy runs because html() gives it the request's nonce; the label is written as a
    JavaScript string. (An hx-on attribute would need 'unsafe-eval'.)"""
    return t"""<script>
document.addEventListener("htmx:beforeRequest", (event) => {{
  if (event.target.matches("[data-refresh]")) event.target.textContent = {REFRESHING_LABEL};
}});
</script>"""


def guestbook_page(
    entries: Sequence[Entry], draft: Draft, errors: Mapping[str, Template]
) -> Template:
    """The home page: the form, then the entries."""
    return layout(
        _(t"Guestbook"),
        t"""<h1>{_(t"Guestbook")}</h1>
<p>{_(t"Leave a message for the next visitors.")}</p>
{entry_form(draft, errors)}
{entry_list(entries)}
{refresh_script()}""",
    )


def csrf_refused_page() -> Template:
    """The answer to a form sent without the token of the visitor's session (CSRFError)."""
    index = url_for("guestbook.index")
    return layout(
        _(t"Form refused · Guestbook"),
        t"""<h1>{_(t"Form refused")}</h1>
<p>{_(t"The form had expired, or it was sent from another site: nothing was stored.")}
{_(t"<a href={index}>Back to the guestbook</a>.")}</p>""",
    )


def not_found_page(path: str) -> Template:
    index = url_for("guestbook.index")
    return layout(
        _(t"Page not found · Guestbook"),
        t"""<h1>{_(t"Page not found")}</h1>
<p>{_(t"There is no page at <code>{path}</code>.")}
{_(t"<a href={index}>Back to the guestbook</a>.")}</p>""",
    )
