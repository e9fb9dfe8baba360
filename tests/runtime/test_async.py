"""html_async() and stream_html_async(): awaitables, async iterables and async components in
element content, awaited concurrently, rendered in template order."""

from __future__ import annotations

import asyncio
import gc
import itertools
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from string.templatelib import Template
from typing import Any

import pytest
from hostile import EVIL, EVIL_ESCAPED
from test_stream import PAGES

from htmltemplates import (
    Provider,
    RenderError,
    csp_nonce,
    html,
    html_async,
    stream_html,
    stream_html_async,
)


def run[T](coroutine: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(asyncio.wait_for(coroutine, 10))


async def chunks_of(template: Template, chunk_size: int = 0) -> list[str]:
    return [chunk async for chunk in stream_html_async(template, chunk_size=chunk_size)]


async def value(result: object) -> object:
    await asyncio.sleep(0)
    return result


async def Card(*, title: object, children: Template = t"") -> Template:  # noqa: N802
    await asyncio.sleep(0)
    return t"<section><h2>{title}</h2>{children}</section>"


async def items(*values: object) -> AsyncIterator[Template]:
    for item in values:
        await asyncio.sleep(0)
        yield t"<li>{item}</li>"


@pytest.mark.parametrize("name", list(PAGES))
def test_without_awaitables_it_renders_as_html(name: str) -> None:
    make = PAGES[name]
    expected = html(make())
    assert expected == run(html_async(make()))
    assert expected == "".join(run(chunks_of(make())))


ASYNC_PAGES: dict[str, tuple[Callable[[], Template], str]] = {
    "coroutine": (lambda: t"<p>{value(EVIL)}</p>", f"<p>{EVIL_ESCAPED}</p>"),
    "template-result": (
        lambda: t"<div>{value(t'<b>{EVIL}</b>')}</div>",
        f"<div><b>{EVIL_ESCAPED}</b></div>",
    ),
    "nested-awaitables": (
        lambda: t"<div>{value(t'<b>{value(value(EVIL))}</b>')}</div>",
        f"<div><b>{EVIL_ESCAPED}</b></div>",
    ),
    "async-component-call": (
        lambda: t"<main>{Card(title=EVIL)}</main>",
        f"<main><section><h2>{EVIL_ESCAPED}</h2></section></main>",
    ),
    "async-component-tag": (
        lambda: t"<main><{Card} title={EVIL}><p>{value(1)}</p></{Card}></main>",
        f"<main><section><h2>{EVIL_ESCAPED}</h2><p>1</p></section></main>",
    ),
    "async-iterable": (
        lambda: t"<ul>{items(EVIL, 2, value(3))}</ul>",
        f"<ul><li>{EVIL_ESCAPED}</li><li>2</li><li>3</li></ul>",
    ),
    "lazy-returning-a-coroutine": (
        lambda: t"<p>{(lambda: value('x'))}</p>",
        "<p>x</p>",
    ),
    "in-a-list": (
        lambda: t"<p>{['a', value('b'), [value(t'<i>c</i>')]]}</p>",
        "<p>ab<i>c</i></p>",
    ),
    "future-and-task": (
        lambda: t"<p>{asyncio.ensure_future(value('t'))}</p>",
        "<p>t</p>",
    ),
}


@pytest.mark.parametrize("name", list(ASYNC_PAGES))
def test_awaitables_in_element_content_are_awaited(name: str) -> None:
    make, expected = ASYNC_PAGES[name]

    async def both() -> tuple[str, str]:
        return await html_async(make()), "".join(await chunks_of(make()))

    assert (expected, expected) == run(both())


def test_independent_awaitables_run_concurrently_and_come_out_in_template_order() -> None:
    started: list[int] = []

    async def both_started() -> None:
        while len(started) < 3:  # waits for the others: awaited one by one, it never ends
            await asyncio.sleep(0)

    async def Slow(*, n: int) -> Template:  # noqa: N802
        started.append(n)
        await both_started()
        await asyncio.sleep(0.01 * (3 - n))  # the last one finishes first
        return t"<li>{n}</li>"

    page = t"<ul><{Slow} n={0} />{Slow(n=1)}<{Slow} n={2} /></ul>"
    assert "<ul><li>0</li><li>1</li><li>2</li></ul>" == run(html_async(page))


def test_the_first_error_cancels_the_others_and_is_located() -> None:
    cancelled: list[str] = []
    never = asyncio.Event

    async def waits_forever(name: str) -> str:
        try:
            await never().wait()
        except asyncio.CancelledError:
            cancelled.append(name)
            raise
        return name

    page = t"<ul>{waits_forever('a')}<li>{value({'a': 1})}</li>{waits_forever('b')}</ul>"
    with pytest.raises(RenderError, match="a dict where text is expected") as caught:
        run(html_async(page))
    assert page is caught.value.template
    assert "<li>{value({'a': 1})}</li>" in str(caught.value)
    assert ["a", "b"] == sorted(cancelled)


def test_an_error_in_an_async_component_names_it() -> None:
    async def Broken(*, n: int) -> Template:  # noqa: N802
        await asyncio.sleep(0)
        raise LookupError("no row")

    with pytest.raises(LookupError, match="no row") as caught:
        run(html_async(t"<main><{Broken} n={1} /></main>"))
    assert any("in component Broken(n=1)" in note for note in caught.value.__notes__)


def test_an_awaitable_outside_element_content_is_refused() -> None:
    for page in (
        t"<a href={value('/x')}>x</a>",
        t"<script>const x = {value(1)};</script>",
    ):
        with pytest.raises(RenderError, match=r"await html_async\(...\)") as caught:
            run(html_async(page))
        assert "async-value" == caught.value.anchor


def test_the_sync_renderers_refuse_awaitables_and_name_html_async() -> None:
    for render in (html, lambda page: "".join(stream_html(page))):
        with pytest.raises(RenderError, match=r"Render with await html_async\(...\)"):
            render(t"<p>{value(1)}</p>")


def test_providers_and_the_nonce_are_seen_across_awaits_and_in_concurrent_tasks() -> None:
    theme = Provider("theme", default="light")

    async def Themed() -> Template:  # noqa: N802
        await asyncio.sleep(0)
        return t"<p class={theme.get()}><script>{theme.get()}</script></p>"

    page = t"<{theme.provide} value=dark><{Themed} />{Themed()}</{theme.provide}><{Themed} />"
    with csp_nonce("n0"):
        out = run(html_async(page))
    script = '<script nonce="n0"> "{}" </script>'
    assert (
        f'<p class="dark">{script.format("dark")}</p><p class="dark">{script.format("dark")}</p>'
        f'<p class="light">{script.format("light")}</p>'
    ) == out


def test_the_stream_sends_what_comes_before_a_pending_value_at_once() -> None:
    async def scenario() -> list[str]:
        release = asyncio.Event()

        async def late() -> str:
            await release.wait()
            return "late"

        seen: list[str] = []
        async for chunk in stream_html_async(t"<h1>{EVIL}</h1>{late()}<p>end</p>"):
            seen.append(chunk)
            release.set()  # the first chunk came before the value resolved
        return seen

    assert [f"<h1>{EVIL_ESCAPED}</h1>", "late<p>end</p>"] == run(scenario())


def test_closing_the_stream_early_cancels_the_tasks() -> None:
    cancelled: list[bool] = []

    async def forever() -> str:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.append(True)
            raise
        return "x"

    async def scenario() -> str:
        stream = stream_html_async(t"<p>a</p>{forever()}")
        first = await anext(stream)
        await asyncio.sleep(0)  # the task is running
        await stream.aclose()
        return first

    assert "<p>a</p>" == run(scenario())
    assert [True] == cancelled


def test_a_str_is_refused_as_html_refuses_it() -> None:
    with pytest.raises(TypeError, match="not a str"):
        run(html_async("<p>x</p>"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a str"):
        stream_html_async("<p>x</p>")  # type: ignore[arg-type]


def test_an_async_iterable_is_read_as_it_is_sent() -> None:
    read: list[int] = []

    async def endless() -> AsyncIterator[Template]:
        n = 0
        while True:
            read.append(n)
            yield t"<li>{n}</li>"
            n += 1

    async def scenario() -> list[str]:
        stream = stream_html_async(t"<ul>{endless()}</ul>", chunk_size=0)
        chunks = [await anext(stream) for _ in range(3)]
        await stream.aclose()
        return chunks

    assert ["<ul>", "<li>0</li>", "<li>1</li>"] == run(scenario())
    assert len(read) <= 5  # a step or two ahead of what was sent, not the whole generator


def test_closing_the_stream_closes_an_async_generator_paused_between_items() -> None:
    closed: list[str] = []

    async def rows() -> AsyncIterator[Template]:
        try:
            for n in range(100):
                yield t"<li>{n}</li>"
        finally:
            closed.append("rows")

    async def scenario() -> list[str]:
        stream = stream_html_async(t"<ul>{rows()}</ul>", chunk_size=0)
        chunks = [await anext(stream) for _ in range(2)]
        await asyncio.sleep(0)  # the reader is one row ahead, paused
        await stream.aclose()
        assert ["rows"] == closed  # at once, not when the generator is collected
        return chunks

    assert ["<ul>", "<li>0</li>"] == run(scenario())


# -- streams read as they are sent, in the context of their creation --------------------------


def test_a_generator_of_rows_is_read_as_the_stream_is_sent() -> None:
    pulled: list[int] = []

    def rows() -> Iterator[Template]:
        for n in itertools.count():  # endless: read to its end, no chunk would ever come
            pulled.append(n)
            yield t"<tr><td>{n}</td></tr>"

    async def first_chunk() -> str:
        stream = stream_html_async(t"<table>{rows()}</table>", chunk_size=100)
        try:
            return await anext(stream)
        finally:
            await stream.aclose()

    chunk = run(first_chunk())
    assert chunk.startswith("<table><tr><td>0</td></tr><tr><td>1</td></tr>")
    assert len(chunk) >= 100
    assert len(pulled) < 10


def test_a_finite_generator_streams_what_html_renders() -> None:
    def rows() -> Iterator[Template]:
        yield from (t"<li>{n}</li>" for n in range(1000))

    expected = "<ul>" + "".join(f"<li>{n}</li>" for n in range(1000)) + "</ul>"
    chunks = run(chunks_of(t"<ul>{rows()}</ul>", 500))
    assert expected == "".join(chunks)
    assert len(chunks) > 10


def test_awaitables_after_rows_still_run_while_one_is_awaited() -> None:
    started: list[int] = []

    async def slow(n: int) -> int:
        started.append(n)
        await asyncio.sleep(0.01)
        return n

    template = t"<ol>{[t'<li>{slow(n)}</li>' for n in range(20)]}</ol>"
    assert "<ol>" + "".join(f"<li>{n}</li>" for n in range(20)) + "</ol>" == "".join(
        run(chunks_of(template))
    )
    assert list(range(20)) == started  # all started before the first was done


def test_a_stream_renders_in_the_context_of_its_creation() -> None:
    theme = Provider("theme", default="light")

    async def page() -> list[str]:
        with csp_nonce("n0nc3"), theme.using("dark"):
            stream = stream_html_async(t"<script>go()</script><p>{theme.get}</p>")
        return [chunk async for chunk in stream]  # read after the block ended

    assert '<script nonce="n0nc3">go()</script><p>dark</p>' == "".join(run(page()))


def test_closing_a_stream_waiting_on_an_async_iterable_leaves_no_task() -> None:
    async def forever() -> AsyncIterator[str]:
        yield "first"
        await asyncio.Event().wait()  # never set: the client goes away meanwhile
        yield "never"

    async def disconnect() -> list[asyncio.Task[Any]]:
        stream = stream_html_async(t"<p>{forever()}</p>", chunk_size=0)
        assert "<p>" == await anext(stream)
        assert "first" == await anext(stream)
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.01)
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        await stream.aclose()
        await asyncio.sleep(0)
        return [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]

    assert [] == run(disconnect())


def test_several_awaitables_failing_at_once_log_nothing(caplog: pytest.LogCaptureFixture) -> None:
    async def fails(n: int) -> str:
        await asyncio.sleep(0)
        raise ValueError(f"failure {n}")

    async def render() -> None:
        await html_async(t"<p>{fails(1)}</p><p>{fails(2)}</p><p>{fails(3)}</p>")

    with caplog.at_level("ERROR", logger="asyncio"), pytest.raises(ValueError, match="failure 1"):
        run(render())
    gc.collect()
    assert [] == [record.getMessage() for record in caplog.records]


def test_a_stream_reports_a_faulty_attribute_before_a_faulty_deferred_value() -> None:
    # docs/streaming.md, "Which error a stream reports": html() raises the first fault in
    # template order; the streams render attribute values before the values they defer
    def lazy() -> str:
        raise ValueError("the lazy value's own error")

    bad = {"x": 1}
    template = t"<p>{lazy}</p><p title={bad}>x</p>"
    with pytest.raises(ValueError, match="the lazy value's own error"):
        html(template)
    for render in (
        lambda: "".join(stream_html(template)),
        lambda: run(html_async(template)),
        lambda: "".join(run(chunks_of(template))),
    ):
        with pytest.raises(RenderError) as caught:
            render()
        assert "a dict inside the value of the attribute title: {'x': 1}" == caught.value.headline
