"""htmltemplates.integrations.quart with Quart's test client: the extension, @view, CSP nonces,
helpers.

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
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from pathlib import Path
from string.templatelib import Template
from types import ModuleType
from typing import Any

import flask
import pytest
import quart
from hostile import EVIL, EVIL_ESCAPED, SCRIPT, SCRIPT_ESCAPED
from markupsafe import Markup
from quart.testing import connections
from quart.typing import ResponseTypes
from werkzeug.exceptions import HTTPException, NotFound

from htmltemplates import CSP_NONCE, Provider, RenderError, TemplateSyntaxError, html
from htmltemplates.integrations import quart as integration
from htmltemplates.integrations.quart import (
    HTMLTemplates,
    csrf_input,
    flashed_messages,
    request_nonce,
    static_url,
    stream_html,
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
    app.config.update({"TESTING": True, "SECRET_KEY": "test", **config})
    return app


def run[T](coroutine: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(asyncio.wait_for(coroutine, 10))  # a hang fails, after 10 s


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
    """The exception a request raised, answered with a 500 and found by got_request_exception
    (not propagated: Quart 0.23 answers it in testing mode with a traceback page, and earlier
    versions raise it from the test client)."""
    caught: list[Exception] = []
    app.config["PROPAGATE_EXCEPTIONS"] = False

    async def record(sender: quart.Quart, exception: Exception, **extra: object) -> None:
        caught.append(exception)

    async def request() -> int:
        with quart.got_request_exception.connected_to(record, app):
            return (await app.test_client().get(url)).status_code

    assert 500 == run(request())
    (error,) = caught
    return error


def unwrap(error: BaseException) -> BaseException:
    """An error raised by Quart's ASGI layer: since Quart 0.23, in the ExceptionGroup of its
    task group."""
    if isinstance(error, BaseExceptionGroup):
        (error,) = error.exceptions
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
        "htmltemplates.integrations.flask.HTMLTemplates."
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


# -- async values in the templates views return --------------------------------------------


async def value(result: object) -> object:
    await asyncio.sleep(0)
    return result


async def Card(*, title: object, children: Template = t"") -> Template:  # noqa: N802
    await asyncio.sleep(0)
    return t"<section><h2>{title}</h2>{children}</section>"


async def items(*values: object) -> AsyncIterator[Template]:
    for item in values:
        await asyncio.sleep(0)
        yield t"<li>{item}</li>"


ASYNC_PAGE = "<section><h2>&lt;b&gt;</h2><ul><li>1</li><li>&lt;2&gt;</li></ul></section><p>3</p>"


def async_page() -> Template:
    """A coroutine, an async component (as a tag) and an async iterable."""
    return t"<{Card} title={'<b>'}><ul>{items(1, '<2>')}</ul></{Card}><p>{value(3)}</p>"


def test_extension_awaits_the_async_values_of_a_template(app: quart.Quart) -> None:
    @app.get("/")
    async def index() -> Any:
        return async_page()

    @app.get("/sync")
    def in_a_thread() -> Any:  # the coroutines are made in a thread, awaited on the loop
        return async_page(), 201

    @app.get("/swap")
    async def swap() -> Any:
        return [t"<p>{value(EVIL)}</p>", t'<p id=b hx-swap-oob="true">{value(2)}</p>']

    assert (200, HTML, None, ASYNC_PAGE) == get(app)
    assert (201, HTML, None, ASYNC_PAGE) == get(app, "/sync")
    expected = f'<p>{EVIL_ESCAPED}</p><p id=b hx-swap-oob="true">2</p>'
    assert (200, HTML, None, expected) == get(app, "/swap")


def test_view_awaits_the_async_values_of_a_template() -> None:
    app = make_app()

    @app.get("/")
    @view
    async def index() -> Template:
        return async_page()

    @app.get("/sync")
    @view
    def in_a_thread() -> tuple[Template, int]:
        return async_page(), 201

    assert (200, HTML, None, ASYNC_PAGE) == get(app)
    assert (201, HTML, None, ASYNC_PAGE) == get(app, "/sync")


def test_async_values_are_awaited_concurrently(app: quart.Quart) -> None:
    both = asyncio.Barrier(2)  # each waits for the other: awaited one after the other, a hang

    async def meet(name: str) -> str:
        await both.wait()
        return name

    @app.get("/")
    async def index() -> Any:
        return t"<p>{meet('a')}</p><p>{meet('b')}</p>"

    assert (200, HTML, None, "<p>a</p><p>b</p>") == get(app)


def test_an_async_value_that_fails_is_the_requests_error(app: quart.Quart) -> None:
    async def broken() -> str:
        await asyncio.sleep(0)
        raise LookupError("the database went away")

    @app.get("/")
    async def index() -> Any:
        return t"<p>{broken()}</p>"

    error = raised(app)
    assert isinstance(error, LookupError)
    assert "the database went away" == str(error)


# -- stream_html() ----------------------------------------------------------------------------


class Gates:
    """Rows that come when the test says: row n waits for ``open(n)``."""

    def __init__(self, count: int) -> None:
        self.events = [asyncio.Event() for _ in range(count)]
        self.taken: list[int] = []

    def open(self, n: int) -> None:
        self.events[n].set()

    async def rows(self, make: Callable[[int], Template]) -> AsyncIterator[Template]:
        for n, event in enumerate(self.events):
            await event.wait()
            self.taken.append(n)
            yield make(n)


async def chunks_of(
    app: quart.Quart, url: str = "/", gates: Gates | None = None
) -> tuple[int, dict[str, str], list[str]]:
    """The status, headers and body chunks of a streamed response, each body message as it
    came; with ``gates``, row n is let through once n + 1 chunks have come."""
    received: list[str] = []
    async with app.test_client().request(url) as connection:
        await connection.send_complete()
        while chunk := await connection.receive():
            received.append(chunk.decode())
            if gates is not None and len(received) <= len(gates.events):
                gates.open(len(received) - 1)
    assert connection.status_code is not None
    assert connection.headers is not None
    return connection.status_code, dict(connection.headers), received


async def broken_stream(
    app: quart.Quart, url: str = "/", count: int = 2
) -> tuple[int | None, list[bytes], BaseException]:
    """The status and the first ``count`` body messages of a streamed response that fails after
    them, and its error: Quart's ASGI layer raises it when the connection ends."""
    chunks: list[bytes] = []
    try:
        async with app.test_client().request(url) as connection:
            await connection.send_complete()
            chunks = [await connection.receive() for _ in range(count)]
    except Exception as error:
        return connection.status_code, chunks, unwrap(error)
    raise AssertionError("the stream did not fail")


def layout(title: str, body: object) -> Template:
    return t"<!doctype html><title>{title}</title><main>{body}</main>"


def test_a_streamed_view_sends_each_row_as_it_comes() -> None:
    app = make_app()
    gates = Gates(3)

    @app.get("/")
    async def index() -> quart.Response:
        row = gates.rows(lambda n: t"<li>{n} {EVIL}</li>")
        return await stream_html(layout("List", t"<ul>{row}</ul>"), chunk_size=0)

    status, headers, chunks = run(chunks_of(app, gates=gates))
    assert (200, HTML) == (status, headers["content-type"])
    assert "content-length" not in headers
    assert [
        "<!doctype html><title>List</title><main><ul>",
        f"<li>0 {EVIL_ESCAPED}</li>",
        f"<li>1 {EVIL_ESCAPED}</li>",
        f"<li>2 {EVIL_ESCAPED}</li>",
        "</ul></main>",
    ] == chunks
    assert [0, 1, 2] == gates.taken


def test_a_chunk_is_sent_at_each_wait_and_at_chunk_size_characters() -> None:
    app = make_app()

    def rows() -> Iterator[Template]:  # a plain generator: rendered without a wait
        for n in range(5):
            yield t"<li>{n}</li>"

    @app.get("/waits")
    async def waits() -> quart.Response:
        return await stream_html(t"<ul>{items('a', 'b')}</ul>")  # each item awaited

    @app.get("/<int:size>")
    async def sized(size: int) -> quart.Response:
        return await stream_html(t"<ul>{rows()}</ul>", chunk_size=size)

    assert ["<ul>", "<li>a</li>", "<li>b</li>", "</ul>"] == run(chunks_of(app, "/waits"))[2]
    assert ["<ul><li>0</li><li>1</li>", "<li>2</li><li>3</li>", "<li>4</li></ul>"] == (
        run(chunks_of(app, "/20"))[2]
    )
    assert ["<ul><li>0</li><li>1</li><li>2</li><li>3</li><li>4</li></ul>"] == (
        run(chunks_of(app, "/8192"))[2]
    )


def test_nonce_provider_request_and_g_reach_the_last_chunk() -> None:
    app = make_app(HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'")
    HTMLTemplates(app)
    theme = Provider("theme", default="light")
    gates = Gates(2)

    def Row(*, n: int) -> Template:  # noqa: N802
        name = quart.request.args["name"]
        return t"<li class={theme.get()}>{n} {name} {quart.g.suffix}<script>go({n})</script></li>"

    @app.get("/")
    async def index() -> quart.Response:
        quart.g.suffix = "!"
        with theme.using("dark"):
            return await stream_html(t"<ul>{gates.rows(lambda n: t'<{Row} n={n} />')}</ul>")

    _status, headers, chunks = run(chunks_of(app, "/?name=<b>", gates=gates))
    nonce = headers["content-security-policy"].removeprefix("script-src 'nonce-")[:-1]
    assert TOKEN.fullmatch(nonce)
    assert [
        "<ul>",
        f'<li class="dark">0 &lt;b&gt; !<script nonce="{nonce}">go( 0 )</script></li>',
        f'<li class="dark">1 &lt;b&gt; !<script nonce="{nonce}">go( 1 )</script></li>',
        "</ul>",
    ] == chunks


@pytest.mark.parametrize(
    ("kwargs", "status", "content_type", "spam"),
    [
        ({}, 200, HTML, None),
        ({"status": 201}, 201, HTML, None),
        ({"status": 202, "headers": {"X-Spam": "eggs"}}, 202, HTML, "eggs"),
        ({"headers": [("X-Spam", "ham")]}, 200, HTML, "ham"),
        ({"mimetype": "application/xhtml+xml"}, 200, "application/xhtml+xml; charset=utf-8", None),
        ({"content_type": "text/html; charset=ascii"}, 200, "text/html; charset=ascii", None),
    ],
)
def test_status_headers_and_content_type(
    kwargs: dict[str, Any], status: int, content_type: str, spam: str | None
) -> None:
    app = make_app()

    @app.get("/")
    async def index() -> quart.Response:
        return await stream_html(t"<ul>{items('a')}</ul>", **kwargs)

    assert (status, content_type, spam, "<ul><li>a</li></ul>") == get(app)


def test_a_response_class_of_the_app_and_the_extension() -> None:
    class MyResponse(quart.Response):
        pass

    app = make_app()
    app.response_class = MyResponse
    HTMLTemplates(app)

    @app.get("/")
    @view
    async def index() -> Template | quart.Response:
        response = await stream_html(t"<p>{value(EVIL)}</p>")
        assert isinstance(response, MyResponse)
        return response

    assert (200, HTML, None, f"<p>{EVIL_ESCAPED}</p>") == get(app)


def test_outside_a_request_a_plain_response() -> None:
    async def body() -> tuple[type, list[str]]:
        response = await stream_html(t"<ul>{items('a', 'b')}</ul>", chunk_size=0)
        async with response.response as chunks:
            return type(response), [chunk async for chunk in chunks]

    assert (quart.Response, ["<ul>", "<li>a</li>", "<li>b</li>", "</ul>"]) == run(body())


def test_an_error_before_the_first_chunk_is_raised_in_the_view() -> None:
    app = make_app()

    @app.get("/")
    async def index() -> quart.Response:
        return await stream_html(t"<p>{ {'a': 1} }</p><ul>{items('a')}</ul>")

    called_at = inspect.getsourcelines(index)[1] + 2
    error = raised(app)
    assert isinstance(error, RenderError)
    assert "\n    <p>{ {'a': 1} }</p><ul>{items('a')}</ul>\n       ^^^^^^^^^^^^\n" in str(error)
    assert f"test_quart.py, line {called_at}" == error.caller


def test_an_early_error_is_a_proper_500() -> None:
    app = make_app(TESTING=False)

    @app.get("/")
    async def index() -> quart.Response:
        return await stream_html(layout("x", t"<p {'not a dict'}></p>"))

    @app.errorhandler(500)
    async def server_error(error: Exception) -> tuple[str, int]:
        return "<h1>Server error</h1>", 500

    assert (500, HTML, None, "<h1>Server error</h1>") == get(app)


def test_a_str_is_refused_as_html_refuses_it() -> None:
    with pytest.raises(TypeError, match=r'html\(\) takes a template string \(t"..."\), not a str'):
        run(stream_html("<p>hi</p>"))  # type: ignore[arg-type]


def test_a_late_error_cuts_the_response_and_reaches_teardown_request() -> None:
    app = make_app()
    torn_down: list[BaseException | None] = []

    async def failing() -> AsyncIterator[Template]:
        yield t"<li>a</li>"
        await asyncio.sleep(0)
        raise LookupError("the database went away")

    @app.get("/")
    async def index() -> quart.Response:
        return await stream_html(t"<ul>{failing()}</ul>", chunk_size=0)

    @app.teardown_request
    async def log_error(error: BaseException | None) -> None:
        torn_down.append(error)

    status, chunks, error = run(broken_stream(app))
    assert 200 == status  # sent with the first chunk
    assert [b"<ul>", b"<li>a</li>"] == chunks
    assert isinstance(error, LookupError)
    # torn down at the end of the view, then with the error after the stream
    assert [None, "the database went away"] == [e and str(e) for e in torn_down]


def test_a_late_template_error_names_the_line_that_streamed() -> None:
    app = make_app()

    async def bad_rows() -> AsyncIterator[object]:
        yield t"<li>a</li>"
        await asyncio.sleep(0)
        yield {"b": 1}

    @app.get("/")
    async def index() -> quart.Response:
        return await stream_html(t"<ul>{bad_rows()}</ul>", chunk_size=0)

    called_at = inspect.getsourcelines(index)[1] + 2

    _status, chunks, error = run(broken_stream(app))
    assert [b"<ul>", b"<li>a</li>"] == chunks
    assert isinstance(error, RenderError)
    assert str(error).startswith("a dict where text is expected: {'b': 1}\n")
    assert f"test_quart.py, line {called_at}" == error.caller
    assert f"\n  test_quart.py, line {called_at}\n" in str(error)


async def slow_rows(events: list[str]) -> AsyncIterator[Template]:
    """Three rows, then a query that never ends (until it is cancelled)."""
    try:
        for n in range(3):
            await asyncio.sleep(0)
            yield t"<li>{n}</li>"
        await asyncio.Event().wait()
        yield t"<li>never</li>"
    finally:
        events.append("closed")


def test_a_client_that_goes_away_closes_the_generator_being_read() -> None:
    app = make_app()
    events: list[str] = []

    rows = slow_rows(events)

    @app.get("/")
    async def index() -> quart.Response:
        return await stream_html(t"<ul>{rows}</ul>", chunk_size=0)

    @app.teardown_request
    async def torn_down(error: BaseException | None) -> None:
        events.append(f"teardown {type(error).__name__}")

    async def request() -> list[bytes]:
        async with app.test_client().request("/") as connection:
            await connection.send_complete()
            chunks = [await connection.receive(), await connection.receive()]
            await connection.disconnect()
        return chunks

    assert [b"<ul>", b"<li>0</li>"] == run(request())
    # torn down after the view; then, the client gone, the query cancelled and the rows
    # closed before the request is torn down again
    assert ["teardown NoneType", "closed", "teardown CancelledError"] == events


class GoneAway(connections.TestHTTPConnection):
    """A connection whose client goes away after two body messages: sending the third fails as
    a server's send fails (OSError), which Quart turns into ClientDisconnectedError."""

    bodies = 0

    async def _asgi_send(self, message: Any) -> None:
        if message["type"] == "http.response.body":
            self.bodies += 1
            if self.bodies > 2:
                raise OSError("connection reset by peer")
        await super()._asgi_send(message)


def test_a_client_gone_while_a_chunk_is_sent_closes_the_generator_being_read() -> None:
    app = make_app()
    events: list[str] = []

    rows = slow_rows(events)

    @app.get("/")
    async def index() -> quart.Response:
        return await stream_html(t"<ul>{rows}</ul>", chunk_size=0)

    @app.teardown_request
    async def torn_down(error: BaseException | None) -> None:
        events.append(f"teardown {type(error).__name__}")

    async def request() -> BaseException:
        client = app.test_client()
        client.http_connection_class = GoneAway
        try:
            await client.get("/")
        except Exception as error:
            return unwrap(error)
        raise AssertionError("the send did not fail")

    # the failed send, as Quart 0.23 reports it (earlier versions leave it an OSError)
    assert type(run(request())).__name__ in {"ClientDisconnectedError", "OSError"}
    # Quart closes the body while it is not being read: the query is cancelled and the rows
    # closed at once, before the request is torn down again (not later, by the garbage
    # collector)
    assert ["teardown NoneType", "closed", "teardown GeneratorExit"] == events


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

    @app.get("/alerts")
    @view
    def alerts() -> Template:
        items = flashed_messages(quart.request.args.getlist("only"), render=Alert)
        return t"<main>{items and t'<div class=toasts>{items}</div>'}</main>"

    return app


def Alert(*, category: str, message: str) -> Template:  # noqa: N802 - a component
    """A component of the kind apps write for their flashes (Bootstrap's alerts)."""
    return t'<p class="alert alert-{category}" role=alert>{message}</p>'


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


def test_flashed_messages_rendered_by_the_apps_component() -> None:
    assert [
        "<main><div class=toasts>"
        '<p class="alert alert-message" role=alert>Saved.</p>'
        f'<p class="alert alert-x&#34; onclick=&#34;alert(1)" role=alert>{SCRIPT_ESCAPED}</p>'
        '<p class="alert alert-info" role=alert><b>bold</b></p>'
        "</div></main>",
        "<main></main>",  # consumed
    ] == flashes(
        [("plain", "Saved."), ('x" onclick="alert(1)', SCRIPT), ("markup", "<b>bold</b>")],
        "/alerts",
        "/alerts",
    )


def test_flashed_messages_rendered_with_a_category_filter() -> None:
    assert [
        '<main><div class=toasts><p class="alert alert-error" role=alert>Bad.</p>'
        '<p class="alert alert-error" role=alert>Ugly.</p></div></main>',
        "<main></main>",  # the others went out of the session too
    ] == flashes(
        [("error", "Bad."), ("success", "Good."), ("error", "Ugly.")],
        "/alerts?only=error",
        "/alerts",
    )


def test_flashed_messages_render_returns_a_list_of_what_it_returned() -> None:
    calls: list[tuple[str, str]] = []

    def remember(category: str, message: str) -> str:  # positional or keyword: fits too
        calls.append((category, message))
        return f"[{category}: {message}]"

    async def render() -> list[list[str]]:
        app = make_app()
        async with app.test_request_context("/"):
            empty = flashed_messages(render=remember)  # nothing flashed: an empty list
        async with app.test_request_context("/"):
            await quart.flash("one")
            await quart.flash("<two>", "error")
            return [empty, flashed_messages(render=remember)]

    assert [[], ["[message: one]", "[error: <two>]"]] == run(render())
    assert [("message", "one"), ("error", "<two>")] == calls


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
    tree = ast.parse(Path(integration.__file__).read_text())
    relative = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level
    }
    absolute = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and not node.level
    } | {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert "_async" in relative  # the check sees the package's own imports
    assert not any(name and name.startswith("flask") for name in relative)
    assert not any(name and name.startswith("htmltemplates") for name in absolute)


# -- provide=: Provider values per request -----------------------------------------------------


def test_provide_gives_each_request_its_value_computed_when_first_asked() -> None:
    current_user: Provider[str | None] = Provider("quart_user", default=None)
    loads: list[str | None] = []

    def load_user() -> str | None:
        name = quart.request.args.get("user")
        loads.append(name)
        return name

    async def Menu() -> Template:  # noqa: N802 - an async component
        await asyncio.sleep(0)
        return t"<span>{current_user.get() or 'guest'}</span>"

    app = make_app()
    HTMLTemplates(app, provide={current_user: load_user})

    @app.get("/")
    async def index() -> Template:
        return t"<nav><{Menu} /></nav><main>{current_user.get}</main>"

    @app.get("/about")
    async def about() -> str:
        return "about"

    async def scenario() -> list[str]:
        client = app.test_client()
        pages = []
        for url in (f"/?user={urllib.parse.quote(EVIL)}", "/", "/about?user=x"):
            response = await client.get(url)
            pages.append(await response.get_data(as_text=True))
        return pages

    assert [
        f"<nav><span>{EVIL_ESCAPED}</span></nav><main>{EVIL_ESCAPED}</main>",
        "<nav><span>guest</span></nav><main></main>",
        "about",
    ] == run(scenario())
    assert [EVIL, None] == loads  # once per request that asks, never for /about
    assert current_user.get() is None


def test_provide_maps_providers_to_functions() -> None:
    with pytest.raises(TypeError, match=r"provide=\.\.\.\) maps each Provider to a function"):
        HTMLTemplates(provide={"user": lambda: None})  # type: ignore[dict-item]


def test_a_nonce_that_is_not_base64_never_reaches_the_policy() -> None:
    # (the same check as Flask's: _core.policy_with_nonce, whose error test_flask_csp.py reads)
    app = nonce_app(
        HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'",
        HTMLTEMPLATES_CSP_NONCE=lambda: "a'b",
    )
    response = run(app.test_client().get("/"))
    assert 500 == response.status_code
    assert "a'b" not in response.headers.get("Content-Security-Policy", "")
    # (the debug page of the test app shows the error)
    assert 'HTMLTEMPLATES_CSP_NONCE gave the nonce "a\'b", which is not base64' in run(
        response.get_data(as_text=True)
    )
