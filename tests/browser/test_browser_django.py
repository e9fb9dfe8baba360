"""The example Django project (examples/django_app) in headless Chromium: its streamed page,
served by Django's WSGI handler from a real server in a thread, arrives whole, and the strict
Content-Security-Policy of its settings runs the page's own script and nothing else.

The marker script (APP_MARKER_JS) is injected before any script of the page: a product named
``<script>alert(...)</script>`` would record a marker if it ever ran.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from browser_harness import APP_MARKER_JS, WebDriverWait, WSGIApp
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.handlers.wsgi import WSGIHandler
from django_settings import settings_of, use

from examples.django_app import settings as example_settings
from examples.django_app.views import CATALOGUE_SIZE

if TYPE_CHECKING:
    from selenium import webdriver

pytestmark = pytest.mark.browser

STATE_JS = r"""
const rows = document.querySelectorAll("tbody tr");
return {
  ready: document.readyState,
  rows: rows.length,
  first: rows[0]?.cells[0]?.textContent ?? null,
  last: rows[rows.length - 1]?.textContent ?? null,
  footer: document.querySelector("footer")?.textContent ?? null,
  scriptRan: document.body.dataset.ready ?? null,
  rowsCounted: document.body.dataset.rows ?? null,
  maxWidth: getComputedStyle(document.body).maxWidth,
  pwned: window.__pwned_ids,
};
"""


@pytest.fixture
def shop(browser: webdriver.Chrome, app_server: Callable[[WSGIApp], str]) -> Iterator[str]:
    """The example project's URL: Django's WSGI handler (with the static files handler that
    ``runserver`` puts in front of it) on a real server, the marker script injected."""
    with use(**settings_of(example_settings)):
        url = app_server(StaticFilesHandler(WSGIHandler()))  # type: ignore[no-untyped-call]
        script = browser.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": APP_MARKER_JS}
        )
        try:
            yield url
        finally:
            browser.execute_cdp_cmd(
                "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
            )


def test_the_streamed_catalogue_arrives_whole_and_runs_only_its_own_script(
    browser: webdriver.Chrome, shop: str
) -> None:
    # ?slow=1: the rows come in several chunks, with pauses between them
    browser.get(shop + "/catalogue/?slow=1")
    WebDriverWait(browser, 10).until(
        lambda b: b.execute_script("return document.readyState") == "complete"
    )
    state: dict[str, Any] = browser.execute_script(STATE_JS)
    assert {
        "ready": "complete",
        "rows": CATALOGUE_SIZE,
        "first": "<script>alert('a product named by a visitor')</script>",
        "last": f"Product {CATALOGUE_SIZE - 1}{(CATALOGUE_SIZE - 1) / 4:.2f}",
        "footer": "Made with htmltemplates and Django.",
        "scriptRan": "yes",  # its nonce matched the policy's
        "rowsCounted": str(CATALOGUE_SIZE),  # the script after the rows, in a later chunk
        "maxWidth": "640px",  # the stylesheet from static() loaded
        "pwned": [],
    } == state
