"""Renders that take every fast path of the table (htmltemplates/_fastpaths.py) where it can
be taken: each kind of hole with each kind of value, twice (the second time from what the
memories remembered). tests/runtime/test_fast_path_table.py runs them in a process with one entry
switched off and compares with this one: ``python tests/support/fast_path_renders.py`` prints
them as JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from string.templatelib import Template

from markupsafe import Markup

from htmltemplates import TemplateError, TrustedURL, html, script, stream_html
from htmltemplates.i18n import _

EVIL = "</p><script>alert('x&y')</script>\"'"


class Shown:
    """A value of a class no rule knows: its text is what str() gives."""

    def __str__(self) -> str:
        return "shown <3"


VALUES: list[object] = [
    "plain",
    EVIL,
    "",
    "/items/1?a=1&b=2#top",
    "javascript:alert(1)",
    "https://example.org/a b, c",
    "a.png 2x, b.png 100w",
    "color: red; margin: 0 auto",
    0,
    10**5000,
    1.5,
    True,
    False,
    None,
    Markup("<b>x</b> &amp;"),
    TrustedURL("/trusted"),
    ["a", None, "b", 3, Markup("<i>m</i>")],
    ("x", ("y.png", "2x")),
    [t"<b>{EVIL}</b>", "s", 4, [t"<i>i</i>"]],
    t"<em>{EVIL}</em>",
    {"a": True, "b": False},
    {"color": "red", "width": "10%", "opacity": None},
    {"behavior": "url(x.htc)", "COLOR": "Red"},
    {"id": 7, "open": True, "shut": False, "gone": None, "label": EVIL, "hx-get": "/x"},
    {"Title": "x", "title": "y"},
    {"x-on:click": "go()"},
    Shown(),
]


def Card(*, title: str, children: Template) -> Template:  # noqa: N802
    return t"<section><h2>{title}</h2>{children}</section>"


def _templates(v: object) -> list[Callable[[], object]]:
    """Each a render of ``v`` in one place. Long because it is the list of places."""
    spread = {"title": v, "id": "x"}
    return [
        lambda: html(t"<p>{v}</p>"),
        lambda: html(t"<title>{v}</title>"),
        lambda: html(t"<!-- {v} -->"),
        lambda: html(t"<script>var x = {v};</script>"),
        lambda: "".join(stream_html(t"<div>{v}</div>")),
        lambda: html(t"<p title={v} hidden={v} data-n={v}>x</p>"),
        lambda: html(t"<p class={v}>x</p>"),
        lambda: html(t"<a href={v}>x</a>"),
        lambda: html(t"<p style={v}>x</p>"),
        lambda: html(t"<img srcset={v}>"),
        lambda: html(t"<p data={v} aria={v}>x</p>"),
        lambda: html(t"<p hx-vals={v}>x</p>"),
        lambda: html(t"<p x-data={v}>x</p>"),
        lambda: html(t'<p title="a {v} b" class="c-{v}">x</p>'),
        lambda: html(t'<a href="/u/{v}?q={v}#{v}">x</a>'),
        lambda: html(t"<button onclick=\"f({v}, '{v}')\">x</button>"),
        lambda: html(t'<p style="color: {v}; width: {v}">x</p>'),
        lambda: html(t"<style>p {{ content: '{v}'; background: url(/i/{v}) }}</style>"),
        lambda: html(t"<a {v}>x</a>"),
        lambda: html(t'<li class={["card"]} lang="en" {v}>x</li>'),
        lambda: html(t"<p {spread} style={v}>x</p>"),
        lambda: html(t'<td style="text-align: right" style={v} id=x>'),
        lambda: html(t'<p class="card big" class={v} id=x>'),
        lambda: html(t"<{Card} title={v}>body {v}</{Card}>"),
        lambda: html(_(t"Hello {v}")),
        lambda: html(script("f({{ v }})", v=v)),
    ]


def _result(render: Callable[[], object]) -> list[str]:
    try:
        return ["output", str(render())]
    except TemplateError as error:
        return ["error", error.anchor]
    except (TypeError, ValueError) as error:
        return ["error", type(error).__name__]


def renders() -> list[list[str]]:
    """Every render of every value, twice."""
    return [_result(render) for _ in range(2) for v in VALUES for render in _templates(v)]


if __name__ == "__main__":
    print(json.dumps(renders()))
