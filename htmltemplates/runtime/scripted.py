"""Values that a script reads, at a hole: JavaScript literals and string text, import maps,
Alpine's x-data, htmx's JSON attributes and trigger filters, and the trusted HTML of x-html.

None of these is attribute-escaped here but the JSON attribute's whole value: the caller
escapes for where the hole stands (a script body needs no escaping, an attribute value does).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from string.templatelib import Template

from .. import _messages as _msg
from .._fastpaths import fast
from ..errors import RenderError, short_repr
from .escapers import escape_text
from .javascript import NotJavaScriptError, js_string, js_value
from .text import html_source, render_text
from .trusted import TrustedResourceURL
from .values import MAX_DEPTH, Refusal, async_value, is_async, resolve, too_deep

__all__ = [
    "alpine_data",
    "filter_part",
    "importmap_part",
    "js_part",
    "js_string_part",
    "json_value",
    "trusted_html",
]


def _at_hole(
    write: Callable[[object], str], refused: Callable[[object, int], RenderError]
) -> Callable[[object, int], str]:
    """The escaper of a hole that ``write`` (js_value or js_string) fills: the value resolved
    first; a refusal, or a value with no JavaScript there (``refused`` builds its error),
    reported at the hole. A closure, so that the escapers plans call cost no extra call."""

    def escape(value: object, slot: int) -> str:
        value = resolve(value, slot)
        try:
            return write(value)
        except Refusal as refusal:
            raise refusal.at(slot) from None
        except NotJavaScriptError as problem:
            raise refused(problem, slot) from None

    return escape


# A value where JavaScript expects an expression (<script>, on* attributes): a JSON-compatible
# literal that cannot leave its script.
js_part = _at_hole(js_value, _msg.js_value)

# A value inside a JavaScript string or template literal: its text, escaped so that it cannot
# end the literal or the script.
js_string_part = _at_hole(js_string, _msg.js_string)


# 4.12.1.1 and SRI: an import map's integrity values are hashes: "sha384-<base64>" (several,
# separated by white space, as SRI's "parse metadata" splits them). Each token is matched on its
# own: one pattern for the whole list, with "?options" that can swallow the next hash, tried
# exponentially many splits of a long value.
_INTEGRITY_TOKEN = re.compile(r"sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}(?:\?[!-~]*)?").fullmatch


def _is_integrity(value: str) -> bool:
    """Whether ``value`` is a list of hashes, starting with the first (no white space before)."""
    tokens = value.split()
    return bool(tokens) and not value[0].isspace() and all(map(_INTEGRITY_TOKEN, tokens))


def importmap_part(value: object, slot: int) -> str:
    """A value in an import map (<script type=importmap>), written as a JSON literal: every
    string in it that is not a key must be a TrustedResourceURL (it decides what code an import
    loads), but for the hashes under "integrity"."""
    value = resolve(value, slot)
    problem = _untrusted_import(value, "", slot)
    if problem:
        raise _msg.import_map_value(problem, slot)
    return js_part(value, slot)


def _untrusted_import(value: object, key: str, slot: int, depth: int = 0) -> str:
    """What in ``value`` (found under ``key``) is a string that may not be there, or ""."""
    if isinstance(value, Mapping | list | tuple) and depth >= MAX_DEPTH:
        too_deep(value, slot)
    if isinstance(value, Mapping):
        for sub, item in value.items():
            found = _untrusted_import(
                item, "integrity" if sub == "integrity" else key, slot, depth + 1
            )
            if found:
                return found
        return ""
    if isinstance(value, list | tuple):
        texts = (_untrusted_import(item, key, slot, depth + 1) for item in value)
        return next(filter(None, texts), "")
    if value.__class__ is TrustedResourceURL:
        return ""
    if hasattr(type(value), "__html__"):
        value = str.__str__(html_source(value, slot))  # written as its source
    elif not isinstance(value, str):
        return ""
    if key == "integrity" and _is_integrity(value):
        return ""
    return short_repr(value)


# The keys of an x-data object whose strings Alpine runs as expressions (x-data.js)
_ALPINE_HOOKS = frozenset({"init", "destroy"})
# Classes of values that hold no dict, for _hook_key
_LEAVES = frozenset({str, int, float, bool, type(None)})


def alpine_data(value: object, slot: int, *, whole: bool = False) -> str:
    """A value in x-data, as a JavaScript literal: the whole value must be a dict (Alpine
    throws on anything else and initialises nothing after it), and no dict in it may have the
    key init or destroy, whose strings Alpine would run."""
    value = resolve(value, slot)
    if whole and not isinstance(value, Mapping):
        raise _msg.alpine_data(value, slot)
    literal = js_part(value, slot)  # refuses what has no literal, cycles and deep nesting
    hook = _hook_key(value)
    if hook:
        raise _msg.alpine_data_hook(hook, value, slot)
    return literal


def _hook_key(value: object) -> str:
    """The first key init or destroy of a dict in ``value`` (a finite tree: js_part walked
    it), or "". The classes of most values are tested first, without the ABC's check."""
    cls = value.__class__
    if cls in _LEAVES:
        return ""
    if cls is dict or isinstance(value, Mapping):
        for key, item in value.items():  # type: ignore[attr-defined]
            if key in _ALPINE_HOOKS:
                return str(key)
            found = _hook_key(item)
            if found:
                return found
    elif isinstance(value, list | tuple):
        for item in value:
            found = _hook_key(item)
            if found:
                return found
    return ""


def trusted_html(value: object, slot: int) -> str:
    """The HTML an ``x-html`` value shows: only trusted HTML (Markup and other ``__html__``
    objects, or a Template, rendered) may become the element's content."""
    if isinstance(value, Template) or hasattr(type(value), "__html__"):
        return render_text(value, slot)
    if is_async(value):
        async_value(value, slot)
    raise _msg.html_attribute(value, slot)


# json_value's shortcut: a dict before the ABC checks (see _fastpaths.py)
_JSON_DICT = fast("json-dict", dict)


def json_value(value: object, slot: int, name: str) -> str:
    """The whole value of a JSON attribute (hx-vals, hx-headers): a dict or list, as JSON,
    attribute-escaped. A str is refused: htmx would read JSON from it, or JavaScript after
    "js:"."""
    if value.__class__ is _JSON_DICT or isinstance(value, Mapping | list | tuple):
        return escape_text(js_part(value, slot).strip())
    if is_async(value):
        async_value(value, slot)
    raise _msg.json_attribute(value, name, slot)


# Characters of a string in an hx-trigger filter written as \\uXXXX: htmx 4 splits the
# attribute at ',' outside brackets and quotes, counting quotes without their escapes, and ends a
# filter at its first ']' (HCON.split, extractFilter): a str must hold none of them, nor
# anything else that its reader could count.
_FILTER_ESCAPES = {ord(c): f"\\u{ord(c):04x}" for c in "\"'`[](){},;:!?=<>|&^%*/~#@$"}


def filter_part(value: object, slot: int, name: str, in_string: bool) -> str:
    """A value in an hx-trigger event filter (``click[ctrlKey && {x}]``), not yet
    attribute-escaped: a literal where an expression goes, a string's text inside one, with
    the punctuation of a str as ``\\uXXXX`` (see above). A list or a dict is refused: its ','
    and brackets would split the trigger."""
    value = resolve(value, slot)
    if isinstance(value, Mapping | list | tuple | set | frozenset):
        raise _msg.htmx_trigger(value, name, slot)
    if not in_string and (value is None or isinstance(value, bool | int | float)):
        return js_part(value, slot)
    text = js_string_part(value, slot).translate(_FILTER_ESCAPES)
    return text if in_string else f' "{text}" '
