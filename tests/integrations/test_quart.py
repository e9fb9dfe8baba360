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
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from pathlib import Path
from string.templatelib import Template
from types import ModuleType
from typing import Any

import flask
import pytest
import quart
from hostile import EVIL, EVIL_ESCAPED
from markupsafe import Markup
from quart.testing import connections
from quart.typing import ResponseTypes
from werkzeug.exceptions import NotFound

from htmltemplates import Provider, RenderError, html
from htmltemplates.integrations import quart as integration
from htmltemplates.integrations.quart import (
    HTMLTemplates,
    csrf_input,
    stream_html,
    view,
)

HTML = "text/html; charset=utf-8"
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16): 16 bytes in base64url

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


def test_extension_refuses_a_flask_app_and_names_the_flask_extension() -> None:
    flask_app = flask.Flask("shop")
    with pytest.raises(TypeError) as caught:
        HTMLTemplates(flask_app)  # type: ignore[arg-type]
    assert (
        "HTMLTemplates(app) takes a Quart app, not Flask; for a Flask app, use "
        "htmltemplates.integrations.flask.HTMLTemplates."
    ) == str(caught.value)
    assert "htmltemplates" not in flask_app.extensions


def test_extension_leaves_an_http_exception_to_quart(app: quart.Quart) -> None:
    @app.get("/")
    async def index() -> Any:
        return NotFound()  # make_response takes an HTTPException too

    status, _content_type, _spam, body = get(app)
    assert 404 == status
    assert "<h1>Not Found</h1>" in body


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


# -- @view: the same for one view, typed ----------------------------------------------------


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


# -- helpers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "name"),
    [
        pytest.param({}, "csrf_token", id="default-name"),
        pytest.param({"WTF_CSRF_FIELD_NAME": "_csrf"}, "_csrf", id="configured-name"),
    ],
)
def test_csrf_input_with_the_later_sources_of_quart_wtf(
    monkeypatch: pytest.MonkeyPatch, config: dict[str, str], name: str
) -> None:
    # Quart-WTF is not a dependency (and its release pins an old Quart): its generate_csrf()
    # is stood in for, in the module of its later sources (that of its release, and what the
    # Flask extension shares, in test_integrations_shared.py)
    for module in ["quart_wtf", "quart_wtf.csrf", "quart_wtf.csrf.utils"]:
        monkeypatch.setitem(sys.modules, module, ModuleType(module))
    utils = sys.modules["quart_wtf.csrf.utils"]
    utils.generate_csrf = lambda: 'token"<&>'  # type: ignore[attr-defined]

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
