"""Template errors in the Werkzeug debugger: in debug mode, the page shows the error's message
with the template excerpt and its carets, escaped (the message is the exception's own text,
which the debugger prints as a traceback does, notes included)."""

from __future__ import annotations

import inspect
import linecache
import re
from collections.abc import Callable
from string.templatelib import Template
from typing import Any

import flask
import pytest
from markupsafe import escape
from werkzeug.debug import DebuggedApplication
from werkzeug.test import Client

from htmltemplates import html
from htmltemplates.integrations.flask import HTMLTemplates, stream_html, view


def card(item: object) -> Template:
    return t'<div class="card">\n  <p>{item}</p>\n</div>'


def app_with(index: Callable[..., Any]) -> Client:
    app = flask.Flask(__name__)
    app.debug = True  # errors propagate to the debugger, as under `flask run --debug`
    HTMLTemplates(app)
    app.get("/")(index)
    return Client(DebuggedApplication(app, evalex=False))


def in_html() -> Any:
    name = "x"
    return html(t"<script>var a = /{name}/;</script>")


def bare_template() -> Any:  # the extension renders it
    return t"<p>{ {'a': 1} }</p>"


@view
def nested_with_view() -> Template:
    return t"<main>{[card('ok'), card(b'bytes')]}</main>"


def streamed() -> flask.Response:
    return stream_html(t"<ul><li {['not', 'a', 'dict']}>x</li></ul>")


def line(function: Callable[..., Any], offset: int) -> str:
    first = inspect.unwrap(function).__code__.co_firstlineno
    return f"  test_flask_debugger.py, line {first + offset}\n"


def literal(function: Callable[..., Any], offset: int) -> int:
    """The line of the t-string literal ``offset`` lines into the definition of ``function``."""
    return inspect.unwrap(function).__code__.co_firstlineno + offset


@pytest.mark.parametrize(
    ("index", "headline", "excerpt", "caller", "template"),
    [
        pytest.param(
            in_html,
            "htmltemplates.errors.TemplateSyntaxError: interpolation inside a regular "
            "expression in &lt;script&gt;",
            "    &lt;script&gt;var a = /{name}/;&lt;/script&gt;\n                     ^^^^^^",
            line(in_html, 2),  # the line that calls html(), where the literal is too
            literal(in_html, 2),
            id="syntax-error-in-html",
        ),
        pytest.param(
            bare_template,
            "htmltemplates.errors.RenderError: a dict where text is expected: {&#39;a&#39;: 1}",
            "    &lt;p&gt;{ {&#39;a&#39;: 1} }&lt;/p&gt;\n       ^^^^^^^^^^^^",
            # Flask called html(), after the view returned: no line of the app called it, the
            # literal's line is found in the view's code
            "  template: tests/integrations/test_flask_debugger.py, "
            f"line {literal(bare_template, 1)}\n",
            literal(bare_template, 1),
            id="render-error-with-the-extension",
        ),
        pytest.param(
            nested_with_view,
            "htmltemplates.errors.RenderError: bytes where text is expected: b&#39;bytes&#39;",
            "      &lt;p&gt;{item}&lt;/p&gt;\n         ^^^^^^",
            # the line of card() that holds the faulty hole, and the view that returned the page
            f"  template: tests/integrations/test_flask_debugger.py, line {literal(card, 1)}\n"
            + line(nested_with_view, 0),
            literal(card, 1),
            id="render-error-in-a-component-with-view",
        ),
        pytest.param(
            streamed,
            "htmltemplates.errors.RenderError: a spread between attributes needs a mapping, "
            "not list: [&#39;not&#39;, &#39;a&#39;, &#39;dict&#39;]",
            "    &lt;ul&gt;&lt;li {[&#39;not&#39;, &#39;a&#39;, &#39;dict&#39;]}&gt;x&lt;/li&gt;"
            "&lt;/ul&gt;\n"
            "            ^^^^^^^^^^^^^^^^^^^^^^",
            line(streamed, 1),  # the line that calls stream_html()
            literal(streamed, 1),
            id="early-error-of-stream-html",
        ),
    ],
)
def test_the_debugger_shows_the_excerpt(
    index: Callable[..., Any], headline: str, excerpt: str, caller: str, template: int
) -> None:
    response = app_with(index).get("/")
    assert 500 == response.status_code
    page = response.get_data(as_text=True)
    message = re.search(r'<p class="errormsg">(.*?)</p>', page, re.DOTALL)
    assert message is not None, page
    assert message[1].startswith(f"{headline}\n\n{excerpt}\n{caller}\n")
    assert "See docs/errors.md#" in message[1]
    # the last frame of the traceback is the template literal's line, with its source
    frames = re.findall(
        r'<cite class="filename">"([^"]*)"</cite>,\s*line <em class="line">(\d+)</em>,\s*in '
        r'<code class="function">([^<]*)</code>',
        page,
    )
    assert frames[-1] == (__file__, str(template), "&lt;template&gt;"), frames
    source = linecache.getline(__file__, template).strip()
    assert escape(source) in page
