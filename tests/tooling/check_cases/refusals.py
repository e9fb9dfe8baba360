"""Templates html() refuses, each where the checker must point."""

from htmltemplates import html

name = level = "x"

html(t"<h{level}>Title</h{level}>")
page = html(
    t"<main>"
    t'<a href="/users/{name}>'  # the quote is never closed
    t"profile</a></main>"
)
note = html(t"""<p>{name}</p>
<!-- a note about \N{EM DASH} {{braces}}""")
