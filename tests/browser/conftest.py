"""Fixtures of the browser tests: one headless Chromium for the session, pages served on 127.0.0.1.

Chromium and ChromeDriver come from the system (Debian's packages chromium and chromium-driver;
tools/setup-browser installs them). Both paths are given to Selenium, so Selenium Manager,
which would download a driver or a browser, is never asked: the fixture makes sure of it.
Without a browser the tests are skipped, or fail under CI (CI=true).
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock
from wsgiref.types import StartResponse, WSGIEnvironment

import pytest
from browser_harness import (
    CHROMIUM_FLAGS,
    MARKER_JS,
    MARKER_PATH,
    SELENIUM_MISSING,
    BrowserPaths,
    SeleniumManager,
    Service,
    WSGIApp,
    find_browser,
    missing,
    webdriver,
)
from werkzeug.serving import BaseWSGIServer, make_server


@pytest.fixture(scope="session")
def browser_paths() -> BrowserPaths:
    if SELENIUM_MISSING is not None:
        missing(SELENIUM_MISSING, hint=None)
    paths = find_browser()
    if isinstance(paths, str):
        missing(paths)
    return paths


def _no_selenium_manager(*args: object, **kwargs: object) -> Any:
    raise AssertionError("Selenium Manager was asked for a driver: it must never download one")


@pytest.fixture(scope="session")
def browser(
    browser_paths: BrowserPaths, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[webdriver.Chrome]:
    """One headless Chromium for the whole session (starting one takes about a second)."""
    logs = tmp_path_factory.mktemp("chromium")
    options = webdriver.ChromeOptions()
    options.binary_location = browser_paths.chromium
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    service = Service(
        executable_path=browser_paths.chromedriver, log_output=str(logs / "chromedriver.log")
    )
    with mock.patch.object(SeleniumManager, "binary_paths", _no_selenium_manager):
        driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


class Server:
    """A WSGI app served on 127.0.0.1 (a free port) from a thread of the test process."""

    def __init__(self, app: WSGIApp) -> None:
        self._server: BaseWSGIServer = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self._server.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


class Pages:
    """The pages of the session's server: path -> HTML, plus the marker script."""

    def __init__(self) -> None:
        self.pages: dict[str, bytes] = {MARKER_PATH: MARKER_JS.encode()}

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> list[bytes]:
        path = environ.get("PATH_INFO", "")
        body = self.pages.get(path)
        if body is None:
            start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8")])
            return [b"not found"]
        kind = "text/javascript" if path.endswith(".js") else "text/html"
        start_response("200 OK", [("Content-Type", f"{kind}; charset=utf-8")])
        return [body]


@pytest.fixture(scope="session")
def page_server() -> Iterator[tuple[Server, Pages]]:
    pages = Pages()
    server = Server(pages)
    try:
        yield server, pages
    finally:
        server.close()


_numbers = itertools.count()


@pytest.fixture
def serve(page_server: tuple[Server, Pages]) -> Iterator[Callable[[str], str]]:
    """``serve(markup)`` puts a page on the session's server and returns its URL; the page is
    removed after the test."""
    server, pages = page_server
    paths: list[str] = []

    def serve(markup: str) -> str:
        path = f"/page/{next(_numbers)}"
        pages.pages[path] = markup.encode()
        paths.append(path)
        return server.url + path

    yield serve
    for path in paths:
        del pages.pages[path]


@pytest.fixture
def app_server(tmp_path: Path) -> Iterator[Callable[[WSGIApp], str]]:
    """``app_server(app)`` serves a WSGI app for this test and returns its base URL."""
    servers: list[Server] = []

    def start(app: WSGIApp) -> str:
        server = Server(app)
        servers.append(server)
        return server.url

    yield start
    for server in servers:
        server.close()
