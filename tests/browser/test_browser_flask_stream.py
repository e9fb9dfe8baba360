"""A page streamed by Flask (htmltemplates.integrations.flask.stream_html), its layout written
as a component tag, served over real HTTP from a thread: its head arrives before the rows are
read, and headless Chromium shows the whole page."""

from __future__ import annotations

import http.client
import threading
from collections.abc import Callable, Iterator
from string.templatelib import Template
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import flask
import pytest
from browser_harness import By, WSGIApp

from htmltemplates.integrations.flask import HTMLTemplates, stream_html

if TYPE_CHECKING:
    from selenium import webdriver

pytestmark = pytest.mark.browser

ROWS = 40
EVIL = "<img src=x onerror=document.title='pwned'>"


def Layout(*, title: str, children: Template) -> Template:  # noqa: N802 - a component
    return t"""<!doctype html><html><head><title>{title}</title>
<style>td {{ padding: 2px }}</style></head><body><h1>{title}</h1>{children}</body></html>"""


def make_app(first_row: threading.Event) -> flask.Flask:
    app = flask.Flask(__name__)
    HTMLTemplates(app)

    def rows() -> Iterator[Template]:
        # the first row waits for the test to have received the head: were the page sent
        # whole, this would wait forever (until the test's timeout)
        if not first_row.wait(10):
            raise TimeoutError("the head of the page was not sent before the rows were read")
        for n in range(ROWS):
            yield t"<tr class=row><td>{n}</td><td>{EVIL}</td></tr>"

    @app.get("/report")
    def report() -> flask.Response:
        page = t"<{Layout} title=Report><table>{rows()}</table><p id=end>end</p></{Layout}>"
        return stream_html(page)

    return app


def test_the_head_comes_before_the_rows_and_the_browser_shows_the_whole_page(
    browser: webdriver.Chrome, app_server: Callable[[WSGIApp], str]
) -> None:
    first_row = threading.Event()
    base = app_server(make_app(first_row))
    address = urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=20)
    connection.request("GET", "/report")
    response = connection.getresponse()
    head = response.read1(65536).decode()  # what has arrived so far
    assert head.startswith("<!doctype html><html><head><title>Report</title>")
    assert head.endswith("<h1>Report</h1><table>")  # the rows were not read yet
    first_row.set()
    rest = response.read().decode()
    connection.close()
    assert rest.count("<tr class=row>") == ROWS  # static markup is sent as written
    assert rest.endswith("</table><p id=end>end</p></body></html>")

    browser.get(base + "/report")  # first_row is set: the rows come at once
    rows = browser.find_elements(By.CSS_SELECTOR, "tr.row")
    assert ROWS == len(rows)
    assert EVIL == rows[-1].find_elements(By.TAG_NAME, "td")[1].text
    assert "end" == browser.find_element(By.ID, "end").text
    assert "Report" == browser.title  # no onerror ran
