"""The optional Starlette integration (FastAPI too): responses that render templates, streamed
pages, CSP nonces per request, static URLs.

The only module of htmltemplates that imports Starlette (install the ``starlette`` extra;
``htmltemplates.integrations.fastapi`` adds FastAPI's route class on top of it). An endpoint
can always return ``HTMLResponse(html(t"..."))``; this module adds:

- ``TemplateResponse(template)``: an ``HTMLResponse`` whose body is ``html_async(template)``,
  so the page may hold awaitables, async iterables and async components, awaited
  concurrently. It also takes the ``Markup`` that ``html()`` returns.
- ``StreamingTemplateResponse(template)``: the page of ``stream_html_async(template)``, sent
  in chunks as its rows are rendered.
- ``CSPMiddleware``: an ASGI middleware that gives each request a Content-Security-Policy
  nonce, which html() writes on every ``<script>`` and ``<style>``, and that can send the
  policy header.
- ``static_url(request, path)``: the URL of a static file as a ``TrustedResourceURL``.

Why the rendering happens when the response is sent. Starlette's ``Response`` renders its body
in ``__init__``, and ``__init__`` cannot await: an endpoint constructs the response and returns
it, and the route then calls it as an ASGI app (``await response(scope, receive, send)``).
``TemplateResponse`` therefore keeps the template and renders it at the top of that call,
before the status line and headers are sent, inside the request's task (its context
variables, its CSP nonce) and, in FastAPI, before the exit code of dependencies with
``yield`` runs (a database session is still open). A template error there is raised before
anything is sent, so it becomes a 500 (or runs the app's exception handlers) like an error in
the endpoint. ``StreamingTemplateResponse`` renders its first chunk the same way, before the
headers, and the others while the body is sent.
"""

from __future__ import annotations

import asyncio
import contextvars
import sys
from collections.abc import AsyncGenerator, Callable, Mapping
from string.templatelib import Template
from typing import Protocol

from markupsafe import Markup
from starlette.background import BackgroundTask
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, StreamingResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .._async import html_async, stream_html_async
from .._streaming import CHUNK_SIZE
from ..errors import origin_of
from ..runtime.csp import CSP_NONCE
from ..runtime.trusted import TrustedResourceURL
from ._core import (
    CSPNames,
    blamed,
    checked_nonce_value,
    new_nonce,
    policy_with_nonce,
    signal_context,
)

__all__ = [
    "CSPMiddleware",
    "StreamingTemplateResponse",
    "TemplateResponse",
    "static_url",
]


class _HasHTML(Protocol):
    def __html__(self) -> str: ...


def _call_site() -> str:
    """``file, line N`` of the code that called into this module (a constructor below), in
    the form of TemplateError.caller: the line a template error names, since the code on the
    stack when the template renders is Starlette's."""
    frame = sys._getframe(2)
    while frame.f_back is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back  # a subclass defined here calling super().__init__()
    return origin_of(frame)


async def render_template(template: Template, origin: str) -> Markup:
    """``await html_async(template)``; a template error names ``origin`` as its caller."""
    with blamed(origin):
        return await html_async(template)


# -- TemplateResponse ---------------------------------------------------------------------------


class TemplateResponse(HTMLResponse):
    """An HTML response whose body is ``await html_async(template)``, rendered when the
    response is sent (see the module docstring): use it wherever an ``HTMLResponse`` goes,
    and as FastAPI's ``response_class``.

    ``content`` is a ``Template`` (a t-string), the ``Markup`` that ``html()`` returns (or any
    object with ``__html__``), or None for an empty body. A plain ``str`` is refused: it would
    be sent as HTML unescaped (``HTMLResponse`` is for HTML you trust as it is). The other
    arguments are those of Starlette's ``Response``; the content type is
    ``text/html; charset=utf-8``. ``Content-Length`` is added when the page is rendered.
    """

    template: Template | None
    """The template rendered when the response is sent (None for Markup content)."""

    def __init__(
        self,
        content: Template | _HasHTML | None = None,
        status_code: int = 200,
        headers: Mapping[str, str] | None = None,
        media_type: str | None = None,
        background: BackgroundTask | None = None,
    ) -> None:
        if content is None or not isinstance(content, Template):
            self.template = None
            super().__init__(_markup(content), status_code, headers, media_type, background)
            return
        self.template = content
        self._rendered = False
        self._origin = _call_site()
        # rendered in the context variables of its creation (a csp_nonce() or
        # Provider.using() block around the endpoint's return), though sent after it
        self._context = contextvars.copy_context()
        # Response.__init__ without its render(): no body yet, so init_headers() adds no
        # Content-Length (as for Starlette's StreamingResponse).
        self.status_code = status_code
        if media_type is not None:
            self.media_type = media_type
        self.background = background
        self.init_headers(headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.template is not None and not self._rendered:
            rendering = render_template(self.template, self._origin)
            markup = await asyncio.get_running_loop().create_task(rendering, context=self._context)
            self.body = markup.encode(self.charset)
            self._rendered = True  # once, even if the response is sent twice
            self._add_content_length()
        if self.template is not None:
            await _send_debug(self.template, scope, send)
        await super().__call__(scope, receive, send)

    def _add_content_length(self) -> None:
        """``Content-Length``, as Response.init_headers() adds it: unless the app set one, or
        the status has no body."""
        if self.status_code < 200 or self.status_code in (204, 304):
            return
        if b"content-length" not in (name for name, _value in self.raw_headers):
            length = str(len(self.body)).encode("latin-1")
            self.raw_headers.append((b"content-length", length))


async def _send_debug(template: Template, scope: Scope, send: Send) -> None:
    """Send the ASGI ``http.response.debug`` message when the server takes it (Starlette's
    TestClient does: ``response.template`` and ``response.context`` in tests), as Starlette's
    Jinja2 responses do: the template, and for context its values by the expressions that
    wrote them."""
    if "http.response.debug" in scope.get("extensions", {}):
        context = signal_context(template)
        await send(
            {"type": "http.response.debug", "info": {"template": template, "context": context}}
        )


def _markup(content: object) -> str | None:
    """The HTML of ``content`` when it is trusted HTML (``__html__``) or None; else TypeError."""
    if content is None:
        return None
    html_method = getattr(content, "__html__", None)
    if html_method is not None:
        source = html_method()
        if isinstance(source, str):
            return str.__str__(source)
    if isinstance(content, str):
        raise TypeError(
            'TemplateResponse takes a template (t"...") or the Markup that html() returns, '
            'not a str: a str would be sent as HTML unescaped. Write html(t"...") around it, '
            "or send HTML you trust with starlette.responses.HTMLResponse."
        )
    raise TypeError(
        'TemplateResponse takes a template (t"...") or the Markup that html() returns, not '
        f"{type(content).__name__}."
    )


# -- StreamingTemplateResponse ------------------------------------------------------------------


class StreamingTemplateResponse(StreamingResponse):
    """A streamed HTML response whose body is ``stream_html_async(template)``: the page in
    chunks, cut in its element content where rendering may wait (the next item of a generator
    or an async iterable, an awaitable, a lazy value, a component tag). What is rendered is
    sent whenever rendering has to wait for an async value, and otherwise once ``chunk_size``
    characters are gathered (0: at every cut).

    The first chunk (everything before the first wait) is rendered when the response is
    called, before the status line and headers go out: an error there is a proper error
    response. The other chunks are rendered while the body is sent; the generators being read
    are closed when the response ends, also early (a client that went away, a ``HEAD``
    request, which gets the headers only). The other arguments are those of Starlette's
    ``StreamingResponse``; the content type is ``text/html; charset=utf-8``, with no
    ``Content-Length``.
    """

    media_type = "text/html"

    def __init__(
        self,
        template: Template,
        status_code: int = 200,
        headers: Mapping[str, str] | None = None,
        media_type: str | None = None,
        background: BackgroundTask | None = None,
        *,
        chunk_size: int = CHUNK_SIZE,
    ) -> None:
        if not isinstance(template, Template):
            raise TypeError(
                'StreamingTemplateResponse takes a template (t"..."), not '
                f"{type(template).__name__}."
            )
        self.template = template
        self.chunk_size = chunk_size
        self._origin = _call_site()
        self._context = contextvars.copy_context()  # the stream runs in it (see __call__)
        self._chunks: AsyncGenerator[str] | None = None
        self._first = ""
        self._body = self._page()
        super().__init__(self._body, status_code, headers, media_type, background)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # The stream runs in the context variables of the response's creation (the request's
        # CSP nonce, a Provider.using() block around it); the first chunk is rendered before
        # the headers go out.
        self._chunks = chunks = self._context.run(
            stream_html_async, self.template, chunk_size=self.chunk_size
        )
        try:
            self._first = await self._next(chunks)
            if scope.get("method") == "HEAD":  # the headers only: no other chunk is rendered
                await chunks.aclose()
            await _send_debug(self.template, scope, send)
            await super().__call__(scope, receive, send)
        finally:
            # Also when the client went away: the generators being read are closed (their
            # finally blocks run), and the page's own generator after them.
            await chunks.aclose()
            await self._body.aclose()

    async def _page(self) -> AsyncGenerator[str]:
        """The body: the first chunk, rendered by __call__, then the rest."""
        chunks = self._chunks
        if chunks is None:
            raise RuntimeError(
                "a StreamingTemplateResponse renders its page when it is called as an ASGI app "
                "(await response(scope, receive, send)); its body cannot be read before."
            )
        if self._first:
            yield self._first
        while chunk := await self._next(chunks):
            yield chunk

    async def _next(self, chunks: AsyncGenerator[str]) -> str:
        """The next chunk, "" at the end; a template error names the line that made the
        response (the code on the stack is Starlette's)."""
        with blamed(self._origin):
            return await anext(chunks, "")


# -- Content-Security-Policy nonces -------------------------------------------------------------

CSP_HEADER = b"content-security-policy"
# how the messages of the core name the middleware's settings
_NAMES = CSPNames(
    policy="CSPMiddleware's policy",
    nonce="CSPMiddleware's nonce function",
    returned="the nonce function of CSPMiddleware",
    gave="its nonce function",
)


class CSPMiddleware:
    """ASGI middleware: a Content-Security-Policy nonce for each HTTP request.

    While the app handles the request, :data:`htmltemplates.CSP_NONCE` holds the request's
    nonce, so every ``<script>`` and ``<style>`` that html(), html_async() and the streamed
    responses write gets ``nonce="..."``; the endpoint reads it as ``request.state.csp_nonce``.
    ``nonce`` makes it: by default ``secrets.token_urlsafe(16)`` (128 random bits), else a
    function of the request returning a str (or None: no nonce for this request).

    ``policy``, when given, is sent as the ``Content-Security-Policy`` header of every HTTP
    response that does not have one already, with ``{nonce}`` replaced by the request's nonce
    (``"script-src 'nonce-{nonce}'"``). WebSocket and lifespan messages pass through.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        policy: str | None = None,
        nonce: Callable[[Request], str | None] | None = None,
    ) -> None:
        self.app = app
        self.policy = policy
        self.nonce = nonce

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        nonce = self._make_nonce(scope)
        # request.state is the scope's "state" dict, a copy per request (ASGI lifespan state)
        scope.setdefault("state", {})["csp_nonce"] = nonce
        if self.policy:
            send = self._sending_policy(send, self._policy_for(nonce))
        # The app runs in this task, and the tasks it starts copy its context: they all see it.
        token = CSP_NONCE.set(nonce)
        try:
            await self.app(scope, receive, send)
        finally:
            CSP_NONCE.reset(token)

    def _make_nonce(self, scope: Scope) -> str | None:
        if self.nonce is None:
            return new_nonce()
        return checked_nonce_value(self.nonce(Request(scope)), _NAMES)

    def _policy_for(self, nonce: str | None) -> bytes:
        return policy_with_nonce(str(self.policy), lambda: nonce, _NAMES).encode("latin-1")

    @staticmethod
    def _sending_policy(send: Send, policy: bytes) -> Send:
        async def send_with_policy(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if all(name.lower() != CSP_HEADER for name, _value in headers):
                    message = {**message, "headers": [*headers, (CSP_HEADER, policy)]}
            await send(message)

        return send_with_policy


# -- static_url ---------------------------------------------------------------------------------


def static_url(request: HTTPConnection, path: str, *, name: str = "static") -> TrustedResourceURL:
    """The URL of the file ``path`` of the static files mounted as ``name``
    (``Mount("/static", StaticFiles(...), name="static")``), as a ``TrustedResourceURL``, so
    it can be the ``src`` of a ``<script>`` or the ``href`` of a stylesheet: the app chose it,
    not a visitor.

    It is ``request.url_for(name, path=path)`` without the scheme and host, which come from
    the request's ``Host`` header: ``/static/app.js`` (with the app's root path and mounts).
    A mount routed by host (``Host("cdn.example.org", ...)``) keeps its origin.
    """
    url = request.url_for(name, path=path)
    base = request.base_url
    if (url.scheme, url.netloc) != (base.scheme, base.netloc):
        return TrustedResourceURL.unchecked(str(url))
    site_relative = url.path + (f"?{url.query}" if url.query else "")
    return TrustedResourceURL.unchecked(site_relative)
