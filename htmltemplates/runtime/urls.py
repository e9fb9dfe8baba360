"""The URL rules that hold at render time, for URL attributes and the trusted URL types alike:
which static text fixes the origin of a resource, and which values would leave a URL's path."""

from __future__ import annotations

import re

from .. import _messages as _msg

__all__ = ["FIXED_ORIGIN", "check_path_value"]


# Static text that fixes where a resource comes from: a path on this origin ("/static/"), or an
# https origin with its path begun ("https://cdn.example/"). "//host" and "/\\host" are other
# origins to a browser.
FIXED_ORIGIN = re.compile(r"/[^/\\]|https://[^/?#\\]+/", re.IGNORECASE)


_DOTS_ONLY = re.compile(r"(?:^|/)\.+(?:/|$)")


def check_path_value(text: str, slot: int, where: str) -> str:
    """``text``, a value in a URL path, unless it has a segment of dots only ("..", "."; "..."
    too, which could join a '.' written beside the hole): the URL parser would remove it, and
    the one before it, so the URL would leave the path the template fixed (/static/{file} with
    "../uploads/x.js"). That is a RenderError; ``where`` names the URL in its headline."""
    if "." in text and _DOTS_ONLY.search(text) is not None:
        raise _msg.dot_segment(where, text, slot)
    return text
