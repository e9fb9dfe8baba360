"""The example Starlette and FastAPI apps (examples/starlette_app.py, examples/fastapi_app.py)
served by uvicorn from a thread of the test process, in headless Chromium.

The streamed catalogue arrives complete: every row, the end of the page, and the layout's
inline script, which runs under the app's strict Content-Security-Policy because it carries
the request's nonce (no violation is reported). Before any script of the app, the marker script
(APP_MARKER_JS) is injected: the hostile names call ``alert``, which would be recorded if they
ever ran. A visitor then sends a hostile review through the form, typed on the keyboard, and
sees it as text.
"""

from __future__ import annotations

import http.client
import threading
import time
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest
import uvicorn
from browser_harness import APP_MARKER_JS, By, WebDriverWait, expected_conditions
from starlette.types import ASGIApp

from examples import fastapi_app, starlette_app

if TYPE_CHECKING:
    from selenium import webdriver

pytestmark = pytest.mark.browser

# Before the page's own scripts: the markers, and a record of CSP violations.
WATCH_JS = (
    APP_MARKER_JS
    + """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + event.blockedURI);
});
"""
)

STATE_JS = r"""
const rows = [...document.querySelectorAll("table tr")].slice(1);
return {
  pwned: window.__pwned_ids,
  violations: window.__violations,
  rows: rows.length,
  row3: [...rows[2].cells].map((cell) => cell.textContent),
  last: rows.at(-1).cells[0].textContent,
  footer: document.getElementById("footer").textContent,
  scripts: document.scripts.length,
  added: document.querySelectorAll("img, iframe, object, embed, td script").length,
};
"""


class UvicornThread:
    """An ASGI app served by uvicorn on 127.0.0.1 (a free port) from a thread."""

    def __init__(self, app: ASGIApp) -> None:
        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning")
        self.server = uvicorn.Server(config)  # in a thread, uvicorn installs no signal handler
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.01)
        self.port: int = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"

    def close(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def serve_asgi() -> Iterator[Callable[[ASGIApp], UvicornThread]]:
    servers: list[UvicornThread] = []

    def start(app: ASGIApp) -> UvicornThread:
        servers.append(UvicornThread(app))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def watched(browser: webdriver.Chrome) -> Iterator[webdriver.Chrome]:
    """The browser, with the marker script injected into every page."""
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_JS})
    try:
        yield browser
    finally:
        browser.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
        )


@pytest.mark.parametrize("example", [starlette_app, fastapi_app], ids=["starlette", "fastapi"])
def test_the_streamed_catalogue_arrives_complete(
    example: ModuleType,
    watched: webdriver.Chrome,
    serve_asgi: Callable[[ASGIApp], UvicornThread],
) -> None:
    server = serve_asgi(example.create_app())

    # On the wire: a chunked response, without a Content-Length.
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", "/catalogue")
    response = connection.getresponse()
    assert ("chunked", None) == (response.getheader("transfer-encoding"), response.length)
    assert response.read().endswith(b"</html>\n")
    connection.close()

    watched.get(server.url + "/catalogue")
    assert "Catalogue · Tea shop" == watched.title
    state: dict[str, Any] = watched.execute_script(STATE_JS)
    assert {
        "pwned": [],
        "violations": [],
        "rows": 200,
        "row3": ["3", "<script>alert('pwned')</script>", '" onmouseover="alert(1)'],
        "last": "200",
        "footer": "Rendered by htmltemplates",
        "scripts": 1,
        "added": 0,
    } == state


def test_a_hostile_review_shows_as_text(
    watched: webdriver.Chrome, serve_asgi: Callable[[ASGIApp], UvicornThread]
) -> None:
    server = serve_asgi(starlette_app.create_app())
    watched.get(server.url + "/reviews")
    name = "<img src=x onerror=alert(1)>"
    text = "</textarea><script>alert(2)</script>"
    watched.find_element(By.NAME, "name").send_keys(name)
    watched.find_element(By.NAME, "text").send_keys(text)
    watched.find_element(By.CSS_SELECTOR, "form button").click()
    WebDriverWait(watched, 10).until(
        expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "#reviews li"))
    )
    shown = watched.execute_script(
        "return [[...document.querySelectorAll('#reviews li')].map((li) => li.textContent),"
        " window.__pwned_ids, window.__violations, document.querySelectorAll('img').length]"
    )
    assert [[f"{name}: {text}"], [], [], 0] == shown
