"""The example Quart app's streamed log (examples/quart_app.py) in headless Chromium, served by
Hypercorn, Quart's ASGI server, from a thread of the test process.

Before the page's own scripts, a script injected into every page records when each row of the
log's table appears in the document, and every Content-Security-Policy violation. The log
sends a row every LOG_DELAY seconds: the rows must appear one by one (the page really streams,
through Hypercorn and Chromium's parser), and the page must end complete, with the script of
its last chunk run under the page's strict policy (its nonce is right) and nothing refused.
"""

from __future__ import annotations

import asyncio
import itertools
import socket
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
import quart
from hypercorn.asyncio import serve
from hypercorn.config import Config

from examples.quart_app import LOG_EVENTS, create_app

if TYPE_CHECKING:
    from selenium import webdriver

pytestmark = pytest.mark.browser

LOG_DELAY = 0.25  # seconds between rows

RECORDER_JS = r"""
window.__rows = [];
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeName === "TR" && node.parentNode?.nodeName === "TBODY") {
        window.__rows.push(performance.now());
      }
    }
  }
}).observe(document, {childList: true, subtree: true});
"""

STATE_JS = r"""
return {
  readyState: document.readyState,
  complete: document.body.dataset.complete ?? null,
  rows: [...document.querySelectorAll("tbody tr")].map((row) =>
    [...row.cells].map((cell) => cell.textContent)),
  count: document.querySelector("main > p")?.textContent ?? null,
  scripts: document.scripts.length,
  violations: window.__violations,
  arrivals: window.__rows,
};
"""


class Hypercorn:
    """A Quart app served by Hypercorn on 127.0.0.1 (a free port), on an event loop of its own
    in a thread. The socket is bound and listening before the thread starts, so the first
    request waits in its backlog rather than finding nobody; Hypercorn takes it over (fd://)."""

    def __init__(self, app: quart.Quart) -> None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        self.url = f"http://127.0.0.1:{listener.getsockname()[1]}"
        config = Config()
        config.bind = [f"fd://{listener.detach()}"]
        self._loop = asyncio.new_event_loop()
        self._stop = asyncio.Event()
        server = serve(app, config, shutdown_trigger=self._stop.wait)
        self._thread = threading.Thread(
            target=self._loop.run_until_complete, args=(server,), daemon=True
        )
        self._thread.start()

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout=10)
        assert not self._thread.is_alive(), "Hypercorn did not stop"
        self._loop.close()


@pytest.fixture
def quart_server() -> Iterator[Callable[[quart.Quart], str]]:
    """``quart_server(app)`` serves a Quart app with Hypercorn for this test; its base URL."""
    servers: list[Hypercorn] = []

    def start(app: quart.Quart) -> str:
        servers.append(Hypercorn(app))
        return servers[-1].url

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def recorded(browser: webdriver.Chrome) -> Iterator[None]:
    """RECORDER_JS in every page this test loads, before the page's own scripts."""
    script = browser.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER_JS}
    )
    try:
        yield
    finally:
        browser.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
        )


@pytest.mark.usefixtures("recorded")
def test_the_streamed_log_arrives_row_by_row_and_complete(
    browser: webdriver.Chrome, quart_server: Callable[[quart.Quart], str]
) -> None:
    url = quart_server(create_app({"LOG_DELAY": LOG_DELAY}))
    browser.get(url + "/log")  # returns after the load event: the whole stream has come
    state: dict[str, Any] = browser.execute_script(STATE_JS)
    arrivals: list[float] = state.pop("arrivals")
    assert {
        "readyState": "complete",
        "complete": "yes",  # the script of the last chunk ran: its nonce is the policy's
        "rows": [list(event) for event in LOG_EVENTS],  # the <script> one as text
        "count": "4 events.",
        "scripts": 1,
        "violations": [],
    } == state
    # each row appeared on its own, about LOG_DELAY after the one before (ms): streamed
    assert 4 == len(arrivals)
    gaps = [later - earlier for earlier, later in itertools.pairwise(arrivals)]
    assert all(gap > LOG_DELAY * 1000 / 2 for gap in gaps), gaps
