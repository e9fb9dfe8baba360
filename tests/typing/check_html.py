"""Type-checked with ``mypy --strict tests/typing``, never run (pytest collects only test_*.py).

With --strict, warn_unused_ignores is on: if html() ever accepted a str, the ignore below would
become unused and mypy would fail.
"""

from string.templatelib import Template
from typing import assert_type

from markupsafe import Markup

from htmltemplates import CacheInfo, cache_info, clear_cache, html
from htmltemplates import Markup as ExportedMarkup

x = "<b>"

assert_type(html(t"<p>{x}</p>"), Markup)
assert_type(html(t"<p>{html(t'<i>{x}</i>')}</p>"), Markup)
assert_type(html(Template("<p>", "</p>")), Markup)
assert_type(html(t"<hr>"), ExportedMarkup)

html(f"<p>{x}</p>")  # type: ignore[arg-type]
html(123)  # type: ignore[arg-type]

page: str = html(t"<p>{x}</p>")

assert_type(cache_info(), CacheInfo)
assert_type(cache_info().compiles, int)
size, bound, compiles = cache_info()  # still a tuple
assert_type(size, int)
assert_type(clear_cache(), None)
