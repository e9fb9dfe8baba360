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

import contextlib
import contextvars
import functools
import importlib
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

from .._api import Provider, html
from .._streaming import CHUNK_SIZE, Stream, check_chunk_size
from .._streaming import chunks as stream_chunks
from ..errors import TemplateError, definition_of, origin_of
from ..runtime.csp import CSP_NONCE
from ..runtime.trusted import TrustedResourceURL
from ._core import (
    FlashRenderer,
    bind,
    flashes,
    is_html,
    nonce_for,
    policy_with_nonce,
    provided,
    signal_context,
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

EXTENSION_NAME = "htmltemplates"

type TemplateReturnValue = (
    Template
    | list[Template]
    | tuple[Template | list[Template], int]
    | tuple[Template | list[Template], HeadersValue]
    | tuple[Template | list[Template], int, HeadersValue]
)
"""What a view may return besides Flask's own return values: a template or a list of templates
(fragments sent together, as htmx's out-of-band swaps want), alone or in a tuple."""


def _render_templates(
    rv: TemplateReturnValue | ResponseReturnValue, origin: str = ""
) -> ResponseReturnValue:
    """``rv`` with a ``Template`` body rendered by html(), or a body that is a non-empty list
    of templates rendered as ``html(t"{templates}")`` renders it (each as a template nested in
    text: one whose end is uncertain is refused, since the next one follows it); anything else
    unchanged (a list of anything else is Flask's JSON).

    The code that made the template has returned by now, so an error's message cannot name
    the line that called html() (it would name a line of Flask): it names ``origin``, the
    function that returned the template, or no line when that is not known.
    """
    try:
        if is_html(rv):
            return _body(rv)
        if isinstance(rv, tuple) and rv and is_html(rv[0]):
            return cast(ResponseReturnValue, (_body(rv[0]), *rv[1:]))
    except TemplateError as error:
        error.called_from(origin)
        raise
    return cast(ResponseReturnValue, rv)  # not a template: Flask's own return values


def _body(body: Template | list[Template]) -> Markup:
    """The HTML of a view's template (or list of them), with Flask's signals around it, as
    ``render_template`` sends them (see :func:`_signal`)."""
    templates = [body] if isinstance(body, Template) else body
    _signal(before_render_template, templates)
    rendered = html(body) if isinstance(body, Template) else html(t"{templates}")
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


class HTMLTemplates:
    """Lets the views of a Flask app return bare templates, and gives each request its CSP
    nonce (see the module docstring).

    ``HTMLTemplates(app)``, or ``templates = HTMLTemplates()`` and later
    ``templates.init_app(app)`` in an app factory; one instance can serve many apps.
    """

    def __init__(
        self, app: Flask | None = None, *, provide: Mapping[Provider[Any], Callable[[], Any]] = {}
    ) -> None:
        self.provide = provided(provide)
        if app is not None:
            self.init_app(app)

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
        if EXTENSION_NAME in app.extensions:
            raise RuntimeError(
                f"htmltemplates is already installed on the app {app.name!r}; "
                "call HTMLTemplates(app) or init_app(app) once per app."
            )
        app.extensions[EXTENSION_NAME] = self
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
        environ = request.environ
        if _PROVIDED not in environ:
            environ[_PROVIDED] = bind(self.provide)


_PROVIDED = "htmltemplates.provided"  # the ExitStack that resets the request's providers


def _unbind_providers(_error: BaseException | None) -> None:
    # torn down twice when streamed (see _reset_nonce): the first time only
    stack: contextlib.ExitStack | None = request.environ.pop(_PROVIDED, None)
    if stack is not None:
        stack.close()


# -- Content-Security-Policy nonces -----------------------------------------------------------

# Per-request state lives in the WSGI environ (PEP 3333: keys named after the package), which
# belongs to one request; flask.g belongs to an app context, which requests made inside an
# outer app context share.
_NONCE = "htmltemplates.csp_nonce"  # the nonce of this request, once chosen (may be None)
_TOKEN = "htmltemplates.csp_token"  # to reset CSP_NONCE when the request is torn down
CSP_HEADER = "Content-Security-Policy"


def request_nonce() -> str | None:
    """The Content-Security-Policy nonce of the current request, or None.

    It is what html() writes as ``nonce="..."`` on ``<script>`` and ``<style>`` in the views of
    an app with the :class:`HTMLTemplates` extension, and what a policy header must name
    (``script-src 'nonce-...'``). The app's ``HTMLTEMPLATES_CSP_NONCE`` says where it comes
    from:

    - ``None`` (the default): flask-talisman's ``request.csp_nonce`` when the request has one;
      otherwise a new nonce if ``HTMLTEMPLATES_CSP`` names ``{nonce}``; otherwise none.
    - ``True``: a new nonce for each request, ``secrets.token_urlsafe(16)`` (128 random bits).
    - ``False``: never a nonce.
    - a function of no arguments returning a str or None: called once per request.

    A nonce made here is kept for the rest of the request. Outside a request, or in an app
    without the extension, the result is None.
    """
    if not has_request_context() or EXTENSION_NAME not in current_app.extensions:
        return None
    environ = request.environ
    if _NONCE in environ:
        return cast(str | None, environ[_NONCE])
    config = current_app.config
    setting = config.get("HTMLTEMPLATES_CSP_NONCE")
    talisman = getattr(request, "csp_nonce", None) if setting is None else None
    if talisman:
        # read each time: flask-talisman sets it in a before_request of its own, which may
        # run after this extension's
        return str(talisman)
    nonce = nonce_for(setting, config.get("HTMLTEMPLATES_CSP"))
    environ[_NONCE] = nonce
    return nonce


def _set_nonce() -> None:
    # The ContextVar holds the function, not a nonce: the nonce is chosen the first time a
    # tag needs it, after every before_request function (flask-talisman's too) has run.
    environ = request.environ
    if _TOKEN not in environ:
        environ[_TOKEN] = CSP_NONCE.set(request_nonce)


def _reset_nonce(_error: BaseException | None) -> None:
    # Flask tears a request down twice when its response is streamed with
    # stream_with_context (at the end of the view, and again after the last chunk): the
    # token is used the first time only.
    token: contextvars.Token[Any] | None = request.environ.pop(_TOKEN, None)
    if token is not None:
        CSP_NONCE.reset(token)


def _add_policy(response: Response) -> Response:
    """Add ``HTMLTEMPLATES_CSP`` as the Content-Security-Policy header, its ``{nonce}``
    replaced by the request's nonce, unless the response has that header already."""
    policy: str | None = current_app.config.get("HTMLTEMPLATES_CSP")
    if not policy or CSP_HEADER in response.headers:
        return response
    response.headers[CSP_HEADER] = policy_with_nonce(policy, request_nonce)
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


@overload
def flashed_messages(category_filter: Iterable[str] = ()) -> Template: ...


@overload
def flashed_messages[R](
    category_filter: Iterable[str] = (), *, render: FlashRenderer[R]
) -> list[R]: ...


def flashed_messages(
    category_filter: Iterable[str] = (), *, render: FlashRenderer[Any] | None = None
) -> Template | list[Any]:
    """The flashed messages as ``<ul class="flashes"><li class="{category}">...</li></ul>``.

    The markup of Flask's documentation ("Message Flashing"): one ``<li>`` per message, in the
    order they were flashed, the category as its class (``"message"`` when ``flash()`` was
    given none); nothing at all when there is no message. Messages are escaped like any value
    (a ``Markup`` message is inserted as is). ``category_filter`` keeps only those categories.
    Like ``get_flashed_messages()``, it needs a request and takes the messages out of the
    session.

    ``render`` replaces that markup with the app's own: a function (a component) called with
    the keywords ``category`` and ``message`` for each message, in order. The result is then
    the list of what it returned, with nothing around it, and an empty list when there is no
    message (so ``{items and t"<div>{items}</div>"}`` wraps them only when there are some).
    """
    messages = cast(
        list[tuple[str, str]],
        get_flashed_messages(with_categories=True, category_filter=category_filter),
    )
    return flashes(messages, render)


def static_url(filename: str, **values: Any) -> TrustedResourceURL:
    """``url_for("static", filename=filename, **values)``: the URL of a file of the app's static
    folder (needs an app context, as url_for does), as a TrustedResourceURL, so it can be the
    ``src`` of a ``<script>`` or the ``href`` of a stylesheet: the app chose it, not a visitor."""
    return TrustedResourceURL.unchecked(url_for("static", filename=filename, **values))


def csrf_input() -> Template:
    """A hidden ``<input>`` with Flask-WTF's CSRF token, for forms protected by ``CSRFProtect``.

    Renders ``<input type="hidden" name="csrf_token" value="...">`` (the name follows
    ``WTF_CSRF_FIELD_NAME``). Needs Flask-WTF, which htmltemplates does not depend on: without
    it, raises ``ImportError``.
    """
    try:
        csrf = importlib.import_module("flask_wtf.csrf")
    except ModuleNotFoundError as error:
        if error.name not in {"flask_wtf", "flask_wtf.csrf"}:
            raise
        raise ImportError(
            "csrf_input() needs Flask-WTF, which is not installed (pip install Flask-WTF).",
            name="flask_wtf",
        ) from error
    token: str = csrf.generate_csrf()
    name: str = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    return t'<input type="hidden" name={name} value={token}>'
