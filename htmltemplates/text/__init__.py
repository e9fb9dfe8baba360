"""HTML-aware text helpers: plain text made into paragraphs, line breaks and links, and text
or trusted markup shortened or made plain (docs/text.md)."""

from ._lines import linebreaks, linebreaksbr, truncate
from ._links import urlize
from ._markup import striptags, truncate_html

__all__ = ["linebreaks", "linebreaksbr", "striptags", "truncate", "truncate_html", "urlize"]
