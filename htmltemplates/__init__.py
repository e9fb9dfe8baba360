"""htmltemplates: safe HTML from Python template strings (PEP 750).

``html(t"<p class={classes}>{user.name}</p>")`` escapes every interpolated value for the HTML
context it lands in and returns :class:`markupsafe.Markup`.

The core (scanner, compiler, escapers, attributes, components, render) imports no web
framework and does no I/O; the optional integrations (Flask, Quart, Django, Starlette, FastAPI)
live in ``htmltemplates.integrations``.
"""

from markupsafe import Markup

from ._api import HTML, Provider, html
from ._async import html_async, stream_html_async
from ._script import script
from ._spec import AttributeRules, attribute_rules
from ._streaming import stream_html
from .errors import RenderError, TemplateError, TemplateSyntaxError
from .runtime.cache import CacheInfo, cache_info, clear_cache, configure_cache
from .runtime.csp import CSP_NONCE, csp_nonce
from .runtime.escapers import UNSAFE_CSS, UNSAFE_URL
from .runtime.trusted import TrustedResourceURL, TrustedURL
from .tooling.explain import explain

__all__ = [
    "CSP_NONCE",
    "HTML",
    "UNSAFE_CSS",
    "UNSAFE_URL",
    "AttributeRules",
    "CacheInfo",
    "Markup",
    "Provider",
    "RenderError",
    "TemplateError",
    "TemplateSyntaxError",
    "TrustedResourceURL",
    "TrustedURL",
    "attribute_rules",
    "cache_info",
    "clear_cache",
    "configure_cache",
    "csp_nonce",
    "explain",
    "html",
    "html_async",
    "script",
    "stream_html",
    "stream_html_async",
]
