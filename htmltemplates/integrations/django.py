"""The optional Django integration: responses from templates, streamed pages, CSP nonces, a
template backend.

The only module of htmltemplates that imports Django (install the ``django`` extra). A view
can always ``return HttpResponse(html(t"..."))``: html() returns ``Markup``, a ``str``. Never
``HttpResponse(t"...")`` without html(): Django iterates the template and writes each value as
it is, unescaped. This module adds:

- ``render_html(request, template)``: an ``HttpResponse`` with ``html(template)``, as Django's
  ``render()`` is one with a rendered template; ``stream_html(request, template)``: a
  ``StreamingHttpResponse`` sent in chunks as the lists in the page are rendered.
- ``@view``: a view (``def`` or ``async def``) may return a bare ``Template``, alone or in a
  ``(body, status)``, ``(body, headers)`` or ``(body, status, headers)`` tuple, or a list of
  templates (htmx's out-of-band swaps); other return values pass through.
- ``HTMLTemplatesMiddleware``: html() writes the request's Content-Security-Policy nonce
  (Django's own, from ``ContentSecurityPolicyMiddleware``; django-csp's before Django 6) on
  every ``<script>`` and ``<style>`` (see :func:`request_nonce`).
- ``csrf_input(request)``, ``messages(request)``, ``static(path)``: what Django templates get
  from ``{% csrf_token %}``, the messages context processor and ``{% static %}``.

A template backend, ``htmltemplates.integrations.django_backend.HTMLTemplates``, lets ``render()``,
``TemplateResponse`` and class-based views such as ``TemplateView`` use templates named
``"module.path:function"``: functions that take the context and return a t-string.

Django's ``SafeString`` and its forms, bound fields and widgets have ``__html__``: they are
inserted as the HTML Django made (and escaped) for them.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import sys
from collections.abc import (
    AsyncGenerator,
    AsyncIterator,
    Awaitable,
    Callable,
    Coroutine,
    Iterator,
    Mapping,
)
from contextlib import AbstractContextManager, nullcontext
from string.templatelib import Template
from typing import Any, cast, overload

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.middleware.csrf import get_token
from django.templatetags.static import static as static_path
from django.utils.functional import Promise

from .._api import html
from .._async import _chunks as async_chunks
from .._async import html_async
from .._streaming import CHUNK_SIZE, Stream, check_chunk_size
from .._streaming import chunks as stream_chunks
from ..errors import definition_of, origin_of
from ..runtime.csp import CSP_NONCE, csp_nonce, nonce_attribute
from ..runtime.trusted import TrustedResourceURL
from ..runtime.values import register_text_type
from ._core import Body, blamed, body_of, one_template, status_and_headers

# Django 6.0 and later: the nonce of django.middleware.csp.ContentSecurityPolicyMiddleware
_django_nonce: Callable[[HttpRequest], object] | None
try:
    from django.middleware.csp import get_nonce as _get_nonce
except ImportError:  # pragma: no cover - Django 5.2
    _django_nonce = None
else:
    _django_nonce = _get_nonce

# Django's lazy strings (gettext_lazy, format_lazy, a form field's label) are text: rendered as
# their str() everywhere, not as the iterables of characters they also are
register_text_type(Promise)


__all__ = [
    "HTMLTemplatesMiddleware",
    "TemplateReturnValue",
    "csrf_input",
    "messages",
    "render_html",
    "render_html_async",
    "request_nonce",
    "static",
    "stream_html",
    "stream_html_async",
    "view",
]

type TemplateReturnValue = (
    Body | tuple[Body, int] | tuple[Body, Mapping[str, str]] | tuple[Body, int, Mapping[str, str]]
)
"""What a view under ``@view`` may return besides an ``HttpResponse``: a template or a list of
templates (fragments sent together, as htmx's out-of-band swaps want), alone or in a tuple with
a status, headers, or both."""


# -- responses --------------------------------------------------------------------------------


def render_html(
    request: HttpRequest,
    template: Template,
    *,
    status: int | None = None,
    headers: Mapping[str, str] | None = None,
    content_type: str | None = None,
) -> HttpResponse:
    """An ``HttpResponse`` whose content is ``html(template)``: what Django's ``render()`` is for
    a Django template.

    ``status``, ``headers`` and ``content_type`` are those of ``HttpResponse`` (the content type
    is ``text/html; charset=utf-8`` unless you give another). The template is rendered with the
    request's CSP nonce (:func:`request_nonce`), also without ``HTMLTemplatesMiddleware``.
    """
    with nonce_of(request):
        content = html(template)
    return HttpResponse(content, content_type=content_type, status=status, headers=headers)


def stream_html(
    request: HttpRequest,
    template: Template,
    *,
    status: int | None = None,
    headers: Mapping[str, str] | None = None,
    content_type: str | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> StreamingHttpResponse:
    """A ``StreamingHttpResponse`` whose body is ``html(template)``, sent in chunks.

    The chunks are those of ``htmltemplates.stream_html(template)``: the page is cut where
    rendering may wait (the next item of a generator of rows from a database cursor, a lazy
    value, a component tag) in its element content, at any depth. The first chunk (everything
    before the first such place) is rendered before this returns, so an error there is raised
    in the view and becomes Django's error response; the other chunks gather at least
    ``chunk_size`` characters (0: send at every such place). They are rendered in a copy of
    the view's context variables, with the request's CSP nonce, after the view has returned.

    The nonce is taken now, when the request has one: Django's CSP middleware writes the
    policy header as the response leaves it, before the body is rendered, and names the nonce
    only if it was used by then. Closing the response (Django does, when the body is sent or
    the client went away) closes the generators being read.
    """
    if template.__class__ is not Template:
        html(template)  # raises its TypeError
    check_chunk_size(chunk_size)
    origin = origin_of(sys._getframe(1))
    # The chunks after the first are rendered while the server sends the body, after the
    # middleware has reset CSP_NONCE: the Stream runs them in a copy of this context.
    context = contextvars.copy_context()
    if context.get(CSP_NONCE) is None:
        context.run(CSP_NONCE.set, functools.partial(request_nonce, request))
    chunks = context.run(Stream, stream_chunks(template, chunk_size, origin))
    first = next(chunks, "")
    context.run(nonce_attribute)  # choose the nonce before the policy header is written
    return StreamingHttpResponse(
        _StreamBody(first, chunks), content_type=content_type, status=status, headers=headers
    )


class _StreamBody(Iterator[str]):
    """The body of a streamed page: the first chunk (rendered in the view), then the rest.

    Django calls ``close()`` when it is done with the response, whether or not it read the
    body (a HEAD request, a client that went away): it closes the stream, which closes the
    generators being read, so their ``finally`` blocks run.
    """

    def __init__(self, first: str, chunks: Stream) -> None:
        self._first = first
        self._chunks = chunks

    def __next__(self) -> str:
        first, self._first = self._first, ""
        return first or next(self._chunks)

    def close(self) -> None:
        self._chunks.close()


async def render_html_async(
    request: HttpRequest,
    template: Template,
    *,
    status: int | None = None,
    headers: Mapping[str, str] | None = None,
    content_type: str | None = None,
) -> HttpResponse:
    """:func:`render_html` for async views: the template is rendered by ``await
    html_async(template)``, which awaits the coroutines, async iterables and async components
    in its element content (independent ones concurrently) and writes them in template order.
    """
    with nonce_of(request):
        content = await html_async(template)
    return HttpResponse(content, content_type=content_type, status=status, headers=headers)


async def stream_html_async(
    request: HttpRequest,
    template: Template,
    *,
    status: int | None = None,
    headers: Mapping[str, str] | None = None,
    content_type: str | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> StreamingHttpResponse:
    """:func:`stream_html` for async views under ASGI: ``await stream_html_async(request,
    template)`` is a ``StreamingHttpResponse`` whose body is an async iterator of the chunks of
    ``htmltemplates.stream_html_async(template)``, so the template may hold awaitables, async
    iterables (an async ``QuerySet``) and async components.

    The first chunk is rendered before this returns (an error there is raised in the view);
    the others are rendered, in a copy of the view's context variables, as Django's ASGI
    handler sends them. The nonce is chosen before the first chunk leaves, as in stream_html().
    """
    if template.__class__ is not Template:
        html(template)  # raises its TypeError
    check_chunk_size(chunk_size)
    origin = origin_of(sys._getframe(1))
    context = contextvars.copy_context()
    if context.get(CSP_NONCE) is None:
        context.run(CSP_NONCE.set, functools.partial(request_nonce, request))
    chunks = async_chunks(template, chunk_size, origin)
    first = await _in_context(context, anext(chunks, ""))
    context.run(nonce_attribute)  # choose the nonce before the policy header is written
    return StreamingHttpResponse(
        _async_stream(first, chunks, context),
        content_type=content_type,
        status=status,
        headers=headers,
    )


async def _in_context[T](context: contextvars.Context, awaitable: Awaitable[T]) -> T:
    """Await ``awaitable`` in ``context`` (a task of its own), as the chunks of a stream are
    rendered in the view's context variables after the view has returned."""

    async def step() -> T:
        return await awaitable

    return await asyncio.create_task(step(), context=context)


async def _async_stream(
    first: str, chunks: AsyncGenerator[str], context: contextvars.Context
) -> AsyncIterator[str]:
    """The body of stream_html_async(): the first chunk, then the rest. Ending early (the
    client went away) closes the chunks, which closes the async generators being read."""
    try:
        if first:
            yield first
        while True:
            chunk = await _in_context(context, anext(chunks, ""))
            if not chunk:
                return
            yield chunk
    finally:
        await _in_context(context, chunks.aclose())


# -- @view ------------------------------------------------------------------------------------


def _parts(rv: object) -> tuple[Body, int | None, Mapping[str, str] | None] | None:
    """The template (or list of them), status and headers of what a view returned, or None
    when it returned no template (Django checks that it is a response)."""
    found = body_of(rv)
    if found is None:
        return None
    body, rest = found
    return body, *status_and_headers(body, rest)


def _respond(
    rv: TemplateReturnValue | HttpResponseBase, request: HttpRequest | None, origin: str
) -> HttpResponseBase:
    """The response for what a view returned: a template (alone or in a tuple) rendered by
    html() into an ``HttpResponse``; a list of templates rendered as ``html(t"{templates}")``
    renders it; anything else returned as it is."""
    parts = _parts(rv)
    if parts is None:
        return cast(HttpResponseBase, rv)
    body, status, headers = parts
    with blamed(origin), nonce_of(request):
        content = html(one_template(body))
    return HttpResponse(content, status=status, headers=headers)


async def _respond_async(
    rv: TemplateReturnValue | HttpResponseBase, request: HttpRequest | None, origin: str
) -> HttpResponseBase:
    """:func:`_respond` for an async view: the template is rendered by html_async(), which
    awaits the awaitables, async iterables and async components in it."""
    parts = _parts(rv)
    if parts is None:
        return cast(HttpResponseBase, rv)
    body, status, headers = parts
    with blamed(origin), nonce_of(request):
        content = await html_async(one_template(body))
    return HttpResponse(content, status=status, headers=headers)


def _request_in(args: tuple[object, ...]) -> HttpRequest | None:
    """The request a view was called with: its first argument, or the second for a method
    (a class-based view's ``get(self, request)`` under ``method_decorator`` gets it first)."""
    for arg in args[:2]:
        if isinstance(arg, HttpRequest):
            return arg
    return None


type _View[**P] = Callable[P, TemplateReturnValue | HttpResponseBase]
type _AsyncView[**P] = Callable[P, Coroutine[Any, Any, TemplateReturnValue | HttpResponseBase]]


@overload
def view[**P](
    function: _AsyncView[P],
) -> Callable[P, Coroutine[Any, Any, HttpResponseBase]]: ...


@overload
def view[**P](function: _View[P]) -> Callable[P, HttpResponseBase]: ...


def view[**P](
    function: _View[P] | _AsyncView[P],
) -> Callable[P, HttpResponseBase] | Callable[P, Coroutine[Any, Any, HttpResponseBase]]:
    """Decorate a view that returns a template (alone or in a tuple): it is rendered by html()
    into an ``HttpResponse``.

    Other return values (a redirect, any ``HttpResponse``) pass through unchanged. An
    ``async def`` view stays a coroutine function, which Django runs as an async view; its
    template is rendered by ``html_async()``, so it may hold awaitables, async iterables and
    async components. The
    template is rendered with the CSP nonce of the request the view was given. For a method of
    a class-based view, use Django's ``method_decorator(view)``.
    """
    origin = definition_of(function)
    if iscoroutinefunction(function):
        coroutine_function = cast(
            Callable[P, Awaitable[TemplateReturnValue | HttpResponseBase]], function
        )

        @functools.wraps(function)
        async def rendering_async_view(*args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
            rv = await coroutine_function(*args, **kwargs)
            return await _respond_async(rv, _request_in(args), origin)

        return markcoroutinefunction(rendering_async_view)

    plain_function = cast(_View[P], function)

    @functools.wraps(function)
    def rendering_view(*args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
        return _respond(plain_function(*args, **kwargs), _request_in(args), origin)

    return rendering_view


# -- Content-Security-Policy nonces -----------------------------------------------------------


def request_nonce(request: HttpRequest) -> str | None:
    """The Content-Security-Policy nonce of ``request``, or None.

    It is Django's (6.0 and later: ``django.middleware.csp.ContentSecurityPolicyMiddleware``
    gives each request one, which its ``SECURE_CSP`` policy names where it says ``CSP.NONCE``),
    or else django-csp's ``request.csp_nonce``; None without either middleware. Both are made
    on first use, and the policy header names the nonce only if it was used: this function
    uses it.
    """
    nonce = _django_nonce(request) if _django_nonce is not None else None
    if nonce is None:
        nonce = getattr(request, "csp_nonce", None)
    if nonce is None:
        return None
    return str(nonce) or None


def nonce_of(request: HttpRequest | None) -> AbstractContextManager[None]:
    """Render with the nonce of ``request``, unless a nonce is set already (by
    HTMLTemplatesMiddleware, or by the code around)."""
    if request is None or CSP_NONCE.get() is not None:
        return nullcontext()
    return csp_nonce(functools.partial(request_nonce, request))


class HTMLTemplatesMiddleware:
    """Set ``htmltemplates.CSP_NONCE`` for each request, so that every html() in its views
    writes the request's nonce on ``<script>`` and ``<style>`` (see :func:`request_nonce`).

    ``CSP_NONCE`` holds a function, called when a tag needs the nonce: the nonce is chosen then,
    wherever this middleware stands in ``MIDDLEWARE`` (before or after Django's CSP middleware),
    and a page without scripts leaves it unused. It is reset when the response leaves the
    middleware; ``stream_html()`` keeps it for the chunks it renders later. Works in sync and
    async stacks (WSGI and ASGI).
    """

    sync_capable = True
    async_capable = True

    def __init__(
        self, get_response: Callable[[HttpRequest], HttpResponseBase | Awaitable[HttpResponseBase]]
    ) -> None:
        self.get_response = get_response
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)  # Django then awaits __call__

    def __call__(self, request: HttpRequest) -> Any:
        if self.async_mode:
            return self._acall(request)
        token = CSP_NONCE.set(functools.partial(request_nonce, request))
        try:
            return self.get_response(request)
        finally:
            CSP_NONCE.reset(token)

    async def _acall(self, request: HttpRequest) -> HttpResponseBase:
        token = CSP_NONCE.set(functools.partial(request_nonce, request))
        try:
            return await cast(Awaitable[HttpResponseBase], self.get_response(request))
        finally:
            CSP_NONCE.reset(token)


# -- helpers: what Django templates get from tags and context processors ----------------------


def csrf_input(request: HttpRequest) -> Template:
    """The hidden ``<input>`` of ``{% csrf_token %}``, for forms that ``CsrfViewMiddleware``
    checks: ``<input type="hidden" name="csrfmiddlewaretoken" value="...">``, with the token of
    ``django.middleware.csrf.get_token(request)`` (which also makes Django send the cookie)."""
    return t'<input type="hidden" name="csrfmiddlewaretoken" value={get_token(request)}>'


def messages(request: HttpRequest) -> Template:
    """The messages of ``django.contrib.messages`` as ``<ul class="messages">``, one ``<li>`` per
    message whose class is the message's tags (none when it has no tags), as in Django's
    documentation; nothing at all when there is no message.

    Messages are escaped like any value; one marked safe (``mark_safe``) is inserted as is.
    Like iterating the ``messages`` of Django's context processor, this marks them as seen:
    they are shown once.
    """
    items = [
        t"<li class={message.tags or None}>{message.message}</li>"
        for message in get_messages(request)
    ]
    if not items:
        return t""
    return t'<ul class="messages">{items}</ul>'


def static(path: str) -> TrustedResourceURL:
    """The URL of a static file, as ``{% static path %}`` gives it (``STATIC_URL`` and the
    storage of ``django.contrib.staticfiles``, with its hashed names under
    ``ManifestStaticFilesStorage``), as a TrustedResourceURL: it can be the ``src`` of a
    ``<script>`` or the ``href`` of a stylesheet, since the project chose it, not a visitor."""
    return TrustedResourceURL.unchecked(static_path(path))
