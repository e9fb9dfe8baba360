"""app: the example guestbook's home page (examples/guestbook), as it is shown again with the
form's errors: a layout, a form with its CSRF input and fields that have a class dict and aria
spreads, 30 entries with links to the visitors' websites (some javascript:), times, an htmx
button, and an inline script that takes a JavaScript string.

The entries, the fields and the aria attributes are the guestbook's own functions
(``entry_item``, ``field``, ``invalid``). The layout, the form, the entry list and the script
call ``url_for``, ``static_url``, ``flashed_messages``, ``csrf_input`` and a lazy message,
which need a Flask request, so they are reproduced here with the URLs, the token and the label
they give as constants; tests/bench/test_bench_workloads.py checks that this page is the one the
guestbook renders in a request (where the nonce of the page's scripts is not set). tdom is
left out: it filters no URL and writes the script's value as text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from string.templatelib import Template

from jinja2 import DictLoader, Environment
from markupsafe import escape

from bench.core import NotApplicable, Renderers, Workload
from bench.workloads._hand import attrs, js_value, safe_url
from examples.guestbook.components import REFRESHING, entry_item, field, invalid
from examples.guestbook.db import Entry
from examples.guestbook.forms import MAX_LENGTH, Draft
from htmltemplates import TrustedResourceURL, html

__all__ = ["WORKLOAD", "Guestbook", "make_guestbook", "page"]

# what url_for() and static_url() give in the guestbook app
INDEX, SIGN, ENTRIES = "/", "/", "/entries"
CSS = TrustedResourceURL.unchecked("/static/guestbook.css")
HTMX = TrustedResourceURL.unchecked("/static/htmx.min.js")
# a token as Flask-WTF's generate_csrf() makes one (the session's, signed, with a time)
CSRF_TOKEN = "IjJjMmIyYzE3OGNmZjZhNDE2MGM5MWNmODc3ZWZmNjhkYTFiMjBmNWEi.axRd8g.rqOAvGRy2mHpXtRxJKfX"
WEBSITES = ("https://example.com/~ada?x=1&y=2", "", "javascript:alert('hi')", "example.org/me")


class Guestbook:
    def __init__(self, entries: Sequence[Entry], draft: Draft) -> None:
        self.entries, self.draft, self.errors = entries, draft, draft.errors()
        # the messages as text, for the engines that take no template: data of the page,
        # made before anything is timed
        self.error_texts = {field: str(html(error)) for field, error in self.errors.items()}


def make_guestbook(count: int = 30) -> Guestbook:
    entries = [
        Entry(
            id=count - i,
            name=f"Visitor {i} <script>alert('{i}')</script>" if i % 4 == 0 else f"Visitor {i}",
            message=f'Lovely site & "friendly" people! <b>{i}</b>',
            website=WEBSITES[i % 4],
            created=datetime(2026, 11, 1 + i % 28, 9 + i % 12, i % 60, tzinfo=UTC),
        )
        for i in range(count)
    ]
    return Guestbook(entries, Draft(name="", message="", website="https://my.site/<me>"))


# -- htmltemplates: the guestbook's components, with the URLs as constants ------------------


def flashed_messages() -> Template:
    """No message was flashed: the page is shown again with the form's errors."""
    return t""


def csrf_input() -> Template:
    """htmltemplates.integrations.flask.csrf_input(), with the token as a constant."""
    name = "csrf_token"
    return t'<input type="hidden" name={name} value={CSRF_TOKEN}>'


def layout(title: str, body: Template) -> Template:
    return t"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="htmx-config" content='{{"allowEval": false, "includeIndicatorStyles": false}}'>
  <title>{title}</title>
  <link rel="stylesheet" href={CSS}>
  <script src={HTMX} defer></script>
</head>
<body>
<header><a href={INDEX}>Guestbook</a></header>
<main>
{flashed_messages()}
{body}
</main>
<footer>Made with htmltemplates and Flask.</footer>
</body>
</html>
"""


def entry_form(draft: Draft, errors: Mapping[str, Template]) -> Template:
    name = t"""<input id="name" name="name" value={draft.name} maxlength={MAX_LENGTH["name"]}
    required autocomplete="name" {invalid("name", errors)}>"""
    message = t"""<textarea id="message" name="message" rows="4" maxlength={MAX_LENGTH["message"]}
    required {invalid("message", errors)}>{draft.message}</textarea>"""
    website = t"""<input id="website" name="website" value={draft.website}
    maxlength={MAX_LENGTH["website"]} placeholder="https://..." {invalid("website", errors)}>"""
    return t"""<form class="sign" method="post" action={SIGN}>
{csrf_input()}
<h2>Sign the guestbook</h2>
{field("name", "Your name", name, errors.get("name"))}
{field("message", "Message", message, errors.get("message"))}
{field("website", "Website (optional)", website, errors.get("website"))}
<button type="submit">Sign</button>
</form>"""


def entry_list(entries: Sequence[Entry]) -> Template:
    count = f"{len(entries)} entry" if len(entries) == 1 else f"{len(entries)} entries"
    items = (
        t'<ol class="entries">\n{[entry_item(entry) for entry in entries]}</ol>'
        if entries
        else t'<p class="empty">No entries yet: be the first to sign!</p>'
    )
    return t"""<section id="entries">
<h2>{count}</h2>
<button type="button" data-refresh hx-get={ENTRIES} hx-target="#entries"
  hx-swap="outerHTML">Refresh</button>
{items}
</section>"""


def refresh_script() -> Template:
    return t"""<script>
document.addEventListener("htmx:beforeRequest", (event) => {{
  if (event.target.matches("[data-refresh]")) event.target.textContent = {REFRESHING};
}});
</script>"""


def page(g: Guestbook) -> Template:
    """The guestbook_page of examples/guestbook/components.py."""
    return layout(
        "Guestbook",
        t"""<h1>Guestbook</h1>
<p>Leave a message for the next visitors.</p>
{entry_form(g.draft, g.errors)}
{entry_list(g.entries)}
{refresh_script()}""",
    )


# -- baseline --------------------------------------------------------------------------------


def item_b(e: Entry) -> str:
    link = (
        f' · <a href="{escape(safe_url(e.website))}" rel="nofollow ugc">{escape(e.website)}</a>'
        if e.website
        else ""
    )
    return f"""<li class="entry" id="entry-{e.id}">
  <p class="byline"><strong>{escape(e.name)}</strong>{link}
    · <time datetime="{escape(e.created.isoformat())}">{e.created:%d %b %Y, %H:%M} UTC</time></p>
  <p class="message">{escape(e.message)}</p>
</li>
"""


def field_b(name: str, label: str, control: str, error: str | None) -> str:
    message = f'<p class="error" id="{name}-error">{escape(error)}</p>' if error else ""
    return f"""<div class="field{" has-error" if error else ""}">
  <label for="{name}">{escape(label)}</label>
  {control}
  {message}
</div>"""


def invalid_b(name: str, errors: Mapping[str, str], *, first: str = " ") -> str:
    if name not in errors:
        return ""
    return attrs({"aria-invalid": "true", "aria-describedby": f"{name}-error"}, first=first)


def form_b(d: Draft, errors: Mapping[str, str]) -> str:
    name = f"""<input id="name" name="name" value="{escape(d.name)}" \
maxlength="{MAX_LENGTH["name"]}"
    required autocomplete="name"{invalid_b("name", errors)}>"""
    message = f"""<textarea id="message" name="message" rows="4" \
maxlength="{MAX_LENGTH["message"]}"
    required{invalid_b("message", errors)}>{escape(d.message)}</textarea>"""
    website = f"""<input id="website" name="website" value="{escape(d.website)}"
    maxlength="{MAX_LENGTH["website"]}" placeholder="https://..."\
{invalid_b("website", errors)}>"""
    return f"""<form class="sign" method="post" action="{SIGN}">
<input type="hidden" name="csrf_token" value="{escape(CSRF_TOKEN)}">
<h2>Sign the guestbook</h2>
{field_b("name", "Your name", name, errors.get("name"))}
{field_b("message", "Message", message, errors.get("message"))}
{field_b("website", "Website (optional)", website, errors.get("website"))}
<button type="submit">Sign</button>
</form>"""


def render_baseline(g: Guestbook) -> str:
    items = "".join([item_b(e) for e in g.entries])
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="htmx-config" content='{{"allowEval": false, "includeIndicatorStyles": false}}'>
  <title>Guestbook</title>
  <link rel="stylesheet" href="{CSS}">
  <script src="{HTMX}" defer></script>
</head>
<body>
<header><a href="{INDEX}">Guestbook</a></header>
<main>

<h1>Guestbook</h1>
<p>Leave a message for the next visitors.</p>
{form_b(g.draft, g.error_texts)}
<section id="entries">
<h2>{len(g.entries)} entries</h2>
<button type="button" data-refresh hx-get="{ENTRIES}" hx-target="#entries"
  hx-swap="outerHTML">Refresh</button>
<ol class="entries">
{items}</ol>
</section>
<script>
document.addEventListener("htmx:beforeRequest", (event) => {{
  if (event.target.matches("[data-refresh]")) event.target.textContent = {js_value(REFRESHING)};
}});
</script>
</main>
<footer>Made with htmltemplates and Flask.</footer>
</body>
</html>
"""


# -- Jinja2 ------------------------------------------------------------------------------------

JINJA_SOURCES = {
    "layout.html": """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="htmx-config" content='{"allowEval": false, "includeIndicatorStyles": false}'>
  <title>{% block title %}{% endblock %}</title>
  <link rel="stylesheet" href="{{ css }}">
  <script src="{{ htmx }}" defer></script>
</head>
<body>
<header><a href="{{ index }}">Guestbook</a></header>
<main>
{% block body %}{% endblock %}
</main>
<footer>Made with htmltemplates and Flask.</footer>
</body>
</html>
""",
    "macros.html": """\
{% macro field(name, label, error) -%}
<div class="field{% if error %} has-error{% endif %}">
  <label for="{{ name }}">{{ label }}</label>
  {{ caller() }}
  {% if error %}<p class="error" id="{{ name }}-error">{{ error }}</p>{% endif %}
</div>
{%- endmacro %}
{% macro invalid(name, errors) -%}
{% if name in errors %} aria-invalid="true" aria-describedby="{{ name }}-error"{% endif %}
{%- endmacro %}
{% macro entry_item(e) -%}
<li class="entry" id="entry-{{ e.id }}">
  <p class="byline"><strong>{{ e.name }}</strong>
  {%- if e.website %} · <a href="{{ e.website|safe_url }}" rel="nofollow ugc">{{ e.website }}</a>
  {%- endif %}
    · <time datetime="{{ e.created.isoformat() }}">{{ e.created.strftime("%d %b %Y, %H:%M") }} \
UTC</time></p>
  <p class="message">{{ e.message }}</p>
</li>
{% endmacro %}
""",
    "page.html": """{% extends "layout.html" %}{% import "macros.html" as m %}
{% block title %}Guestbook{% endblock %}
{% block body %}<h1>Guestbook</h1>
<p>Leave a message for the next visitors.</p>
<form class="sign" method="post" action="{{ sign }}">
<input type="hidden" name="csrf_token" value="{{ csrf_token }}">
<h2>Sign the guestbook</h2>
{% call m.field("name", "Your name", errors.name) %}<input id="name" name="name" \
value="{{ draft.name }}" maxlength="{{ max.name }}"
    required autocomplete="name"{{ m.invalid("name", errors) }}>{% endcall %}
{% call m.field("message", "Message", errors.message) %}<textarea id="message" name="message" \
rows="4" maxlength="{{ max.message }}"
    required{{ m.invalid("message", errors) }}>{{ draft.message }}</textarea>{% endcall %}
{% call m.field("website", "Website (optional)", errors.website) %}<input id="website" \
name="website" value="{{ draft.website }}"
    maxlength="{{ max.website }}" placeholder="https://..."{{ m.invalid("website", errors) }}>\
{% endcall %}
<button type="submit">Sign</button>
</form>
<section id="entries">
<h2>{{ entries|length }} entries</h2>
<button type="button" data-refresh hx-get="{{ entries_url }}" hx-target="#entries"
  hx-swap="outerHTML">Refresh</button>
<ol class="entries">
{% for e in entries %}{{ m.entry_item(e) }}{% endfor %}</ol>
</section>
<script>
document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.target.matches("[data-refresh]")) event.target.textContent =  {{ refreshing|tojson }} ;
});
</script>
{% endblock %}""",
}


def setup() -> Renderers:
    g = make_guestbook()
    env = Environment(loader=DictLoader(JINJA_SOURCES), autoescape=True)
    env.filters["safe_url"] = safe_url
    env.policies["json.dumps_kwargs"] = {"sort_keys": False, "ensure_ascii": False}
    template = env.get_template("page.html")
    context = {
        "css": CSS,
        "htmx": HTMX,
        "index": INDEX,
        "sign": SIGN,
        "entries_url": ENTRIES,
        "refreshing": REFRESHING,
        "csrf_token": CSRF_TOKEN,
        "max": MAX_LENGTH,
        "draft": g.draft,
        "errors": g.error_texts,
        "entries": g.entries,
    }
    return {
        "baseline": lambda: render_baseline(g),
        "htmltemplates": lambda: html(page(g)),
        "jinja2": lambda: template.render(context),
        "tdom": NotApplicable("tdom filters no URL and writes a script's value as text"),
    }


WORKLOAD = Workload(
    name="app",
    description="the example guestbook's page: form with errors, 30 entries, htmx",
    document=True,
    setup=setup,
    exact=True,
)
