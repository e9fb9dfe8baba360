"""The example Quart app (examples/quart_app.py) driven with Quart's test client: the notes page
and its form with hostile input, the flashed thank-you, and the streamed log."""

from __future__ import annotations

import asyncio
import re
import signal
import xml.etree.ElementTree as ET
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import html5lib
import pytest
import quart
from served import MAKEFILE, closed, free_port, served

from examples import quart_app
from examples.quart_app import create_app

HOSTILE_NAME = "<script>alert(1)</script>"
HOSTILE_NOTE = '" onmouseover="alert(1)'


def run[T](coroutine: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(asyncio.wait_for(coroutine, 10))


def parse(body: str) -> ET.Element:
    return html5lib.parse(body, treebuilder="etree", namespaceHTMLElements=False)


def text(element: ET.Element | None) -> str:
    assert element is not None
    return "".join(element.itertext())


def nonce_of(policy: str) -> str:
    found = re.fullmatch(
        r"default-src 'self'; script-src 'nonce-([\w-]{22})'; style-src 'nonce-\1'", policy
    )
    assert found is not None, policy
    return found[1]


def test_the_module_has_an_app_for_hypercorn() -> None:
    assert isinstance(quart_app.app, quart.Quart)
    assert [] == quart_app.app.extensions["notes"]


def test_the_notes_page_with_its_nonce() -> None:
    async def page() -> tuple[int, str, str]:
        response = await create_app().test_client().get("/")
        return (
            response.status_code,
            response.headers["Content-Security-Policy"],
            await response.get_data(as_text=True),
        )

    status, policy, body = run(page())
    nonce = nonce_of(policy)
    document = parse(body)
    assert 200 == status
    assert "Notes - Notes" == text(document.find(".//title"))
    assert [nonce] == [style.get("nonce") for style in document.iter("style")]
    assert "No notes yet." == text(document.find(".//main/p"))
    assert ["name", "text"] == [field.get("name") for field in document.iter("input")]


def test_a_note_is_stored_flashed_once_and_shown_as_text() -> None:
    app = create_app()

    async def leave() -> tuple[int, str | None, list[str]]:
        client = app.test_client()
        response = await client.post("/", form={"name": HOSTILE_NAME, "text": HOSTILE_NOTE})
        pages = [await (await client.get("/")).get_data(as_text=True) for _ in range(2)]
        return response.status_code, response.location, pages

    status, location, (first, second) = run(leave())
    assert (302, "/") == (status, location)
    flashes = [text(li) for li in parse(first).iterfind(".//ul[@class='flashes']/li")]
    assert [f"Thank you, {HOSTILE_NAME}!"] == flashes
    assert [] == parse(second).findall(".//ul[@class='flashes']")  # shown once
    (note,) = parse(second).iterfind(".//ul[@class='notes']/li")
    assert f"{HOSTILE_NAME}: {HOSTILE_NOTE}" == text(note)
    assert [] == parse(second).findall(".//main//script")
    assert (
        "<li><strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong>: "
        "&#34; onmouseover=&#34;alert(1)</li>"
    ) in second


def test_an_empty_note_is_refused_with_the_form_filled_again() -> None:
    async def refused() -> tuple[int, str]:
        client = create_app().test_client()
        response = await client.post("/", form={"name": HOSTILE_NOTE, "text": "  "})
        return response.status_code, await response.get_data(as_text=True)

    status, body = run(refused())
    document = parse(body)
    name, note = document.iter("input")
    assert 400 == status
    assert (HOSTILE_NOTE, None) == (name.get("value"), name.get("aria-invalid"))
    assert ("", "true", "text-error") == (
        note.get("value"),
        note.get("aria-invalid"),
        note.get("aria-describedby"),
    )
    assert "Please fill this in." == text(document.find(".//span[@id='text-error']"))
    assert "No notes yet." == text(document.find(".//main/p"))


def test_the_log_is_streamed_row_by_row() -> None:
    app = create_app({"LOG_DELAY": 0.01})

    async def streamed() -> tuple[str, list[str]]:
        async with app.test_client().request("/log") as connection:
            await connection.send_complete()
            chunks = []
            while chunk := await connection.receive():
                chunks.append(chunk.decode())
        assert connection.headers is not None
        return connection.headers["Content-Security-Policy"], chunks

    policy, chunks = run(streamed())
    nonce = nonce_of(policy)
    assert chunks[0].endswith("<thead><tr><th>Time</th><th>Event</th></tr></thead>\n<tbody>")
    assert (
        [  # each row in a chunk of its own, sent as it came
            "<tr><td><time>09:00</time></td><td>Shop opened</td></tr>",
            "<tr><td><time>09:12</time></td><td>Sold a shrubbery (one that looks nice)</td></tr>",
            "<tr><td><time>09:30</time></td>"
            "<td>&lt;script&gt;alert(&#39;a customer typed this&#39;)&lt;/script&gt;</td></tr>",
            "<tr><td><time>10:05</time></td><td>Knights who say Ni! came back</td></tr>",
        ]
        == chunks[1:5]
    )
    assert "".join(chunks[5:]) == (
        "</tbody>\n</table>\n<p>4 events.</p>\n"
        f'<script nonce="{nonce}">document.body.dataset.complete = "yes";</script>\n'
        "</main>\n</body>\n</html>\n"
    )
    document = parse("".join(chunks))
    assert [nonce, nonce] == [
        element.get("nonce") for element in document.iter() if element.tag in {"script", "style"}
    ]


# -- the command: python examples/quart_app.py (make demo-quart) --------------------------------


def children(pid: int) -> list[int]:
    """The processes that ``pid`` started (Linux's /proc)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()]


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads Linux's /proc")
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_stopping_the_command_stops_the_server(stop: signal.Signals) -> None:
    """The command of `make demo-quart` serves from one process (Quart's reloader would serve
    from a child, which a SIGTERM to the command leaves serving), and a signal to that process
    closes the port. SIGINT is ignored in the server, as in a background job of a script: the
    server must stop on it all the same."""
    assert "$(PY) examples/quart_app.py --port $(DEMO_PORT)" in MAKEFILE
    port = free_port()
    command = ["examples/quart_app.py", "--port", str(port)]
    with served(command, port, ignore_sigint=True) as server:
        assert [] == children(server.pid)
        server.send_signal(stop)
        assert 0 == server.wait(timeout=10)
        assert closed(port)
