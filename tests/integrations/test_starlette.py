"""htmltemplates.integrations.starlette with Starlette's TestClient: TemplateResponse (rendered with
html_async() when it is sent), CSPMiddleware and static_url()."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from string.templatelib import Template
from typing import Any

import pytest
from hostile import EVIL, EVIL_ESCAPED
from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Host, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.testclient import TestClient
from starlette.types import Message, Scope
from starlette.websockets import WebSocket

from htmltemplates import CSP_NONCE, Provider, RenderError, TrustedResourceURL, csp_nonce, html
from htmltemplates.integrations.starlette import (
    CSPMiddleware,
    StreamingTemplateResponse,
    TemplateResponse,
    static_url,
)

HTML = "text/html; charset=utf-8"
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16): 16 bytes in base64url

type Endpoint = Callable[[Request], Any]


def client_for(endpoint: Endpoint, *, path: str = "/", **options: Any) -> TestClient:
    """A test client of an app with ``endpoint`` at ``path`` (GET and POST)."""
    app = Starlette(routes=[Route(path, endpoint, methods=["GET", "POST"])])
    return TestClient(app, **options)


async def card(title: str, delay: float = 0) -> Template:
    await asyncio.sleep(delay)
    return t"<article><h2>{title}</h2></article>"


async def rows(*names: str) -> AsyncIterator[Template]:
    for name in names:
        await asyncio.sleep(0)
        yield t"<li>{name}</li>"


# -- TemplateResponse ---------------------------------------------------------------------------


def test_a_template_is_sent_as_html_with_its_length() -> None:
    async def page(request: Request) -> Response:
        name = request.query_params["name"]
        return TemplateResponse(t"<h1>Hello, {name}!</h1>")

    response = client_for(page).get("/", params={"name": EVIL})
    body = f"<h1>Hello, {EVIL_ESCAPED}!</h1>"
    assert 200 == response.status_code
    assert HTML == response.headers["content-type"]
    assert str(len(body.encode())) == response.headers["content-length"]
    assert body == response.text


def test_status_headers_and_media_type_are_those_of_response() -> None:
    async def created(request: Request) -> Response:
        return TemplateResponse(
            t"<p>Ünïcode {EVIL}</p>",
            status_code=201,
            headers={"Location": "/basket", "Cache-Control": "no-store"},
            media_type="application/xhtml+xml",
        )

    response = client_for(created).post("/")
    body = f"<p>Ünïcode {EVIL_ESCAPED}</p>"
    assert 201 == response.status_code
    assert "/basket" == response.headers["location"]
    assert "no-store" == response.headers["cache-control"]
    assert "application/xhtml+xml" == response.headers["content-type"]
    assert str(len(body.encode())) == response.headers["content-length"]
    assert body == response.text


def test_headers_and_cookies_set_after_construction_are_sent() -> None:
    async def page(request: Request) -> Response:
        response = TemplateResponse(t"<p>{'ok'}</p>")
        response.headers["X-Frame-Options"] = "DENY"
        response.set_cookie("seen", "yes")
        return response

    response = client_for(page).get("/")
    assert ("DENY", "yes") == (response.headers["x-frame-options"], response.cookies["seen"])
    assert ("<p>ok</p>", "9") == (response.text, response.headers["content-length"])


def test_markup_is_sent_as_it_is() -> None:
    async def page(request: Request) -> Response:
        return TemplateResponse(html(t"<p>{EVIL}</p>"), status_code=404)

    response = client_for(page).get("/")
    assert (404, HTML) == (response.status_code, response.headers["content-type"])
    assert f"<p>{EVIL_ESCAPED}</p>" == response.text
    assert str(len(response.content)) == response.headers["content-length"]


def test_an_html_object_and_none() -> None:
    class Badge:
        def __html__(self) -> str:
            return "<span class=badge>new</span>"

    assert b"<span class=badge>new</span>" == TemplateResponse(Badge()).body
    empty = TemplateResponse(None, status_code=204)
    assert (b"", None) == (empty.body, empty.template)
    assert "content-length" not in empty.headers


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param("<p>hi</p>", "not a str: a str would be sent as HTML unescaped", id="str"),
        pytest.param(b"<p>hi</p>", "not bytes", id="bytes"),
        pytest.param([t"<p>hi</p>"], "not list", id="list"),
    ],
)
def test_anything_else_is_refused(content: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        TemplateResponse(content)


def test_the_page_is_rendered_when_the_response_is_sent() -> None:
    # A sync endpoint runs in a thread, without an event loop: the page's coroutines are
    # awaited later, on the loop, when Starlette sends the response.
    rendered: list[str] = []

    def page(request: Request) -> Response:
        response = TemplateResponse(t"<main>{card('Tea')}</main>", headers={"X-Spam": "eggs"})
        rendered.append("built")
        assert response.template is not None
        assert not hasattr(response, "body")
        assert "content-length" not in response.headers
        return response

    response = client_for(page).get("/")
    assert ["built"] == rendered
    assert "<main><article><h2>Tea</h2></article></main>" == response.text
    assert ("eggs", "44") == (response.headers["x-spam"], response.headers["content-length"])


def test_async_values_are_awaited_concurrently() -> None:
    # Three components that each wait 100 ms: one after the other would take 300 ms.
    async def page(request: Request) -> Response:
        return TemplateResponse(
            t"<main>{card('One', 0.1)}{card('Two', 0.1)}{card('Three', 0.1)}</main>"
        )

    client = client_for(page)
    start = time.perf_counter()
    response = client.get("/")
    elapsed = time.perf_counter() - start
    assert (
        "<main><article><h2>One</h2></article><article><h2>Two</h2></article>"
        "<article><h2>Three</h2></article></main>"
    ) == response.text
    assert elapsed < 0.25, f"the three components took {elapsed:.3f} s: not concurrent"


def test_async_iterables_render_in_order() -> None:
    async def page(request: Request) -> Response:
        return TemplateResponse(t"<ul>{rows('a', EVIL, 'c')}</ul>")

    assert f"<ul><li>a</li><li>{EVIL_ESCAPED}</li><li>c</li></ul>" == client_for(page).get("/").text


def test_a_render_error_happens_before_anything_is_sent() -> None:
    async def page(request: Request) -> Response:
        return TemplateResponse(t"<p>{ {'a': 1} }</p>")  # a dict in text is refused

    response = client_for(page, raise_server_exceptions=False).get("/")
    assert (500, "Internal Server Error") == (response.status_code, response.text)

    with pytest.raises(RenderError, match="a dict where text is expected") as raised:
        client_for(page).get("/")
    # the line named is the one that made the response, not a line of Starlette
    line = page.__code__.co_firstlineno + 1
    assert f"test_starlette.py, line {line}" in str(raised.value)


def test_exception_handlers_see_render_errors() -> None:
    async def page(request: Request) -> Response:
        return TemplateResponse(t"<p>{ {'a': 1} }</p>")

    async def broken_page(request: Request, error: Exception) -> Response:
        return TemplateResponse(t"<h1>Sorry</h1><p>{type(error).__name__}</p>", status_code=500)

    app = Starlette(routes=[Route("/", page)], exception_handlers={RenderError: broken_page})
    response = TestClient(app).get("/")
    assert (500, "<h1>Sorry</h1><p>RenderError</p>") == (response.status_code, response.text)


def test_the_background_task_runs_after_the_page_is_sent() -> None:
    done: list[str] = []

    async def page(request: Request) -> Response:
        return TemplateResponse(
            t"<p>{card('x')}</p>", background=BackgroundTask(done.append, "mailed")
        )

    response = client_for(page).get("/")
    assert ("<p><article><h2>x</h2></article></p>", ["mailed"]) == (response.text, done)


def test_the_test_client_sees_the_template_and_its_values() -> None:
    # as for Starlette's Jinja2 responses: the ASGI "http.response.debug" message
    async def page(request: Request) -> Response:
        user = "Ada"
        return TemplateResponse(t"<p>Hello, {user}! {1 + 1}</p>")

    response = client_for(page).get("/")
    assert "<p>Hello, Ada! 2</p>" == response.text
    assert isinstance(response.template, Template)  # type: ignore[attr-defined]
    assert {"user": "Ada", "1 + 1": 2} == response.context  # type: ignore[attr-defined]


def test_a_head_request_gets_the_length_without_the_body() -> None:
    async def page(request: Request) -> Response:
        return TemplateResponse(t"<p>{'Spam & eggs'}</p>")

    response = client_for(page).head("/")
    assert (200, b"") == (response.status_code, response.content)
    assert str(len("<p>Spam &amp; eggs</p>")) == response.headers["content-length"]


def test_a_response_sent_twice_is_rendered_once() -> None:
    calls: list[int] = []

    def count() -> int:
        calls.append(1)
        return len(calls)

    response = TemplateResponse(t"<p>{count}</p>")
    scope: Scope = {"type": "http", "method": "GET", "extensions": {}}
    bodies: list[bytes] = []

    async def receive() -> Message:
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.body":
            bodies.append(message["body"])

    async def send_twice() -> None:
        await response(scope, receive, send)
        await response(scope, receive, send)

    asyncio.run(send_twice())
    assert ([b"<p>1</p>", b"<p>1</p>"], [1]) == (bodies, calls)
    assert 1 == [name for name, _ in response.raw_headers].count(b"content-length")


# -- CSPMiddleware ------------------------------------------------------------------------------


def nonce_page(request: Request) -> Response:
    """Each element that takes a nonce, and the nonce as the endpoint sees it."""
    nonce = request.state.csp_nonce
    return TemplateResponse(
        t"<style>p {{ color: teal }}</style><script src=/app.js></script><p>{nonce}</p>"
    )


def page_with(nonce: str) -> str:
    return (
        f'<style nonce="{nonce}">p {{ color: teal }}</style>'
        f'<script src=/app.js nonce="{nonce}"></script><p>{nonce}</p>'
    )


def csp_client(endpoint: Endpoint = nonce_page, **options: Any) -> TestClient:
    app = Starlette(routes=[Route("/", endpoint)])
    app.add_middleware(CSPMiddleware, **options)
    return TestClient(app)


def nonce_of(body: str) -> str:
    found = re.search(r'nonce="([^"]*)"', body)
    assert found is not None, body
    return found[1]


def test_each_request_gets_a_new_nonce_on_every_script_and_style() -> None:
    client = csp_client()
    first, second = client.get("/"), client.get("/")
    nonce = nonce_of(first.text)
    assert TOKEN.fullmatch(nonce)
    assert page_with(nonce) == first.text
    assert page_with(nonce_of(second.text)) == second.text
    assert nonce != nonce_of(second.text)
    assert "content-security-policy" not in first.headers  # no policy given
    assert CSP_NONCE.get() is None  # set for the request only


def test_the_policy_header_names_the_requests_nonce() -> None:
    policy = "default-src 'self'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'"
    response = csp_client(policy=policy).get("/")
    nonce = nonce_of(response.text)
    assert page_with(nonce) == response.text
    assert policy.replace("{nonce}", nonce) == response.headers["content-security-policy"]


def test_a_policy_without_a_nonce_is_sent_as_it_is() -> None:
    response = csp_client(policy="default-src 'self'").get("/")
    assert "default-src 'self'" == response.headers["content-security-policy"]


def test_a_policy_the_app_set_itself_is_kept() -> None:
    async def own_policy(request: Request) -> Response:
        return PlainTextResponse("hi", headers={"Content-Security-Policy": "default-src 'none'"})

    response = csp_client(own_policy, policy="script-src 'nonce-{nonce}'").get("/")
    assert ["default-src 'none'"] == response.headers.get_list("content-security-policy")


def test_the_nonce_can_come_from_a_function_of_the_request() -> None:
    def from_header(request: Request) -> str | None:
        return request.headers.get("x-test-nonce")

    client = csp_client(nonce=from_header)
    assert page_with("n0nc3") == client.get("/", headers={"X-Test-Nonce": "n0nc3"}).text
    assert "<style>p { color: teal }</style><script src=/app.js></script><p></p>" == (
        client.get("/").text
    )


def test_a_policy_that_names_a_missing_nonce_is_an_error() -> None:
    client = csp_client(nonce=lambda request: None, policy="script-src 'nonce-{nonce}'")
    with pytest.raises(RuntimeError) as caught:
        client.get("/")
    assert (
        "CSPMiddleware's policy names {nonce}, but its nonce function gave no nonce for this "
        "request." == str(caught.value)
    )


def test_a_nonce_function_must_return_a_str() -> None:
    client = csp_client(nonce=lambda request: 42)
    with pytest.raises(TypeError) as caught:
        client.get("/")
    assert "the nonce function of CSPMiddleware returned int; it must return a str or None." == str(
        caught.value
    )


def test_websockets_pass_through() -> None:
    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        await websocket.send_text(repr(websocket.scope.get("state", {}).get("csp_nonce")))
        await websocket.close()

    app = Starlette(routes=[WebSocketRoute("/ws", echo)])
    app.add_middleware(CSPMiddleware, policy="script-src 'nonce-{nonce}'")
    with TestClient(app).websocket_connect("/ws") as websocket:
        assert "None" == websocket.receive_text()


# -- static_url ---------------------------------------------------------------------------------


@pytest.fixture
def static_app(tmp_path: Path) -> Starlette:
    (tmp_path / "app.js").write_text("start()")

    async def page(request: Request) -> Response:
        return TemplateResponse(
            t"<script src={static_url(request, 'app.js')} defer></script>"
            t"<a href={request.url_for('product', product_id=7)}>Spam</a>"
        )

    async def product(request: Request) -> Response:
        return TemplateResponse(t"<p>{request.path_params['product_id']}</p>")

    return Starlette(
        routes=[
            Route("/", page),
            Route("/products/{product_id:int}", product, name="product"),
            Mount("/static", StaticFiles(directory=tmp_path), name="static"),
            Host("cdn.example.org", StaticFiles(directory=tmp_path), name="cdn"),
        ]
    )


def test_static_url_is_a_trusted_path(static_app: Starlette) -> None:
    response = TestClient(static_app).get("/")
    assert (
        '<script src="/static/app.js" defer></script>'
        '<a href="http://testserver/products/7">Spam</a>'
    ) == response.text
    assert "start()" == TestClient(static_app).get("/static/app.js").text


def test_static_url_keeps_the_root_path(static_app: Starlette) -> None:
    response = TestClient(static_app, root_path="/shop").get("/")
    assert (
        '<script src="/shop/static/app.js" defer></script>'
        '<a href="http://testserver/shop/products/7">Spam</a>'
    ) == response.text


def test_static_url_of_a_host_route_keeps_its_origin(static_app: Starlette) -> None:
    request = Request({"type": "http", "router": static_app.router, "headers": []} | SERVER)
    url = static_url(request, "/app.js", name="cdn")
    assert isinstance(url, TrustedResourceURL)
    assert "http://cdn.example.org/app.js" == str(url)
    assert TrustedResourceURL.unchecked("/static/app.js") == static_url(request, "app.js")


SERVER: dict[str, Any] = {
    "scheme": "http",
    "server": ("testserver", 80),
    "path": "/",
    "root_path": "",
    "query_string": b"",
}


def test_markup_from_html_nests_in_a_template_response() -> None:
    async def page(request: Request) -> Response:
        fragment = html(t"<b>{EVIL}</b>")
        return TemplateResponse(t"<p>{fragment}</p>")

    assert f"<p><b>{EVIL_ESCAPED}</b></p>" == client_for(page).get("/").text


def test_a_nonce_that_is_not_base64_never_reaches_the_policy() -> None:
    client = csp_client(
        policy="script-src 'nonce-{nonce}'",
        nonce=lambda request: request.query_params.get("n", "ok"),
    )
    assert "script-src 'nonce-ok'" == client.get("/").headers["content-security-policy"]
    with pytest.raises(ValueError, match="not base64") as caught:
        client.get("/", params={"n": "x' https://evil.example"})
    assert str(caught.value).startswith(
        "CSPMiddleware's nonce function gave the nonce \"x' https://evil.example\", which is "
        "not base64: "
    )


# -- the context of a response's creation ------------------------------------------------------

THEME = Provider("theme", default="light")


@pytest.mark.parametrize(
    "response_class", [TemplateResponse, StreamingTemplateResponse], ids=["whole", "streamed"]
)
def test_a_response_renders_in_the_context_of_its_creation(response_class: type) -> None:
    # the values set around the endpoint's return reach the page, though it is rendered when
    # the response is sent, after the block ended (as with Flask's and Quart's responses)
    async def endpoint(request: Request) -> Response:
        with csp_nonce("n0nc3"), THEME.using("dark"):
            return response_class(t"<script>go()</script><p>{THEME.get}</p>")  # type: ignore[no-any-return]

    client = TestClient(Starlette(routes=[Route("/", endpoint)]))
    assert '<script nonce="n0nc3">go()</script><p>dark</p>' == client.get("/").text
