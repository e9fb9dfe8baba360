"""What a careful developer writes by hand for the baseline where ``markupsafe.escape`` is not
enough: a URL scheme filter, percent-encoding for each URL part, JavaScript literals, and the
``class``/``style``/attribute joins. Each helper returns what html() renders for the values the
workloads give it, so the baselines can match html() byte for byte; none is a general
replacement for the library's escapers (the workloads' data stays within what they handle).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from urllib.parse import quote

from markupsafe import escape

__all__ = [
    "UNSAFE_URL",
    "attrs",
    "classes",
    "js_text",
    "js_value",
    "query",
    "safe_url",
    "segment",
    "styles",
]

UNSAFE_URL = "about:invalid#htmltemplates"

# A scheme is what stands before the first ":" that comes before any "/", "?" or "#".
_SCHEME = re.compile(r"^([^:/?#]*):")
_ALLOWED = frozenset({"http", "https", "mailto", "tel"})
# RFC 3986: what a path keeps besides letters, digits and "-._~"; a query value is encoded as
# JavaScript's encodeURIComponent does.
_PATH_SAFE = "/:@!$&'()*+,;="
_QUERY_SAFE = "!'()*"
# Inside a JavaScript string or value: the characters that could end the literal or the
# script, or start an HTML construct, written as \uXXXX.
_JS = {ord(c): f"\\u{ord(c):04x}" for c in "<>&'`$\u2028\u2029"}


def safe_url(url: str) -> str:
    """``url`` if it is relative or has an allowed scheme, else the sentinel; not escaped."""
    judged = url.strip(
        "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10"
        "\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "
    )
    judged = judged.replace("\t", "").replace("\n", "").replace("\r", "")
    match = _SCHEME.match(judged)
    if match is None or match.group(1).lower() in _ALLOWED:
        return url
    return UNSAFE_URL


def segment(value: object) -> str:
    """``value`` percent-encoded for a URL path."""
    return quote(str(value), safe=_PATH_SAFE)


def query(value: object) -> str:
    """``value`` percent-encoded for a query parameter (``encodeURIComponent``)."""
    return quote(str(value), safe=_QUERY_SAFE)


def js_value(value: object) -> str:
    """``value`` as a JavaScript literal with a space on each side, safe in a ``<script>``."""
    return f" {json.dumps(value, ensure_ascii=False).translate(_JS)} "


def js_text(value: str) -> str:
    """``value`` as the text of a JavaScript string literal (either quote, or a backtick)."""
    return json.dumps(value, ensure_ascii=False)[1:-1].translate(_JS).replace('\\"', "\\u0022")


def classes(items: Iterable[object]) -> str:
    """A ``class`` list: truthy items, each a name or a dict of name to condition."""
    names: list[str] = []
    for item in items:
        if isinstance(item, Mapping):
            names.extend(str(name) for name, on in item.items() if on)
        elif item:
            names.append(str(item))
    return " ".join(names)


def styles(declarations: Mapping[str, object]) -> str:
    """A ``style`` dict as declarations; ``None`` and ``False`` values are dropped."""
    return "; ".join(
        f"{name}: {value}"
        for name, value in declarations.items()
        if value is not None and value is not False
    )


def attrs(values: Mapping[str, object], *, first: str = " ") -> str:
    """Attributes from a dict, escaped: ``True`` bare, ``None``/``False`` left out.
    ``first`` is the whitespace before the first one."""
    parts = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        parts.append(name if value is True else f'{name}="{escape(value)}"')
    return first + " ".join(parts) if parts else ""
