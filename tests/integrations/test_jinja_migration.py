"""Moving a Flask app from Jinja2 to htmltemplates a page at a time (docs/jinja2.md): components
in Jinja templates, Jinja templates and macros in components, in a real Flask app whose Jinja
templates are files in a folder, with hostile values on both sides."""

from __future__ import annotations

import functools
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from string.templatelib import Template
from typing import Any

import flask
import pytest
from hostile import BREAKOUT, BREAKOUT_ESCAPED, SCRIPT, SCRIPT_ESCAPED
from markupsafe import Markup

from htmltemplates import html
from htmltemplates.integrations.flask import HTMLTemplates, view

# What Jinja's escape (MarkupSafe's) makes of BREAKOUT: the same as html() in text.
assert str(Markup.escape(BREAKOUT)) == BREAKOUT_ESCAPED

TEMPLATES = {
    "base.html": (
        "<!doctype html>\n"
        "<title>{% block title %}{% endblock %} - Shop</title>\n"
        "<main>{% block content %}{% endblock %}</main>\n"
    ),
    "product.html": (
        '{% extends "base.html" %}\n'
        "{% block title %}{{ product }}{% endblock %}\n"
        "{% block content %}"
        "{{ card(title=product) }}"
        '{% call card(title="Notes") %}<p>{{ note }}</p>{% endcall %}'
        "{% endblock %}\n"
    ),
    "_price.html": '<span class="price" title="{{ label }}">{{ amount }} EUR</span>',
    "_forms.html": (
        '{% macro field(name, value="") %}'
        '<input name="{{ name }}" value="{{ value }}">'
        "{% endmacro %}"
    ),
    "legacy_body.html": "<h1>{{ heading }}</h1>",
    "with_content.html": "<body>{{ content }}</body>",
    "note.txt": "Hello {{ name }}",
    "scripted.html": "<div>{{ counter(start=start) }}</div>",
}


# -- the helpers docs/jinja2.md shows ---------------------------------------------------------


def for_jinja(component: Callable[..., object]) -> Callable[..., Markup]:
    """``component`` as a function a Jinja template calls: its props as keyword arguments, the
    body of a ``{% call %}`` block as ``children``; it returns Markup, which Jinja inserts as
    it is."""

    @functools.wraps(component)
    def rendered(caller: Callable[[], Markup] | None = None, **props: Any) -> Markup:
        if caller is not None:
            props["children"] = caller()
        return html(t"{component(**props)}")

    return rendered


def jinja(template_name: str, /, **context: Any) -> Markup:
    """An autoescaped Jinja template of the app, rendered, as Markup for a component (the
    name is positional-only, so that the context may have a variable ``name``)."""
    if not flask.current_app.select_jinja_autoescape(template_name):
        raise ValueError(f"{template_name} is not autoescaped by Flask: its output is not HTML")
    return Markup(flask.render_template(template_name, **context))


def Card(*, title: str, children: Template | Markup = t"") -> Template:  # noqa: N802 - a component
    return t'<section class="card"><h2>{title}</h2>{children}</section>'


def PriceTag(*, label: str, amount: str) -> Template:  # noqa: N802 - a component
    return t"<div class={label}>{jinja('_price.html', label=label, amount=amount)}</div>"


def Layout(*, title: str, children: Template | Markup) -> Template:  # noqa: N802 - a component
    return t"<!doctype html>\n<title>{title} - Shop</title>\n<main>{children}</main>\n"


def Counter(*, start: int) -> Template:  # noqa: N802 - a component
    return t"<output>{start}</output><script>count({start})</script>"


@pytest.fixture
def app(tmp_path: Path) -> flask.Flask:
    folder = tmp_path / "templates"
    folder.mkdir()
    for name, source in TEMPLATES.items():
        (folder / name).write_text(source)
    app = flask.Flask(__name__, template_folder=str(folder))
    app.testing = True
    app.add_template_global(for_jinja(Card), "card")
    app.add_template_global(for_jinja(Counter), "counter")
    return app


def body(app: flask.Flask, url: str = "/") -> str:
    response = app.test_client().get(url)
    assert 200 == response.status_code
    return response.get_data(as_text=True)


# -- a Jinja page that uses components ------------------------------------------------------


def test_a_jinja_page_calls_a_component_and_passes_a_call_block_as_children(
    app: flask.Flask,
) -> None:
    @app.get("/")
    def product() -> str:
        return flask.render_template("product.html", product=SCRIPT, note=BREAKOUT)

    assert (
        "<!doctype html>\n"
        f"<title>{SCRIPT_ESCAPED} - Shop</title>\n"
        f'<main><section class="card"><h2>{SCRIPT_ESCAPED}</h2></section>'
        f'<section class="card"><h2>Notes</h2><p>{BREAKOUT_ESCAPED}</p></section></main>'
    ) == body(app)


def test_a_component_in_a_jinja_page_gets_the_requests_nonce(app: flask.Flask) -> None:
    app.config["HTMLTEMPLATES_CSP_NONCE"] = lambda: "n0nce"
    HTMLTemplates(app)

    @app.get("/")
    def scripted() -> str:
        return flask.render_template("scripted.html", start=3)

    assert ('<div><output>3</output><script nonce="n0nce">count( 3 )</script></div>') == body(app)


def test_a_jinja_layout_around_a_page_made_of_components(app: flask.Flask) -> None:
    @app.get("/")
    def page() -> str:
        content = html(t"<{Card} title={SCRIPT}><p>{BREAKOUT}</p></{Card}>")
        return flask.render_template("with_content.html", content=content)

    assert (
        f'<body><section class="card"><h2>{SCRIPT_ESCAPED}</h2><p>{BREAKOUT_ESCAPED}</p>'
        "</section></body>"
    ) == body(app)


# -- components that use Jinja templates ----------------------------------------------------


def test_a_component_includes_a_jinja_fragment(app: flask.Flask) -> None:
    @app.get("/")
    @view
    def price() -> Template:
        return t"<main><{PriceTag} label={BREAKOUT} amount={SCRIPT} /></main>"

    assert (
        f'<main><div class="{BREAKOUT_ESCAPED}">'
        f'<span class="price" title="{BREAKOUT_ESCAPED}">{SCRIPT_ESCAPED} EUR</span>'
        "</div></main>"
    ) == body(app)


def test_render_template_returns_a_str_which_a_component_escapes_again(
    app: flask.Flask,
) -> None:
    @app.get("/")
    @view
    def price() -> Template:
        fragment = flask.render_template("_price.html", label="x", amount="<1>")
        assert type(fragment) is str
        return t"<div>{fragment}</div>"

    assert (
        "<div>&lt;span class=&#34;price&#34; title=&#34;x&#34;&gt;&amp;lt;1&amp;gt; EUR"
        "&lt;/span&gt;</div>"
    ) == body(app)


def test_a_component_layout_around_a_jinja_page_body(app: flask.Flask) -> None:
    @app.get("/")
    @view
    def legacy() -> Template:
        return t"<{Layout} title={SCRIPT}>{jinja('legacy_body.html', heading=BREAKOUT)}</{Layout}>"

    assert (
        f"<!doctype html>\n<title>{SCRIPT_ESCAPED} - Shop</title>\n"
        f"<main><h1>{BREAKOUT_ESCAPED}</h1></main>\n"
    ) == body(app)


def test_a_component_calls_a_jinja_macro(app: flask.Flask) -> None:
    @app.get("/")
    @view
    def search() -> Template:
        field = flask.get_template_attribute("_forms.html", "field")
        query = flask.request.args.get("q", "")
        return t"<form>{field('q', query)}<button>Search</button></form>"

    assert (
        f'<form><input name="q" value="{BREAKOUT_ESCAPED}"><button>Search</button></form>'
    ) == body(app, "/?" + urllib.parse.urlencode({"q": BREAKOUT}))


def test_a_text_template_is_not_marked_as_html(app: flask.Flask) -> None:
    with app.test_request_context("/"):
        assert f"Hello {SCRIPT}" == flask.render_template("note.txt", name=SCRIPT)  # not escaped
        with pytest.raises(ValueError, match=r"note\.txt is not autoescaped by Flask"):
            jinja("note.txt", name=SCRIPT)
        assert f"<pre>Hello {SCRIPT_ESCAPED}</pre>" == html(
            t"<pre>{flask.render_template('note.txt', name=SCRIPT)}</pre>"
        )
