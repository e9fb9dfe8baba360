"""Values that cannot be rendered fail the same way in every position, with a located
RenderError: async values, lazy values that need arguments or never end, ``__html__`` methods
that return no str, data nested too deeply or inside itself, ints too long for text, values
whose repr fails."""

import asyncio
import gc
import json
import warnings
from collections.abc import AsyncIterator, Callable, Iterator
from string.templatelib import Template

import pytest
from markupsafe import Markup

from htmltemplates import (
    CSP_NONCE,
    RenderError,
    TemplateError,
    TrustedURL,
    csp_nonce,
    html,
    stream_html,
)
from htmltemplates.errors import short_repr


def refused(render: Callable[[], object]) -> RenderError:
    with pytest.raises(RenderError) as info:
        render()
    return info.value


@pytest.fixture
def no_unawaited_warning() -> Iterator[None]:
    """Fail the test if a coroutine is left to warn that it was never awaited."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield
        gc.collect()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        gc.collect()
    assert [] == [str(w.message) for w in caught]


# -- async values ----------------------------------------------------------------------------


async def load() -> str:
    return "x"


async def Card() -> Template:  # noqa: N802 - a component
    return t"<b>card</b>"


async def ticker() -> AsyncIterator[int]:
    yield 1


class Rows:
    """An async iterable that is not an iterable."""

    def __aiter__(self) -> AsyncIterator[int]:
        return ticker()


COROUTINE = (
    "a coroutine where a value is expected: the async function load was called but not awaited"
)
ASYNC_FIX = (
    "Render with await html_async(...) or stream_html_async(...), which await values in "
    "element content; elsewhere (an attribute, a <script>, a prop), await it first and "
    "interpolate the result (url = await fetch_url()). See docs/errors.md#async-value "
    "(python -m htmltemplates doc async-value)."
)


@pytest.mark.parametrize(
    ("render", "excerpt"),
    [
        pytest.param(lambda: html(t"<p>{load()}</p>"), "<p>{load()}</p>", id="text"),
        pytest.param(lambda: html(t"<p>{[load()]}</p>"), "<p>{[load()]}</p>", id="text-list"),
        pytest.param(lambda: html(t"<p>{load()!r}</p>"), "<p>{load()!r}</p>", id="text-repr"),
        pytest.param(
            lambda: html(t"<title>{load()}</title>"), "<title>{load()}</title>", id="rcdata"
        ),
        pytest.param(lambda: html(t"<!-- {load()} -->"), "<!-- {load()} -->", id="comment"),
        pytest.param(
            lambda: html(t"<p title={load()}>x</p>"), "<p title={load()}>x</p>", id="attribute"
        ),
        pytest.param(
            lambda: html(t'<p title="a {load()}">x</p>'),
            '<p title="a {load()}">x</p>',
            id="attribute-part",
        ),
        pytest.param(lambda: html(t"<a href={load()}>x</a>"), "<a href={load()}>x</a>", id="url"),
        pytest.param(
            lambda: html(t'<a href="/u/{load()}">x</a>'),
            '<a href="/u/{load()}">x</a>',
            id="url-path",
        ),
        pytest.param(
            lambda: html(t'<a href="/u?q={load()}">x</a>'),
            '<a href="/u?q={load()}">x</a>',
            id="url-query",
        ),
        pytest.param(
            lambda: html(t"<script src={load()}></script>"),
            "<script src={load()}></script>",
            id="resource-url",
        ),
        pytest.param(
            lambda: html(t"<script>f({load()})</script>"),
            "<script>f({load()})</script>",
            id="script",
        ),
        pytest.param(
            lambda: html(t"<script>f([{ {'a': load()} }])</script>"),
            "<script>f([{ {'a': load()} }])</script>",
            id="script-data",
        ),
        pytest.param(
            lambda: html(t"<script>f('{load()}')</script>"),
            "<script>f('{load()}')</script>",
            id="script-string",
        ),
        pytest.param(
            lambda: html(t"<button onclick={load()}>x</button>"),
            "<button onclick={load()}>x</button>",
            id="event-handler",
        ),
        pytest.param(
            lambda: html(t"<style>p {{ color: {load()} }}</style>"),
            "<style>p {{ color: {load()} }}</style>",
            id="css-value",
        ),
        pytest.param(
            lambda: html(t"<style>p {{ content: '{load()}' }}</style>"),
            "<style>p {{ content: '{load()}' }}</style>",
            id="css-string",
        ),
        pytest.param(
            lambda: html(t"<style>p {{ background: url({load()}) }}</style>"),
            "<style>p {{ background: url({load()}) }}</style>",
            id="css-url",
        ),
        pytest.param(
            lambda: html(t"<p style={ {'color': load()} }>x</p>"),
            "<p style={ {'color': load()} }>x</p>",
            id="style-dict",
        ),
        pytest.param(
            lambda: html(t"<p { {'title': load()} }>x</p>"),
            "<p { {'title': load()} }>x</p>",
            id="spread",
        ),
    ],
)
def test_a_coroutine_is_refused_in_every_position(
    render: Callable[[], object], excerpt: str, no_unawaited_warning: None
) -> None:
    error = refused(render)
    assert "async-value" == error.anchor
    assert COROUTINE == error.headline
    lines = str(error).splitlines()
    assert [COROUTINE, ""] == lines[:2]
    assert f"    {excerpt}".replace("{{", "{").replace("}}", "}") == lines[2]
    assert ASYNC_FIX == lines[-1]


def test_an_async_component_called_in_an_interpolation(no_unawaited_warning: None) -> None:
    error = refused(lambda: html(t"<main>{Card()}</main>"))
    assert (
        "a coroutine where a value is expected: the async function Card was called but not awaited"
    ) == error.headline
    assert "    <main>{Card()}</main>" == str(error).splitlines()[2]


def test_an_async_component_written_as_a_tag(no_unawaited_warning: None) -> None:
    error = refused(lambda: html(t"<main><{Card} /></main>"))
    assert "async-value" == error.anchor
    assert (
        "a coroutine where a value is expected: the async function Card was called but not awaited"
    ) == error.headline
    assert ["    <main><{Card} /></main>", "           ^^^^^^"] == str(error).splitlines()[2:4]


def test_a_lazy_value_that_returns_a_coroutine(no_unawaited_warning: None) -> None:
    assert COROUTINE == refused(lambda: html(t"<p>{load}</p>")).headline
    assert COROUTINE == refused(lambda: html(t"<p title={load}>x</p>")).headline


def test_an_async_generator_and_an_async_iterable() -> None:
    error = refused(lambda: html(t"<ul>{ticker()}</ul>"))
    assert (
        "an async generator where a value is expected: ticker can only be iterated with async for"
    ) == error.headline
    assert "async-value" == error.anchor
    error = refused(lambda: html(t"<ul>{Rows()}</ul>"))
    assert (
        "an async iterable Rows where a value is expected: it can only be iterated with async for"
    ) == error.headline


def test_a_future_is_refused_not_iterated() -> None:
    loop = asyncio.new_event_loop()
    try:
        future = loop.create_future()
        error = refused(lambda: html(t"<p>{future}</p>"))
    finally:
        loop.close()
    assert "an awaitable Future where a value is expected: it was not awaited" == error.headline


def test_every_coroutine_of_the_template_is_closed(no_unawaited_warning: None) -> None:
    error = refused(lambda: html(t"<p>{[load(), load()]}{load()}{t'<i>{load()}</i>'}</p>"))
    assert "async-value" == error.anchor


def test_an_iterable_that_is_also_async_renders_as_an_iterable() -> None:
    class Both:
        def __iter__(self) -> Iterator[str]:
            return iter(["a", "b"])

        def __aiter__(self) -> AsyncIterator[int]:
            return ticker()

    assert "<p>ab</p>" == html(t"<p>{Both()}</p>")


def test_awaited_values_render() -> None:
    async def view() -> str:
        return html(t"<p>{await load()}</p>")

    assert "<p>x</p>" == asyncio.run(view())


# -- lazy values ------------------------------------------------------------------------------


def Box(*, children: Template) -> Template:  # noqa: N802 - a component
    return t"<div>{children}</div>"


BOX_FIX = (
    "A function in a template is a lazy value, called with no arguments when the template "
    "renders. Call it yourself ({Card(title=...)}), or write a component as a tag: "
    "<{Card} title=...>...</{Card}>. See docs/errors.md#lazy-value "
    "(python -m htmltemplates doc lazy-value)."
)


@pytest.mark.parametrize(
    "render",
    [
        pytest.param(lambda: html(t"<p>{Box}</p>"), id="text"),
        pytest.param(lambda: html(t"<p title={Box}>x</p>"), id="attribute"),
        pytest.param(lambda: html(t"<script>f({Box})</script>"), id="script"),
        pytest.param(lambda: html(t"<p>{Box!s}</p>"), id="converted"),
    ],
)
def test_a_function_that_needs_arguments_is_not_lazy(render: Callable[[], object]) -> None:
    error = refused(render)
    assert "lazy-value" == error.anchor
    assert (
        "the function Box(*, children: string.templatelib.Template) cannot be called without "
        "arguments"
    ) == error.headline
    assert BOX_FIX == str(error).splitlines()[-1]


def test_a_builtin_that_needs_an_argument() -> None:
    error = refused(lambda: html(t"<p>{len}</p>"))
    assert "the function len(obj, /) cannot be called without arguments" == error.headline


def test_a_type_error_raised_inside_a_lazy_value_is_its_own() -> None:
    def broken() -> str:
        return "a" + 1  # type: ignore[operator]

    with pytest.raises(TypeError) as info:
        html(t"<p>{broken}</p>")
    assert not isinstance(info.value, TemplateError)


def test_a_bound_method_interpolated_without_a_call_runs() -> None:
    class User:
        def name(self) -> str:
            return "Brian"

    assert "<p>Brian</p>" == html(t"<p>{User().name}</p>")


def itself() -> object:
    return itself


CHAIN = "the lazy value itself returned a function 8 times in a row"


@pytest.mark.parametrize(
    "render",
    [
        pytest.param(lambda: html(t"<p>{itself}</p>"), id="text"),
        pytest.param(lambda: html(t"<p title={itself}>x</p>"), id="attribute"),
        pytest.param(lambda: html(t'<a href="/u/{itself}">x</a>'), id="url"),
        pytest.param(lambda: html(t"<script>f({itself})</script>"), id="script"),
        pytest.param(lambda: html(t"<style>p {{ color: {itself} }}</style>"), id="css"),
        pytest.param(lambda: html(t"<p {itself}>x</p>"), id="spread"),
    ],
)
def test_a_lazy_value_that_returns_itself_stops(render: Callable[[], object]) -> None:
    error = refused(render)
    assert ("lazy-chain", CHAIN) == (error.anchor, error.headline)


def test_a_short_chain_of_lazy_values_renders() -> None:
    def outer() -> Callable[[], str]:
        return lambda: "<x>"

    assert "<p>&lt;x&gt;</p>" == html(t"<p>{outer}</p>")


# -- __html__ that returns no str -------------------------------------------------------------


class Count:
    def __html__(self) -> object:
        return 42


class Note:
    def __html__(self) -> Template:
        return t"<b>{'<i>'}</b>"


HTML_METHOD = "the __html__ method of Count returned 42, not a str"


@pytest.mark.parametrize(
    "render",
    [
        pytest.param(lambda: html(t"<p>{Count()}</p>"), id="text"),
        pytest.param(lambda: html(t"<p title={Count()}>x</p>"), id="attribute"),
        pytest.param(lambda: html(t"<a href={Count()}>x</a>"), id="url"),
        pytest.param(lambda: html(t'<a href="/a/{Count()}">x</a>'), id="url-path"),
        pytest.param(lambda: html(t"<p style={ {'color': Count()} }>x</p>"), id="style"),
        pytest.param(lambda: html(t"<style>p {{ color: {Count()} }}</style>"), id="css"),
        pytest.param(lambda: html(t"<style>p {{ content: '{Count()}' }}</style>"), id="css-str"),
        pytest.param(lambda: html(t"<script>f({Count()})</script>"), id="script"),
        pytest.param(lambda: html(t"<script>f('{Count()}')</script>"), id="script-string"),
        pytest.param(lambda: html(t"<script type=importmap>{[Count()]}</script>"), id="importmap"),
    ],
)
def test_html_method_returning_no_str_is_refused_everywhere(
    render: Callable[[], object],
) -> None:
    error = refused(render)
    assert ("html-method", HTML_METHOD) == (error.anchor, error.headline)


def test_html_method_returning_a_template_is_its_html_everywhere() -> None:
    assert "<p><b>&lt;i&gt;</b></p>" == html(t"<p>{Note()}</p>")
    assert '<p title="&lt;i&gt;">x</p>' == html(t"<p title={Note()}>x</p>")
    assert '<script>f( "\\u003cb\\u003e\\u0026lt;i\\u0026gt;\\u003c/b\\u003e" )</script>' == (
        html(t"<script>f({Note()})</script>")
    )


# -- nesting ----------------------------------------------------------------------------------


def nested_lists(depth: int) -> object:
    return json.loads("[" * depth + '"x"' + "]" * depth)


def nested_dicts(depth: int) -> object:
    return json.loads('{"a": ' * depth + "1" + "}" * depth)


TOO_DEEP = "a value nested more than 200 levels deep"


@pytest.mark.parametrize(
    ("render", "excerpt"),
    [
        pytest.param(lambda d: html(t"<p>{d}</p>"), "<p>{d}</p>", id="text"),
        pytest.param(lambda d: html(t"<p class={d}>x</p>"), "<p class={d}>x</p>", id="class"),
        pytest.param(lambda d: html(t"<p title='{d}'>x</p>"), "<p title='{d}'>x</p>", id="attr"),
        pytest.param(
            lambda d: html(t"<script>const d = {d};</script>"),
            "<script>const d = {d};</script>",
            id="script",
        ),
        pytest.param(
            lambda d: html(t"<style>p {{ margin: {d} }}</style>"),
            "<style>p {{ margin: {d} }}</style>",
            id="css",
        ),
        pytest.param(
            lambda d: html(t"<script type=importmap>{d}</script>"),
            "<script type=importmap>{d}</script>",
            id="importmap",
        ),
        pytest.param(lambda d: html(t"<p>{iter(d)}</p>"), "<p>{iter(d)}</p>", id="iterator"),
    ],
)
@pytest.mark.parametrize("depth", [201, 1000])
def test_data_nested_too_deeply(
    render: Callable[[object], object], excerpt: str, depth: int
) -> None:
    error = refused(lambda: render(nested_lists(depth)))
    assert ("too-deep", TOO_DEEP) == (error.anchor, error.headline)
    assert f"    {excerpt}".replace("{{", "{").replace("}}", "}") == str(error).splitlines()[2]


def test_dicts_nested_too_deeply_in_a_script() -> None:
    d = nested_dicts(1000)
    error = refused(lambda: html(t"<script>const d = {d};</script>"))
    assert ("too-deep", TOO_DEEP) == (error.anchor, error.headline)


def test_data_200_levels_deep_renders() -> None:
    d = nested_lists(200)
    assert "<p>x</p>" == html(t"<p>{d}</p>")
    assert '<p class="x">x</p>' == html(t"<p class={d}>x</p>")
    assert html(t"<script>const d = {d};</script>").startswith("<script>const d =  [[[")


def test_templates_nested_past_the_recursion_limit() -> None:
    inner = t"x"
    for _ in range(3000):
        inner = t"<b>{inner}</b>"
    error = refused(lambda: html(inner))
    assert "too-deep" == error.anchor
    assert error.headline.startswith("templates nested too deeply: Python's recursion limit")
    assert ["    <b>{inner}</b>", "       ^^^^^^^"] == str(error).splitlines()[2:4]


def Tree(*, n: int) -> Template:  # noqa: N802 - a component
    return t"<div><{Tree} n={n - 1} /></div>" if n else t"leaf"


def test_components_nested_past_the_recursion_limit() -> None:
    error = refused(lambda: html(t"<{Tree} n={3000} />"))
    assert "too-deep" == error.anchor
    assert ["    <div><{Tree} n={n - 1} /></div>", "          ^^^^^^"] == (
        str(error).splitlines()[2:4]
    )
    assert "<div><div>leaf</div></div>" == html(t"<{Tree} n={2} />")


def test_templates_in_lists_nested_past_the_recursion_limit() -> None:
    page: object = "leaf"
    for _ in range(3000):
        page = [t"<li>{page}</li>"]
    error = refused(lambda: html(t"<ul>{page}</ul>"))
    assert "too-deep" == error.anchor


def test_html_methods_nested_past_the_recursion_limit_are_a_render_error() -> None:
    class Wrapper:
        def __init__(self, n: int) -> None:
            self.n = n

        def __html__(self) -> str:
            return html(t"<i>{Wrapper(self.n - 1)}</i>") if self.n else "x"

    error = refused(lambda: html(t"<p>{Wrapper(3000)}</p>"))
    assert "too-deep" == error.anchor


def test_the_template_renders_after_running_out_of_stack() -> None:
    inner = t"x"
    for _ in range(3000):
        inner = t"<b>{inner}</b>"
    refused(lambda: html(inner))
    assert "<b>x</b>" == html(t"<b>{'x'}</b>")


SELF = "a list that contains itself: [1, [...]]"


@pytest.mark.parametrize(
    "render",
    [
        pytest.param(lambda a: html(t"<p>{a}</p>"), id="text"),
        pytest.param(lambda a: html(t"<p class={a}>x</p>"), id="class"),
        pytest.param(lambda a: html(t"<script>const a = {a};</script>"), id="script"),
        pytest.param(lambda a: html(t"<style>p {{ margin: {a} }}</style>"), id="css"),
    ],
)
def test_a_list_that_contains_itself(render: Callable[[object], object]) -> None:
    looped: list[object] = [1]
    looped.append(looped)
    error = refused(lambda: render(looped))
    assert ("self-reference", SELF) == (error.anchor, error.headline)


def test_a_template_inside_a_list_inside_itself() -> None:
    items: list[object] = []
    page = t"<ul>{items}</ul>"
    items.append(page)
    error = refused(lambda: html(page))
    assert "self-reference" == error.anchor
    # the cycle is reported where the stack ran out, by the innermost frame with room left to
    # build the error: the list's, or the template's (with the slow paths, say)
    starts = ("a list that contains itself: [Template(", "a Template that contains itself: ")
    assert error.headline.startswith(starts), error.headline


def test_a_list_shared_twice_is_not_a_cycle() -> None:
    shared = ["a"]
    assert "<p>aa</p>" == html(t"<p>{[shared, shared]}</p>")


# -- ints too long for text -------------------------------------------------------------------

HUGE = 10**5000


def Heading(*, title: str) -> Template:  # noqa: N802 - a component
    return t"<h2>{title}</h2>"


BIG_INT = "an int with more than 4300 digits, more than Python converts to text"


@pytest.mark.parametrize(
    "render",
    [
        pytest.param(lambda: html(t"<p>{HUGE}</p>"), id="text"),
        pytest.param(lambda: html(t"<p>{[HUGE]}</p>"), id="text-list"),
        pytest.param(lambda: html(t"<p>{HUGE!s}</p>"), id="converted"),
        pytest.param(lambda: html(t"<p>{HUGE:,}</p>"), id="format-spec"),
        pytest.param(lambda: html(t"<title>{HUGE}</title>"), id="rcdata"),
        pytest.param(lambda: html(t"<p id={HUGE}>x</p>"), id="attribute"),
        pytest.param(lambda: html(t"<p id='row-{HUGE}'>x</p>"), id="attribute-part"),
        pytest.param(lambda: html(t"<p class={[HUGE]}>x</p>"), id="class"),
        pytest.param(lambda: html(t'<a href="/items/{HUGE}">x</a>'), id="url-path"),
        pytest.param(lambda: html(t"<a href={HUGE}>x</a>"), id="url"),
        pytest.param(lambda: html(t"<p { {'data-n': HUGE} }>x</p>"), id="spread"),
        pytest.param(lambda: html(t"<p data={ {'n': HUGE} }>x</p>"), id="data-dict"),
        pytest.param(lambda: html(t"<script>f({HUGE})</script>"), id="script"),
        pytest.param(lambda: html(t"<script>f([{HUGE}])</script>"), id="script-list"),
        pytest.param(lambda: html(t"<script>f('{HUGE}')</script>"), id="script-string"),
        pytest.param(lambda: html(t"<style>p {{ order: {HUGE} }}</style>"), id="css"),
        pytest.param(lambda: html(t"<p style={ {'order': HUGE} }>x</p>"), id="style"),
        pytest.param(lambda: html(t'<img srcset="/a.png {HUGE}w">'), id="srcset"),
        pytest.param(lambda: html(t"<img srcset={[('/a.png', HUGE)]}>"), id="srcset-pair"),
        pytest.param(lambda: html(t"<p>{[HUGE]!r}</p>"), id="list-repr"),
        pytest.param(lambda: html(t"<p>{ {'n': HUGE}!s}</p>"), id="dict-str"),
        pytest.param(lambda: html(t"<p title={(1, HUGE)!a}>x</p>"), id="tuple-ascii-attribute"),
        pytest.param(lambda: list(stream_html(t"<p>{[HUGE]!r}</p>")), id="list-repr-streamed"),
        pytest.param(lambda: html(t'<{Heading} title="n{HUGE}" />'), id="component-prop-text"),
        pytest.param(lambda: html(t'<p><{Heading} title="n{HUGE}" /></p>'), id="component-prop"),
    ],
)
def test_an_int_too_long_for_text(render: Callable[[], object]) -> None:
    error = refused(render)
    assert ("big-int", BIG_INT) == (error.anchor, error.headline)


def test_a_float_format_of_an_int_too_large_for_a_float() -> None:
    price = int("9" * 401)  # from JSON, say
    for render in (
        lambda: html(t"<p>{price:.2f}</p>"),
        lambda: html(t"<p title={price:.2f}>x</p>"),
        lambda: "".join(stream_html(t"<p>{price:.2f}</p>")),
    ):
        error = refused(render)
        assert (
            "format-spec",
            "the format spec '.2f' is not valid for an int: int too large to convert to float",
        ) == (error.anchor, error.headline)


def test_a_value_error_of_its_own_is_not_big_int() -> None:
    class Odd:
        def __str__(self) -> str:
            raise ValueError("odd")

    with pytest.raises(ValueError, match="odd") as info:
        html(t"<p>{7}{Odd()}</p>")
    assert not isinstance(info.value, TemplateError)


# -- a repr that fails while a message is built -----------------------------------------------


class NoRepr:
    def __repr__(self) -> str:
        raise ValueError("no repr")


def test_short_repr_falls_back_to_the_type_name() -> None:
    assert "<NoRepr object>" == short_repr(NoRepr())


def test_an_error_about_a_value_whose_repr_fails() -> None:
    error = refused(lambda: html(t"<p>{ {'a': NoRepr()} }</p>"))
    assert "a dict where text is expected: <dict object>" == error.headline
    error = refused(lambda: html(t"<p {NoRepr()}>x</p>"))
    assert "a spread between attributes needs a mapping, not NoRepr: <NoRepr object>" == (
        error.headline
    )


def test_markup_still_renders() -> None:
    assert "<p><b>x</b></p>" == html(t"<p>{Markup('<b>x</b>')}</p>")


# -- CSP nonces -------------------------------------------------------------------------------

NONCE_TYPE = (
    "{what} int; a CSP nonce is a str, None (no nonce), or a function returning one of those."
)


def test_a_markup_nonce_is_escaped_as_text() -> None:
    with csp_nonce(Markup('x"><img src=x onerror=alert(1)>')):
        page = html(t"<script></script>")
    assert '<script nonce="x&#34;&gt;&lt;img src=x onerror=alert(1)&gt;"></script>' == page


def test_a_nonce_with_an_html_method_is_not_trusted() -> None:
    class Sneaky(str):
        __slots__ = ()

        def __html__(self) -> str:
            return '"><script>alert(1)</script>'

    with csp_nonce(Sneaky("abc")):
        assert '<style nonce="abc"></style>' == html(t"<style></style>")


def test_a_nonce_that_is_not_text_is_refused_at_the_call() -> None:
    with pytest.raises(TypeError) as info:
        csp_nonce(123)  # type: ignore[arg-type]
    assert NONCE_TYPE.format(what="csp_nonce() takes") == str(info.value)


def test_a_nonce_function_returning_no_str_is_refused_at_render() -> None:
    with csp_nonce(lambda: 123), pytest.raises(TypeError) as info:  # type: ignore[arg-type, return-value]
        html(t"<script></script>")
    assert NONCE_TYPE.format(what="the CSP nonce function returned") == str(info.value)
    token = CSP_NONCE.set(123)  # type: ignore[arg-type]
    try:
        with pytest.raises(TypeError) as info:
            html(t"<script></script>")
    finally:
        CSP_NONCE.reset(token)
    assert NONCE_TYPE.format(what="CSP_NONCE holds") == str(info.value)


# -- lone surrogates in URLs ------------------------------------------------------------------

LONE = "a\ud800b"


@pytest.mark.parametrize(
    ("render", "expected"),
    [
        pytest.param(lambda: html(t"<a href={LONE}>x</a>"), '<a href="a\ufffdb">x</a>', id="start"),
        pytest.param(
            lambda: html(t'<a href="/p/{LONE}">x</a>'), '<a href="/p/a%EF%BF%BDb">x</a>', id="path"
        ),
        pytest.param(
            lambda: html(t'<a href="/p?q={LONE}">x</a>'),
            '<a href="/p?q=a%EF%BF%BDb">x</a>',
            id="query",
        ),
        pytest.param(
            lambda: html(t'<a href="/p#{LONE}">x</a>'), '<a href="/p#a%EF%BF%BDb">x</a>', id="hash"
        ),
        pytest.param(
            lambda: html(t'<img srcset="/i/{LONE} 1x">'),
            '<img srcset="/i/a%EF%BF%BDb 1x">',
            id="srcset",
        ),
        pytest.param(
            lambda: html(t"<style>p {{ background: url({LONE}) }}</style>"),
            "<style>p { background: url(a\ufffdb) }</style>",
            id="css-url",
        ),
        pytest.param(
            lambda: html(t"<style>p {{ background: url(/i/{LONE}) }}</style>"),
            "<style>p { background: url(/i/a%EF%BF%BDb) }</style>",
            id="css-url-path",
        ),
    ],
)
def test_a_lone_surrogate_in_a_url_is_u_fffd(render: Callable[[], object], expected: str) -> None:
    page = render()
    assert expected == page
    assert str(page).encode()  # the page can be sent as UTF-8


def test_a_lone_surrogate_in_a_trusted_url() -> None:
    assert TrustedURL("/p/a%EF%BF%BDb") == TrustedURL(t"/p/{LONE}")


# -- component tags that are builtins ---------------------------------------------------------


@pytest.mark.parametrize(
    ("render", "name"),
    [
        pytest.param(lambda: html(t"<p><{print} /></p>"), "print", id="print"),
        pytest.param(lambda: html(t"<p><{[].append} /></p>"), "list.append", id="method"),
    ],
)
def test_a_builtin_is_not_a_component(
    render: Callable[[], object], name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    error = refused(render)
    assert ("not-a-component", f"the builtin {name} where a component is expected") == (
        error.anchor,
        error.headline,
    )
    assert "" == capsys.readouterr().out  # print was not called


# -- attributes filtered like their siblings --------------------------------------------------

EVIL = "javascript:alert(1)"


@pytest.mark.parametrize(
    "template",
    [
        pytest.param(t"<svg><set attributeName=href to={EVIL} /></svg>", id="set"),
        pytest.param(t"<svg><animate attributeName=href to={EVIL} /></svg>", id="animate"),
        pytest.param(
            t"<svg><animateColor attributeName=href to={EVIL} /></svg>", id="animateColor"
        ),
        pytest.param(
            t"<svg><animateColor attributeName=xlink:href from={EVIL} /></svg>",
            id="animateColor-from",
        ),
        pytest.param(t"<applet code={EVIL}></applet>", id="applet-code"),
        pytest.param(t"<applet codebase={EVIL}></applet>", id="applet-codebase"),
        pytest.param(t"<applet archive={EVIL}></applet>", id="applet-archive"),
    ],
)
def test_urls_that_load_code_take_only_trusted_resource_urls(template: Template) -> None:
    error = refused(lambda: html(template))
    assert "untrusted-resource-url" == error.anchor


def test_animate_color_values_are_refused_without_a_fixed_target() -> None:
    with pytest.raises(TemplateError) as info:
        html(t"<svg><animateColor attributeName={'href'} to={EVIL} /></svg>")
    assert "refused-attribute" == info.value.anchor


@pytest.mark.parametrize(
    ("template", "name", "reason"),
    [
        pytest.param(
            t"<meta charset={'utf-7'}>",
            "charset",
            "decides how the page (or the script) is decoded",
            id="meta-charset",
        ),
        pytest.param(
            t"<script charset={'utf-7'} src=/a.js></script>",
            "charset",
            "decides how the page (or the script) is decoded",
            id="script-charset",
        ),
        pytest.param(
            t"<svg><a xml:base={EVIL}><text>x</text></a></svg>",
            "xml:base",
            "decides where every relative URL inside the element resolves",
            id="xml-base",
        ),
    ],
)
def test_attributes_that_change_how_the_rest_is_read_are_refused(
    template: Template, name: str, reason: str
) -> None:
    with pytest.raises(TemplateError) as info:
        html(template)
    assert "refused-attribute" == info.value.anchor
    assert f"The {name} attribute {reason}: write its value in the template." == (info.value.fix)


@pytest.mark.parametrize(
    "spread", [{"charset": "utf-7"}, {"xml:base": EVIL}], ids=["charset", "xml-base"]
)
def test_refused_attributes_from_a_spread(spread: dict[str, str]) -> None:
    assert "spread-name" == refused(lambda: html(t"<meta {spread}>")).anchor


@pytest.mark.parametrize(
    "template",
    [
        pytest.param(t"<style>p {{ behavior: url({'/x.htc'}) }}</style>", id="behavior-url"),
        pytest.param(t"<style>p {{ -moz-binding: url('{'/x.xml'}') }}</style>", id="binding"),
        pytest.param(t"<style>p {{ -moz-binding: {'x'} }}</style>", id="binding-value"),
        pytest.param(t'<p style="behavior: {"x"}">x</p>', id="style-attribute"),
        pytest.param(t'<p style="-MOZ-BINDING: url({"/a"})">x</p>', id="upper-case"),
    ],
)
def test_no_value_in_a_css_property_that_loads_code(template: Template) -> None:
    with pytest.raises(TemplateError) as info:
        html(template)
    assert "css" == info.value.anchor
    assert (
        "interpolation inside CSS that the scanner does not judge (in the value of behavior or "
        "-moz-binding, which load code)"
    ) in info.value.headline


def test_css_properties_that_load_code_from_a_style_dict_are_unsafe() -> None:
    assert '<p style="behavior: htmltemplates-unsafe; color: red">x</p>' == html(
        t"<p style={ {'behavior': 'x', 'color': 'red'} }>x</p>"
    )
    assert '<p style="-moz-binding: htmltemplates-unsafe">x</p>' == html(
        t"<p style={'-moz-binding: none'}>x</p>"
    )
