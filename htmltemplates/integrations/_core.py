"""What the Flask and Quart integrations share: the rules that do not depend on the framework
(which return values are templates, the nonce a setting gives, the policy header, the markup
of flashed messages), so that the two extensions behave the same."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable, Mapping
from string.templatelib import Template
from typing import Any, Protocol, TypeIs

from .._api import Provider
from ..runtime.csp import checked_nonce

__all__ = [
    "FlashRenderer",
    "Provided",
    "bind",
    "flashes",
    "is_html",
    "nonce_for",
    "policy_with_nonce",
    "provided",
    "signal_context",
]

type Provided = dict[Provider[Any], Callable[[], Any]]


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


def bind(provide: Provided) -> contextlib.ExitStack:
    """Bind each provider to its function for a request (called the first time a component
    asks, at most once); closing the stack resets them."""
    stack = contextlib.ExitStack()
    for provider, function in provide.items():
        stack.enter_context(provider.using_lazily(function))
    return stack


def is_html(body: object) -> TypeIs[Template | list[Template]]:
    """Whether ``body`` is what an extension renders: a Template, or a non-empty list of them
    (htmx's out-of-band swaps); any other list stays the framework's JSON."""
    if isinstance(body, list):
        return bool(body) and all(isinstance(item, Template) for item in body)
    return isinstance(body, Template)


def signal_context(template: Template) -> dict[str, object]:
    """The context sent with the template signals: its values by the expressions that wrote
    them (what pytest-flask's ``captured_templates`` and debug toolbars read)."""
    return {item.expression: item.value for item in template.interpolations}


def nonce_for(setting: object, policy: str | None, found: str | None = None) -> str | None:
    """The nonce of a request, from the app's ``HTMLTEMPLATES_CSP_NONCE`` (``setting``) and
    ``HTMLTEMPLATES_CSP`` (``policy``): ``None``, a nonce found on the request (``found``:
    flask-talisman's), else a new one if the policy names ``{nonce}``, else none; ``True``, a
    new one (128 random bits); ``False``, none; a function, what it returns."""
    if setting is None:
        if found:
            return found
        if "{nonce}" not in (policy or ""):
            return None
        return secrets.token_urlsafe(16)
    if setting is True:
        return secrets.token_urlsafe(16)
    if setting is False:
        return None
    if callable(setting):
        nonce = setting() or None
        if nonce is not None and not isinstance(nonce, str):
            raise TypeError(
                f"HTMLTEMPLATES_CSP_NONCE returned {type(nonce).__name__}; it must return a "
                "str or None."
            )
        return nonce
    raise TypeError(
        "HTMLTEMPLATES_CSP_NONCE must be None, True, False or a function returning the "
        f"request's nonce, not {type(setting).__name__} (a fixed nonce defeats the policy)."
    )


def policy_with_nonce(policy: str, nonce: Callable[[], str | None]) -> str:
    """``HTMLTEMPLATES_CSP`` with its ``{nonce}`` replaced by the request's nonce."""
    if "{nonce}" not in policy:
        return policy
    value = nonce()
    if value is None:
        raise RuntimeError(
            "HTMLTEMPLATES_CSP names {nonce}, but HTMLTEMPLATES_CSP_NONCE gave no nonce for "
            "this request."
        )
    return policy.replace("{nonce}", checked_nonce(value, "HTMLTEMPLATES_CSP_NONCE"))


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
