"""The Content-Security-Policy nonce that html() writes on every ``<script>`` and ``<style>``.

A strict CSP (``script-src 'nonce-r4nd0m'``) runs only scripts that carry the request's nonce.
Writing it by hand on every tag is easy to forget, so html() does it: while :data:`CSP_NONCE`
holds a nonce, each ``<script>`` and ``<style>`` start tag in a template gets ``nonce="..."``
(unless the template wrote a ``nonce`` attribute itself). It is a :class:`contextvars.ContextVar`,
so each thread and each asyncio task sees its own request's nonce.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar

from .escapers import escape_text

__all__ = ["CSP_NONCE", "checked_nonce", "csp_nonce", "nonce_attribute"]

Nonce = str | Callable[[], str | None] | None

CSP_NONCE: ContextVar[Nonce] = ContextVar("htmltemplates.CSP_NONCE", default=None)
"""The nonce for the current request: a str, a function returning one (called at each tag, so a
framework can create it lazily), or None (no nonce is written)."""


def csp_nonce(nonce: Nonce) -> AbstractContextManager[None]:
    """Render with ``nonce`` written on every ``<script>`` and ``<style>`` inside the block.
    Anything but a str, None or a function is a TypeError here, at the call."""
    if not (nonce is None or isinstance(nonce, str) or callable(nonce)):
        raise TypeError(_not_a_nonce("csp_nonce() takes", nonce))
    return _nonce_block(nonce)


@contextmanager
def _nonce_block(nonce: Nonce) -> Iterator[None]:
    token = CSP_NONCE.set(nonce)
    try:
        yield
    finally:
        CSP_NONCE.reset(token)


def nonce_attribute() -> str:
    """`` nonce="..."`` for the current nonce, or "" when there is none.

    The nonce is text whatever its type: a Markup (or any str subclass) gives its plain text,
    escaped like any attribute value, and its ``__html__`` is not trusted: a nonce comes from
    a framework or a header, not from a template author."""
    nonce = CSP_NONCE.get()
    if nonce is not None and not isinstance(nonce, str):
        if not callable(nonce):
            raise TypeError(_not_a_nonce("CSP_NONCE holds", nonce))
        nonce = nonce()
        if nonce is not None and not isinstance(nonce, str):
            raise TypeError(_not_a_nonce("the CSP nonce function returned", nonce))
    return f' nonce="{escape_text(str.__str__(nonce))}"' if nonce else ""


def _not_a_nonce(what: str, nonce: object) -> str:
    return (
        f"{what} {type(nonce).__name__}; a CSP nonce is a str, None (no nonce), or a function "
        "returning one of those."
    )


# CSP3 "nonce-source": 'nonce-' base64-value, the characters of base64 and base64url and up to
# two '=' at the end. Anything else (a space, a ';', a quote) would add sources or directives to
# the policy it is written into.
_NONCE = re.compile(r"[A-Za-z0-9+/_-]+={0,2}")


def checked_nonce(nonce: str, source: str) -> str:
    """``nonce``, given by ``source`` (what the error names), if it can be written into a
    Content-Security-Policy header as it is; else a ValueError, before the header is sent."""
    if _NONCE.fullmatch(nonce) is None:
        shown = nonce if len(nonce) <= 40 else nonce[:40] + "..."
        raise ValueError(
            f"{source} gave the nonce {shown!r}, which is not base64: a nonce is written into "
            "the Content-Security-Policy header as it is, where a space, a quote or a ';' would "
            "add sources to the policy. Make nonces with secrets.token_urlsafe(16), never from "
            "request data."
        )
    return nonce
