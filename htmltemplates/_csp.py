"""The Content-Security-Policy nonce that html() writes on every ``<script>`` and ``<style>``.

A strict CSP (``script-src 'nonce-r4nd0m'``) runs only scripts that carry the request's nonce.
Writing it by hand on every tag is easy to forget, so html() does it: while :data:`CSP_NONCE`
holds a nonce, each ``<script>`` and ``<style>`` start tag in a template gets ``nonce="..."``
(unless the template wrote a ``nonce`` attribute itself). It is a :class:`contextvars.ContextVar`,
so each thread and each asyncio task sees its own request's nonce.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from markupsafe import escape

__all__ = ["CSP_NONCE", "csp_nonce", "nonce_attribute"]

Nonce = str | Callable[[], str | None] | None

CSP_NONCE: ContextVar[Nonce] = ContextVar("htmltemplates.CSP_NONCE", default=None)
"""The nonce for the current request: a str, a function returning one (called at each tag, so a
framework can create it lazily), or None (no nonce is written)."""


@contextmanager
def csp_nonce(nonce: Nonce) -> Iterator[None]:
    """Render with ``nonce`` written on every ``<script>`` and ``<style>`` inside the block."""
    token = CSP_NONCE.set(nonce)
    try:
        yield
    finally:
        CSP_NONCE.reset(token)


def nonce_attribute() -> str:
    """`` nonce="..."`` for the current nonce, or "" when there is none."""
    nonce = CSP_NONCE.get()
    if nonce is not None and not isinstance(nonce, str):
        nonce = nonce()
    return f' nonce="{escape(nonce)}"' if nonce else ""
