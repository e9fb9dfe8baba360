"""Content-Security-Policy nonces in Flask: the extension gives each request its nonce, which
html() writes on every <script> and <style> (HTMLTEMPLATES_CSP_NONCE, HTMLTEMPLATES_CSP)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from string.templatelib import Template
from typing import Any

import flask
import pytest

from htmltemplates import CSP_NONCE, csp_nonce, html
from htmltemplates.integrations.flask import HTMLTemplates, request_nonce, stream_html, view


def page() -> Template:
    """A page with each element that takes a nonce, and the nonce as the view saw it."""
    return (
        t"<style>p {{ color: teal }}</style><script src=/app.js></script><p>{request_nonce()}</p>"
    )


def page_with(nonce: str) -> str:
    return (
        f'<style nonce="{nonce}">p {{ color: teal }}</style>'
        f'<script src=/app.js nonce="{nonce}"></script><p>{nonce}</p>'
    )


PAGE_WITHOUT = "<style>p { color: teal }</style><script src=/app.js></script><p></p>"

TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16): 16 bytes in base64url


def make_app(**config: Any) -> flask.Flask:
    app = flask.Flask(__name__)
    app.config.update({"TESTING": True, **config})
    HTMLTemplates(app)

    @app.get("/")
    def index() -> str:
        return html(page())

    return app


def nonce_of(body: str) -> str:
    found = re.fullmatch(r'<style nonce="([^"]*)">.*', body)
    assert found is not None, body
    return found[1]


def test_requests_inside_an_app_context_get_their_own_nonces() -> None:
    """flask.g is shared by requests made inside an outer app context: the nonce is not kept
    there."""
    app = make_app(HTMLTEMPLATES_CSP_NONCE=True)
    client = app.test_client()
    with app.app_context():
        first = nonce_of(client.get("/").get_data(as_text=True))
        second = nonce_of(client.get("/").get_data(as_text=True))
    assert first != second


def test_a_nonce_set_around_the_app_comes_back_after_the_request() -> None:
    client = make_app(HTMLTEMPLATES_CSP_NONCE=True).test_client()
    with csp_nonce("outer"):
        assert nonce_of(client.get("/").get_data(as_text=True)) != "outer"
        assert "outer" == CSP_NONCE.get()


def talisman_app(**config: Any) -> flask.Flask:
    """An app where, as with flask-talisman, ``request.csp_nonce`` is set by a before_request
    function registered after the extension."""
    app = make_app(**config)

    @app.before_request
    def talisman() -> None:
        flask.request.csp_nonce = "t4l1sm4n"  # type: ignore[attr-defined]

    return app


def test_flask_talismans_nonce_by_default() -> None:
    response = talisman_app().test_client().get("/")
    assert page_with("t4l1sm4n") == response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        pytest.param(False, PAGE_WITHOUT, id="false"),
        pytest.param(lambda: "fr0m-c0nf1g", page_with("fr0m-c0nf1g"), id="function"),
    ],
)
def test_the_setting_wins_over_flask_talisman(setting: object, expected: str) -> None:
    response = talisman_app(HTMLTEMPLATES_CSP_NONCE=setting).test_client().get("/")
    assert expected == response.get_data(as_text=True)


# -- everywhere a page is rendered during a request ---------------------------------------------


def test_an_async_view_gets_the_nonce() -> None:
    app = make_app(HTMLTEMPLATES_CSP_NONCE=lambda: "abc")

    @app.get("/async")
    @view
    async def index_async() -> Template:
        return t"<script>{request_nonce()}</script>"

    body = app.test_client().get("/async").get_data(as_text=True)
    assert '<script nonce="abc"> "abc" </script>' == body


def test_a_streamed_response_keeps_the_nonce_to_the_last_chunk() -> None:
    app = make_app(HTMLTEMPLATES_CSP_NONCE=True, HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'")

    def scripts() -> Iterator[Template]:
        for n in range(2):
            yield t"<script>run()</script><p>{n}</p>"

    @app.get("/stream")
    def stream() -> flask.Response:
        return stream_html(t"<main>{scripts()}</main>", chunk_size=0)

    response = app.test_client().get("/stream")
    chunks = [chunk.decode() for chunk in response.response]
    nonce = response.headers["Content-Security-Policy"].removeprefix("script-src 'nonce-")[:-1]
    assert TOKEN.fullmatch(nonce)
    assert [
        "<main>",
        f'<script nonce="{nonce}">run()</script><p>0</p>',
        f'<script nonce="{nonce}">run()</script><p>1</p>',
        "</main>",
    ] == chunks


# -- the policy header ----------------------------------------------------------------------


def test_the_policy_header_with_flask_talismans_nonce() -> None:
    app = talisman_app(HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'")
    response = app.test_client().get("/")
    assert page_with("t4l1sm4n") == response.get_data(as_text=True)
    assert "script-src 'nonce-t4l1sm4n'" == response.headers["Content-Security-Policy"]
