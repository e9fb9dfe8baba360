"""StreamingTemplateResponse: the page of stream_html_async(), sent in chunks by Starlette
(read through the test client's streaming interface, which hands each ASGI body message over
as it is sent)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from string.templatelib import Template
from typing import Any

import pytest
from hostile import EVIL, EVIL_ESCAPED
from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient

from htmltemplates import RenderError, html_async
from htmltemplates.integrations.starlette import CSPMiddleware, StreamingTemplateResponse

HTML = "text/html; charset=utf-8"


class Rows:
    """An async generator of table rows that records what was taken and whether it was
    closed (its finally block ran)."""

    def __init__(self, *names: str, fail_after: int | None = None, delay: float = 0) -> None:
        self.names = names
        self.fail_after = fail_after
        self.delay = delay  # the time each row takes to come
        self.taken: list[str] = []
        self.closed = False

    async def __call__(self) -> AsyncIterator[Template]:
        try:
            for n, name in enumerate(self.names):
                if n == self.fail_after:
                    raise ConnectionError("the database went away")
                await asyncio.sleep(self.delay)
                self.taken.append(name)
                yield t"<tr><td>{name}</td></tr>"
        finally:
            self.closed = True


def table(rows: AsyncIterator[Template]) -> Template:
    return t"<!doctype html><title>{EVIL}</title><table>{rows}</table><p>end</p>"


def client_for(page: Template | Any, **options: Any) -> TestClient:
    """A client of an app whose page at / streams ``page`` (or what ``page()`` returns)."""

    async def endpoint(request: Request) -> Response:
        template = page if isinstance(page, Template) else page()
        return StreamingTemplateResponse(template, **options)

    return TestClient(Starlette(routes=[Route("/", endpoint)]))


def streamed(client: TestClient, path: str = "/") -> tuple[Any, list[bytes]]:
    """The response to GET ``path`` and its body as the chunks that were sent."""
    with client.stream("GET", path) as response:
        return response, list(response.iter_bytes())


def test_each_row_is_its_own_chunk() -> None:
    rows = Rows("Spam", EVIL, "Eggs")
    response, chunks = streamed(client_for(lambda: table(rows()), chunk_size=0))
    assert [
        f"<!doctype html><title>{EVIL_ESCAPED}</title><table>".encode(),
        b"<tr><td>Spam</td></tr>",
        f"<tr><td>{EVIL_ESCAPED}</td></tr>".encode(),
        b"<tr><td>Eggs</td></tr>",
        b"</table><p>end</p>",
    ] == chunks
    assert (200, HTML) == (response.status_code, response.headers["content-type"])
    assert "content-length" not in response.headers
    assert rows.closed


def test_the_chunks_join_up_to_html_async() -> None:
    rows = Rows(*(f"row {n}" for n in range(50)))
    _response, chunks = streamed(client_for(lambda: table(rows())))
    expected = asyncio.run(html_async(table(Rows(*rows.names)())))
    assert expected == b"".join(chunks).decode()
    assert rows.closed


def test_a_chunk_goes_out_when_rendering_waits() -> None:
    # With the default chunk_size, the rows of a plain generator are gathered; each row of an
    # async generator goes out as it comes, since the next one has to be awaited.
    def in_memory() -> Iterator[Template]:
        for name in ("a", "b", "c"):
            yield t"<li>{name}</li>"

    page = lambda: t"<ul>{in_memory()}</ul><table>{Rows('Spam', 'Eggs')()}</table>"  # noqa: E731
    _response, chunks = streamed(client_for(page))
    assert [
        b"<ul><li>a</li><li>b</li><li>c</li></ul><table>",
        b"<tr><td>Spam</td></tr>",
        b"<tr><td>Eggs</td></tr>",
        b"</table>",
    ] == chunks


def test_status_headers_and_background() -> None:
    done: list[str] = []
    response, chunks = streamed(
        client_for(
            t"<p>{EVIL}</p>",
            status_code=203,
            headers={"X-Accel-Buffering": "no"},
            background=BackgroundTask(done.append, "logged"),
        )
    )
    assert (203, "no") == (response.status_code, response.headers["x-accel-buffering"])
    assert [f"<p>{EVIL_ESCAPED}</p>".encode()] == chunks
    assert ["logged"] == done


def test_the_nonce_reaches_every_chunk() -> None:
    async def scripts() -> AsyncIterator[Template]:
        for n in range(2):
            await asyncio.sleep(0)
            yield t"<script>row({n})</script>"

    async def endpoint(request: Request) -> Response:
        return StreamingTemplateResponse(t"<main>{scripts()}</main>", chunk_size=0)

    app = Starlette(routes=[Route("/", endpoint)])
    app.add_middleware(CSPMiddleware, policy="script-src 'nonce-{nonce}'")
    response, chunks = streamed(TestClient(app))
    nonce = response.headers["content-security-policy"].removeprefix("script-src 'nonce-")[:-1]
    assert [
        b"<main>",
        f'<script nonce="{nonce}">row( 0 )</script>'.encode(),
        f'<script nonce="{nonce}">row( 1 )</script>'.encode(),
        b"</main>",
    ] == chunks


def test_an_error_in_the_first_chunk_is_an_error_response() -> None:
    client = client_for(lambda: t"<p>{ {'a': 1} }</p><ul>{Rows('a')()}</ul>")
    with pytest.raises(RenderError, match="a dict where text is expected") as raised:
        client.get("/")
    assert "test_starlette_stream.py, line" in str(raised.value)

    client = TestClient(client.app, raise_server_exceptions=False)
    response = client.get("/")
    assert (500, "Internal Server Error") == (response.status_code, response.text)


def test_an_error_after_the_first_chunk_ends_the_page() -> None:
    # The status line is sent by then: the page stops where the error happened.
    rows = Rows("Spam", "Eggs", fail_after=1)
    client = client_for(lambda: table(rows()), chunk_size=0)
    received: list[bytes] = []

    def read() -> None:
        with client.stream("GET", "/") as response:
            assert 200 == response.status_code
            received.extend(response.iter_bytes())

    with pytest.raises(ConnectionError, match="the database went away"):
        read()
    assert [
        f"<!doctype html><title>{EVIL_ESCAPED}</title><table>".encode(),
        b"<tr><td>Spam</td></tr>",
    ] == received
    assert rows.closed


def test_a_client_that_goes_away_closes_the_rows() -> None:
    # html_async reads an async iterable ahead, in a task of its own: rows that take 10 ms
    # each show that the reading stops when the client goes away (100 rows would take 1 s).
    rows = Rows(*(f"row {n}" for n in range(100)), delay=0.01)
    client = client_for(lambda: table(rows()), chunk_size=0)
    with client.stream("GET", "/") as response:
        chunks = response.iter_bytes()
        assert b"<tr><td>row 0</td></tr>" == (next(chunks), next(chunks))[1]
    assert rows.closed
    assert len(rows.taken) < 100


def test_a_head_request_renders_the_first_chunk_only() -> None:
    rows = Rows("Spam", "Eggs", delay=0.01)
    response = client_for(lambda: table(rows())).head("/")
    assert (200, b"", HTML) == (
        response.status_code,
        response.content,
        response.headers["content-type"],
    )
    assert [] == rows.taken


def test_the_test_client_sees_the_template() -> None:
    page = t"<p>{'streamed'}</p>"
    response = client_for(page).get("/")
    assert "<p>streamed</p>" == response.text
    assert page is response.template  # type: ignore[attr-defined]
    assert {"'streamed'": "streamed"} == response.context  # type: ignore[attr-defined]


def test_only_a_template_is_streamed() -> None:
    with pytest.raises(TypeError, match="takes a template"):
        StreamingTemplateResponse("<p>hi</p>")  # type: ignore[arg-type]


def test_the_body_cannot_be_read_before_the_response_is_called() -> None:
    response = StreamingTemplateResponse(t"<p>hi</p>")

    async def read() -> list[Any]:
        return [chunk async for chunk in response.body_iterator]

    with pytest.raises(RuntimeError, match="renders its page when it is called"):
        asyncio.run(read())


def test_sync_iterables_stream_too() -> None:
    def names() -> Iterator[Template]:
        yield t"<li>a</li>"
        yield t"<li>b</li>"

    _response, chunks = streamed(client_for(lambda: t"<ul>{names()}</ul>", chunk_size=0))
    assert [b"<ul>", b"<li>a</li>", b"<li>b</li>", b"</ul>"] == chunks
