"""Type-checked with ``mypy --strict tests/typing``, never run (pytest collects only test_*.py).

With --strict, warn_unused_ignores is on: if html() ever accepted a str, the ignore below would
become unused and mypy would fail.
"""

from string.templatelib import Template
from typing import assert_type

from markupsafe import Markup

from htmltemplates import CacheInfo, cache_info, clear_cache, configure_cache, html
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
size, bound, compiles, estimated_bytes, max_bytes = cache_info()  # still a tuple
assert_type(size, int)
assert_type(cache_info().max_bytes, int)
assert_type(clear_cache(), None)
assert_type(configure_cache(max_plans=100, max_bytes=2**20), None)
configure_cache(4096)  # type: ignore[call-arg]  # the bounds are keywords

# -- trusted URLs ----------------------------------------------------------------------------------

from htmltemplates import TrustedResourceURL, TrustedURL  # noqa: E402

user_input = input()
assert_type(TrustedURL("https://example.com/"), TrustedURL)
assert_type(TrustedURL(t"/files/{user_input}"), TrustedURL)
assert_type(TrustedResourceURL(t"/static/{user_input}"), TrustedResourceURL)
assert_type(TrustedResourceURL.unchecked(user_input), TrustedResourceURL)
# TrustedURL(user_input) is an error for type checkers that implement PEP 675 (pyright);
# mypy reads LiteralString as str, so it is not checked here.
url: str = TrustedURL("/a")  # a str subclass: usable as a str
