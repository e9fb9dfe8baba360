"""htmltemplates.integrations.flask with Flask's test client: html() in views, the extension,
@view, helpers."""

from __future__ import annotations

from collections.abc import Callable
from string.templatelib import Template
from typing import Any

import flask
import pytest
from hostile import EVIL, EVIL_ESCAPED
from markupsafe import Markup
from werkzeug.exceptions import NotFound

from htmltemplates import html
from htmltemplates.integrations.flask import (
    HTMLTemplates,
    view,
)

HTML = "text/html; charset=utf-8"

# A view's return value in each form Flask accepts, for a body made by `body()`: the expected
# status and the extra header.
FORMS: list[Any] = [
    pytest.param(lambda body: body, 200, None, id="body"),
    pytest.param(lambda body: (body, 201), 201, None, id="body-status"),
    pytest.param(lambda body: (body, "202 Accepted"), 202, None, id="body-status-str"),
    pytest.param(lambda body: (body, 203, {"X-Spam": "eggs"}), 203, "eggs", id="body-status-dict"),
    pytest.param(lambda body: (body, 206, [("X-Spam", "ham")]), 206, "ham", id="body-status-list"),
    pytest.param(lambda body: (body, {"X-Spam": "eggs"}), 200, "eggs", id="body-headers-dict"),
    pytest.param(lambda body: (body, [("X-Spam", "ham")]), 200, "ham", id="body-headers-list"),
]

Form = Callable[[object], object]


def make_app(**config: Any) -> flask.Flask:
    app = flask.Flask(__name__)
    app.config.update(TESTING=True, SECRET_KEY="test", **config)
    return app


def get(app: flask.Flask, url: str = "/", **kwargs: Any) -> tuple[int, str, str | None, str]:
    """status, content type, X-Spam header and body of a request."""
    response = app.test_client().get(url, **kwargs)
    return (
        response.status_code,
        response.content_type,
        response.headers.get("X-Spam"),
        response.get_data(as_text=True),
    )


# -- html() in plain Flask: Markup is a str -------------------------------------------------


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_html_in_every_return_form(form: Form, status: int, spam: str | None) -> None:
    app = make_app()

    @app.get("/<name>")
    def hello(name: str) -> Any:
        return form(html(t"<h1>Hello, {name}!</h1>"))

    assert (status, HTML, spam, "<h1>Hello, &lt;script&gt;!</h1>") == get(app, "/<script>")


def test_html_from_an_error_handler() -> None:
    app = make_app()

    @app.errorhandler(404)
    def not_found(error: NotFound) -> tuple[Markup, int]:
        return html(t"<h1>Not found</h1><p>{flask.request.path}</p>"), 404

    assert (404, HTML, None, "<h1>Not found</h1><p>/&lt;x&gt;</p>") == get(app, "/<x>")


def test_html_from_an_error_handler_of_an_exception() -> None:
    app = make_app()

    @app.get("/")
    def fails() -> str:
        raise KeyError(EVIL)

    @app.errorhandler(KeyError)
    def key_error(error: KeyError) -> tuple[Markup, int]:
        return html(t"<p>No such key: {error.args[0]}</p>"), 400

    assert (400, HTML, None, f"<p>No such key: {EVIL_ESCAPED}</p>") == get(app)


def test_head_request_has_no_body_and_the_get_length() -> None:
    app = make_app()

    @app.get("/")
    def index() -> Markup:
        return html(t"<p>{EVIL}</p>")

    response = app.test_client().head("/")
    assert 200 == response.status_code
    assert HTML == response.content_type
    assert b"" == response.data
    assert str(len(f"<p>{EVIL_ESCAPED}</p>")) == response.headers["Content-Length"]


def test_a_bare_template_without_the_extension_is_flasks_type_error() -> None:
    app = make_app()

    @app.get("/")
    def index() -> Any:
        return t"<p>hi</p>"

    with pytest.raises(TypeError) as caught:
        app.test_client().get("/")
    assert (
        "The view function did not return a valid response. The return type must be a string,"
        " dict, list, tuple with headers or status, Response instance, or WSGI callable, but it"
        " was a Template."
    ) == str(caught.value)


# -- the extension: bare templates everywhere a response value goes ---------------------------


@pytest.fixture
def app() -> flask.Flask:
    app = make_app()
    HTMLTemplates(app)
    return app


def test_an_http_exception_as_a_value(app: flask.Flask) -> None:
    # a werkzeug HTTPException is callable (a WSGI app): a value, not a lazy value
    @app.errorhandler(404)
    def not_found(error: NotFound) -> Any:
        return t"<p>{error}</p>", 404

    response = app.test_client().get("/nowhere")
    assert 404 == response.status_code
    assert response.text.startswith("<p>404 Not Found: The requested URL was not found")


def test_extension_template_through_flask_make_response(app: flask.Flask) -> None:
    @app.get("/")
    def index() -> Any:
        response = flask.make_response(t"<p>{EVIL}</p>", 201)
        response.headers["X-Spam"] = "made"
        return response

    assert (201, HTML, "made", f"<p>{EVIL_ESCAPED}</p>") == get(app)


def test_extension_keeps_a_subclass_make_response() -> None:
    class App(flask.Flask):
        def make_response(self, rv: Any) -> flask.Response:
            response = super().make_response(rv)
            response.headers["X-Spam"] = "subclass"
            return response

    app = App(__name__)
    app.testing = True
    HTMLTemplates(app)

    @app.get("/")
    def index() -> Any:
        return t"<p>{EVIL}</p>"

    assert (200, HTML, "subclass", f"<p>{EVIL_ESCAPED}</p>") == get(app)


def test_extension_head_request(app: flask.Flask) -> None:
    @app.get("/")
    def index() -> Any:
        return t"<p>{EVIL}</p>", {"X-Spam": "head"}

    response = app.test_client().head("/")
    assert (200, HTML, "head", b"") == (
        response.status_code,
        response.content_type,
        response.headers["X-Spam"],
        response.data,
    )
    assert str(len(f"<p>{EVIL_ESCAPED}</p>")) == response.headers["Content-Length"]


def test_extension_and_view_take_a_status_str() -> None:
    # the return forms both frameworks take are in test_integrations_shared.py; Flask's status
    # may also be a str (Quart's int("202 Accepted") fails)
    app = make_app()
    HTMLTemplates(app)

    @app.get("/<name>")
    def hello(name: str) -> Any:
        return t"<h1>Hello, {name}!</h1>", "202 Accepted"

    @app.get("/swap")
    def swap() -> Any:
        return [t"<p id=a>{EVIL}</p>", t'<p id=b hx-swap-oob="true">!</p>'], "202 Accepted"

    @app.get("/str")
    def plain() -> Any:
        return "<p>a str is sent as is</p>", "202 Accepted"

    @app.get("/view")
    @view
    def hello_view() -> Any:
        return t"<h1>{EVIL}</h1>", "202 Accepted"

    @app.get("/async")
    @view
    async def hello_async() -> Any:
        return t"<h1>{EVIL}</h1>", "202 Accepted"

    assert (202, HTML, None, "<h1>Hello, &lt;script&gt;!</h1>") == get(app, "/<script>")
    swapped = f'<p id=a>{EVIL_ESCAPED}</p><p id=b hx-swap-oob="true">!</p>'
    assert (202, HTML, None, swapped) == get(app, "/swap")
    assert (202, HTML, None, "<p>a str is sent as is</p>") == get(app, "/str")
    assert (202, HTML, None, f"<h1>{EVIL_ESCAPED}</h1>") == get(app, "/view")
    assert (202, HTML, None, f"<h1>{EVIL_ESCAPED}</h1>") == get(app, "/async")


# -- @view: the same for one view, typed ----------------------------------------------------


def test_view_head_request() -> None:
    app = make_app()

    @app.get("/")
    @view
    def index() -> Template:
        return t"<p>{EVIL}</p>"

    response = app.test_client().head("/")
    assert (200, HTML, b"") == (response.status_code, response.content_type, response.data)
    assert str(len(f"<p>{EVIL_ESCAPED}</p>")) == response.headers["Content-Length"]


def test_extension_points_a_quart_app_to_the_quart_extension() -> None:
    import quart  # noqa: PLC0415

    with pytest.raises(
        TypeError, match=r"not Quart\. For a Quart app, use htmltemplates\.integrations\.quart"
    ):
        HTMLTemplates(quart.Quart(__name__))  # type: ignore[arg-type]
