"""Type-checked with ``mypy --strict tests/typing``, never run: components are typed functions.

A component is a plain function, so mypy checks its calls; the tag form (``<{Card} ...>``) is
checked at render time instead. Each ``# type: ignore[...]`` below is an error mypy must keep
reporting (--strict warns about unused ignores).
"""

from collections.abc import Iterator
from dataclasses import dataclass
from string.templatelib import Template
from typing import assert_type

from markupsafe import Markup

from htmltemplates import HTML, Provider, html


def Card(*, title: str, children: Template, tone: str = "plain") -> Template:  # noqa: N802
    return t'<section class="card-{tone}"><h2>{title}</h2>{children}</section>'


assert_type(Card(title="Hi", children=t"<p>x</p>"), Template)
assert_type(html(t"<main>{Card(title='Hi', children=t'<p>x</p>')}</main>"), Markup)
assert_type(html(t'<{Card} title="Hi"><p>x</p></{Card}>'), Markup)

Card(title=1, children=t"")  # type: ignore[arg-type]
Card(children=t"")  # type: ignore[call-arg]
Card(title="Hi", children=t"", colour="red")  # type: ignore[call-arg]
Card(title="Hi", children="<p>x</p>")  # type: ignore[arg-type]


@dataclass
class Alert:
    message: str
    level: str = "info"

    def __html__(self) -> str:
        return html(t"<div class={self.level}>{self.message}</div>")


assert_type(html(t"{Alert('saved')}"), Markup)
Alert(message=3)  # type: ignore[arg-type]


theme = Provider("theme", default="light")
assert_type(theme, Provider[str])
assert_type(theme.get(), str)
assert_type(theme.provide("dark", t"<p>x</p>"), Markup)
theme.provide(3, t"<p>x</p>")  # type: ignore[arg-type]
theme.provide("dark", "<p>x</p>")  # type: ignore[arg-type]

user: Provider[str | None] = Provider("user", default=None)
assert_type(user.get(), str | None)


def in_a_request() -> Iterator[str]:
    with theme.using("dark"):
        yield theme.get()
    with theme.using(None):  # type: ignore[arg-type]
        yield theme.get()


# HTML is a Template to mypy: annotated with the language editors highlight it as
def Badge(*, label: str) -> HTML:  # noqa: N802
    return t"<b>{label}</b>"


page: HTML = t"<p>{Badge(label='new')}</p>"
assert_type(html(page), Markup)
Badge(label=1)  # type: ignore[arg-type]
html("<p>x</p>")  # type: ignore[arg-type]
