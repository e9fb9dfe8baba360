"""stream_html(): the HTML of html(template) in chunks, framework-neutral."""

from __future__ import annotations

import contextvars
import inspect
from collections.abc import Callable, Iterator
from string.templatelib import Template
from typing import Any

import pytest
from hostile import BREAKOUT, EVIL, JS_URL, SCRIPT
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from htmltemplates import (
    CSP_NONCE,
    Provider,
    RenderError,
    TemplateSyntaxError,
    csp_nonce,
    html,
    stream_html,
)

# -- components and values a page is made of -------------------------------------------------


def Layout(*, title: str, children: Template) -> Template:  # noqa: N802 - a component
    return t"<!doctype html><title>{title}</title><body>{children}</body>"


def Card(*, title: object, children: Template = t"") -> Template:  # noqa: N802
    return t'<section class="card" data-title={title}><h2>{title}</h2>{children}</section>'


def Row(*, cells: list[object]) -> Template:  # noqa: N802
    return t"<tr>{[t'<td>{cell}</td>' for cell in cells]}</tr>"


def rows(*values: object) -> Iterator[Template]:
    for value in values:
        yield t"<li>{value}</li>"


theme = Provider("theme", default="light")


def Themed(*, children: Template = t"") -> Template:  # noqa: N802
    return t'<div class="theme-{theme.get()}">{children}</div>'


# Each case makes its template anew (an iterator is read once): html() of one, stream_html() of
# another, joined, must be equal, for every chunk size.
PAGES: dict[str, Callable[[], Template]] = {
    "text": lambda: t"<p>{EVIL}</p>",
    "attributes": lambda: t"<a href={JS_URL} title={BREAKOUT} class={['a', EVIL]}>{EVIL}</a>",
    "script-and-style": lambda: (
        t"<script>const x = {SCRIPT};</script><style>p {{ color: {EVIL} }}</style>"
    ),
    "list": lambda: t"<ul>{[t'<li>{v}</li>' for v in (EVIL, 1, None, Markup('<i>x</i>'))]}</ul>",
    "generator": lambda: t"<ul>{rows(EVIL, SCRIPT, 3)}</ul><p>after</p>",
    "lazy": lambda: t"<p>{(lambda: rows(EVIL))}</p>{(lambda: EVIL)}",
    "nested-lists": lambda: t"<div>{[[EVIL, t'<b>{EVIL}</b>'], (rows('x'), 2.5)]}</div>",
    "tag-layout": lambda: t"<{Layout} title={EVIL}><table>{rows(EVIL, 'b')}</table></{Layout}>",
    "call-layout": lambda: Layout(title=EVIL, children=t"<table>{rows(EVIL, 'b')}</table>"),
    "cards": lambda: (
        t"<main>{[t'<{Card} title={v}><p>{v}</p></{Card}>' for v in (EVIL, 7)]}</main>"
    ),
    "self-closing": lambda: t"<div><{Card} title={BREAKOUT} /></div>",
    "component-in-svg": lambda: t"<svg><{Card} title=x /></svg><p>{rows('y')}</p>",
    "rows": lambda: t"<table>{[t'<{Row} cells={[EVIL, n, None]} />' for n in range(3)]}</table>",
    "title-and-textarea": lambda: t"<title>{[EVIL, 'x']}</title><textarea>{['\ny']}</textarea>",
    "after-pre": lambda: t"<pre>{['\nfirst', rows('\nsecond')]}</pre>",
    "comment": lambda: t"<!-- {['a', '-->']} --><p>{rows('x')}</p>",
    "conversions": lambda: t"<p>{EVIL!r}</p><p>{rows!s:.10}</p><p>{3.14159:.2f}</p>",
    "provider": lambda: (
        t'<{theme.provide} value="dark"><{Themed}>{rows("x")}</{Themed}></{theme.provide}>'
        t"<{Themed} />"
    ),
    "empty": lambda: t"",
    "srcdoc": lambda: t"<iframe srcdoc={t'<p>{EVIL}</p>'}></iframe>{rows(EVIL)}",
}


@pytest.mark.parametrize("chunk_size", [0, 1, 16, 8192])
@pytest.mark.parametrize("name", list(PAGES))
def test_joined_chunks_are_html(name: str, chunk_size: int) -> None:
    make = PAGES[name]
    chunks = list(stream_html(make(), chunk_size=chunk_size))
    assert html(make()) == "".join(chunks)
    assert all(chunk and type(chunk) is str for chunk in chunks)


# Values of any shape in element content: strs (hostile ones among them), numbers, None,
# Markup, nested templates, lists, tuples, generators and lazy values of these.
_leaf = st.one_of(
    st.sampled_from([EVIL, SCRIPT, BREAKOUT, "", "\n", "é & ü", 0, -1.5, None, True, False]),
    st.text(max_size=8),
    st.integers(),
    st.builds(Markup, st.sampled_from(["<b>x</b>", "&amp;", ""])),
)


def _shapes(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(children, max_size=4),
        st.tuples(children, children),
        st.builds(lambda v: ("gen", v), st.lists(children, max_size=3)),
        st.builds(lambda v: ("lazy", v), children),
        st.builds(lambda v: ("template", v), children),
        st.builds(lambda v: ("tag", v), children),
    )


_values = st.recursive(_leaf, _shapes, max_leaves=12)


def _make(shape: Any) -> Any:
    """A fresh value from a shape (generators are read once)."""
    match shape:
        case ("gen", list(items)):
            return (_make(item) for item in items)
        case ("lazy", item):
            return lambda: _make(item)
        case ("template", item):
            return t"<span class={'c'}>{_make(item)}</span>"
        case ("tag", item):
            return t"<{Card} title={'t'}>{_make(item)}</{Card}>"
        case list(items):
            return [_make(item) for item in items]
        case tuple(items):
            return tuple(_make(item) for item in items)
    return shape


@given(_values, st.sampled_from([0, 5, 8192]))
def test_any_value_streams_as_html_renders_it(shape: Any, chunk_size: int) -> None:
    def page() -> Template:
        return t"<div>{_make(shape)}</div><p>{_make(shape)}</p>"

    expected = html(page())
    chunks = list(stream_html(page(), chunk_size=chunk_size))
    assert expected == "".join(chunks)


# -- where a page is cut ------------------------------------------------------------------------


def test_a_layout_written_as_a_tag_sends_its_head_before_the_rows() -> None:
    pulled: list[int] = []

    def slow_rows() -> Iterator[Template]:
        for n in range(2):
            pulled.append(n)  # a row from a database cursor: taking it may wait
            yield t"<tr><td>{n}</td></tr>"

    for page in (
        t"<{Layout} title=Report><table>{slow_rows()}</table></{Layout}>",
        Layout(title="Report", children=t"<table>{slow_rows()}</table>"),
    ):
        pulled.clear()
        stream = stream_html(page)
        assert "<!doctype html><title>Report</title><body><table>" == next(stream)
        assert [] == pulled  # sent before the first row was taken
        assert "<tr><td>0</td></tr><tr><td>1</td></tr></table></body>" == next(stream)
        assert [0, 1] == pulled
        assert [] == list(stream)


def test_chunk_size_zero_sends_at_every_cut_point() -> None:
    page = t"<{Layout} title=T><{Card} title=a />{rows('x', 'y')}{(lambda: 'z')}</{Layout}>"
    assert [
        "<!doctype html><title>T</title><body>",  # the Card tag is called after this is sent
        '<section class="card" data-title="a"><h2>a</h2></section>',  # before the 1st row
        "<li>x</li>",
        "<li>y</li>",  # before the end of the rows is found
        "z</body>",  # (nothing between the end of the rows and the lazy value: no chunk)
    ] == list(stream_html(page, chunk_size=0))


def test_a_chunk_is_sent_before_what_follows_is_evaluated_once_chunk_size_is_reached() -> None:
    events: list[str] = []

    def lazy() -> str:
        events.append("lazy value called")
        return "!"

    def items() -> Iterator[str]:
        for n in range(4):
            events.append(f"item {n} taken")
            yield "x" * 10

    stream = stream_html(t"<p>{items()}{lazy}</p>", chunk_size=20)
    events.extend(f"sent {chunk!r}" for chunk in stream)
    assert [
        "sent '<p>'",  # the first chunk: everything before the first cut point
        "item 0 taken",
        "item 1 taken",
        f"sent {'x' * 20!r}",  # 20 characters gathered: sent before item 2 is taken
        "item 2 taken",
        "item 3 taken",
        f"sent {'x' * 20!r}",  # sent before the end of the items is found
        "lazy value called",
        "sent '!</p>'",
    ] == events


def test_lists_and_values_in_attributes_are_not_cut() -> None:
    page = t"<p title={(lambda: 'x')} class={['a', 'b']}>{['c', t'<b>d</b>']}</p>"
    assert ['<p title="x" class="a b">c<b>d</b></p>'] == list(stream_html(page, chunk_size=0))


# -- errors, closing, context ---------------------------------------------------------------------


def test_an_error_mid_stream_is_located_in_its_template_and_names_the_caller() -> None:
    inner = t"<li>{ {'a': 1} }</li>"

    def items() -> Iterator[Template]:
        yield t"<li>ok</li>"
        yield inner

    stream = stream_html(t"<ul>{items()}</ul>", chunk_size=0)
    called_at = inspect.currentframe().f_lineno - 1  # type: ignore[union-attr]
    assert ["<ul>", "<li>ok</li>"] == [next(stream), next(stream)]
    with pytest.raises(RenderError, match="a dict where text is expected") as caught:
        next(stream)
    assert inner is caught.value.template
    assert f"test_stream.py, line {called_at}" == caught.value.caller
    assert "\n    <li>{ {'a': 1} }</li>\n        ^^^^^^^^^^^^\n" in str(caught.value)


def test_an_error_in_a_component_tag_names_the_component() -> None:
    def Broken() -> Template:  # noqa: N802
        raise LookupError("no such row")

    with pytest.raises(LookupError, match="no such row") as caught:
        list(stream_html(t"<main><{Broken} /></main>"))
    assert any("in component Broken()" in note for note in caught.value.__notes__)


def test_a_syntax_error_is_raised_at_the_first_chunk() -> None:
    page = t"<p>{rows('a')}</p"
    stream = stream_html(page)
    with pytest.raises(TemplateSyntaxError, match="the template ends inside the end tag") as caught:
        next(stream)
    assert page is caught.value.template


def test_a_template_whose_end_is_uncertain_streams_whole_on_its_own() -> None:
    def page() -> Template:
        return t"<p>{EVIL}</p><svg><title><a onclick='/*</title>"

    assert [html(page())] == list(stream_html(page()))
    with pytest.raises(TemplateSyntaxError, match="nested-end"):  # nested, it is refused
        list(stream_html(t"<div>{rows('x')}{page()}</div>"))


def test_async_values_are_refused_as_html_refuses_them() -> None:
    async def fetch() -> str:
        return "x"

    with pytest.raises(RenderError, match=r"fetch was called but not awaited\n"):
        list(stream_html(t"<ul>{rows('a')}<li>{fetch()}</li></ul>"))


def test_closing_the_stream_closes_the_generators_it_reads() -> None:
    closed: list[str] = []

    def items() -> Iterator[str]:
        try:
            yield "a"
            yield "b"
        finally:
            closed.append("items")

    stream = stream_html(t"<ul>{items()}</ul>", chunk_size=0)
    assert ["<ul>", "a"] == [next(stream), next(stream)]
    stream.close()
    assert ["items"] == closed
    assert [] == list(stream)


def test_the_stream_runs_in_the_context_it_was_created_in() -> None:
    def items() -> Iterator[Template]:
        yield t"<li>{theme.get()}</li><script>f()</script>"

    with csp_nonce("n0nce"), theme.using("dark"):
        stream = stream_html(t"<ul>{items()}</ul>")
    assert CSP_NONCE.get() is None
    # read in another context (a server's thread, say): the values of its creation hold
    chunks = contextvars.Context().run(list, stream)
    assert '<ul><li>dark</li><script nonce="n0nce">f()</script></ul>' == "".join(chunks)


def test_a_provider_holds_in_its_streamed_children_only() -> None:
    page = t'<{theme.provide} value="dark">{rows("a")}<{Themed} /></{theme.provide}><{Themed} />'
    stream = stream_html(page, chunk_size=0)
    chunks = []
    for chunk in stream:
        chunks.append(chunk)
        assert "light" == theme.get()  # the reader's context is not changed
    assert '<li>a</li><div class="theme-dark"></div><div class="theme-light"></div>' == "".join(
        chunks
    )


@pytest.mark.parametrize("chunk_size", [-1, 1.5, "8", None])
def test_chunk_size_must_be_an_int_of_zero_or_more(chunk_size: Any) -> None:
    with pytest.raises(ValueError, match="chunk_size must be an int >= 0"):
        stream_html(t"<p></p>", chunk_size=chunk_size)


def test_a_str_is_refused_as_html_refuses_it() -> None:
    with pytest.raises(TypeError, match=r'html\(\) takes a template string \(t"..."\), not a str'):
        stream_html("<p>hi</p>")  # type: ignore[arg-type]


def test_an_error_in_a_deferred_value_is_located_in_the_template_that_holds_it() -> None:
    def bad() -> object:
        return {"a": 1}

    first = t"<li>{(lambda: 'ok')}</li>"
    second = t"<li>{bad}</li>"
    page = t"<ul>{[first, second, bad]}</ul>"
    with pytest.raises(RenderError, match="a dict where text is expected") as caught:
        list(stream_html(page))
    assert second is caught.value.template
    outer = t"<ul>{[first, bad]}</ul>"
    with pytest.raises(RenderError, match="a dict where text is expected") as caught:
        list(stream_html(outer))
    assert outer is caught.value.template  # a lazy value right in the list: the list's template
