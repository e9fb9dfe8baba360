"""htmltemplates.integrations.fastapi: path operations that return templates, with FastAPI's
TestClient; what plain FastAPI does with them, and the OpenAPI schema of the HTML routes.

No ``from __future__ import annotations`` here: FastAPI reads the annotations of endpoints,
and dependencies defined inside a test function are found only by Python 3.14's deferred
annotations, not from strings.
"""

import asyncio
import time
from collections.abc import AsyncIterator
from string.templatelib import Template
from typing import Annotated, Any

import pytest
from fastapi import APIRouter, BackgroundTasks, Depends, FastAPI, Response
from fastapi.exceptions import FastAPIError
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.testclient import TestClient
from hostile import EVIL, EVIL_ESCAPED
from markupsafe import Markup

from htmltemplates import Provider, RenderError, csp_nonce, html
from htmltemplates.integrations.fastapi import (
    CSPMiddleware,
    StreamingTemplateResponse,
    TemplateResponse,
    TemplateRoute,
)

HTML = "text/html; charset=utf-8"
HTML_SCHEMA = {"text/html": {"schema": {"type": "string"}}}


def html_app() -> FastAPI:
    app = FastAPI()
    app.router.route_class = TemplateRoute
    return app


def responses_of(app: FastAPI, path: str, method: str = "get") -> dict[str, Any]:
    """The responses of a path operation in the app's OpenAPI schema."""
    schema = TestClient(app).get("/openapi.json").json()
    return dict(schema["paths"][path][method]["responses"])


async def card(title: str, delay: float = 0) -> Template:
    await asyncio.sleep(delay)
    return t"<article><h2>{title}</h2></article>"


# -- plain FastAPI: why TemplateRoute exists --------------------------------------------------


def test_plain_fastapi_refuses_a_template_annotation() -> None:
    app = FastAPI()
    with pytest.raises(FastAPIError, match="Invalid args for response field"):

        @app.get("/")
        def home() -> Template:
            return t"<p>hi</p>"


def test_plain_fastapi_sends_html_as_a_json_string() -> None:
    app = FastAPI()

    @app.get("/")
    def home():  # type: ignore[no-untyped-def]
        return html(t"<p>{EVIL}</p>")

    response = TestClient(app).get("/")
    assert "application/json" == response.headers["content-type"]
    assert f"<p>{EVIL_ESCAPED}</p>" == response.json()


def test_plain_fastapi_sends_markup_with_an_html_response_class() -> None:
    app = FastAPI()

    @app.get("/", response_class=HTMLResponse)
    def home() -> str:
        return html(t"<p>{EVIL}</p>")

    response = TestClient(app).get("/")
    assert (HTML, f"<p>{EVIL_ESCAPED}</p>") == (response.headers["content-type"], response.text)
    assert HTML_SCHEMA == responses_of(app, "/")["200"]["content"]


def test_plain_fastapi_sends_a_template_response_returned_directly() -> None:
    app = FastAPI()

    @app.get("/", response_class=TemplateResponse)
    async def home() -> TemplateResponse:
        return TemplateResponse(t"<main>{card('Tea')}</main>")

    response = TestClient(app).get("/")
    assert (HTML, "<main><article><h2>Tea</h2></article></main>") == (
        response.headers["content-type"],
        response.text,
    )
    assert HTML_SCHEMA == responses_of(app, "/")["200"]["content"]


# -- TemplateRoute ----------------------------------------------------------------------------


def test_a_template_route_sends_html() -> None:
    app = html_app()

    @app.get("/hello/{name}")
    async def hello(name: str) -> Template:
        return t"<h1>Hello, {name}!</h1>"

    response = TestClient(app).get("/hello/<script>")
    body = "<h1>Hello, &lt;script&gt;!</h1>"
    assert (200, HTML, body) == (
        response.status_code,
        response.headers["content-type"],
        response.text,
    )
    assert str(len(body)) == response.headers["content-length"]


def test_the_openapi_schema_shows_text_html() -> None:
    app = html_app()

    @app.get("/items/{item_id}", status_code=201)
    async def item(item_id: int, q: str | None = None) -> Template:
        return t"<p>{item_id} {q}</p>"

    @app.get("/data")
    async def data() -> dict[str, int]:
        return {"spam": 1}

    responses = responses_of(app, "/items/{item_id}")
    assert {"description": "Successful Response", "content": HTML_SCHEMA} == responses["201"]
    assert "422" in responses  # the parameters are still validated
    assert {"application/json"} == set(responses_of(app, "/data")["200"]["content"])


def test_json_routes_stay_json() -> None:
    app = html_app()

    @app.get("/data")
    async def data() -> dict[str, list[int]]:
        return {"spam": [1, 2]}

    response = TestClient(app).get("/data")
    assert ("application/json", {"spam": [1, 2]}) == (
        response.headers["content-type"],
        response.json(),
    )


def test_status_code_response_parameter_and_background_tasks_apply() -> None:
    app = html_app()
    mailed: list[str] = []

    @app.post("/basket", status_code=201)
    async def add(item: str, response: Response, tasks: BackgroundTasks) -> Template:
        response.headers["Location"] = "/basket"
        response.set_cookie("basket", "1")
        tasks.add_task(mailed.append, item)
        return t"<p>{item} added.</p>"

    response = TestClient(app).post("/basket", params={"item": EVIL})
    assert 201 == response.status_code
    assert ("/basket", "1") == (response.headers["location"], response.cookies["basket"])
    assert f"<p>{EVIL_ESCAPED} added.</p>" == response.text
    assert [EVIL] == mailed


def test_dependencies_are_solved() -> None:
    app = html_app()
    events: list[str] = []

    def current_user(name: str = "Ada") -> str:
        return name

    async def database() -> AsyncIterator[list[str]]:
        events.append("open")
        yield ["Spam", "Eggs"]
        events.append("closed")

    @app.get("/")
    async def home(
        user: Annotated[str, Depends(current_user)],
        db: Annotated[list[str], Depends(database)],
    ) -> Template:
        async def rows() -> AsyncIterator[Template]:
            for row in db:
                events.append(f"row {row}")
                yield t"<li>{row}</li>"

        return t"<p>{user}</p><ul>{rows()}</ul>"

    response = TestClient(app).get("/", params={"name": EVIL})
    assert f"<p>{EVIL_ESCAPED}</p><ul><li>Spam</li><li>Eggs</li></ul>" == response.text
    assert ["open", "row Spam", "row Eggs", "closed"] == events


def test_a_template_response_renders_before_dependencies_exit() -> None:
    # Rendered when the response is sent: a session from a dependency with yield is still open.
    app = FastAPI()
    session: dict[str, bool] = {}

    async def database() -> AsyncIterator[dict[str, bool]]:
        session["open"] = True
        yield session
        session["open"] = False

    async def is_open(db: dict[str, bool]) -> str:
        await asyncio.sleep(0)
        return "open" if db["open"] else "closed"

    @app.get("/", response_class=TemplateResponse)
    async def home(db: Annotated[dict[str, bool], Depends(database)]) -> TemplateResponse:
        return TemplateResponse(t"<p>The session is {is_open(db)}.</p>")

    assert "<p>The session is open.</p>" == TestClient(app).get("/").text
    assert {"open": False} == session


def test_async_components_are_awaited_concurrently() -> None:
    app = html_app()

    @app.get("/")
    async def home() -> Template:
        return t"<main>{card('One', 0.1)}{card('Two', 0.1)}{card('Three', 0.1)}</main>"

    client = TestClient(app)
    start = time.perf_counter()
    response = client.get("/")
    elapsed = time.perf_counter() - start
    assert (
        "<main><article><h2>One</h2></article><article><h2>Two</h2></article>"
        "<article><h2>Three</h2></article></main>"
    ) == response.text
    assert elapsed < 0.25, f"the three components took {elapsed:.3f} s: not concurrent"


def test_a_sync_endpoint_renders_with_html() -> None:
    app = html_app()

    @app.get("/")
    def home(q: str = "") -> Template:
        return t"<p>{q}</p>"

    @app.get("/async-value")
    def async_value() -> Template:
        return t"<p>{card('x')}</p>"

    client = TestClient(app)
    assert f"<p>{EVIL_ESCAPED}</p>" == client.get("/", params={"q": EVIL}).text
    with pytest.raises(RenderError, match=r"test_fastapi\.py, line"):
        client.get("/async-value")


def test_other_responses_pass_through() -> None:
    app = html_app()

    @app.get("/product/{product_id}")
    async def product(product_id: int) -> Template | RedirectResponse:
        if product_id == 0:
            return RedirectResponse("/product/1")
        return t"<h1>Product {product_id}</h1>"

    @app.get("/stream")
    async def stream() -> Template | StreamingTemplateResponse:
        return StreamingTemplateResponse(t"<ul>{[t'<li>{n}</li>' for n in range(3)]}</ul>")

    @app.get("/markup")
    async def markup() -> Markup:
        return html(t"<b>{EVIL}</b>")

    client = TestClient(app)
    response = client.get("/product/0", follow_redirects=False)
    assert (307, "/product/1") == (response.status_code, response.headers["location"])
    assert "<h1>Product 1</h1>" == client.get("/product/0").text
    response = client.get("/stream")
    assert (HTML, "<ul><li>0</li><li>1</li><li>2</li></ul>") == (
        response.headers["content-type"],
        response.text,
    )
    assert "content-length" not in response.headers
    assert f"<b>{EVIL_ESCAPED}</b>" == client.get("/markup").text
    assert HTML_SCHEMA == responses_of(app, "/markup")["200"]["content"]


def test_an_explicit_response_class_is_kept() -> None:
    app = html_app()

    @app.get("/", response_class=HTMLResponse)
    async def home() -> Template:
        return t"<p>hi</p>"

    assert "<p>hi</p>" == TestClient(app).get("/").text
    assert HTML_SCHEMA == responses_of(app, "/")["200"]["content"]


def test_a_router_with_the_route_class() -> None:
    router = APIRouter(route_class=TemplateRoute, prefix="/shop", tags=["shop"])

    @router.get("/{name}")
    async def shop(name: str) -> Annotated[Template, "a page"]:
        return t"<h1>{name}</h1>"

    app = FastAPI()
    app.include_router(router, prefix="/v1")
    response = TestClient(app).get("/v1/shop/<Spam>")
    assert (HTML, "<h1>&lt;Spam&gt;</h1>") == (response.headers["content-type"], response.text)
    assert HTML_SCHEMA == responses_of(app, "/v1/shop/{name}")["200"]["content"]


def test_a_template_error_names_the_endpoint() -> None:
    app = html_app()

    @app.get("/")
    async def home() -> Template:
        return t"<p>{ {'a': 1} }</p>"

    with pytest.raises(RenderError, match="a dict where text is expected") as raised:
        TestClient(app).get("/")
    line = home.__code__.co_firstlineno  # where its definition starts: its first decorator
    assert f"test_fastapi.py, line {line}" in str(raised.value)
    response = TestClient(app, raise_server_exceptions=False).get("/")
    assert 500 == response.status_code


def test_the_csp_middleware_in_fastapi() -> None:
    app = html_app()
    app.add_middleware(CSPMiddleware, policy="script-src 'nonce-{nonce}'")

    @app.get("/")
    async def home() -> Template:
        return t"<script>start()</script>"

    response = TestClient(app).get("/")
    nonce = response.headers["content-security-policy"].removeprefix("script-src 'nonce-")[:-1]
    assert f'<script nonce="{nonce}">start()</script>' == response.text


def test_the_endpoint_keeps_its_name_and_docs() -> None:
    app = html_app()

    @app.get("/")
    async def home_page() -> Template:
        """The home page."""
        return t"<p>home</p>"

    schema = TestClient(app).get("/openapi.json").json()["paths"]["/"]["get"]
    assert ("Home Page", "The home page.") == (schema["summary"], schema["description"])
    assert "/" == app.url_path_for("home_page")


def test_a_response_made_in_a_block_renders_in_its_context() -> None:
    theme = Provider("theme", default="light")
    app = html_app()

    @app.get("/")
    async def page() -> Template | TemplateResponse:
        with csp_nonce("n0nc3"), theme.using("dark"):
            return TemplateResponse(t"<script>go()</script><p>{theme.get}</p>")

    assert '<script nonce="n0nc3">go()</script><p>dark</p>' == TestClient(app).get("/").text
