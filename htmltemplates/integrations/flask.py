"""The optional Flask integration: views that return templates, streamed pages, CSP nonces.

The only module of htmltemplates that imports Flask (install the ``flask`` extra). A view can
always ``return html(t"...")``: the result is ``Markup``, a ``str``, and Flask sends it as
``text/html; charset=utf-8``. This module adds:

- ``HTMLTemplates(app)`` / ``init_app(app)``: once installed, any view, error handler or
  ``before_request`` function of the app may return a bare ``Template``, alone or as the body
  of a ``(body, status)``, ``(body, headers)`` or ``(body, status, headers)`` tuple, and it is
  rendered with ``html()``. It also gives each request a Content-Security-Policy nonce, which
  html() writes on every ``<script>`` and ``<style>`` (``HTMLTEMPLATES_CSP_NONCE``,
  ``HTMLTEMPLATES_CSP``; see :func:`request_nonce`). The extension keeps itself in
  ``app.extensions["htmltemplates"]``.
- ``@view``: the same for one view (``def`` or ``async def``), typed so that mypy accepts it
  under ``@app.route`` and friends (Flask's route typing does not know ``Template``, so under
  a type checker a view that returns a bare template needs ``@view`` even when the extension
  is installed).
- ``stream_html(template)``: a streamed response with the HTML of ``html(template)``, sent in
  chunks as the lists in the page are rendered.
- ``flashed_messages()``, ``static_url()``, ``csrf_input()``: the helpers Jinja templates get
  as globals, as plain functions. ``url_for``, ``request``, ``g`` and ``session`` need no
  helper: import them from ``flask``.

How the extension hooks in. Flask has no registry of converters for view return values: every
return value (of views, error handlers and ``before_request`` functions, and of
``flask.make_response()``) goes through ``app.make_response``, and Flask's maintainers' answer
is to override that method in a ``Flask`` subclass. An extension cannot change the class of an
app the user has created, so ``init_app`` wraps ``make_response`` on the app *instance*: the
wrapper renders a ``Template`` body and hands everything to the method it replaced, which
works the same for plain ``Flask`` apps, for subclasses that override ``make_response``
themselves, and for other extensions that wrap it too. Without the extension (and without
``@view``) a bare ``Template`` stays what Flask makes of any unknown type, a ``TypeError``.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import (
    Awaitable,
    Callable,
    Coroutine,
    Iterable,
    Iterator,
    Mapping,
)
from http import HTTPStatus
from string.templatelib import Template
from typing import Any, cast, overload

from blinker import NamedSignal
from flask import (
    Flask,
    Response,
    before_render_template,
    current_app,
    get_flashed_messages,
    has_app_context,
    has_request_context,
    request,
    stream_with_context,
    template_rendered,
    url_for,
)
from flask.typing import HeadersValue, ResponseReturnValue
from markupsafe import Markup

from .._api import html
from .._streaming import CHUNK_SIZE, Stream, check_chunk_size
from .._streaming import chunks as stream_chunks
from ..errors import definition_of, origin_of
from ._core import (
    CSRF_INPUT_DOC,
    REQUEST_NONCE_DOC,
    Body,
    Extension,
    FlashRenderer,
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
"""What a view may return besides Flask's own return values: a template or a list of templates
(fragments sent together, as htmx's out-of-band swaps want), alone or in a tuple."""


def _render_templates(
    rv: TemplateReturnValue | ResponseReturnValue, origin: str = ""
) -> ResponseReturnValue:
    """``rv`` with its template (or list of templates) rendered by html(), alone or as the
    body of its tuple; anything else unchanged (a list of anything else is Flask's JSON).

    The code that made the template has returned by now, so an error's message cannot name
    the line that called html() (it would name a line of Flask): it names ``origin``, the
    function that returned the template, or no line when that is not known.
    """
    found = body_of(rv)
    if found is None:
        return cast(ResponseReturnValue, rv)  # not a template: Flask's own return values
    body, rest = found
    with blamed(origin):
        rendered = _body(body)
    return rendered if rest is None else cast(ResponseReturnValue, (rendered, *rest))


def _body(body: Body) -> Markup:
    """The HTML of a view's template (or list of them), with Flask's signals around it, as
    ``render_template`` sends them (see :func:`_signal`)."""
    templates = [body] if isinstance(body, Template) else body
    _signal(before_render_template, templates)
    # (the hole's expression is named in the messages of a template error: `templates`)
    rendered = html(body if isinstance(body, Template) else t"{templates}")
    _signal(template_rendered, templates)
    return rendered


def _signal(signal: NamedSignal, templates: list[Template]) -> None:
    """Send ``signal`` for each template a view returned, as Flask's render_template does for
    a Jinja template: the template itself, and for context its values by the expressions that
    wrote them (what pytest-flask's ``captured_templates`` and debug toolbars read)."""
    if not has_app_context():  # pragma: no cover - make_response runs in one
        return
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    for template in templates:
        context = signal_context(template)
        signal.send(app, _async_wrapper=app.ensure_sync, template=template, context=context)


class HTMLTemplates(Extension[Flask]):
    """Lets the views of a Flask app return bare templates, and gives each request its CSP
    nonce (see the module docstring).

    ``HTMLTemplates(app)``, or ``templates = HTMLTemplates()`` and later
    ``templates.init_app(app)`` in an app factory; one instance can serve many apps.
    """

    def init_app(self, app: Flask) -> None:
        """Install on ``app``: from now on its views may return templates, and every
        ``<script>`` and ``<style>`` they render carries the request's CSP nonce, if any."""
        if not isinstance(app, Flask):  # a Quart app has Flask's methods, not its requests
            quart = (
                " For a Quart app, use htmltemplates.integrations.quart.HTMLTemplates."
                if (type(app).__module__.split(".")[0] == "quart")
                else ""
            )
            raise TypeError(
                f"HTMLTemplates(app) takes a Flask app, not {type(app).__qualname__}.{quart} In "
                "another framework, return the Markup that html() returns from your views: "
                "it is a str, which they send as text/html."
            )
        self._register(app.extensions, app.name)
        make_response = app.make_response  # bound: a subclass's override, or another wrapper

        @functools.wraps(make_response)
        def make_response_rendering_templates(
            rv: TemplateReturnValue | ResponseReturnValue,
        ) -> Response:
            return make_response(_render_templates(rv))

        # An instance attribute shadows the method for this app only (see the module docstring).
        app.make_response = make_response_rendering_templates  # type: ignore[method-assign]

        # The nonce is set before any other before_request function of the app runs (one of
        # them may return a page), and reset when the request is torn down.
        app.before_request_funcs.setdefault(None, []).insert(0, _set_nonce)
        app.teardown_request(_reset_nonce)
        app.after_request(_add_policy)
        if self.provide:
            # each provider holds its function for the request, called the first time a
            # component asks (after every before_request function has run), at most once
            app.before_request_funcs[None].insert(1, self._bind_providers)
            app.teardown_request(_unbind_providers)

    def _bind_providers(self) -> None:
        bind_providers(request.environ, self.provide)


# -- Content-Security-Policy nonces -----------------------------------------------------------
#
# Per-request state lives in the WSGI environ (PEP 3333: keys named after the package), which
# belongs to one request; flask.g belongs to an app context, which requests made inside an
# outer app context share.


def request_nonce() -> str | None:
    if not has_request_context() or not installed(current_app.extensions):
        return None
    # flask-talisman sets request.csp_nonce in a before_request of its own, which may run
    # after this extension's: read each time
    return chosen_nonce(request.environ, current_app.config, _talisman_nonce)


request_nonce.__doc__ = docstring(
    REQUEST_NONCE_DOC,
    default="flask-talisman's ``request.csp_nonce`` when the request has one;\n"
    "      otherwise a new nonce if ``HTMLTEMPLATES_CSP`` names ``{nonce}``; otherwise none.",
)


def _talisman_nonce() -> object:
    return getattr(request, "csp_nonce", None)


def _set_nonce() -> None:
    # The ContextVar holds the function, not a nonce: the nonce is chosen the first time a
    # tag needs it, after every before_request function (flask-talisman's too) has run.
    set_nonce(request.environ, request_nonce)


def _reset_nonce(_error: BaseException | None) -> None:
    reset_nonce(request.environ)


def _unbind_providers(_error: BaseException | None) -> None:
    unbind_providers(request.environ)


def _add_policy(response: Response) -> Response:
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
) -> Callable[P, ResponseReturnValue]: ...


def view[**P](
    function: Callable[P, TemplateReturnValue | ResponseReturnValue]
    | Callable[P, Coroutine[Any, Any, TemplateReturnValue | ResponseReturnValue]],
) -> Callable[P, ResponseReturnValue] | Callable[P, Coroutine[Any, Any, ResponseReturnValue]]:
    """Decorate a view that returns a template (alone or in a tuple): it is rendered by html().

    Put it under the route decorator (``@app.get("/")`` then ``@view``); other return values
    (a redirect, a ``Response``, a ``str``...) pass through unchanged. Works for error handlers
    too. The endpoint name and docstring are the function's own. An ``async def`` view stays
    a coroutine function, which Flask runs as it runs any async view (this needs Flask's
    ``async`` extra, that is asgiref).
    """
    origin = definition_of(function)
    if inspect.iscoroutinefunction(function):
        coroutine_function = cast(
            Callable[P, Awaitable[TemplateReturnValue | ResponseReturnValue]], function
        )

        @functools.wraps(function)
        async def rendering_async_view(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
            return _render_templates(await coroutine_function(*args, **kwargs), origin)

        return rendering_async_view

    plain_function = cast(Callable[P, TemplateReturnValue | ResponseReturnValue], function)

    @functools.wraps(function)
    def rendering_view(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
        return _render_templates(plain_function(*args, **kwargs), origin)

    return rendering_view


# -- stream_html() ----------------------------------------------------------------------------
#
# The page's chunks come from htmltemplates._streaming; this sends them as a response.

type _Headers = Mapping[str, str | Iterable[str]] | Iterable[tuple[str, str]]


def stream_html(
    template: Template,
    status: int | str | HTTPStatus | None = None,
    headers: _Headers | None = None,
    *,
    mimetype: str | None = None,
    content_type: str | None = None,
    chunk_size: int = CHUNK_SIZE,
) -> Response:
    """A streamed response whose body is ``htmltemplates.stream_html(template)``: the HTML of
    ``html(template)``, sent in chunks as it is rendered.

    The page is cut where rendering may wait (the next item of a generator of rows from a
    database cursor, a lazy value, a component tag), in its element content and in the
    templates and components nested there. The first chunk (everything before the first such
    place) is rendered before this returns, so an error there is raised in the view and
    becomes a proper error response; the other chunks gather at least ``chunk_size``
    characters (0: send at every such place). Inside a request the body is wrapped in
    ``flask.stream_with_context``, and it is rendered in a copy of the view's context
    variables, so ``request``, ``g`` and the CSP nonce work to the last chunk.

    ``status``, ``headers``, ``mimetype`` and ``content_type`` are those of Flask's
    ``Response`` (the default content type is ``text/html; charset=utf-8``).
    """
    if template.__class__ is not Template:
        html(template)  # raises its TypeError
    check_chunk_size(chunk_size)
    origin = origin_of(sys._getframe(1))
    # The chunks after the first are rendered while the WSGI server reads the body, after
    # Flask has torn the request down once (and the extension has reset CSP_NONCE): the
    # Stream renders them in the context variables the view had.
    chunks = Stream(stream_chunks(template, chunk_size, origin))
    first = next(chunks, "")
    body: Iterator[str] = _rest(first, chunks)
    if has_request_context():
        body = stream_with_context(body)
    response_class = current_app.response_class if has_app_context() else Response
    response = response_class(
        body, status=status, headers=headers, mimetype=mimetype, content_type=content_type
    )
    # Werkzeug closes the response when it is done with it, also when it sends no body (HEAD)
    # or the client went away: close the chunks then, which closes the generators being read.
    response.call_on_close(chunks.close)
    return response


def _rest(first: str, chunks: Iterator[str]) -> Iterator[str]:
    if first:
        yield first
    yield from chunks


# -- helpers: what Jinja templates get as globals -------------------------------------------

flashed_messages = flashed_messages_from(get_flashed_messages, __name__, shares="", flash="flash()")
static_url = static_url_from(url_for, __name__)


def csrf_input() -> Template:
    token: str = csrf_module("flask_wtf", "Flask-WTF").generate_csrf()
    return hidden_input(current_app.config, token)


csrf_input.__doc__ = docstring(CSRF_INPUT_DOC, project="Flask-WTF")
