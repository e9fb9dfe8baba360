"""stream_html(): the HTML of html(template), in chunks, as a streamed Flask response."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Iterator
from string.templatelib import Template
from typing import Any

import flask
import pytest
from hostile import EVIL, EVIL_ESCAPED
from hypothesis import example, given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from htmltemplates import RenderError, TemplateSyntaxError, html
from htmltemplates.integrations import flask as integration
from htmltemplates.integrations.flask import HTMLTemplates, stream_html

HTML = "text/html; charset=utf-8"


def make_app(**config: Any) -> flask.Flask:
    app = flask.Flask(__name__)
    app.config.update({"TESTING": True, "SECRET_KEY": "test", **config})
    return app


def chunks(template: Template, chunk_size: int = 0) -> list[str]:
    """The chunks stream_html() sends for ``template`` (outside any request)."""
    return [str(chunk) for chunk in stream_html(template, chunk_size=chunk_size).response]


def rows(*names: str) -> Iterator[Template]:
    for name in names:
        yield t"<li>{name}</li>"


def card(title: str, items: object) -> Template:
    return t'<section class="card"><h2>{title}</h2><ul>{items}</ul></section>'


def layout(title: str, body: object) -> Template:
    return t"<!doctype html><title>{title}</title><main>{body}</main>"


# Where a page is cut (chunk_size=0: wherever it can be): before each item of an iterator in
# element content, here or in a template nested there, and before the end of the iterator is
# found (taking the next item is what may wait), and before a lazy value is called; never
# inside a list or tuple (already in memory), an attribute, <title>, <textarea>, a comment, a
# script, or right after <pre>. Each case: the template and its chunks; their concatenation is
# html(template), checked too.
CASES: list[Any] = [
    pytest.param(lambda: t"<p>{EVIL}</p>", [f"<p>{EVIL_ESCAPED}</p>"], id="no-iterable"),
    pytest.param(
        lambda: t"<ul>{[t'<li>a</li>', t'<li>{EVIL}</li>']}</ul>",
        [f"<ul><li>a</li><li>{EVIL_ESCAPED}</li></ul>"],
        id="list",
    ),
    pytest.param(
        lambda: t"<ul>{rows('a', EVIL, 'c')}</ul>",
        ["<ul>", "<li>a</li>", f"<li>{EVIL_ESCAPED}</li>", "<li>c</li>", "</ul>"],
        id="generator",
    ),
    pytest.param(
        lambda: t"<p>{(EVIL, 1, None, True, Markup('<br>'), 2.5)}</p>",
        [f"<p>{EVIL_ESCAPED}1<br>2.5</p>"],
        id="tuple-of-values",
    ),
    pytest.param(
        lambda: t"<ul>{(t'<li>{n}</li>' for n in range(3))}</ul><p>end</p>",
        ["<ul>", "<li>0</li>", "<li>1</li>", "<li>2</li>", "</ul><p>end</p>"],
        id="generator-expression",
    ),
    pytest.param(
        lambda: layout(EVIL, card("Rows", rows("a", "b"))),
        [
            f"<!doctype html><title>{EVIL_ESCAPED}</title><main>"
            '<section class="card"><h2>Rows</h2><ul>',
            "<li>a</li>",
            "<li>b</li>",
            "</ul></section></main>",
        ],
        id="nested-component",
    ),
    pytest.param(
        lambda: t"{rows('a', 'b')}<p>after</p>",
        ["<li>a</li>", "<li>b</li>", "<p>after</p>"],
        id="starts-with-the-items",
    ),
    pytest.param(
        lambda: t"<ul>{[]}</ul><ol>{rows()}</ol>",
        ["<ul></ul><ol>", "</ol>"],
        id="empty-iterables",
    ),
    pytest.param(
        lambda: t"<div>{[[t'<i>1</i>', t'<i>2</i>'], t'<b>3</b>']}</div>",
        ["<div><i>1</i><i>2</i><b>3</b></div>"],
        id="list-of-lists",
    ),
    pytest.param(
        lambda: t"<ul>{(lambda: rows('a', 'b'))}</ul>",
        ["<ul>", "<li>a</li>", "<li>b</li>", "</ul>"],
        id="lazy-value",
    ),
    pytest.param(
        lambda: t"<ul>{rows('a')}</ul><ol>{rows('b', 'c')}</ol>",
        ["<ul>", "<li>a</li>", "</ul><ol>", "<li>b</li>", "<li>c</li>", "</ol>"],
        id="two-iterables",
    ),
    # rendered whole: not element content, or a conversion or format spec
    pytest.param(
        lambda: t"<p class={['a', EVIL]}>{rows('x', 'y')}</p>",
        [f'<p class="a {EVIL_ESCAPED}">', "<li>x</li>", "<li>y</li>", "</p>"],
        id="attribute",
    ),
    pytest.param(
        lambda: t"<title>{['a', EVIL]}</title><textarea>{['b', 'c']}</textarea>",
        [f"<title>a{EVIL_ESCAPED}</title><textarea>bc</textarea>"],
        id="rcdata",
    ),
    pytest.param(
        lambda: t"<!-- {['a', '-->']} --><p>x</p>",
        ["<!-- a&#45;&#45;&amp;gt; --><p>x</p>"],
        id="comment",
    ),
    pytest.param(
        lambda: t"<pre>{['\nfirst', '\nsecond']}</pre>",
        ["<pre>\n\nfirst\nsecond</pre>"],
        id="after-pre",
    ),
    pytest.param(
        lambda: t"<script>const names = {['a', '</script>']};</script>",
        ['<script>const names =  ["a", "\\u003c/script\\u003e"] ;</script>'],
        id="script",
    ),
    pytest.param(
        lambda: t"<p>{['a', 'b']!s}</p><p>{['c']!r:>12}</p>",
        ["<p>[&#39;a&#39;, &#39;b&#39;]</p><p>       [&#39;c&#39;]</p>"],
        id="conversion-and-spec",
    ),
]


@pytest.mark.parametrize(("make", "expected"), CASES)
def test_chunks(make: Callable[[], Template], expected: list[str]) -> None:
    assert expected == chunks(make())
    assert html(make()) == "".join(expected)


def test_chunks_gather_chunk_size_characters_after_the_first() -> None:
    def page() -> Template:
        return t"<ul>{rows('aaa', 'bbb', 'ccc', 'ddd', 'eee')}</ul>"

    assert [
        "<ul>",
        "<li>aaa</li><li>bbb</li>",  # 12 + 12 characters: >= 20, sent before the next row
        "<li>ccc</li><li>ddd</li>",
        "<li>eee</li></ul>",  # 12 characters, sent with the rest at the end
    ] == chunks(page(), chunk_size=20)
    assert ["<ul>", "<li>aaa</li><li>bbb</li><li>ccc</li><li>ddd</li><li>eee</li></ul>"] == (
        chunks(page(), chunk_size=integration.CHUNK_SIZE)
    )


def test_a_page_without_items_is_one_chunk_and_an_empty_page_none() -> None:
    assert ["<p>hi</p>"] == chunks(t"<p>hi</p>", chunk_size=integration.CHUNK_SIZE)
    assert [] == chunks(t"")
    assert [] == chunks(t"{rows()}")


# -- in a view ------------------------------------------------------------------------------


def test_a_streamed_view() -> None:
    app = make_app()
    pulled: list[str] = []

    def names() -> Iterator[Template]:
        for name in ("a", EVIL):
            pulled.append(name)
            yield t"<li>{name}</li>"

    @app.get("/")
    def index() -> flask.Response:
        return stream_html(layout("List", t"<ul>{names()}</ul>"), chunk_size=0)

    response = app.test_client().get("/")
    assert (200, HTML) == (response.status_code, response.content_type)
    assert "Content-Length" not in response.headers
    body = iter(response.response)
    assert b"<!doctype html><title>List</title><main><ul>" == next(body)
    assert [] == pulled  # the first chunk is sent before the first row is taken
    assert b"<li>a</li>" == next(body)
    assert ["a"] == pulled
    assert [f"<li>{EVIL_ESCAPED}</li>".encode(), b"</ul></main>"] == list(body)


@pytest.mark.parametrize(
    ("kwargs", "status", "content_type", "spam"),
    [
        ({}, 200, HTML, None),
        ({"status": 201}, 201, HTML, None),
        ({"status": "202 Accepted", "headers": {"X-Spam": "eggs"}}, 202, HTML, "eggs"),
        ({"headers": [("X-Spam", "ham")]}, 200, HTML, "ham"),
        ({"mimetype": "application/xhtml+xml"}, 200, "application/xhtml+xml; charset=utf-8", None),
        ({"content_type": "text/html; charset=ascii"}, 200, "text/html; charset=ascii", None),
    ],
)
def test_status_headers_and_content_type(
    kwargs: dict[str, Any], status: int, content_type: str, spam: str | None
) -> None:
    app = make_app()

    @app.get("/")
    def index() -> flask.Response:
        return stream_html(t"<ul>{rows('a')}</ul>", **kwargs)

    response = app.test_client().get("/")
    assert (status, content_type, spam, "<ul><li>a</li></ul>") == (
        response.status_code,
        response.content_type,
        response.headers.get("X-Spam"),
        response.get_data(as_text=True),
    )


def test_request_and_g_work_until_the_last_chunk() -> None:
    app = make_app()

    def greetings() -> Iterator[Template]:
        for n in range(2):
            yield t"<li>{flask.request.args['name']} {n} {flask.g.suffix}</li>"

    @app.get("/")
    def index() -> flask.Response:
        flask.g.suffix = "!"
        return stream_html(t"<ul>{greetings()}</ul>", chunk_size=0)

    response = app.test_client().get("/?name=<b>")
    assert "<ul><li>&lt;b&gt; 0 !</li><li>&lt;b&gt; 1 !</li></ul>" == response.get_data(
        as_text=True
    )


def test_from_an_async_view() -> None:
    app = make_app()

    def greetings() -> Iterator[Template]:
        for n in range(2):
            yield t"<li>{flask.request.args['name']} {n}</li>"

    @app.get("/")
    async def index() -> flask.Response:
        await asyncio.sleep(0)
        return stream_html(t"<ul>{greetings()}</ul>", chunk_size=0)

    response = app.test_client().get("/?name=<b>")
    assert [b"<ul>", b"<li>&lt;b&gt; 0</li>", b"<li>&lt;b&gt; 1</li>", b"</ul>"] == list(
        response.response
    )


def test_a_response_class_of_the_app() -> None:
    class MyResponse(flask.Response):
        pass

    app = make_app()
    app.response_class = MyResponse

    @app.get("/")
    def index() -> flask.Response:
        response = stream_html(t"<p>{EVIL}</p>")
        assert isinstance(response, MyResponse)
        return response

    assert f"<p>{EVIL_ESCAPED}</p>" == app.test_client().get("/").get_data(as_text=True)


def test_outside_a_request_a_plain_response() -> None:
    response = stream_html(t"<ul>{rows('a', 'b')}</ul>", chunk_size=0)
    assert type(response) is flask.Response
    assert "<ul><li>a</li><li>b</li></ul>" == response.get_data(as_text=True)


def test_with_the_extension_and_view_a_response_passes_through() -> None:
    app = make_app()
    HTMLTemplates(app)

    @app.get("/")
    @integration.view
    def index() -> Template | flask.Response:
        return stream_html(t"<ul>{rows('a')}</ul>")

    assert "<ul><li>a</li></ul>" == app.test_client().get("/").get_data(as_text=True)


# -- errors ---------------------------------------------------------------------------------


def test_an_error_before_the_first_item_is_raised_in_the_view() -> None:
    app = make_app()

    @app.get("/")
    def index() -> flask.Response:
        return stream_html(t"<p>{ {'a': 1} }</p><ul>{rows('a')}</ul>")

    with pytest.raises(RenderError) as caught:
        app.test_client().get("/")
    assert caught.value.template is not None
    assert ("<p>", "</p><ul>", "</ul>") == caught.value.template.strings
    assert "\n    <p>{ {'a': 1} }</p><ul>{rows('a')}</ul>\n       ^^^^^^^^^^^^\n" in str(
        caught.value
    )


def test_an_early_error_is_a_proper_500() -> None:
    app = make_app(TESTING=False)

    @app.get("/")
    def index() -> flask.Response:
        return stream_html(layout("x", t"<p {'not a dict'}></p>"))

    @app.errorhandler(500)
    def server_error(error: Exception) -> tuple[str, int]:
        return "<h1>Server error</h1>", 500

    response = app.test_client().get("/")
    assert (500, "<h1>Server error</h1>") == (response.status_code, response.get_data(as_text=True))


def test_a_syntax_error_is_raised_with_its_template() -> None:
    page = t"<p>{rows('a')}</p"
    with pytest.raises(TemplateSyntaxError, match="the template ends inside the end tag") as caught:
        stream_html(page)
    assert page is caught.value.template


def test_a_str_is_refused_as_html_refuses_it() -> None:
    with pytest.raises(TypeError, match=r'html\(\) takes a template string \(t"..."\), not a str'):
        stream_html("<p>hi</p>")  # type: ignore[arg-type]


def test_a_late_error_cuts_the_response_and_reaches_teardown_request() -> None:
    app = make_app()
    torn_down: list[BaseException | None] = []

    def failing() -> Iterator[Template]:
        yield t"<li>a</li>"
        raise LookupError("the database went away")

    @app.get("/")
    def index() -> flask.Response:
        return stream_html(t"<ul>{failing()}</ul>", chunk_size=0)

    @app.teardown_request
    def log_error(error: BaseException | None) -> None:
        torn_down.append(error)

    response = app.test_client().get("/")
    assert 200 == response.status_code  # sent with the first chunk
    body = iter(response.response)
    assert [b"<ul>", b"<li>a</li>"] == [next(body), next(body)]
    with pytest.raises(LookupError, match="the database went away"):
        next(body)
    # torn down at the end of the view, then with the error after the stream
    assert [None, "the database went away"] == [e and str(e) for e in torn_down]


def test_a_bad_item_is_located_in_its_template() -> None:
    page = t"<ul>{iter([t'<li>a</li>', {'b': 1}])}</ul>"
    response = stream_html(page, chunk_size=0)
    called_at = inspect.currentframe().f_lineno - 1  # type: ignore[union-attr]
    body = iter(response.response)
    assert ["<ul>", "<li>a</li>"] == [next(body), next(body)]
    with pytest.raises(RenderError, match="a dict where text is expected") as caught:
        next(body)
    assert page is caught.value.template
    # the line that called stream_html(), not one of the code reading the response
    assert f"test_flask_stream.py, line {called_at}" == caught.value.caller
    assert f"\n  test_flask_stream.py, line {called_at}\n" in str(caught.value)


# -- HEAD, and responses closed before the end ------------------------------------------------


def test_head_renders_the_first_chunk_and_closes_the_rest() -> None:
    app = make_app()
    source = rows("a", "b")

    @app.get("/")
    def index() -> flask.Response:
        return stream_html(t"<ul>{source}</ul>")

    # buffered: the test client reads the response and closes it, as a WSGI server does
    response = app.test_client().head("/", buffered=True)
    assert (200, HTML, b"") == (response.status_code, response.content_type, response.data)
    assert "Content-Length" not in response.headers
    assert inspect.GEN_CLOSED == inspect.getgeneratorstate(source)  # closed, never run


def test_head_still_raises_an_error_of_the_first_chunk() -> None:
    app = make_app()

    @app.get("/")
    def index() -> flask.Response:
        return stream_html(t"<p>{b'bytes'}</p>")

    with pytest.raises(RenderError, match="bytes where text is expected"):
        app.test_client().head("/")


def test_closing_the_response_early_closes_the_generator_being_read() -> None:
    closed: list[str] = []

    def names() -> Iterator[Template]:
        try:
            for name in ("a", "b", "c"):
                yield t"<li>{name}</li>"
        finally:
            closed.append("closed")

    response = stream_html(t"<ul>{names()}</ul>", chunk_size=0)
    body = iter(response.response)
    assert ["<ul>", "<li>a</li>"] == [next(body), next(body)]
    assert [] == closed
    response.close()  # what the WSGI server does when the client goes away
    assert ["closed"] == closed


# -- any nesting: the chunks join up to html() ------------------------------------------------

TEXTS = st.text(st.sampled_from("ab<>&\"'\n-!"), max_size=6)

# A value as data, so that each render builds it afresh (a generator is read once): leaves are
# texts, ints, None, trusted markup and row templates; containers are lists, tuples,
# generators, lazy values and templates with holes in several contexts.
leaves = st.one_of(
    TEXTS.map(lambda text: ("str", text)),
    st.integers(-5, 5).map(lambda n: ("int", n)),
    st.just(("none", None)),
    st.just(("markup", "<br>")),
    TEXTS.map(lambda text: ("row", text)),
)
values = st.recursive(
    leaves,
    lambda children: st.one_of(
        st.tuples(st.sampled_from(["list", "tuple", "gen"]), st.lists(children, max_size=4)),
        st.tuples(st.just("lazy"), children),
        st.tuples(st.just("page"), st.integers(0, 3), TEXTS, children, children),
    ),
    max_leaves=12,
)


def page_shape(shape: int, text: str, a: object, b: object) -> Template:
    match shape:
        case 0:
            return t"<div class={text}>{a}</div><p>{b}</p>"
        case 1:
            return t"<title>{a}</title>{b}<textarea>{text}</textarea>"
        case 2:
            return t"<ul>{a}</ul><!-- {b} --><a href={text}>x</a>"
        case _:
            return t"<pre>{a}</pre><section title={text}>{b}</section>"


def build(data: Any) -> Any:
    kind, content = data[0], data[1]
    match kind:
        case "str" | "int" | "none":
            return content
        case "markup":
            return Markup(content)
        case "row":
            return t"<li>{content}</li>"
        case "list":
            return [build(item) for item in content]
        case "tuple":
            return tuple(build(item) for item in content)
        case "gen":
            return (build(item) for item in content)
        case "lazy":
            return lambda: build(content)
        case _:
            return page_shape(content, data[2], build(data[3]), build(data[4]))


@settings(max_examples=300, deadline=None)
@given(values, st.sampled_from([0, 7, integration.CHUNK_SIZE]))
@example(("page", 3, "", ("gen", [("str", "\nx"), ("row", "")]), ("none", None)), 0)  # <pre>
@example(("page", 1, "", ("list", [("row", "</title>")]), ("row", "")), 0)  # <title>
def test_any_nesting_streams_the_html_of_html(data: Any, chunk_size: int) -> None:
    pieces = chunks(t"<main>{build(data)}</main>", chunk_size)
    assert html(t"<main>{build(data)}</main>") == "".join(pieces)
    assert all(pieces)
