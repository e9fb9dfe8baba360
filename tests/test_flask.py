"""htmltemplates.integrations.flask with Flask's test client: html() in views, the extension,
@view, helpers."""

from __future__ import annotations

import asyncio
import inspect
import sys
from collections.abc import Callable
from string.templatelib import Template
from types import ModuleType
from typing import Any

import flask
import pytest
from hostile import EVIL, EVIL_ESCAPED, SCRIPT, SCRIPT_ESCAPED
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import NotFound

from htmltemplates import TemplateSyntaxError, html
from htmltemplates.integrations.flask import (
    HTMLTemplates,
    csrf_input,
    flashed_messages,
    static_url,
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


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_extension_renders_a_template_in_every_return_form(
    app: flask.Flask, form: Form, status: int, spam: str | None
) -> None:
    @app.get("/<name>")
    def hello(name: str) -> Any:
        return form(t"<h1>Hello, {name}!</h1>")

    assert (status, HTML, spam, "<h1>Hello, &lt;script&gt;!</h1>") == get(app, "/<script>")


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_extension_leaves_other_values_alone(
    app: flask.Flask, form: Form, status: int, spam: str | None
) -> None:
    @app.get("/")
    def index() -> Any:
        return form("<p>a str is sent as is</p>")

    @app.get("/json")
    def json() -> Any:
        return form({"spam": EVIL})

    assert (status, HTML, spam, "<p>a str is sent as is</p>") == get(app)
    response = app.test_client().get("/json")
    assert (status, "application/json", {"spam": EVIL}) == (
        response.status_code,
        response.content_type,
        response.json,
    )


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_extension_renders_a_list_of_templates_in_every_return_form(
    app: flask.Flask, form: Form, status: int, spam: str | None
) -> None:
    @app.get("/<name>")
    def swap(name: str) -> Any:
        return form([t"<p id=a>{name}</p>", t'<p id=b hx-swap-oob="true">{name}!</p>'])

    expected = '<p id=a>&lt;b&gt;</p><p id=b hx-swap-oob="true">&lt;b&gt;!</p>'
    assert (status, HTML, spam, expected) == get(app, "/<b>")


def test_extension_list_of_templates_renders_each_as_nested(app: flask.Flask) -> None:
    @app.get("/")
    def swap() -> Any:
        return [t"<svg><g>{EVIL}", t"<p>{EVIL}</p>"]  # the first leaves an <svg> open

    with pytest.raises(TemplateSyntaxError) as caught:
        app.test_client().get("/")
    assert "nested-end" == caught.value.anchor


def test_extension_leaves_other_lists_to_flask(app: flask.Flask) -> None:
    @app.get("/")
    def mixed() -> Any:
        return [t"<p>x</p>", "<p>y</p>"]

    @app.get("/empty")
    def empty() -> Any:
        return []

    with pytest.raises(TypeError, match="not JSON serializable"):
        app.test_client().get("/")
    response = app.test_client().get("/empty")
    assert ("application/json", []) == (response.content_type, response.json)


def test_extension_sends_flasks_template_signals(app: flask.Flask) -> None:
    sent: list[tuple[str, Template, dict[str, object]]] = []

    def record(name: str) -> Callable[..., None]:
        def receiver(sender: flask.Flask, template: Template, context: dict[str, object]) -> None:
            assert sender is app
            sent.append((name, template, context))

        return receiver

    before, after = record("before"), record("after")
    name, count = "Ada", 3

    @app.get("/")
    def index() -> Any:
        return t"<p>{name}</p>"

    @app.get("/swap")
    def swap() -> Any:
        return [t"<p>{name}</p>", t"<b>{count}</b>"], 201

    @app.get("/faulty")
    def faulty() -> Any:
        return t"<p {name}=x>"

    with (
        flask.before_render_template.connected_to(before, app),
        flask.template_rendered.connected_to(after, app),
    ):
        assert "<p>Ada</p>" == app.test_client().get("/").get_data(as_text=True)
        assert 201 == app.test_client().get("/swap").status_code
        with pytest.raises(TemplateSyntaxError):
            app.test_client().get("/faulty")
    assert [
        ("before", "<p>", {"name": "Ada"}),
        ("after", "<p>", {"name": "Ada"}),
        ("before", "<p>", {"name": "Ada"}),
        ("before", "<b>", {"count": 3}),
        ("after", "<p>", {"name": "Ada"}),
        ("after", "<b>", {"count": 3}),
        ("before", "<p ", {"name": "Ada"}),  # the faulty one: before, and nothing after
    ] == [(signal, template.strings[0], context) for signal, template, context in sent]


def test_extension_refuses_an_app_that_is_not_flask() -> None:
    class QuartLike:  # a Quart app has Flask's methods and attributes, not its requests
        def __init__(self) -> None:
            self.extensions: dict[str, object] = {}

    quart_like = QuartLike()
    with pytest.raises(TypeError) as caught:
        HTMLTemplates(quart_like)  # type: ignore[arg-type]
    assert (
        "HTMLTemplates(app) takes a Flask app, not "
        "test_extension_refuses_an_app_that_is_not_flask.<locals>.QuartLike. In another "
        "framework, return the Markup that html() returns from your views: it is a str, "
        "which they send as text/html."
    ) == str(caught.value)
    assert {} == quart_like.extensions


def test_extension_state_lives_in_app_extensions() -> None:
    app = make_app()
    extension = HTMLTemplates(app)
    assert extension is app.extensions["htmltemplates"]


def test_extension_with_an_app_factory() -> None:
    templates = HTMLTemplates()  # module level in a real app; no app bound to it
    apps = [make_app(), make_app()]
    for app in apps:
        templates.init_app(app)

        @app.get("/")
        def index() -> Any:
            return t"<p>{flask.current_app.name}</p>"

    for app in apps:
        assert templates is app.extensions["htmltemplates"]
        assert (200, HTML, None, "<p>test_flask</p>") == get(app)


def test_extension_installed_twice_is_an_error(app: flask.Flask) -> None:
    with pytest.raises(RuntimeError) as caught:
        HTMLTemplates(app)
    assert (
        "htmltemplates is already installed on the app 'test_flask'; "
        "call HTMLTemplates(app) or init_app(app) once per app."
    ) == str(caught.value)


def test_extension_template_from_error_handlers(app: flask.Flask) -> None:
    @app.get("/teapot")
    def teapot() -> Any:
        flask.abort(418)

    @app.errorhandler(404)
    def not_found(error: NotFound) -> Any:
        return t"<h1>Not found</h1><p>{flask.request.path}</p>", 404

    @app.errorhandler(418)
    def teapot_error(error: Exception) -> Any:
        return t"<h1>{error.name}</h1>", 418, {"X-Spam": "tea"}

    assert (404, HTML, None, "<h1>Not found</h1><p>/&lt;x&gt;</p>") == get(app, "/<x>")
    assert (418, HTML, "tea", "<h1>I&#39;m a teapot</h1>") == get(app, "/teapot")


def test_an_http_exception_as_a_value(app: flask.Flask) -> None:
    # a werkzeug HTTPException is callable (a WSGI app): a value, not a lazy value
    @app.errorhandler(404)
    def not_found(error: NotFound) -> Any:
        return t"<p>{error}</p>", 404

    response = app.test_client().get("/nowhere")
    assert 404 == response.status_code
    assert response.text.startswith("<p>404 Not Found: The requested URL was not found")


def test_extension_template_from_before_request(app: flask.Flask) -> None:
    @app.before_request
    def closed() -> Any:
        if flask.request.path == "/closed":
            return t"<p>Closed for {EVIL}</p>", 503
        return None

    @app.get("/<path:path>")
    def anything(path: str) -> Any:
        return t"<p>{path}</p>"

    assert (503, HTML, None, f"<p>Closed for {EVIL_ESCAPED}</p>") == get(app, "/closed")
    assert (200, HTML, None, "<p>open</p>") == get(app, "/open")


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


def test_extension_a_faulty_template_raises_in_the_view(app: flask.Flask) -> None:
    @app.get("/")
    def index() -> Any:
        return t"<p>{EVIL}</p"

    with pytest.raises(TemplateSyntaxError, match="the template ends inside the end tag </p>"):
        app.test_client().get("/")


def test_extension_a_faulty_template_is_a_500_outside_testing(app: flask.Flask) -> None:
    app.testing = False

    @app.get("/")
    def index() -> Any:
        return t"<p>{EVIL}</p"

    @app.errorhandler(500)
    def server_error(error: Exception) -> Any:
        return t"<h1>Server error</h1>", 500

    assert (500, HTML, None, "<h1>Server error</h1>") == get(app)


# -- @view: the same for one view, typed ----------------------------------------------------


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_view_renders_a_template_in_every_return_form(
    form: Form, status: int, spam: str | None
) -> None:
    app = make_app()

    @app.get("/<name>")
    @view
    def hello(name: str) -> Any:
        return form(t"<h1>Hello, {name}!</h1>")

    assert (status, HTML, spam, "<h1>Hello, &lt;script&gt;!</h1>") == get(app, "/<script>")


def test_view_passes_other_values_through() -> None:
    app = make_app()

    @app.get("/")
    @view
    def index() -> Template | flask.Response:
        if flask.request.args.get("go"):
            return flask.redirect("/elsewhere")  # type: ignore[return-value]
        return t"<p>stay</p>"

    assert (200, HTML, None, "<p>stay</p>") == get(app)
    response = app.test_client().get("/?go=1")
    assert (302, "/elsewhere") == (response.status_code, response.location)


def test_view_keeps_the_name_and_docstring() -> None:
    app = make_app()

    @app.get("/items/<int:item_id>")
    @view
    def item(item_id: int) -> Template:
        """One item."""
        return t'<a href="{flask.url_for("item", item_id=item_id + 1)}">next</a>'

    assert "item" == item.__name__
    assert "One item." == item.__doc__
    assert (200, HTML, None, '<a href="/items/8">next</a>') == get(app, "/items/7")


def test_view_in_the_call_form_and_add_url_rule() -> None:
    app = make_app()

    def show(word: str) -> tuple[Template, int]:
        return t"<b>{word}</b>", 201

    app.route("/a/<word>")(view(show))
    app.add_url_rule("/b/<word>", endpoint="b", view_func=view(show))

    assert (201, HTML, None, "<b>&lt;x&gt;</b>") == get(app, "/a/<x>")
    assert (201, HTML, None, "<b>&lt;x&gt;</b>") == get(app, "/b/<x>")


def test_view_on_an_error_handler() -> None:
    app = make_app()

    @app.errorhandler(404)
    @view
    def not_found(error: NotFound) -> tuple[Template, int]:
        return t"<h1>Not found</h1><p>{flask.request.path}</p>", 404

    assert (404, HTML, None, "<h1>Not found</h1><p>/&lt;x&gt;</p>") == get(app, "/<x>")


def test_view_head_request() -> None:
    app = make_app()

    @app.get("/")
    @view
    def index() -> Template:
        return t"<p>{EVIL}</p>"

    response = app.test_client().head("/")
    assert (200, HTML, b"") == (response.status_code, response.content_type, response.data)
    assert str(len(f"<p>{EVIL_ESCAPED}</p>")) == response.headers["Content-Length"]


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_view_on_an_async_view(form: Form, status: int, spam: str | None) -> None:
    app = make_app()

    @app.get("/<name>")
    @view
    async def hello(name: str) -> Any:
        await asyncio.sleep(0)
        return form(t"<h1>Hello, {name}!</h1>")

    assert (status, HTML, spam, "<h1>Hello, &lt;script&gt;!</h1>") == get(app, "/<script>")


def test_view_keeps_an_async_view_a_coroutine_function() -> None:
    async def index(page: int = 1) -> Template:
        """The index."""
        return t"<p>{page}</p>"

    rendering = view(index)
    assert inspect.iscoroutinefunction(rendering)
    assert ("index", "The index.") == (rendering.__name__, rendering.__doc__)
    assert inspect.signature(index) == inspect.signature(rendering)
    assert "<p>2</p>" == asyncio.run(rendering(2))


def test_view_on_async_error_handlers_and_other_values() -> None:
    app = make_app()

    @app.get("/")
    @view
    async def index() -> Template | flask.Response:
        if flask.request.args.get("go"):
            return flask.redirect("/elsewhere")  # type: ignore[return-value]
        raise KeyError(EVIL)

    @app.errorhandler(KeyError)
    @view
    async def key_error(error: KeyError) -> tuple[Template, int]:
        return t"<p>No such key: {error.args[0]}</p>", 400

    assert (400, HTML, None, f"<p>No such key: {EVIL_ESCAPED}</p>") == get(app)
    response = app.test_client().get("/?go=1")
    assert (302, "/elsewhere") == (response.status_code, response.location)


def test_view_and_extension_together(app: flask.Flask) -> None:
    @app.get("/")
    @view
    def index() -> tuple[Template, int]:
        return t"<p>{EVIL}</p>", 201

    assert (201, HTML, None, f"<p>{EVIL_ESCAPED}</p>") == get(app)


# -- helpers --------------------------------------------------------------------------------


def flash_app() -> flask.Flask:
    app = make_app()

    @app.post("/flash")
    def flash() -> Any:
        for category, message in flask.request.form.items(multi=True):
            if category == "plain":
                flask.flash(message)
            elif category == "markup":
                flask.flash(Markup(message), "info")
            else:
                flask.flash(message, category)
        return "flashed"

    @app.get("/")
    @view
    def index() -> Template:
        only = flask.request.args.getlist("only")
        return t"<main>{flashed_messages(only)}</main>"

    @app.get("/alerts")
    @view
    def alerts() -> Template:
        items = flashed_messages(flask.request.args.getlist("only"), render=Alert)
        return t"<main>{items and t'<div class=toasts>{items}</div>'}</main>"

    return app


def Alert(*, category: str, message: str) -> Template:  # noqa: N802 - a component
    """A component of the kind apps write for their flashes (Bootstrap's alerts)."""
    return t'<p class="alert alert-{category}" role=alert>{message}</p>'


def test_flashed_messages_with_their_categories_as_classes() -> None:
    app = flash_app()
    with app.test_client() as client:
        client.post(
            "/flash",
            data=MultiDict([("plain", "Saved."), ("error", SCRIPT), ("markup", "<b>bold</b>")]),
        )
        assert (
            '<main><ul class="flashes"><li class="message">Saved.</li>'
            f'<li class="error">{SCRIPT_ESCAPED}</li>'
            '<li class="info"><b>bold</b></li></ul></main>'
        ) == client.get("/").get_data(as_text=True)
        assert "<main></main>" == client.get("/").get_data(as_text=True)  # consumed


def test_flashed_messages_category_filter() -> None:
    app = flash_app()
    with app.test_client() as client:
        client.post(
            "/flash", data=MultiDict([("error", "Bad."), ("success", "Good."), ("error", "Ugly.")])
        )
        assert (
            '<main><ul class="flashes"><li class="error">Bad.</li>'
            '<li class="error">Ugly.</li></ul></main>'
        ) == client.get("/?only=error").get_data(as_text=True)


def test_flashed_messages_hostile_category_stays_in_the_class() -> None:
    app = flash_app()
    with app.test_client() as client:
        client.post("/flash", data=MultiDict([('x" onclick="alert(1)', "Hi")]))
        assert (
            '<main><ul class="flashes"><li class="x&#34; onclick=&#34;alert(1)">Hi</li></ul></main>'
        ) == client.get("/").get_data(as_text=True)


def test_flashed_messages_none_renders_nothing() -> None:
    app = make_app()
    with app.test_request_context("/"):
        assert "<p></p>" == html(t"<p>{flashed_messages()}</p>")


def test_flashed_messages_rendered_by_the_apps_component() -> None:
    app = flash_app()
    with app.test_client() as client:
        client.post(
            "/flash",
            data=MultiDict(
                [
                    ("plain", "Saved."),
                    ('x" onclick="alert(1)', SCRIPT),
                    ("markup", "<b>bold</b>"),
                ]
            ),
        )
        assert (
            "<main><div class=toasts>"
            '<p class="alert alert-message" role=alert>Saved.</p>'
            f'<p class="alert alert-x&#34; onclick=&#34;alert(1)" role=alert>{SCRIPT_ESCAPED}</p>'
            '<p class="alert alert-info" role=alert><b>bold</b></p>'
            "</div></main>"
        ) == client.get("/alerts").get_data(as_text=True)
        assert "<main></main>" == client.get("/alerts").get_data(as_text=True)  # consumed


def test_flashed_messages_rendered_with_a_category_filter() -> None:
    app = flash_app()
    with app.test_client() as client:
        client.post(
            "/flash", data=MultiDict([("error", "Bad."), ("success", "Good."), ("error", "Ugly.")])
        )
        assert (
            '<main><div class=toasts><p class="alert alert-error" role=alert>Bad.</p>'
            '<p class="alert alert-error" role=alert>Ugly.</p></div></main>'
        ) == client.get("/alerts?only=error").get_data(as_text=True)
        # the filter took the others out of the session too, as get_flashed_messages() does
        assert "<main></main>" == client.get("/alerts").get_data(as_text=True)


def test_flashed_messages_render_returns_a_list_of_what_it_returned() -> None:
    calls: list[tuple[str, str]] = []

    def remember(category: str, message: str) -> str:  # positional or keyword: fits too
        calls.append((category, message))
        return f"[{category}: {message}]"

    app = make_app()
    with app.test_request_context("/"):
        assert [] == flashed_messages(render=remember)  # nothing flashed: an empty list
    with app.test_request_context("/"):
        flask.flash("one")
        flask.flash("<two>", "error")
        assert ["[message: one]", "[error: <two>]"] == flashed_messages(render=remember)
    assert [("message", "one"), ("error", "<two>")] == calls


def test_static_url() -> None:
    app = make_app()
    with app.test_request_context("/"):
        assert "/static/css/site.css" == static_url("css/site.css")
        assert "/static/a%20b.css?v=3" == static_url("a b.css", v=3)
        assert "http://localhost/static/x.js" == static_url("x.js", _external=True)
        assert '<link rel="stylesheet" href="/static/site.css?v=%3Cb%3E">' == html(
            t'<link rel="stylesheet" href={static_url("site.css", v="<b>")}>'
        )


def test_csrf_input_without_flask_wtf(monkeypatch: pytest.MonkeyPatch) -> None:
    # the flask extra installs Flask-WTF: an app without it is one where its import fails
    monkeypatch.setitem(sys.modules, "flask_wtf", None)
    monkeypatch.setitem(sys.modules, "flask_wtf.csrf", None)
    app = make_app()
    with app.test_request_context("/"), pytest.raises(ImportError) as caught:
        csrf_input()
    assert "csrf_input() needs Flask-WTF, which is not installed (pip install Flask-WTF)." == str(
        caught.value
    )
    assert "flask_wtf" == caught.value.name


@pytest.mark.parametrize(
    ("config", "name"),
    [
        pytest.param({}, "csrf_token", id="default-name"),
        pytest.param({"WTF_CSRF_FIELD_NAME": "_csrf"}, "_csrf", id="configured-name"),
    ],
)
def test_csrf_input_with_flask_wtf(
    monkeypatch: pytest.MonkeyPatch, config: dict[str, str], name: str
) -> None:
    # Flask-WTF is not a dependency; its generate_csrf() is stood in for.
    fake = ModuleType("flask_wtf.csrf")
    fake.generate_csrf = lambda: 'token"<&>'  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "flask_wtf", ModuleType("flask_wtf"))
    monkeypatch.setitem(sys.modules, "flask_wtf.csrf", fake)
    app = make_app(**config)
    with app.test_request_context("/"):
        assert (
            f'<form><input type="hidden" name="{name}" value="token&#34;&lt;&amp;&gt;"></form>'
            == (html(t"<form>{csrf_input()}</form>"))
        )


def test_extension_points_a_quart_app_to_the_quart_extension() -> None:
    import quart  # noqa: PLC0415

    with pytest.raises(
        TypeError, match=r"not Quart\. For a Quart app, use htmltemplates\.integrations\.quart"
    ):
        HTMLTemplates(quart.Quart(__name__))  # type: ignore[arg-type]
