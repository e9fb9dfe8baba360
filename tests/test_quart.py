"""htmltemplates.quart with Quart's test client: the extension, @view, CSP nonces, helpers.

Quart's test client is async: each test runs its requests with asyncio.run (the suite has no
async test plugin, and needs none for this).
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import re
import sys
import threading
import urllib.parse
from collections.abc import Callable, Coroutine
from pathlib import Path
from string.templatelib import Template
from types import ModuleType
from typing import Any

import flask
import pytest
import quart
from hostile import EVIL, EVIL_ESCAPED, SCRIPT, SCRIPT_ESCAPED
from markupsafe import Markup
from quart.typing import ResponseTypes
from werkzeug.exceptions import HTTPException, NotFound

from htmltemplates import CSP_NONCE, TemplateSyntaxError, html
from htmltemplates import quart as integration
from htmltemplates.quart import (
    HTMLTemplates,
    csrf_input,
    flashed_messages,
    request_nonce,
    static_url,
    view,
)

HTML = "text/html; charset=utf-8"

# A view's return value in each form Quart accepts, for a body made by `body()`: the expected
# status and the extra header. (Quart takes an int status only: int("202 Accepted") fails.)
FORMS: list[Any] = [
    pytest.param(lambda body: body, 200, None, id="body"),
    pytest.param(lambda body: (body, 201), 201, None, id="body-status"),
    pytest.param(lambda body: (body, 203, {"X-Spam": "eggs"}), 203, "eggs", id="body-status-dict"),
    pytest.param(lambda body: (body, 206, [("X-Spam", "ham")]), 206, "ham", id="body-status-list"),
    pytest.param(lambda body: (body, {"X-Spam": "eggs"}), 200, "eggs", id="body-headers-dict"),
    pytest.param(lambda body: (body, [("X-Spam", "ham")]), 200, "ham", id="body-headers-list"),
]

Form = Callable[[object], object]


def make_app(**config: Any) -> quart.Quart:
    app = quart.Quart(__name__)
    app.config.update(TESTING=True, SECRET_KEY="test", **config)
    return app


def run[T](coroutine: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coroutine)


async def fetch(
    app: quart.Quart, url: str = "/", **kwargs: Any
) -> tuple[int, str, str | None, str]:
    """status, content type, X-Spam header and body of a request."""
    response = await app.test_client().open(url, **kwargs)
    return (
        response.status_code,
        response.content_type,
        response.headers.get("X-Spam"),
        await response.get_data(as_text=True),
    )


def get(app: quart.Quart, url: str = "/", **kwargs: Any) -> tuple[int, str, str | None, str]:
    return run(fetch(app, url, **kwargs))


def raised(app: quart.Quart, url: str = "/") -> Exception:
    """The exception a request raised. In testing mode Quart's ASGI layer answers it with a
    500 and a traceback page; got_request_exception has the exception itself."""
    caught: list[Exception] = []

    async def record(sender: quart.Quart, exception: Exception, **extra: object) -> None:
        caught.append(exception)

    async def request() -> int:
        with quart.got_request_exception.connected_to(record, app):
            return (await app.test_client().get(url)).status_code

    assert 500 == run(request())
    (error,) = caught
    return error


# -- html() in plain Quart: Markup is a str -------------------------------------------------


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_html_in_every_return_form(form: Form, status: int, spam: str | None) -> None:
    app = make_app()

    @app.get("/<name>")
    async def hello(name: str) -> Any:
        return form(html(t"<h1>Hello, {name}!</h1>"))

    assert (status, HTML, spam, "<h1>Hello, &lt;script&gt;!</h1>") == get(app, "/<script>")


def test_a_bare_template_without_the_extension_is_quarts_type_error() -> None:
    app = make_app()

    @app.get("/")
    async def index() -> Any:
        return t"<p>hi</p>"

    error = raised(app)
    assert isinstance(error, TypeError)
    assert "The response value type (Template) is not valid" == str(error)


# -- the extension: bare templates everywhere a response value goes ---------------------------


@pytest.fixture
def app() -> quart.Quart:
    app = make_app()
    HTMLTemplates(app)
    return app


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_extension_renders_a_template_in_every_return_form(
    app: quart.Quart, form: Form, status: int, spam: str | None
) -> None:
    @app.get("/<name>")
    async def hello(name: str) -> Any:
        return form(t"<h1>Hello, {name}!</h1>")

    @app.get("/sync/<name>")
    def hello_sync(name: str) -> Any:  # Quart runs it in a thread
        return form(t"<h1>Hi, {name}!</h1>")

    assert (status, HTML, spam, "<h1>Hello, &lt;script&gt;!</h1>") == get(app, "/<script>")
    assert (status, HTML, spam, "<h1>Hi, &lt;b&gt;!</h1>") == get(app, "/sync/<b>")


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_extension_leaves_other_values_alone(
    app: quart.Quart, form: Form, status: int, spam: str | None
) -> None:
    @app.get("/")
    async def index() -> Any:
        return form("<p>a str is sent as is</p>")

    @app.get("/json")
    async def json() -> Any:
        return form({"spam": EVIL})

    async def requests() -> tuple[Any, ...]:
        response = await app.test_client().get("/json")
        return response.status_code, response.content_type, await response.get_json()

    assert (status, HTML, spam, "<p>a str is sent as is</p>") == get(app)
    assert (status, "application/json", {"spam": EVIL}) == run(requests())


@pytest.mark.parametrize(("form", "status", "spam"), FORMS)
def test_extension_renders_a_list_of_templates_in_every_return_form(
    app: quart.Quart, form: Form, status: int, spam: str | None
) -> None:
    @app.get("/<name>")
    async def swap(name: str) -> Any:
        return form([t"<p id=a>{name}</p>", t'<p id=b hx-swap-oob="true">{name}!</p>'])

    expected = '<p id=a>&lt;b&gt;</p><p id=b hx-swap-oob="true">&lt;b&gt;!</p>'
    assert (status, HTML, spam, expected) == get(app, "/<b>")


def test_extension_list_of_templates_renders_each_as_nested(app: quart.Quart) -> None:
    @app.get("/")
    async def swap() -> Any:
        return [t"<svg><g>{EVIL}", t"<p>{EVIL}</p>"]  # the first leaves an <svg> open

    error = raised(app)
    assert isinstance(error, TemplateSyntaxError)
    assert "nested-end" == error.anchor


def test_extension_leaves_other_lists_to_quart(app: quart.Quart) -> None:
    @app.get("/")
    async def mixed() -> Any:
        return [t"<p>x</p>", "<p>y</p>"]

    @app.get("/empty")
    async def empty() -> Any:
        return []

    async def requests() -> tuple[str, Any]:
        response = await app.test_client().get("/empty")
        return response.content_type, await response.get_json()

    error = raised(app)
    assert isinstance(error, TypeError)
    assert "not JSON serializable" in str(error)
    assert ("application/json", []) == run(requests())


def test_extension_sends_quarts_template_signals(app: quart.Quart) -> None:
    sent: list[tuple[str, Template, dict[str, object]]] = []

    async def before(sender: quart.Quart, template: Template, context: dict[str, object]) -> None:
        assert sender is app
        sent.append(("before", template, context))

    def after(sender: quart.Quart, template: Template, context: dict[str, object]) -> None:
        # a plain receiver: Quart sends with send_async, running it through app.ensure_async
        assert sender is app
        sent.append(("after", template, context))

    name, count = "Ada", 3

    @app.get("/")
    async def index() -> Any:
        return t"<p>{name}</p>"

    @app.get("/swap")
    async def swap() -> Any:
        return [t"<p>{name}</p>", t"<b>{count}</b>"], 201

    @app.get("/faulty")
    async def faulty() -> Any:
        return t"<p {name}=x>"

    with (
        quart.before_render_template.connected_to(before, app),
        quart.template_rendered.connected_to(after, app),
    ):
        assert (200, HTML, None, "<p>Ada</p>") == get(app)
        assert 201 == get(app, "/swap")[0]
        assert isinstance(raised(app, "/faulty"), TemplateSyntaxError)
    assert [
        ("before", "<p>", {"name": "Ada"}),
        ("after", "<p>", {"name": "Ada"}),
        ("before", "<p>", {"name": "Ada"}),
        ("before", "<b>", {"count": 3}),
        ("after", "<p>", {"name": "Ada"}),
        ("after", "<b>", {"count": 3}),
        ("before", "<p ", {"name": "Ada"}),  # the faulty one: before, and nothing after
    ] == [(signal, template.strings[0], context) for signal, template, context in sent]


def test_extension_refuses_a_flask_app_and_names_the_flask_extension() -> None:
    flask_app = flask.Flask("shop")
    with pytest.raises(TypeError) as caught:
        HTMLTemplates(flask_app)  # type: ignore[arg-type]
    assert (
        "HTMLTemplates(app) takes a Quart app, not Flask; for a Flask app, use "
        "htmltemplates.flask.HTMLTemplates."
    ) == str(caught.value)
    assert "htmltemplates" not in flask_app.extensions


def test_extension_refuses_any_other_app() -> None:
    class Starlette:
        def __init__(self) -> None:
            self.extensions: dict[str, object] = {}

    other = Starlette()
    with pytest.raises(TypeError) as caught:
        HTMLTemplates().init_app(other)  # type: ignore[arg-type]
    assert (
        "HTMLTemplates(app) takes a Quart app, not "
        "test_extension_refuses_any_other_app.<locals>.Starlette. In another framework, return "
        "the Markup that html() returns from your views: it is a str, which they send as "
        "text/html."
    ) == str(caught.value)
    assert {} == other.extensions


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
        async def index() -> Any:
            return t"<p>{quart.current_app.name}</p>"

    for app in apps:
        assert templates is app.extensions["htmltemplates"]
        assert (200, HTML, None, "<p>test_quart</p>") == get(app)


def test_extension_installed_twice_is_an_error(app: quart.Quart) -> None:
    with pytest.raises(RuntimeError) as caught:
        HTMLTemplates(app)
    assert (
        "htmltemplates is already installed on the app 'test_quart'; "
        "call HTMLTemplates(app) or init_app(app) once per app."
    ) == str(caught.value)


def test_extension_template_from_error_handlers(app: quart.Quart) -> None:
    @app.get("/teapot")
    async def teapot() -> Any:
        quart.abort(418)

    @app.errorhandler(404)
    async def not_found(error: NotFound) -> Any:
        return t"<h1>Not found</h1><p>{quart.request.path}</p>", 404

    @app.errorhandler(418)
    def teapot_error(error: HTTPException) -> Any:
        return t"<h1>{error.name}</h1>", 418, {"X-Spam": "tea"}

    assert (404, HTML, None, "<h1>Not found</h1><p>/&lt;x&gt;</p>") == get(app, "/<x>")
    assert (418, HTML, "tea", "<h1>I&#39;m a teapot</h1>") == get(app, "/teapot")


def test_extension_leaves_an_http_exception_to_quart(app: quart.Quart) -> None:
    @app.get("/")
    async def index() -> Any:
        return NotFound()  # make_response takes an HTTPException too

    status, _content_type, _spam, body = get(app)
    assert 404 == status
    assert "<h1>Not Found</h1>" in body


def test_extension_template_from_before_request(app: quart.Quart) -> None:
    @app.before_request
    async def closed() -> Any:
        if quart.request.path == "/closed":
            return t"<p>Closed for {EVIL}</p>", 503
        return None

    @app.get("/<path:path>")
    async def anything(path: str) -> Any:
        return t"<p>{path}</p>"

    assert (503, HTML, None, f"<p>Closed for {EVIL_ESCAPED}</p>") == get(app, "/closed")
    assert (200, HTML, None, "<p>open</p>") == get(app, "/open")


def test_extension_template_through_quart_make_response(app: quart.Quart) -> None:
    @app.get("/")
    async def index() -> Any:
        response = await quart.make_response(t"<p>{EVIL}</p>", 201)
        response.headers["X-Spam"] = "made"
        return response

    assert (201, HTML, "made", f"<p>{EVIL_ESCAPED}</p>") == get(app)


def test_extension_keeps_a_subclass_make_response() -> None:
    class App(quart.Quart):
        async def make_response(self, result: Any) -> ResponseTypes:
            response = await super().make_response(result)
            response.headers["X-Spam"] = "subclass"
            return response

    app = App(__name__)
    app.testing = True
    HTMLTemplates(app)

    @app.get("/")
    async def index() -> Any:
        return t"<p>{EVIL}</p>"

    assert (200, HTML, "subclass", f"<p>{EVIL_ESCAPED}</p>") == get(app)


def test_extension_a_faulty_template_raises_in_the_request(app: quart.Quart) -> None:
    @app.get("/")
    async def index() -> Any:
        return t"<p>{EVIL}</p"

    error = raised(app)
    assert isinstance(error, TemplateSyntaxError)
    assert str(error).startswith("the template ends inside the end tag </p>")


def test_extension_a_faulty_template_is_a_500_outside_testing(app: quart.Quart) -> None:
    app.testing = False

    @app.get("/")
    async def index() -> Any:
        return t"<p>{EVIL}</p"

    @app.errorhandler(500)
    async def server_error(error: Exception) -> Any:
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
    async def hello(name: str) -> Any:
        await asyncio.sleep(0)
        return form(t"<h1>Hello, {name}!</h1>")

    @app.get("/sync/<name>")
    @view
    def hello_sync(name: str) -> Any:
        return form(t"<h1>Hi, {name}!</h1>")

    assert (status, HTML, spam, "<h1>Hello, &lt;script&gt;!</h1>") == get(app, "/<script>")
    assert (status, HTML, spam, "<h1>Hi, &lt;b&gt;!</h1>") == get(app, "/sync/<b>")


def test_view_passes_other_values_through() -> None:
    app = make_app()

    @app.get("/")
    @view
    async def index() -> Any:
        if quart.request.args.get("go"):
            return quart.redirect("/elsewhere")
        return t"<p>stay</p>"

    @app.get("/str")
    @view
    def plain_str() -> str:
        return "<p>a str</p>"

    async def redirected() -> tuple[int, str | None]:
        response = await app.test_client().get("/?go=1")
        return response.status_code, response.location

    assert (200, HTML, None, "<p>stay</p>") == get(app)
    assert (302, "/elsewhere") == run(redirected())
    assert (200, HTML, None, "<p>a str</p>") == get(app, "/str")


def test_view_keeps_the_name_docstring_and_signature() -> None:
    app = make_app()

    @app.get("/items/<int:item_id>")
    @view
    def item(item_id: int) -> Template:
        """One item."""
        return t'<a href="{quart.url_for("item", item_id=item_id + 1)}">next</a>'

    async def show(page: int = 1) -> Template:
        """The index."""
        return t"<p>{page}</p>"

    assert ("item", "One item.") == (item.__name__, item.__doc__)
    assert (200, HTML, None, '<a href="/items/8">next</a>') == get(app, "/items/7")
    rendering = view(show)
    assert inspect.iscoroutinefunction(rendering)
    assert ("show", "The index.") == (rendering.__name__, rendering.__doc__)
    assert inspect.signature(show) == inspect.signature(rendering)
    assert "<p>2</p>" == run(rendering(2))


def test_view_runs_a_sync_view_in_a_thread_and_renders_on_the_loop() -> None:
    app = make_app()
    threads: dict[str, int] = {}

    def where(name: str) -> str:
        threads[name] = threading.get_ident()
        return name

    @app.get("/")
    @view
    def index() -> Template:
        where("view")
        return t"<p>{(lambda: where('render'))}</p>"  # a lazy value: called as it renders

    @app.before_request
    async def loop() -> None:
        where("loop")

    assert (200, HTML, None, "<p>render</p>") == get(app)
    assert threads["view"] != threads["loop"]
    assert threads["render"] == threads["loop"]


def test_view_runs_a_sync_view_the_apps_way() -> None:
    ran: list[str] = []

    class App(quart.Quart):
        def sync_to_async(self, func: Callable[..., Any]) -> Callable[..., Any]:
            ran.append(func.__name__)
            return super().sync_to_async(func)

    app = App(__name__)

    @app.get("/")
    @view
    def index() -> Template:
        return t"<p>hi</p>"

    assert (200, HTML, None, "<p>hi</p>") == get(app)
    assert ["index"] == ran


def test_view_called_outside_an_app() -> None:
    def show(word: str) -> tuple[Template, int]:
        return t"<b>{word}</b>", 201

    assert (Markup("<b>&lt;x&gt;</b>"), 201) == run(view(show)("<x>"))


def test_view_in_the_call_form_and_add_url_rule() -> None:
    app = make_app()

    def show(word: str) -> tuple[Template, int]:
        return t"<b>{word}</b>", 201

    app.route("/a/<word>")(view(show))
    app.add_url_rule("/b/<word>", endpoint="b", view_func=view(show))

    assert (201, HTML, None, "<b>&lt;x&gt;</b>") == get(app, "/a/<x>")
    assert (201, HTML, None, "<b>&lt;x&gt;</b>") == get(app, "/b/<x>")


def test_view_on_error_handlers() -> None:
    app = make_app()

    @app.get("/")
    async def index() -> Any:
        raise KeyError(EVIL)

    @app.errorhandler(404)
    @view
    def not_found(error: NotFound) -> tuple[Template, int]:
        return t"<h1>Not found</h1><p>{quart.request.path}</p>", 404

    @app.errorhandler(KeyError)
    @view
    async def key_error(error: KeyError) -> tuple[Template, int]:
        return t"<p>No such key: {error.args[0]}</p>", 400

    assert (404, HTML, None, "<h1>Not found</h1><p>/&lt;x&gt;</p>") == get(app, "/<x>")
    assert (400, HTML, None, f"<p>No such key: {EVIL_ESCAPED}</p>") == get(app)


def test_view_and_extension_together(app: quart.Quart) -> None:
    @app.get("/")
    @view
    async def index() -> tuple[Template, int]:
        return t"<p>{EVIL}</p>", 201

    assert (201, HTML, None, f"<p>{EVIL_ESCAPED}</p>") == get(app)


def test_view_error_names_the_views_definition() -> None:
    app = make_app()

    @app.get("/")
    @view
    async def index() -> Template:
        order = {"id": 7}
        return t"<p>Order {order}</p>"

    defined = index.__wrapped__.__code__.co_firstlineno  # type: ignore[attr-defined]
    error = raised(app)
    assert f"\n  test_quart.py, line {defined}\n" in str(error)
    assert str(error).startswith("a dict where text is expected: {'id': 7}\n")


# -- Content-Security-Policy nonces -----------------------------------------------------------


TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16): 16 bytes in base64url


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


def nonce_app(**config: Any) -> quart.Quart:
    app = make_app(**config)
    HTMLTemplates(app)

    @app.get("/")
    async def index() -> Any:
        return page()

    @app.get("/sync")
    def in_a_thread() -> Any:
        return page()

    return app


def nonce_of(body: str) -> str:
    found = re.fullmatch(r'<style nonce="([^"]*)">.*', body)
    assert found is not None, body
    return found[1]


def bodies(app: quart.Quart, *urls: str) -> list[str]:
    async def requests() -> list[str]:
        client = app.test_client()
        return [await (await client.get(url)).get_data(as_text=True) for url in urls]

    return run(requests())


def test_a_nonce_per_request_on_every_script_and_style() -> None:
    first, second, in_a_thread = bodies(nonce_app(HTMLTEMPLATES_CSP_NONCE=True), "/", "/", "/sync")
    assert TOKEN.fullmatch(nonce_of(first))
    assert page_with(nonce_of(first)) == first
    assert page_with(nonce_of(second)) == second
    assert page_with(nonce_of(in_a_thread)) == in_a_thread
    assert len({nonce_of(first), nonce_of(second), nonce_of(in_a_thread)}) == 3


def test_no_nonce_when_not_configured_or_false() -> None:
    assert [PAGE_WITHOUT] == bodies(nonce_app(), "/")
    app = nonce_app(HTMLTEMPLATES_CSP_NONCE=False)
    assert [PAGE_WITHOUT, PAGE_WITHOUT] == bodies(app, "/", "/sync")


def test_a_nonce_from_a_function_called_once_per_request() -> None:
    calls: list[int] = []

    def make() -> str:
        calls.append(1)
        return f"n{len(calls)}"

    app = nonce_app(HTMLTEMPLATES_CSP_NONCE=make)
    assert [page_with("n1"), page_with("n2")] == bodies(app, "/", "/sync")
    assert 2 == len(calls)
    assert [PAGE_WITHOUT] == bodies(nonce_app(HTMLTEMPLATES_CSP_NONCE=lambda: None), "/")


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        pytest.param(
            "fixed",
            "HTMLTEMPLATES_CSP_NONCE must be None, True, False or a function returning the "
            "request's nonce, not str (a fixed nonce defeats the policy).",
            id="fixed-string",
        ),
        pytest.param(
            lambda: 42,
            "HTMLTEMPLATES_CSP_NONCE returned int; it must return a str or None.",
            id="function-returning-int",
        ),
    ],
)
def test_a_wrong_nonce_setting_is_a_type_error(setting: object, message: str) -> None:
    error = raised(nonce_app(HTMLTEMPLATES_CSP_NONCE=setting))
    assert isinstance(error, TypeError)
    assert message == str(error)


def test_the_policy_header_names_the_nonce_of_the_page() -> None:
    app = nonce_app(HTMLTEMPLATES_CSP="default-src 'self'; script-src 'nonce-{nonce}'")

    async def request() -> tuple[str, str]:
        response = await app.test_client().get("/sync")
        return response.headers["Content-Security-Policy"], await response.get_data(as_text=True)

    policy, body = run(request())
    nonce = nonce_of(body)
    assert TOKEN.fullmatch(nonce)
    assert f"default-src 'self'; script-src 'nonce-{nonce}'" == policy
    assert page_with(nonce) == body


def test_a_policy_without_a_nonce() -> None:
    app = nonce_app(HTMLTEMPLATES_CSP="default-src 'self'")

    async def request() -> tuple[str, str]:
        response = await app.test_client().get("/")
        return response.headers["Content-Security-Policy"], await response.get_data(as_text=True)

    assert ("default-src 'self'", PAGE_WITHOUT) == run(request())


def test_a_policy_naming_a_nonce_when_there_is_none_is_an_error() -> None:
    app = nonce_app(HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'", HTMLTEMPLATES_CSP_NONCE=False)
    error = raised(app)
    assert isinstance(error, RuntimeError)
    assert (
        "HTMLTEMPLATES_CSP names {nonce}, but HTMLTEMPLATES_CSP_NONCE gave no nonce for this "
        "request." == str(error)
    )


def test_a_policy_header_of_the_view_is_kept() -> None:
    app = nonce_app(HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'")

    @app.get("/own")
    async def own() -> Any:
        return t"<script></script>", {
            "Content-Security-Policy": f"script-src 'nonce-{request_nonce()}' 'self'"
        }

    async def request() -> tuple[str, str]:
        response = await app.test_client().get("/own")
        return response.headers["Content-Security-Policy"], await response.get_data(as_text=True)

    policy, body = run(request())
    nonce = body.removeprefix('<script nonce="').removesuffix('"></script>')
    assert TOKEN.fullmatch(nonce)
    assert f"script-src 'nonce-{nonce}' 'self'" == policy


def test_before_request_pages_and_error_handlers_get_the_nonce() -> None:
    app = nonce_app(HTMLTEMPLATES_CSP_NONCE=lambda: "r4nd0m")

    @app.before_request
    async def closed() -> Any:
        if quart.request.path == "/closed":
            return page(), 503
        return None

    @app.errorhandler(404)
    def not_found(error: NotFound) -> Any:
        return page(), 404

    assert [page_with("r4nd0m"), page_with("r4nd0m")] == bodies(app, "/closed", "/nowhere")


def test_the_nonce_is_reset_when_the_request_is_torn_down() -> None:
    app = make_app(HTMLTEMPLATES_CSP_NONCE=True)
    seen: list[object] = []

    @app.teardown_request
    async def after_the_extensions(error: BaseException | None) -> None:
        # registered first, so it runs after the extension's (teardowns run in reverse)
        seen.append(CSP_NONCE.get())

    HTMLTemplates(app)

    @app.get("/")
    async def index() -> Any:
        seen.append(CSP_NONCE.get())
        return t"<script></script>"

    body = bodies(app, "/")[0]
    assert TOKEN.fullmatch(body.removeprefix('<script nonce="').removesuffix('"></script>'))
    assert [request_nonce, None] == seen


def test_request_nonce_outside_a_request_or_without_the_extension() -> None:
    assert request_nonce() is None
    app = make_app(HTMLTEMPLATES_CSP_NONCE=True)

    @app.get("/")
    async def index() -> str:
        return html(t"<script></script><p>{request_nonce()}</p>")

    assert (200, HTML, None, "<script></script><p></p>") == get(app)


# -- helpers --------------------------------------------------------------------------------


def flash_app() -> quart.Quart:
    app = make_app()

    @app.post("/flash")
    async def flash() -> Any:
        for category, message in (await quart.request.form).items(multi=True):
            if category == "plain":
                await quart.flash(message)
            elif category == "markup":
                await quart.flash(Markup(message), "info")
            else:
                await quart.flash(message, category)
        return "flashed"

    @app.get("/")
    @view
    def index() -> Template:
        only = quart.request.args.getlist("only")
        return t"<main>{flashed_messages(only)}</main>"

    return app


def flashes(form: list[tuple[str, str]], *urls: str) -> list[str]:
    """The pages at ``urls`` after flashing the messages of ``form``, in one session."""
    app = flash_app()

    async def requests() -> list[str]:
        client = app.test_client()
        body = urllib.parse.urlencode(form)  # a list of pairs: a category may come twice
        await client.post(
            "/flash", data=body, headers={"Content-Type": "application/x-www-form-urlencoded"}
        )
        return [await (await client.get(url)).get_data(as_text=True) for url in urls]

    return run(requests())


def test_flashed_messages_with_their_categories_as_classes() -> None:
    assert [
        '<main><ul class="flashes"><li class="message">Saved.</li>'
        f'<li class="error">{SCRIPT_ESCAPED}</li>'
        '<li class="info"><b>bold</b></li></ul></main>',
        "<main></main>",  # consumed
    ] == flashes([("plain", "Saved."), ("error", SCRIPT), ("markup", "<b>bold</b>")], "/", "/")


def test_flashed_messages_category_filter() -> None:
    assert [
        '<main><ul class="flashes"><li class="error">Bad.</li><li class="error">Ugly.</li></ul>'
        "</main>"
    ] == flashes([("error", "Bad."), ("success", "Good."), ("error", "Ugly.")], "/?only=error")


def test_flashed_messages_hostile_category_stays_in_the_class() -> None:
    assert [
        '<main><ul class="flashes"><li class="x&#34; onclick=&#34;alert(1)">Hi</li></ul></main>'
    ] == flashes([('x" onclick="alert(1)', "Hi")], "/")


def test_flashed_messages_none_renders_nothing() -> None:
    async def render() -> str:
        async with make_app().test_request_context("/"):
            return html(t"<p>{flashed_messages()}</p>")

    assert "<p></p>" == run(render())


def test_static_url() -> None:
    async def urls() -> list[str]:
        async with make_app().test_request_context("/"):
            return [
                static_url("css/site.css"),
                static_url("a b.css", v=3),
                static_url("x.js", _external=True),
                html(t'<link rel="stylesheet" href={static_url("site.css", v="<b>")}>'),
                html(t"<script src={static_url('app.js')} defer></script>"),
            ]

    assert [
        "/static/css/site.css",
        "/static/a%20b.css?v=3",
        "http://localhost/static/x.js",
        '<link rel="stylesheet" href="/static/site.css?v=%3Cb%3E">',
        '<script src="/static/app.js" defer></script>',
    ] == run(urls())


def test_csrf_input_without_quart_wtf() -> None:
    async def render() -> Template:
        async with make_app().test_request_context("/"):
            return csrf_input()

    with pytest.raises(ImportError) as caught:
        run(render())
    assert "csrf_input() needs Quart-WTF, which is not installed (pip install Quart-WTF)." == str(
        caught.value
    )
    assert "quart_wtf" == caught.value.name


@pytest.mark.parametrize(
    ("config", "name"),
    [
        pytest.param({}, "csrf_token", id="default-name"),
        pytest.param({"WTF_CSRF_FIELD_NAME": "_csrf"}, "_csrf", id="configured-name"),
    ],
)
@pytest.mark.parametrize("layout", ["quart_wtf.csrf", "quart_wtf.csrf.utils"])
def test_csrf_input_with_quart_wtf(
    monkeypatch: pytest.MonkeyPatch, config: dict[str, str], name: str, layout: str
) -> None:
    # Quart-WTF is not a dependency (and its release on PyPI pins an old Quart): its
    # generate_csrf() is stood in for, in the module of its release and of its later sources.
    for module in ["quart_wtf", "quart_wtf.csrf", "quart_wtf.csrf.utils"]:
        monkeypatch.setitem(sys.modules, module, ModuleType(module))
    sys.modules[layout].generate_csrf = lambda: 'token"<&>'  # type: ignore[attr-defined]

    async def render() -> str:
        async with make_app(**config).test_request_context("/"):
            return html(t"<form>{csrf_input()}</form>")

    assert (
        f'<form><input type="hidden" name="{name}" value="token&#34;&lt;&amp;&gt;"></form>'
        == run(render())
    )


def test_the_module_imports_nothing_of_the_flask_integration() -> None:
    source = Path(integration.__file__).read_text()
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    } | {
        alias.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert "flask" not in imported  # not even htmltemplates.flask's relative spelling
    assert not any("flask" in name for name in imported)
