"""What every integration shares, and no framework needs: the rules that do not depend on the
framework, so that the five behave the same where they offer the same thing.

- a view's return value: which values are templates (:func:`is_html`), the body and the rest of
  a tuple (:func:`body_of`), the status and headers Django reads from the rest
  (:func:`status_and_headers`), a list of templates as one (:func:`one_template`), and an error
  made to name the view that returned the template (:class:`blamed`);
- the CSP nonce: a new one (:func:`new_nonce`), the one a setting gives (:func:`nonce_for`),
  the check of what a nonce function returned (:func:`checked_nonce_value`), the policy header
  with its ``{nonce}`` replaced (:func:`policy_with_nonce`, :func:`add_policy`);
- the state of one request, in a dict that belongs to it (a WSGI environ, an ASGI scope): the
  nonce once chosen (:func:`chosen_nonce`), the token that resets ``CSP_NONCE`` and the stack
  that resets the providers, each used once however many times the request is torn down
  (:func:`set_nonce`, :func:`reset_nonce`, :func:`bind_providers`, :func:`unbind_providers`);
- the extension of Flask and Quart (:class:`Extension`: the providers, installed once per app),
  the markup of flashed messages (:func:`flashes`, :func:`flashed_messages_from`), the static
  URL (:func:`static_url_from`), the CSRF input (:func:`csrf_module`, :func:`hidden_input`),
  the docstrings the two share, and the context sent with the template signals
  (:func:`signal_context`).
"""

from __future__ import annotations

import contextlib
import contextvars
import importlib
import inspect
import secrets
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from dataclasses import dataclass
from string.templatelib import Template
from types import ModuleType, TracebackType
from typing import Any, Protocol, TypeIs, cast, overload

from .._api import Provider
from ..errors import TemplateError
from ..runtime.csp import CSP_NONCE, checked_nonce
from ..runtime.trusted import TrustedResourceURL

__all__ = [
    "CSP_HEADER",
    "CSRF_INPUT_DOC",
    "EXTENSION_NAME",
    "FLASHED_MESSAGES_DOC",
    "REQUEST_NONCE_DOC",
    "SETTINGS",
    "Body",
    "CSPNames",
    "Extension",
    "FlashRenderer",
    "FlashedMessages",
    "Provided",
    "State",
    "StaticURL",
    "add_policy",
    "bind_providers",
    "blamed",
    "body_of",
    "checked_nonce_value",
    "chosen_nonce",
    "csrf_module",
    "docstring",
    "flashed_messages_from",
    "flashes",
    "hidden_input",
    "installed",
    "is_html",
    "new_nonce",
    "nonce_for",
    "one_template",
    "policy_with_nonce",
    "provided",
    "reset_nonce",
    "set_nonce",
    "signal_context",
    "static_url_from",
    "status_and_headers",
    "unbind_providers",
]

EXTENSION_NAME = "htmltemplates"
CSP_HEADER = "Content-Security-Policy"

type Body = Template | list[Template]
"""What a view may return as its body: a template, or a list of them (fragments sent together,
as htmx's out-of-band swaps want)."""

type Provided = dict[Provider[Any], Callable[[], Any]]

type State = MutableMapping[str, Any]
"""The dict of one request that the integration keeps its state in (keys named after the
package): the WSGI environ in Flask, the ASGI scope in Quart."""


# -- a view's return value -------------------------------------------------------------------------


def is_html(body: object) -> TypeIs[Body]:
    """Whether ``body`` is what an integration renders: a Template, or a non-empty list of them
    (htmx's out-of-band swaps); any other list stays the framework's (JSON in Flask and Quart)."""
    if isinstance(body, list):
        return bool(body) and all(isinstance(item, Template) for item in body)
    return isinstance(body, Template)


def body_of(rv: object) -> tuple[Body, tuple[object, ...] | None] | None:
    """The template (or list of them) of what a view returned, and the rest of the tuple it
    came in (``None`` when it came alone): ``(body, status)``, ``(body, headers)`` or
    ``(body, status, headers)``. ``None`` when the view returned no template."""
    if is_html(rv):
        return rv, None
    if isinstance(rv, tuple) and rv and is_html(rv[0]):
        return rv[0], rv[1:]
    return None


def status_and_headers(
    body: Body, rest: tuple[object, ...] | None
) -> tuple[int | None, Mapping[str, str] | None]:
    """The status and headers in the ``rest`` of a view's tuple (see :func:`body_of`), read as
    Django reads them: an int, a mapping, or both in that order; any other tuple a TypeError."""
    match rest:
        case None:
            return None, None
        case (int() as status,):
            return status, None
        case (Mapping() as headers,):
            return None, headers
        case (int() as status, Mapping() as headers):
            return status, headers
    raise TypeError(
        "a view may return (template, status), (template, headers) or (template, status, "
        f"headers), not a tuple of {', '.join(type(item).__name__ for item in (body, *rest))}"
    )


def one_template(body: Body) -> Template:
    """``body`` as one template: a list of templates rendered as ``html(t"{templates}")``
    renders it (each as a template nested in text: one whose end is uncertain is refused,
    since the next one follows it)."""
    return body if isinstance(body, Template) else t"{body}"


class blamed:  # noqa: N801 - used as a function: `with blamed(origin):`
    """``with blamed(origin):`` around the rendering of a template the code that made it has
    returned: a template error's message names ``origin`` (the function that returned it, or
    the line that made the response) instead of the framework's line that rendered it, or no
    line when ``origin`` is empty. Adds no frame to the traceback."""

    __slots__ = ("origin",)

    def __init__(self, origin: str) -> None:
        self.origin = origin

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        _tb: TracebackType | None,
    ) -> None:
        if isinstance(error, TemplateError):
            error.called_from(self.origin)


def signal_context(template: Template) -> dict[str, object]:
    """The context sent with a rendered template (Flask's and Quart's template signals,
    Starlette's ``http.response.debug``): its values by the expressions that wrote them (what
    pytest-flask's ``captured_templates``, debug toolbars and ``response.context`` read)."""
    return {item.expression: item.value for item in template.interpolations}


# -- Content-Security-Policy nonces ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CSPNames:
    """How an integration's messages name its CSP settings."""

    policy: str
    """The policy setting: ``HTMLTEMPLATES_CSP``."""
    nonce: str
    """The nonce setting, as a nonce's check names it: ``HTMLTEMPLATES_CSP_NONCE``."""
    returned: str
    """The nonce function, as the subject of "returned int": ``HTMLTEMPLATES_CSP_NONCE``."""
    gave: str
    """The nonce setting, as the subject of "gave no nonce": ``HTMLTEMPLATES_CSP_NONCE``."""


SETTINGS = CSPNames(
    "HTMLTEMPLATES_CSP",
    "HTMLTEMPLATES_CSP_NONCE",
    "HTMLTEMPLATES_CSP_NONCE",
    "HTMLTEMPLATES_CSP_NONCE",
)
"""The names of the app config's settings, in Flask and Quart."""


def new_nonce() -> str:
    """A new nonce: ``secrets.token_urlsafe(16)``, 128 random bits."""
    return secrets.token_urlsafe(16)


def checked_nonce_value(nonce: object, names: CSPNames = SETTINGS) -> str | None:
    """What a nonce function returned: a str, or None (also for an empty str); else TypeError."""
    if nonce is not None and not isinstance(nonce, str):
        raise TypeError(
            f"{names.returned} returned {type(nonce).__name__}; it must return a str or None."
        )
    return nonce or None


def nonce_for(setting: object, policy: str | None) -> str | None:
    """The nonce of a request, from the app's ``HTMLTEMPLATES_CSP_NONCE`` (``setting``) and
    ``HTMLTEMPLATES_CSP`` (``policy``): ``None``, a new one if the policy names ``{nonce}``, else
    none; ``True``, a new one (128 random bits); ``False``, none; a function, what it returns."""
    if setting is None:
        return new_nonce() if "{nonce}" in (policy or "") else None
    if setting is True:
        return new_nonce()
    if setting is False:
        return None
    if callable(setting):
        return checked_nonce_value(setting() or None)
    raise TypeError(
        "HTMLTEMPLATES_CSP_NONCE must be None, True, False or a function returning the "
        f"request's nonce, not {type(setting).__name__} (a fixed nonce defeats the policy)."
    )


def policy_with_nonce(
    policy: str, nonce: Callable[[], str | None], names: CSPNames = SETTINGS
) -> str:
    """The policy with its ``{nonce}`` replaced by the request's nonce (checked: a nonce that
    is not base64 never reaches the header); an error when the request has none."""
    if "{nonce}" not in policy:
        return policy
    value = nonce()
    if value is None:
        raise RuntimeError(
            f"{names.policy} names {{nonce}}, but {names.gave} gave no nonce for this request."
        )
    return policy.replace("{nonce}", checked_nonce(value, names.nonce))


class _Headers(Protocol):
    def __contains__(self, key: str, /) -> bool: ...
    def __setitem__(self, key: str, value: str, /) -> None: ...


def add_policy(headers: _Headers, policy: str | None, nonce: Callable[[], str | None]) -> None:
    """Add ``policy`` (``HTMLTEMPLATES_CSP``) as the Content-Security-Policy header, its
    ``{nonce}`` replaced by the request's nonce, unless the response has that header already."""
    if policy and CSP_HEADER not in headers:
        headers[CSP_HEADER] = policy_with_nonce(policy, nonce)


# -- the state of one request ----------------------------------------------------------------------

_NONCE = "htmltemplates.csp_nonce"  # the nonce of this request, once chosen (may be None)
_TOKEN = "htmltemplates.csp_token"  # to reset CSP_NONCE when the request is torn down
_PROVIDED = "htmltemplates.provided"  # the ExitStack that resets the request's providers


def chosen_nonce(
    state: State, config: Mapping[str, Any], found: Callable[[], object] = lambda: None
) -> str | None:
    """The nonce of the request whose state is ``state``, chosen the first time it is asked
    for by the app's ``config`` (:func:`nonce_for`) and kept. With no setting, a nonce another
    extension put on the request (``found``: flask-talisman's) comes first, read each time:
    it may be set after the first ask."""
    if _NONCE in state:
        return cast(str | None, state[_NONCE])
    setting = config.get("HTMLTEMPLATES_CSP_NONCE")
    if setting is None and (other := found()):
        return str(other)
    nonce = nonce_for(setting, config.get("HTMLTEMPLATES_CSP"))
    state[_NONCE] = nonce
    return nonce


def set_nonce(state: State, nonce: Callable[[], str | None]) -> None:
    """Set ``CSP_NONCE`` to the function that gives the request's nonce (the nonce is chosen
    the first time a tag needs it, after every before_request function has run), once."""
    if _TOKEN not in state:
        state[_TOKEN] = CSP_NONCE.set(nonce)


def reset_nonce(state: State) -> None:
    """Reset ``CSP_NONCE``. Flask and Quart tear a request down twice when its response is
    streamed with stream_with_context (at the end of the view, and again after the last
    chunk): the token is used the first time only."""
    token: contextvars.Token[Any] | None = state.pop(_TOKEN, None)
    if token is not None:
        CSP_NONCE.reset(token)


def provided(provide: Mapping[Provider[Any], Callable[[], Any]]) -> Provided:
    """The ``provide=`` of an extension, checked: each Provider mapped to a function of no
    arguments that returns its value for a request."""
    for provider, function in provide.items():
        if not isinstance(provider, Provider) or not callable(function):
            raise TypeError(
                "HTMLTemplates(provide=...) maps each Provider to a function of no arguments "
                f"that returns its value, not {provider!r}: {function!r}."
            )
    return dict(provide)


def bind_providers(state: State, provide: Provided) -> None:
    """Bind each provider to its function for the request (called the first time a component
    asks, at most once), once per request."""
    if _PROVIDED not in state:
        stack = contextlib.ExitStack()
        for provider, function in provide.items():
            stack.enter_context(provider.using_lazily(function))
        state[_PROVIDED] = stack


def unbind_providers(state: State) -> None:
    """Reset the providers :func:`bind_providers` bound; torn down twice when streamed (see
    :func:`reset_nonce`): the first time only."""
    stack: contextlib.ExitStack | None = state.pop(_PROVIDED, None)
    if stack is not None:
        stack.close()


# -- the extension of Flask and Quart --------------------------------------------------------------


class Extension[A]:
    """What the ``HTMLTemplates`` extensions of Flask and Quart share: the checked providers,
    the constructor that installs at once or later (``init_app``), the one install per app."""

    def __init__(
        self, app: A | None = None, *, provide: Mapping[Provider[Any], Callable[[], Any]] = {}
    ) -> None:
        self.provide = provided(provide)
        if app is not None:
            self.init_app(app)

    def init_app(self, app: A) -> None:  # pragma: no cover - each extension's own
        raise NotImplementedError

    def _register(self, extensions: dict[str, Any], name: str) -> None:
        """Keep the extension in the ``extensions`` of the app ``name``, once."""
        if EXTENSION_NAME in extensions:
            raise RuntimeError(
                f"htmltemplates is already installed on the app {name!r}; "
                "call HTMLTemplates(app) or init_app(app) once per app."
            )
        extensions[EXTENSION_NAME] = self


def installed(extensions: Mapping[str, Any]) -> bool:
    """Whether an app with these ``extensions`` has the extension."""
    return EXTENSION_NAME in extensions


# -- helpers: what Jinja templates get as globals --------------------------------------------------


class FlashRenderer[R](Protocol):
    """What ``flashed_messages(render=...)`` takes: a function (a component) called with the
    keywords ``category`` and ``message`` for each message, returning what to show for it."""

    def __call__(self, *, category: str, message: str) -> R: ...


def flashes(
    messages: list[tuple[str, str]], render: FlashRenderer[Any] | None = None
) -> Template | list[Any]:
    """Flashed messages as ``<ul class="flashes"><li class="{category}">...</li></ul>``, the
    markup of Flask's documentation ("Message Flashing"), nothing when there is none; or, with
    ``render``, what it returns for each message, in order (an empty list when there is none),
    called with keywords, so a component with keyword-only props fits."""
    if render is not None:
        return [render(category=category, message=message) for category, message in messages]
    if not messages:
        return t""
    items = [t"<li class={category}>{message}</li>" for category, message in messages]
    return t'<ul class="flashes">{items}</ul>'


class FlashedMessages(Protocol):
    """The type of ``flashed_messages()`` of Flask and Quart."""

    @overload
    def __call__(self, category_filter: Iterable[str] = ()) -> Template: ...
    @overload
    def __call__[R](
        self, category_filter: Iterable[str] = (), *, render: FlashRenderer[R]
    ) -> list[R]: ...


FLASHED_MESSAGES_DOC = """\
The flashed messages as ``<ul class="flashes"><li class="{{category}}">...</li></ul>``.

    The markup of Flask's documentation ("Message Flashing"){shares}: one ``<li>`` per message,
    in the order they were flashed, the category as its class (``"message"`` when ``{flash}``
    was given none); nothing at all when there is no message. Messages are escaped like any
    value (a ``Markup`` message is inserted as is). ``category_filter`` keeps only those
    categories. Like ``get_flashed_messages()``, it needs a request and takes the messages out
    of the session.

    ``render`` replaces that markup with the app's own: a function (a component) called with
    the keywords ``category`` and ``message`` for each message, in order. The result is then
    the list of what it returned, with nothing around it, and an empty list when there is no
    message (so ``{{items and t"<div>{{items}}</div>"}}`` wraps them only when there are some).
    """


def flashed_messages_from(
    get_flashed_messages: Callable[..., object], module: str, *, shares: str, flash: str
) -> FlashedMessages:
    """The ``flashed_messages()`` of the framework whose ``get_flashed_messages`` is given, a
    function of ``module``, with the docstring both share (``shares`` and ``flash`` say how
    the framework differs)."""

    def flashed_messages(
        category_filter: Iterable[str] = (), *, render: FlashRenderer[Any] | None = None
    ) -> Template | list[Any]:
        messages = get_flashed_messages(with_categories=True, category_filter=category_filter)
        return flashes(cast(list[tuple[str, str]], messages), render)

    flashed_messages.__module__ = module
    flashed_messages.__qualname__ = "flashed_messages"
    flashed_messages.__doc__ = docstring(FLASHED_MESSAGES_DOC, shares=shares, flash=flash)
    return cast(FlashedMessages, flashed_messages)


class StaticURL(Protocol):
    """The type of ``static_url()`` of Flask and Quart."""

    def __call__(self, filename: str, **values: Any) -> TrustedResourceURL: ...


def static_url_from(url_for: Callable[..., str], module: str) -> StaticURL:
    """The ``static_url()`` of the framework whose ``url_for`` is given, a function of
    ``module``."""

    def static_url(filename: str, **values: Any) -> TrustedResourceURL:
        """``url_for("static", filename=filename, **values)``: the URL of a file of the app's
        static folder (needs an app context, as url_for does), as a TrustedResourceURL, so it
        can be the ``src`` of a ``<script>`` or the ``href`` of a stylesheet: the app chose it,
        not a visitor."""
        return TrustedResourceURL.unchecked(url_for("static", filename=filename, **values))

    static_url.__module__ = module
    static_url.__qualname__ = "static_url"
    return static_url


def csrf_module(package: str, project: str) -> ModuleType:
    """``{package}.csrf``, the CSRF module of Flask-WTF or Quart-WTF (``project``); an
    ImportError that says so when it is not installed."""
    try:
        return importlib.import_module(f"{package}.csrf")
    except ModuleNotFoundError as error:
        if error.name not in {package, f"{package}.csrf"}:
            raise
        raise ImportError(
            f"csrf_input() needs {project}, which is not installed (pip install {project}).",
            name=package,
        ) from error


def hidden_input(config: Mapping[str, Any], token: str) -> Template:
    """The hidden ``<input>`` of a CSRF token, named as ``WTF_CSRF_FIELD_NAME`` says."""
    name: str = config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    return t'<input type="hidden" name={name} value={token}>'


CSRF_INPUT_DOC = """\
A hidden ``<input>`` with {project}'s CSRF token, for forms protected by ``CSRFProtect``.

    Renders ``<input type="hidden" name="csrf_token" value="...">`` (the name follows
    ``WTF_CSRF_FIELD_NAME``). Needs {project}, which htmltemplates does not depend on: without
    it, raises ``ImportError``.
    """

REQUEST_NONCE_DOC = """\
The Content-Security-Policy nonce of the current request, or None.

    It is what html() writes as ``nonce="..."`` on ``<script>`` and ``<style>`` in the views of
    an app with the :class:`HTMLTemplates` extension, and what a policy header must name
    (``script-src 'nonce-...'``). The app's ``HTMLTEMPLATES_CSP_NONCE`` says where it comes
    from:

    - ``None`` (the default): {default}
    - ``True``: a new nonce for each request, ``secrets.token_urlsafe(16)`` (128 random bits).
    - ``False``: never a nonce.
    - a function of no arguments returning a str or None: called once per request.

    A nonce made here is kept for the rest of the request. Outside a request, or in an app
    without the extension, the result is None.
    """


def docstring(source: str, **words: str) -> str:
    """One of the docstrings above with the framework's ``words`` filled in, cleaned as the
    compiler cleans a docstring written in place."""
    return inspect.cleandoc(source.format(**words))
