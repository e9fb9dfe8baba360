"""The example guestbook (examples/guestbook) driven in headless Chromium (issue #5).

The app runs on 127.0.0.1 from a thread of the test process, with a fresh instance folder per
test. Before any script of the app, the marker script (APP_MARKER_JS) is injected into every
page: hostile input calls ``top.__pwned(N)``, which would record N if it ever ran. A visitor
then signs the guestbook with hostile input, as typed on the keyboard, and the test checks that
the entry shows exactly what was typed, as text, in the page and in the fragment the Refresh
button swaps in (outerHTML: where an ``<img onerror>`` would run), and that nothing ran. The
app's Content-Security-Policy reports no violation: its own scripts carry the nonce, htmx runs
no code from attributes and adds no style, and no payload got as far as being blocked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser_harness import (
    APP_MARKER_JS,
    EXERCISE_JS,
    WAIT_JS,
    ActionChains,
    By,
    WebDriverWait,
    WSGIApp,
    expected_conditions,
)

from examples.guestbook import create_app

if TYPE_CHECKING:
    from selenium import webdriver

pytestmark = pytest.mark.browser

# What a visitor types; each payload would set the marker numbered in it.
NAME = "<script>top.__pwned(1)</script>"
MESSAGE = (
    '"onmouseover="top.__pwned(2)" x="</p><img src=x onerror=top.__pwned(3)>\n'
    "</textarea><script>top.__pwned(4)</script>' autofocus onfocus='top.__pwned(5)\n"
    "Zoë ✓ & <b>not bold</b>"
)
WEBSITE = "javascript:top.__pwned(6)"
INVALID_URL = "about:invalid#htmltemplates"

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

# The page's state: markers, CSP violations, navigations asked for, what each part shows, and
# the markup that a payload would have added (elements that run code, on* attributes).
STATE_JS = r"""
const entry = document.querySelector("#entries li.entry");
const text = (selector) => entry?.querySelector(selector)?.textContent ?? null;
const link = entry?.querySelector(".byline a") ?? null;
return {
  pwned: window.__pwned_ids,
  violations: window.__violations,
  navigations: window.__navigations,
  entries: document.querySelectorAll("#entries li.entry").length,
  name: text(".byline strong"),
  message: text(".message"),
  website: link && [link.textContent, link.getAttribute("href")],
  flashes: [...document.querySelectorAll(".flashes li")].map((li) => li.textContent),
  scripts: [...document.scripts].map((script) => script.getAttribute("src")),
  added: document.querySelectorAll("img, svg, iframe, object, embed, math").length,
  handlers: [...document.querySelectorAll("*")].flatMap((element) =>
    [...element.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name)),
};
"""


@pytest.fixture
def guestbook(
    browser: webdriver.Chrome,
    app_server: Callable[[WSGIApp], str],
    tmp_path: Path,
) -> Iterator[str]:
    """The guestbook's URL, with the marker script injected into every page it serves."""
    app = create_app({"SECRET_KEY": "browser-test"}, instance_path=tmp_path / "instance")
    url = app_server(app)
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_JS})
    try:
        yield url
    finally:
        browser.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
        )


def state(browser: webdriver.Chrome) -> dict[str, Any]:
    result: dict[str, Any] = browser.execute_script(STATE_JS)
    return result


def sign(browser: webdriver.Chrome, name: str, message: str, website: str) -> None:
    """Type into the form as a visitor would, then click Sign (real input events)."""
    for field, value in (("name", name), ("message", message), ("website", website)):
        browser.find_element(By.ID, field).send_keys(value)
    browser.find_element(By.CSS_SELECTOR, "form.sign button[type=submit]").click()


def exercise(browser: webdriver.Chrome) -> None:
    """Hover and click what shows the entry (real input), then fire every event on every
    element of the page (and click every link and button of the entries), then wait."""
    entry = browser.find_element(By.CSS_SELECTOR, "#entries li.entry")
    chain = ActionChains(browser, duration=0)
    for part in entry.find_elements(By.CSS_SELECTOR, "strong, .message, a"):
        chain.scroll_to_element(part).move_to_element(part).click()
    chain.perform()
    browser.execute_script(
        EXERCISE_JS,
        browser.execute_script("return [document.documentElement, document.head, document.body]"),
        browser.find_element(By.ID, "entries"),
    )
    browser.execute_async_script(WAIT_JS, 100)


def test_hostile_entry_shows_as_text_and_runs_nothing(
    browser: webdriver.Chrome, guestbook: str, tmp_path: Path
) -> None:
    browser.get(guestbook + "/")
    assert "Guestbook" == browser.title
    assert 0 == state(browser)["entries"]

    sign(browser, NAME, MESSAGE, WEBSITE)
    WebDriverWait(browser, 10).until(expected_conditions.url_contains("#entry-1"))
    assert guestbook + "/#entry-1" == browser.current_url
    shown = {
        "pwned": [],
        "violations": [],
        "navigations": [],
        "entries": 1,
        "name": NAME,
        "message": MESSAGE,
        "website": [WEBSITE, INVALID_URL],
        "flashes": [f"Thank you for signing, {NAME}!"],
        "scripts": ["/static/htmx.min.js", None],  # htmx, and the page's inline script
        "added": 0,
        "handlers": [],
    }
    assert shown == state(browser)

    # The Refresh button (htmx) swaps in GET /entries with outerHTML: the same entry, again as
    # text. The page's script relabels the button while htmx fetches (recorded by an observer).
    browser.execute_script(
        """window.__labels = [];
        const button = document.querySelector("[data-refresh]");
        new MutationObserver(() => window.__labels.push(button.textContent))
          .observe(button, {childList: true, characterData: true, subtree: true});"""
    )
    section = browser.find_element(By.ID, "entries")
    browser.find_element(By.CSS_SELECTOR, "[data-refresh]").click()
    WebDriverWait(browser, 10).until(expected_conditions.staleness_of(section))
    assert shown == state(browser)
    assert ["Refreshing…"] == browser.execute_script("return window.__labels")

    exercise(browser)
    after = state(browser)
    # the website link was clicked (twice: for real, then synthetically): it goes nowhere
    assert [INVALID_URL, INVALID_URL] == after.pop("navigations")
    assert {key: value for key, value in shown.items() if key != "navigations"} == after

    browser.execute_script("window.scrollTo(0, 0)")
    screenshot = tmp_path / "guestbook.png"
    assert browser.save_screenshot(str(screenshot))
    png = screenshot.read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(png) > 1000


def test_a_refused_form_shows_the_hostile_input_again_as_typed(
    browser: webdriver.Chrome, guestbook: str
) -> None:
    browser.get(guestbook + "/")
    # a name of spaces passes the browser's `required` but not the app's check (it is stripped)
    sign(browser, "   ", MESSAGE, WEBSITE)
    error = WebDriverWait(browser, 10).until(
        expected_conditions.presence_of_element_located((By.ID, "name-error"))
    )
    assert "Please enter your name." == error.text
    form = browser.execute_script(
        """return {
          pwned: window.__pwned_ids,
          violations: window.__violations,
          name: document.getElementById("name").value,
          message: document.getElementById("message").value,
          website: document.getElementById("website").value,
          textareas: document.querySelectorAll("textarea").length,
          scripts: document.scripts.length,
        };"""
    )
    expected = {
        "pwned": [],
        "violations": [],
        "name": "",
        "message": MESSAGE,
        "website": WEBSITE,
        "textareas": 1,
        "scripts": 2,
    }
    assert expected == form
    browser.execute_script(
        EXERCISE_JS,
        browser.execute_script("return [document.documentElement, document.head]"),
        browser.find_element(By.TAG_NAME, "body"),
    )
    browser.execute_async_script(WAIT_JS, 100)
    assert [[], []] == browser.execute_script("return [window.__pwned_ids, window.__violations]")
