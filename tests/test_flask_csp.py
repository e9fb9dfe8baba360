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


def test_a_nonce_per_request_on_every_script_and_style() -> None:
    client = make_app(HTMLTEMPLATES_CSP_NONCE=True).test_client()
    first = client.get("/").get_data(as_text=True)
    second = client.get("/").get_data(as_text=True)
    assert TOKEN.fullmatch(nonce_of(first))
    assert page_with(nonce_of(first)) == first
    assert page_with(nonce_of(second)) == second
    assert nonce_of(first) != nonce_of(second)


def test_requests_inside_an_app_context_get_their_own_nonces() -> None:
    """flask.g is shared by requests made inside an outer app context: the nonce is not kept
    there."""
    app = make_app(HTMLTEMPLATES_CSP_NONCE=True)
    client = app.test_client()
    with app.app_context():
        first = nonce_of(client.get("/").get_data(as_text=True))
        second = nonce_of(client.get("/").get_data(as_text=True))
    assert first != second


def test_no_nonce_when_not_configured() -> None:
    response = make_app().test_client().get("/")
    assert PAGE_WITHOUT == response.get_data(as_text=True)
    assert "Content-Security-Policy" not in response.headers


def test_no_nonce_without_the_extension() -> None:
    app = flask.Flask(__name__)
    app.config.update(HTMLTEMPLATES_CSP_NONCE=True)

    @app.get("/")
    def index() -> str:
        return html(page())

    assert PAGE_WITHOUT == app.test_client().get("/").get_data(as_text=True)


def test_the_nonce_variable_is_reset_after_the_request() -> None:
    client = make_app(HTMLTEMPLATES_CSP_NONCE=True).test_client()
    assert client.get("/").status_code == 200
    assert None is CSP_NONCE.get()
    assert None is request_nonce()  # outside a request


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


def test_a_function_is_called_once_per_request() -> None:
    calls: list[str] = []

    def make_nonce() -> str:
        calls.append(flask.request.path)
        return f"n{len(calls)}"

    app = make_app(HTMLTEMPLATES_CSP_NONCE=make_nonce)
    client = app.test_client()
    assert page_with("n1") == client.get("/").get_data(as_text=True)
    assert page_with("n2") == client.get("/").get_data(as_text=True)
    assert ["/", "/"] == calls


def test_a_function_returning_none_gives_no_nonce_and_is_called_once() -> None:
    calls: list[str] = []

    def no_nonce() -> None:
        calls.append("called")

    app = make_app(HTMLTEMPLATES_CSP_NONCE=no_nonce)
    assert PAGE_WITHOUT == app.test_client().get("/").get_data(as_text=True)
    assert ["called"] == calls  # three asked for it: <style>, <script>, the view


def test_no_nonce_is_made_for_a_page_without_scripts_or_styles() -> None:
    calls: list[str] = []

    def make_nonce() -> str:
        calls.append("called")
        return "abc"

    app = make_app(HTMLTEMPLATES_CSP_NONCE=make_nonce)

    @app.get("/plain")
    def plain() -> str:
        return html(t"<p>{'no script'}</p>")

    assert "<p>no script</p>" == app.test_client().get("/plain").get_data(as_text=True)
    assert [] == calls


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        (
            "fixed",
            "HTMLTEMPLATES_CSP_NONCE must be None, True, False or a function returning the "
            "request's nonce, not str (a fixed nonce defeats the policy).",
        ),
        (lambda: 42, "HTMLTEMPLATES_CSP_NONCE returned int; it must return a str or None."),
    ],
)
def test_a_bad_setting_is_a_type_error(setting: object, message: str) -> None:
    client = make_app(HTMLTEMPLATES_CSP_NONCE=setting).test_client()
    with pytest.raises(TypeError) as caught:
        client.get("/")
    assert message == str(caught.value)


# -- everywhere a page is rendered during a request ---------------------------------------------


def test_error_handlers_and_before_request_pages_get_the_nonce() -> None:
    app = flask.Flask(__name__)
    app.config.update(TESTING=True, HTMLTEMPLATES_CSP_NONCE=lambda: "abc")

    @app.before_request
    def closed() -> Any:  # registered before the extension is installed: runs after it
        if flask.request.path == "/closed":
            return t"<script>closed()</script>", 503
        return None

    HTMLTemplates(app)

    @app.errorhandler(404)
    @view
    def not_found(error: Exception) -> tuple[Template, int]:
        return t"<script>notFound()</script>", 404

    bp = flask.Blueprint("shop", __name__)

    @bp.before_request
    def shop_closed() -> Any:
        return t"<style>p {{}}</style>", 503

    @bp.get("/shop")
    def shop() -> str:
        return "never"

    app.register_blueprint(bp)
    client = app.test_client()
    assert '<script nonce="abc">closed()</script>' == client.get("/closed").get_data(as_text=True)
    assert '<script nonce="abc">notFound()</script>' == client.get("/x").get_data(as_text=True)
    assert '<style nonce="abc">p {}</style>' == client.get("/shop").get_data(as_text=True)


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


def test_the_policy_header_names_the_pages_nonce() -> None:
    app = make_app(HTMLTEMPLATES_CSP="default-src 'self'; script-src 'nonce-{nonce}'")
    response = app.test_client().get("/")
    nonce = nonce_of(response.get_data(as_text=True))
    assert TOKEN.fullmatch(nonce)  # made because the policy names {nonce}
    assert (
        f"default-src 'self'; script-src 'nonce-{nonce}'"
        == (response.headers["Content-Security-Policy"])
    )


def test_the_policy_header_without_a_nonce_and_on_other_responses() -> None:
    app = make_app(HTMLTEMPLATES_CSP="default-src 'self'")

    @app.get("/text")
    def text() -> str:
        return "plain"

    client = app.test_client()
    assert "default-src 'self'" == client.get("/text").headers["Content-Security-Policy"]
    assert PAGE_WITHOUT == client.get("/").get_data(as_text=True)  # no {nonce}: no nonce


def test_the_policy_header_with_flask_talismans_nonce() -> None:
    app = talisman_app(HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'")
    response = app.test_client().get("/")
    assert page_with("t4l1sm4n") == response.get_data(as_text=True)
    assert "script-src 'nonce-t4l1sm4n'" == response.headers["Content-Security-Policy"]


def test_a_policy_header_already_set_is_kept() -> None:
    app = make_app(HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'")

    @app.get("/own")
    def own() -> tuple[str, dict[str, str]]:
        return "mine", {"Content-Security-Policy": "default-src 'none'"}

    response = app.test_client().get("/own")
    assert "default-src 'none'" == response.headers["Content-Security-Policy"]


def test_a_policy_with_a_nonce_but_none_given_is_an_error() -> None:
    app = make_app(HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'", HTMLTEMPLATES_CSP_NONCE=False)
    with pytest.raises(RuntimeError) as caught:
        app.test_client().get("/")
    assert (
        "HTMLTEMPLATES_CSP names {nonce}, but HTMLTEMPLATES_CSP_NONCE gave no nonce for this "
        "request." == str(caught.value)
    )


@pytest.mark.parametrize(
    "nonce",
    [
        "abc' https://evil.example",  # a quote and a space: a source added to the policy
        "abc; script-src *",  # a ';': a directive added
        "",
        "abc===",
        "abc\r\nX-Injected: 1",
    ],
)
def test_a_nonce_that_is_not_base64_never_reaches_the_policy(nonce: str) -> None:
    app = make_app(
        HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'",
        HTMLTEMPLATES_CSP_NONCE=lambda: nonce or "a b",
    )
    with pytest.raises(ValueError, match=r"^HTMLTEMPLATES_CSP_NONCE gave the nonce ") as caught:
        app.test_client().get("/")
    assert str(caught.value).endswith(
        ", which is not base64: a nonce is written into the Content-Security-Policy header as it "
        "is, where a space, a quote or a ';' would add sources to the policy. Make nonces with "
        "secrets.token_urlsafe(16), never from request data."
    )


def test_base64_and_base64url_nonces_reach_the_policy() -> None:
    for nonce in ("aB3+/9==", "aB3-_9", "x"):
        app = make_app(
            HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'",
            HTMLTEMPLATES_CSP_NONCE=lambda nonce=nonce: nonce,
        )
        response = app.test_client().get("/")
        assert f"script-src 'nonce-{nonce}'" == response.headers["Content-Security-Policy"]
