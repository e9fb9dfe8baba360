"""The optional Quart integration: views that return templates, CSP nonces, helpers.

The only module of htmltemplates that imports Quart (install the ``quart`` extra). Quart is
Flask's API on asyncio, and this module gives it what ``htmltemplates.integrations.flask`` gives
Flask. A view can always ``return html(t"...")``: the result is ``Markup``, a ``str``, which
Quart sends as ``text/html; charset=utf-8``. This module adds:

- ``HTMLTemplates(app)`` / ``init_app(app)``: once installed, any view, error handler or
  ``before_request`` function of the app may return a bare ``Template``, alone or as the body
  of a ``(body, status)``, ``(body, headers)`` or ``(body, status, headers)`` tuple, or a list
  of templates (htmx's out-of-band swaps), and it is rendered with ``html_async()``, so the
  coroutines, async generators and async components in it are awaited. It also gives each
  request a Content-Security-Policy nonce, which html() writes on every ``<script>`` and
  ``<style>`` (``HTMLTEMPLATES_CSP_NONCE``, ``HTMLTEMPLATES_CSP``; see :func:`request_nonce`).
  The extension keeps itself in ``app.extensions["htmltemplates"]``.
- ``@view``: the same for one view (``async def``, or ``def``, which Quart runs in a thread),
  typed so that mypy accepts it under ``@app.route`` and friends.
- ``await stream_html(template)``: a streamed response with the chunks of
  ``stream_html_async(template)``, sent as the rows of the page come.
- ``flashed_messages()``, ``static_url()``, ``csrf_input()``: the helpers Jinja templates get
  as globals, as plain functions. ``url_for``, ``request``, ``g`` and ``session`` need no
  helper: import them from ``quart``.

How the extension hooks in. As in Flask, every return value of a view, an error handler or a
``before_request`` function (and of ``quart.make_response()``) goes through
``app.make_response``, which in Quart is a coroutine method. ``init_app`` wraps it on the app
*instance* with a coroutine function that renders a ``Template`` body and awaits the method it
replaced, so a subclass's own override and other extensions' wrappers keep working.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import os
import sys
from collections.abc import (
    AsyncGenerator,
    AsyncIterator,
    Awaitable,
    Callable,
    Coroutine,
)
from string.templatelib import Template
from typing import Any, cast, overload

from blinker import NamedSignal
from flask import Flask  # a dependency of Quart: to name the extension a Flask app needs
from markupsafe import Markup
from quart import (
    Quart,
    Response,
    current_app,
    get_flashed_messages,
    has_app_context,
    has_request_context,
    request,
    stream_with_context,
    url_for,
)
from quart.signals import before_render_template, template_rendered
from quart.typing import HeadersValue, ResponseReturnValue, ResponseTypes
from quart.utils import run_sync
from werkzeug.datastructures import Headers
from werkzeug.exceptions import HTTPException

from .._async import html_async, stream_html_async
from .._streaming import CHUNK_SIZE
from ..errors import definition_of
from ._core import (
    CSRF_INPUT_DOC,
    REQUEST_NONCE_DOC,
    Body,
    Extension,
    FlashRenderer,
    State,
    add_policy,
    bind_providers,
    blamed,
    body_of,
    chosen_nonce,
    csrf_module,
    docstring,
    flashed_messages_from,
    hidden_input,
    installed,
    reset_nonce,
    set_nonce,
    signal_context,
    static_url_from,
    unbind_providers,
)

__all__ = [
    "FlashRenderer",
    "HTMLTemplates",
    "TemplateReturnValue",
    "csrf_input",
    "flashed_messages",
    "request_nonce",
    "static_url",
    "stream_html",
    "view",
]

type TemplateReturnValue = (
    Body | tuple[Body, int] | tuple[Body, HeadersValue] | tuple[Body, int, HeadersValue]
)
"""What a view may return besides Quart's own return values: a template or a list of templates
(fragments sent together, as htmx's out-of-band swaps want), alone or in a tuple."""


async def _render_templates(
    rv: TemplateReturnValue | ResponseReturnValue, origin: str = ""
) -> ResponseReturnValue:
    """``rv`` with its template (or list of templates) rendered by html_async(), alone or as
    the body of its tuple; anything else unchanged (a list of anything else is Quart's JSON).

    The code that made the template has returned by now, so an error's message cannot name
    the line that called html_async() (it would name a line of this module): it names
    ``origin``, the function that returned the template, or no line when that is not known.
    """
    found = body_of(rv)
    if found is None:
        return cast(ResponseReturnValue, rv)  # not a template: Quart's own return values
    body, rest = found
    with blamed(origin):
        rendered = await _body(body)
    return rendered if rest is None else cast(ResponseReturnValue, (rendered, *rest))


async def _body(body: Body) -> Markup:
    """The HTML of a view's template (or list of them), with Quart's signals around it, as
    ``render_template`` sends them (see :func:`_signal`)."""
    templates = [body] if isinstance(body, Template) else body
    await _signal(before_render_template, templates)
    # (the hole's expression is named in the messages of a template error: `templates`)
    rendered = await html_async(body if isinstance(body, Template) else t"{templates}")
    await _signal(template_rendered, templates)
    return rendered


async def _signal(signal: NamedSignal, templates: list[Template]) -> None:
    """Send ``signal`` for each template a view returned, as Quart's render_template does for
    a Jinja template (``send_async``, sync receivers run through ``app.ensure_async``): the
    template itself, and for context its values by the expressions that wrote them."""
    if not has_app_context():  # pragma: no cover - make_response runs in one
        return
    app = current_app._get_current_object()
    for template in templates:
        context = signal_context(template)
        await signal.send_async(
            app,
            _sync_wrapper=app.ensure_async,  # type: ignore[arg-type]  # overloaded, as in Quart
            template=template,
            context=context,
        )


class HTMLTemplates(Extension[Quart]):
    """Lets the views of a Quart app return bare templates, and gives each request its CSP
    nonce (see the module docstring).

    ``HTMLTemplates(app)``, or ``templates = HTMLTemplates()`` and later
    ``templates.init_app(app)`` in an app factory; one instance can serve many apps.
    """

    def init_app(self, app: Quart) -> None:
        """Install on ``app``: from now on its views may return templates, and every
        ``<script>`` and ``<style>`` they render carries the request's CSP nonce, if any."""
        if not isinstance(app, Quart):
            raise TypeError(_not_quart(app))
        self._register(app.extensions, app.name)
        make_response = app.make_response  # bound: a subclass's override, or another wrapper

        @functools.wraps(make_response)
        async def make_response_rendering_templates(
            rv: TemplateReturnValue | ResponseReturnValue | HTTPException,
        ) -> ResponseTypes:
            if isinstance(rv, HTTPException):
                return await make_response(rv)
            return await make_response(await _render_templates(rv))

        # An instance attribute shadows the method for this app only (see the module docstring).
        app.make_response = make_response_rendering_templates  # type: ignore[method-assign,assignment]

        # The nonce is set before any other before_request function of the app runs (one of
        # them may return a page), and reset when the request is torn down. All three are
        # coroutine functions: Quart runs a plain before_request, after_request or teardown
        # function in a thread (Quart's docs, "Run synchronous code"; app.ensure_async), where
        # setting or resetting a ContextVar would not reach the request's task.
        app.before_request_funcs.setdefault(None, []).insert(0, _set_nonce)
        app.teardown_request(_reset_nonce)
        app.after_request(_add_policy)
        if self.provide:
            # each provider holds its function for the request, called the first time a
            # component asks, at most once (see htmltemplates.integrations.flask)
            app.before_request_funcs[None].insert(1, self._bind_providers)
            app.teardown_request(_unbind_providers)

    async def _bind_providers(self) -> None:
        bind_providers(_state(), self.provide)


def _not_quart(app: object) -> str:
    """The refusal of an app that is not Quart's, saying which extension fits it."""
    name = type(app).__qualname__
    if isinstance(app, Flask):
        return (
            f"HTMLTemplates(app) takes a Quart app, not {name}; for a Flask app, use "
            "htmltemplates.integrations.flask.HTMLTemplates."
        )
    return (
        f"HTMLTemplates(app) takes a Quart app, not {name}. In another framework, return the "
        "Markup that html() returns from your views: it is a str, which they send as text/html."
    )


# -- Content-Security-Policy nonces -----------------------------------------------------------


def _state() -> State:
    """The state of the current request: its ASGI scope (keys named after the package, as in
    a WSGI environ). The scope belongs to one request, and the copies of its context Quart
    makes (quart.stream_with_context) share it, while each copy has a new ``g``."""
    return cast(State, request.scope)


def request_nonce() -> str | None:
    if not has_request_context() or not installed(current_app.extensions):
        return None
    return chosen_nonce(_state(), current_app.config)


request_nonce.__doc__ = docstring(
    REQUEST_NONCE_DOC,
    default="a new nonce if ``HTMLTEMPLATES_CSP`` names ``{nonce}``; otherwise\n      none.",
)


async def _set_nonce() -> None:
    # The ContextVar holds the function, not a nonce: the nonce is chosen the first time a
    # tag needs it. Views that Quart runs in a thread get a copy of this context.
    set_nonce(_state(), request_nonce)


async def _reset_nonce(_error: BaseException | None) -> None:
    # torn down twice when streamed, the second time in another context: reset_nonce resets
    # the first time only
    reset_nonce(_state())


async def _unbind_providers(_error: BaseException | None) -> None:
    unbind_providers(_state())


async def _add_policy(response: ResponseTypes) -> ResponseTypes:
    """Add ``HTMLTEMPLATES_CSP`` as the Content-Security-Policy header, its ``{nonce}``
    replaced by the request's nonce, unless the response has that header already."""
    add_policy(response.headers, current_app.config.get("HTMLTEMPLATES_CSP"), request_nonce)
    return response


# -- @view ------------------------------------------------------------------------------------


@overload
def view[**P](
    function: Callable[P, Coroutine[Any, Any, TemplateReturnValue | ResponseReturnValue]],
) -> Callable[P, Coroutine[Any, Any, ResponseReturnValue]]: ...


@overload
def view[**P](
    function: Callable[P, TemplateReturnValue | ResponseReturnValue],
) -> Callable[P, Coroutine[Any, Any, ResponseReturnValue]]: ...


def view[**P](
    function: Callable[P, TemplateReturnValue | ResponseReturnValue]
    | Callable[P, Coroutine[Any, Any, TemplateReturnValue | ResponseReturnValue]],
) -> Callable[P, Coroutine[Any, Any, ResponseReturnValue]]:
    """Decorate a view that returns a template (alone, in a tuple, or a list of them): it is
    rendered, and other return values (a redirect, a ``Response``, a ``str``...) pass through.

    Put it under the route decorator (``@app.get("/")`` then ``@view``). Works for error
    handlers too. The endpoint name, docstring and parameters are the function's own. The
    result is always a coroutine function: an ``async def`` view is awaited; a plain ``def``
    view is run as Quart runs one, in a thread (``app.ensure_async``), and its template is
    rendered back on the event loop.
    """
    origin = definition_of(function)
    if inspect.iscoroutinefunction(function):
        coroutine_function = cast(
            Callable[P, Awaitable[TemplateReturnValue | ResponseReturnValue]], function
        )

        @functools.wraps(function)
        async def rendering_async_view(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
            return await _render_templates(await coroutine_function(*args, **kwargs), origin)

        return rendering_async_view

    plain_function = cast(Callable[P, TemplateReturnValue | ResponseReturnValue], function)

    @functools.wraps(function)
    async def rendering_view(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
        # the app's own way of running sync code, in a thread (Quart's docs, "Run synchronous
        # code"; an app may override sync_to_async)
        run = current_app.ensure_async if has_app_context() else run_sync
        rv = await run(plain_function)(*args, **kwargs)
        return await _render_templates(rv, origin)

    return rendering_view


# -- stream_html() ----------------------------------------------------------------------------
#
# The page's chunks come from the core's stream_html_async; this sends them as a response.


async def stream_html(
    template: Template,
    status: int | None = None,
    headers: HeadersValue | None = None,
    *,
    mimetype: str | None = None,
    content_type: str | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> Response:
    """A streamed response whose body is the HTML of ``template``, sent in chunks; await it.

    The chunks are those of the core's ``stream_html_async()``: the page is cut between the
    items of the iterables and async iterables in its element content and before its awaitables
    and async components, which are awaited (independent ones concurrently), so rows from an
    async database cursor are rendered, and sent, as they come. The first chunk (everything
    before the first cut) is rendered before this returns, so an error there is raised in the
    view and becomes a proper error response; the other chunks gather at least ``chunk_size``
    characters (0: send each piece as soon as it is rendered).

    The page is rendered in the view's context variables: what is not rendered before this
    returns is rendered by the tasks the core started then, which copy them. So the request's
    CSP nonce, ``Provider`` values, and Quart's ``request``, ``session`` and ``g`` as the view
    left them, are there to the last chunk. Inside a request the body is also wrapped in
    ``quart.stream_with_context``, so Quart tears the request down once more after the last
    chunk, with the error if the page failed. ``status``, ``headers``, ``mimetype`` and
    ``content_type`` are those of Quart's ``Response`` (the default content type is
    ``text/html; charset=utf-8``).
    """
    caller = sys._getframe(1)  # the view, awaiting this coroutine
    origin = f"{os.path.basename(caller.f_code.co_filename)}, line {caller.f_lineno}"
    chunks = stream_html_async(template, chunk_size=chunk_size)
    first = await _next_chunk(chunks, origin)
    rest = _rest(first, chunks, origin)
    sent: AsyncIterator[str] = rest
    if has_request_context():
        sent = stream_with_context(lambda: rest)()
    response_class = current_app.response_class if has_app_context() else Response
    return response_class(
        _closing(sent, rest),
        status=status,
        headers=None if headers is None else Headers(headers),
        mimetype=mimetype,
        content_type=content_type,
    )


async def _next_chunk(chunks: AsyncGenerator[str], origin: str) -> str:
    """The next chunk, or "" at the end. A template error names ``origin``, the line that
    called stream_html() (the core names the line that called stream_html_async(), here)."""
    with blamed(origin):
        return await anext(chunks, "")


async def _rest(first: str, chunks: AsyncGenerator[str], origin: str) -> AsyncGenerator[str]:
    """The chunks from the first on. Closing this closes ``chunks``, which cancels the tasks
    still running (an async generator waiting for its next item is interrupted there)."""
    try:
        if first:
            yield first
        while chunk := await _next_chunk(chunks, origin):
            yield chunk
    finally:
        await chunks.aclose()


async def _closing(sent: AsyncIterator[str], rest: AsyncGenerator[str]) -> AsyncGenerator[str]:
    """``sent`` (``rest``, or stream_with_context's generator reading it), closing ``rest`` and
    then ``sent`` when Quart closes the body early (the client went away while a chunk was
    being sent). An ``async for`` does not close what it reads: closing stream_with_context's
    generator alone would tear the request down and leave ``rest`` open until the garbage
    collector finds it (Quart's issue #229 is about such a streaming generator, left to the
    garbage collector when the client hangs up)."""
    try:
        async for chunk in sent:
            yield chunk
    finally:
        await rest.aclose()
        if sent is not rest:
            await cast(AsyncGenerator[str], sent).aclose()  # pops the request's context


# -- helpers: what Jinja templates get as globals -------------------------------------------

flashed_messages = flashed_messages_from(
    get_flashed_messages, __name__, shares=", which Quart shares", flash="await flash()"
)
static_url = static_url_from(url_for, __name__)


def csrf_input() -> Template:
    csrf = csrf_module("quart_wtf", "Quart-WTF")
    # Quart-WTF's releases name it quart_wtf.csrf.generate_csrf; its later sources moved it to
    # quart_wtf.csrf.utils (the package quart_wtf.csrf then exports nothing).
    generate_csrf = getattr(csrf, "generate_csrf", None)
    if generate_csrf is None:
        generate_csrf = importlib.import_module("quart_wtf.csrf.utils").generate_csrf
    token: str = generate_csrf()
    return hidden_input(current_app.config, token)


csrf_input.__doc__ = docstring(CSRF_INPUT_DOC, project="Quart-WTF")
