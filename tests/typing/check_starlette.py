"""Type-checked with ``mypy --strict tests/typing``, never run:
htmltemplates.integrations.starlette and
htmltemplates.integrations.fastapi against Starlette's and FastAPI's own typing.

The ignores below are checked by warn_unused_ignores: they prove that what they mark stays
refused.
"""

from collections.abc import AsyncIterator
from string.templatelib import Template
from typing import assert_type

from fastapi import APIRouter, FastAPI
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from htmltemplates import TrustedResourceURL, html
from htmltemplates.integrations.fastapi import TemplateRoute
from htmltemplates.integrations.starlette import (
    CSPMiddleware,
    StreamingTemplateResponse,
    TemplateResponse,
    static_url,
)


async def rows() -> AsyncIterator[Template]:
    yield t"<li>a</li>"


# Both responses are Starlette responses: endpoints return them as any other.
async def page(request: Request) -> Response:
    assert_type(static_url(request, "app.js"), TrustedResourceURL)
    if request.method == "HEAD":
        return StreamingTemplateResponse(t"<ul>{rows()}</ul>", chunk_size=0)
    return TemplateResponse(t"<p>{request.url_for('page')}</p>", status_code=201)


html_response: HTMLResponse = TemplateResponse(html(t"<p>hi</p>"))
streaming_response: StreamingResponse = StreamingTemplateResponse(t"<p>hi</p>")
TemplateResponse(None)
TemplateResponse("<p>a str is refused</p>")  # type: ignore[arg-type]
StreamingTemplateResponse(html(t"<p>Markup is not streamed</p>"))  # type: ignore[arg-type]

# The middleware fits Starlette's Middleware and FastAPI's add_middleware, options checked.
app = Starlette(
    routes=[Route("/", page)],
    middleware=[Middleware(CSPMiddleware, policy="script-src 'nonce-{nonce}'")],
)
app.add_middleware(CSPMiddleware, nonce=lambda request: request.headers.get("x-nonce"))
app.add_middleware(CSPMiddleware, policy=42)  # type: ignore[arg-type]

# FastAPI: the route class goes on the app's router or on an APIRouter.
api = FastAPI()
api.router.route_class = TemplateRoute
router = APIRouter(route_class=TemplateRoute)
api.add_middleware(CSPMiddleware, policy="script-src 'nonce-{nonce}'")


@api.get("/")
async def home() -> Template:
    return t"<p>home</p>"


@router.get("/items/{item_id}")
def item(item_id: int) -> Template | RedirectResponse:
    if item_id == 0:
        return RedirectResponse("/")
    return t"<p>{item_id}</p>"


@router.get("/markup")
def markup() -> Markup:
    return html(t"<p>markup</p>")
