"""What the browser tests share: the marker script, the page skeleton and the probe.

A hostile value in these tests carries the token ``PWN``; ``arm()`` replaces it with a call of
``top.__pwned(N)``, where N numbers the case, so a payload that runs says which one it was.
``top`` makes the call work from inside a frame of the page too. The marker script
(``MARKER_JS``), loaded before anything else on every page, defines ``__pwned``, records every
navigation a click or a form submission would start (and cancels it, so the page stays), and
turns ``alert``/``confirm``/``prompt`` into markers.

``probe()`` loads a page, reads the benign values back through the DOM, then does what a
visitor could do to make a payload run: a real click (WebDriver input: trusted events) on the
links and buttons of one case of each kind (see VISIBLE_JS), a synthetic click on every link,
button and the like, and, on every element (same-origin frames included), an event of each
type it has an ``on*`` handler property for (mouseover, focus, load, error, toggle...), plus
``focus()``. It then returns what happened (a ``Report``): markers set, navigations asked for,
and the shape of each case (its elements with their attribute names, and its comments) as the
browser built it.

This is a plain module, imported by the test modules and the conftest of this folder (pytest's
"prepend" import mode puts this folder on ``sys.path``).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from string.templatelib import Template
from typing import Any, NoReturn
from wsgiref.types import StartResponse, WSGIEnvironment

import pytest

from htmltemplates import Markup, html

__all__ = [
    "APP_MARKER_JS",
    "CHROMIUM_FLAGS",
    "EXERCISE_JS",
    "MARKER_JS",
    "MARKER_PATH",
    "SELENIUM_MISSING",
    "WAIT_JS",
    "ActionChains",
    "BrowserPaths",
    "By",
    "Report",
    "SeleniumManager",
    "Service",
    "WSGIApp",
    "WebDriverWait",
    "arm",
    "as_json",
    "click_for_real",
    "expected_conditions",
    "find_browser",
    "missing",
    "page",
    "probe",
    "under_ci",
    "webdriver",
]


def under_ci() -> bool:
    """Whether we run under CI (CI=true, as CI services and .ci/run's callers set it)."""
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


SETUP_HINT = (
    "run tools/setup-browser (as root on Debian/Ubuntu it installs the packages chromium and "
    "chromium-driver), or set CHROMIUM and CHROMEDRIVER to their paths"
)


def missing(reason: str, hint: str | None = SETUP_HINT) -> NoReturn:
    """Stop: a skip on a developer's machine, a failure under CI (CI=true), where a missing
    browser must never pass silently."""
    if under_ci():
        pytest.fail(f"{reason} (CI=true: the browser tests must run)", pytrace=False)
    pytest.skip(reason if hint is None else f"{reason}: {hint}")


# Without selenium, the fixtures skip (or fail under CI) like without a browser; importing this
# module must still work, as the conftest does.
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.selenium_manager import SeleniumManager
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.wait import WebDriverWait
except ImportError:  # pragma: no cover - the test extra installs selenium
    SELENIUM_MISSING: str | None = "selenium is not installed (pip install -e '.[test]')"
    # Never used then: the fixtures skip first. Defined so that importing this module works.
    webdriver = Service = ActionChains = By = SeleniumManager = WebDriver = WebElement = None  # type: ignore[assignment, misc]
    expected_conditions = WebDriverWait = None  # type: ignore[assignment, misc]
else:
    SELENIUM_MISSING = None


@dataclass(frozen=True, slots=True)
class BrowserPaths:
    chromium: str
    chromedriver: str


def find_browser() -> BrowserPaths | str:
    """The paths of Chromium and ChromeDriver, or why they cannot be used.

    The same rule as tools/setup-browser: ``$CHROMIUM`` and ``$CHROMEDRIVER`` when set, else
    ``chromium`` and ``chromedriver`` on PATH.
    """
    found: dict[str, str] = {}
    for name, variable in (("chromium", "CHROMIUM"), ("chromedriver", "CHROMEDRIVER")):
        override = os.environ.get(variable)
        if override:
            if not (os.path.isfile(override) and os.access(override, os.X_OK)):
                return f"${variable} ({override}) is not an executable file"
            found[name] = override
            continue
        path = shutil.which(name)
        if path is None:
            return f"{name} is not installed (not on PATH)"
        found[name] = path
    return BrowserPaths(found["chromium"], found["chromedriver"])


# The flags of issue #3: no GPU, no first-run UI, and no connection of Chromium's own (updates,
# sync, safe browsing lists...): the machines that run these tests reach no other host. --no-sandbox
# because CI runs as root. The profile (--user-data-dir) is a fresh folder, added by the fixture.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,1024",
    # Input events wait for a frame; unthrottled frames make each real click about twice faster.
    "--disable-frame-rate-limit",
    "--disable-gpu-vsync",
)

MARKER_PATH = "/htmltemplates-test/marker.js"

_MARKER_JS = r"""
"use strict";
window.__pwned_ids = [];
// Returns nothing: a javascript: URL whose script returns a string would replace the page.
window.__pwned = function (id) { window.__pwned_ids.push(String(id)); };
for (const name of ["alert", "confirm", "prompt"]) {
  window[name] = function () { window.__pwned(name); };
}
// The argument of the last __record(...) call: event-handler cases call it with their value.
window.__record = function (value) { window.__recorded = value; };

// Every navigation a click or a submission asks for is recorded, as the browser's own URL parser
// reads it, and cancelled so that the page stays; javascript: URLs are let through so that the
// browser runs them (their payload then sets a marker). With SUBMIT_TO_ORIGIN, a form submitted
// to the page's own origin goes through too (an app's own form).
window.__navigations = [];
(function (submitToOrigin) {
  const XLINK = "http://www.w3.org/1999/xlink";
  function navigate(raw, event, allowed) {
    let url = null;
    try { url = new URL(raw, document.baseURI); } catch (error) { /* not a URL */ }
    window.__navigations.push(url === null ? "invalid URL: " + raw : url.href);
    if (url === null || (url.protocol !== "javascript:" && !allowed(url))) event.preventDefault();
  }
  // Only what the browser would act on: a MouseEvent click (a plain Event named "click" does
  // not follow a link) and a real submission (a SubmitEvent).
  addEventListener("click", function (event) {
    if (!(event instanceof MouseEvent)) return;
    const link = event.target instanceof Element ? event.target.closest("a, area") : null;
    if (link === null) return;
    const raw = link.getAttribute("href") ?? link.getAttributeNS(XLINK, "href");
    if (raw !== null) navigate(raw, event, () => false);
  }, true);
  addEventListener("submit", function (event) {
    if (!(event instanceof SubmitEvent)) return;
    const submitter = event.submitter;
    const raw = submitter && submitter.hasAttribute("formaction")
      ? submitter.getAttribute("formaction")
      : event.target.getAttribute("action") ?? "";
    navigate(raw, event, (url) => submitToOrigin && url.origin === location.origin);
  }, true);
})(SUBMIT_TO_ORIGIN);
"""

# For the pages of the context tests, served at MARKER_PATH: every navigation is cancelled.
MARKER_JS = _MARKER_JS.replace("SUBMIT_TO_ORIGIN", "false")
# For an app (injected before its own scripts): its forms still work.
APP_MARKER_JS = _MARKER_JS.replace("SUBMIT_TO_ORIGIN", "true")

# Fires, on window, on each element of arguments[0] (alone) and on arguments[1] and everything in
# it, an event of every type the target has an on* handler property (or attribute) for, then
# focus() on each, then clicks every link, button and the like in arguments[1]. The documents
# of same-origin frames in arguments[1] (srcdoc, about:blank) are gone through the same way.
EXERCISE_JS = r"""
const [alone, root] = arguments;
const handlerTypes = new Map();  // per class of target: the types of its on* properties
function typesOf(target) {
  let types = handlerTypes.get(target.constructor);
  if (types === undefined) {
    types = [];
    for (const key in target) if (key.startsWith("on")) types.push(key.slice(2));
    handlerTypes.set(target.constructor, types);
  }
  const own = target === window ? [] : [...target.attributes]
    .filter((attribute) => attribute.name.startsWith("on"))
    .map((attribute) => attribute.name.slice(2));
  return own.length === 0 ? types : new Set([...types, ...own]);
}
function subtree(top) {  // top and the elements under it, frames' documents included
  const elements = [top, ...top.querySelectorAll("*")];
  for (const frame of top.querySelectorAll("iframe, frame, object")) {
    let document = null;
    try { document = frame.contentDocument; } catch (error) { /* another origin */ }
    if (document?.documentElement) elements.push(...subtree(document.documentElement));
  }
  return elements;
}
const elements = subtree(root);
for (const target of [window, ...alone, ...elements]) {
  for (const type of typesOf(target)) target.dispatchEvent(new Event(type, {cancelable: true}));
  if (typeof target.focus === "function") target.focus();
}
for (const element of elements) {
  if (!element.matches("a, area, button, input, summary, label")) continue;
  if (typeof element.click === "function") element.click();  // SVG and MathML have none
  else element.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
}
"""

# Each element of a part, in document order, as "tag attribute-names...", and each comment as
# "#comment": what the template wrote, whatever the values (SVG and MathML tags get a prefix).
SHAPE_JS = r"""
const NAMESPACES = {
  "http://www.w3.org/1999/xhtml": "",
  "http://www.w3.org/2000/svg": "svg:",
  "http://www.w3.org/1998/Math/MathML": "math:",
};
function shape(root) {
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.nodeType === Node.COMMENT_NODE) { out.push("#comment"); continue; }
    const prefix = NAMESPACES[node.namespaceURI] ?? node.namespaceURI + ":";
    const names = [...node.attributes].map((attribute) => attribute.name).sort();
    out.push([prefix + node.localName, ...names].join(" "));
  }
  return out;
}
function cases(id) {
  return [...document.getElementById(id).children].map((element) => shape(element));
}
return {
  pwned: window.__pwned_ids,
  navigations: window.__navigations,
  body: [...document.body.children].map((element) => element.localName + "#" + element.id),
  roots: [document.documentElement, document.head, document.body].map((element) => [
    element.localName, ...[...element.attributes].map((attribute) => attribute.name).sort()
  ].join(" ")),
  head: [...document.head.children].map((element) => element.localName),
  values: cases("values"),
  shapes: cases("shapes"),
};
"""

# Runs arguments[1] (a list of [case number, function body]) on the cases of #values; each body
# sees its case's wrapper <div> as `root` and returns what it reads.
READ_JS = r"""
const section = document.getElementById("values");
return arguments[0].map(([n, body]) => {
  const root = section.querySelector(`:scope > [data-case="${n}"]`);
  try { return {value: new Function("root", body)(root)}; }
  catch (error) { return {error: String(error)}; }
});
"""

WAIT_JS = "const done = arguments[arguments.length - 1]; setTimeout(done, arguments[0]);"


def arm(value: object, n: int) -> Any:
    """``value`` with each ``PWN`` in its strings (dict keys and values, list items) replaced by
    a call that sets marker ``n``."""
    call = f"top.__pwned({n})"
    if isinstance(value, str):
        return value.replace("PWN", call)
    if isinstance(value, Mapping):
        return {arm(key, n): arm(item, n) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(arm(item, n) for item in value)
    return value


def page(
    title: str, values: Sequence[Template | Markup], shapes: Sequence[Template | Markup]
) -> str:
    """A whole page: the marker script first, then each case of ``values`` in its own
    ``<div data-case=N>`` in ``<section id="values">``, and the same for ``shapes`` (the same
    templates filled with inert values: what the page must look like) in ``#shapes``."""
    return str(
        html(t"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<script src="/htmltemplates-test/marker.js"></script>
<style>.case {{ display: inline-block; vertical-align: top; margin: 2px; max-width: 40em; }}</style>
</head>
<body>
<section id="values">
{[t'<div class="case" data-case="{n}">{case}</div>\n' for n, case in enumerate(values)]}</section>
<section id="shapes" hidden>
{[t'<div class="case" data-case="{n}">{case}</div>\n' for n, case in enumerate(shapes)]}</section>
</body>
</html>
""")
    )


@dataclass(frozen=True, slots=True)
class Report:
    """What happened on a page: see ``probe``."""

    pwned: list[str]  # markers set, in order
    navigations: list[str]  # URLs that clicks and submissions asked for
    body: list[str]  # the children of <body>, as "tag#id"
    roots: list[str]  # <html>, <head> and <body> with their attribute names
    head: list[str]  # the children of <head>, as tag names
    values: list[list[str]]  # the shape of each case of #values
    shapes: list[list[str]]  # the shape of each case of #shapes
    read: list[dict[str, Any]]  # what each reader returned ({"value": x} or {"error": message})

    def executable_navigations(self) -> list[str]:
        """The navigations to a URL that runs code (javascript:, vbscript:, data:)."""
        return [
            url
            for url in self.navigations
            if url.lower().startswith(("javascript:", "vbscript:", "data:"))
        ]


def probe(
    driver: WebDriver,
    url: str,
    readers: Sequence[tuple[int, str]] = (),
    *,
    real_clicks: range | None = None,
    wait_ms: int = 50,
) -> Report:
    """Load ``url``, run ``readers`` (case number, JS function body), then exercise the page:
    real clicks on the cases numbered in ``real_clicks`` (all when None), synthetic clicks and
    events on <html>, <head>, <body> and everything in #values (#shapes is inert). Then wait
    ``wait_ms`` for anything queued (a javascript: navigation runs in a task of its own), and
    report."""
    driver.get(url)
    # Three commands after the load (each costs a round trip): read and find what to click;
    # click; exercise, wait and report.
    wanted = None if real_clicks is None else [str(n) for n in real_clicks]
    read, (in_view, out_of_view) = driver.execute_script(
        _FIRST_JS, [list(reader) for reader in readers], CLICKABLE, wanted
    )
    click_for_real(driver, in_view, out_of_view)
    result = driver.execute_async_script(_LAST_JS, wait_ms)
    if "error" in result:
        raise AssertionError(f"exercising the page failed: {result['error']}")
    return Report(read=read, **result)


# What a visitor clicks to go somewhere or submit something; everything else gets synthetic events.
CLICKABLE = "a, area, button, input[type=submit], input[type=image], input[type=button], summary"

# The visible elements under arguments[0] that match arguments[1], in the cases whose numbers are
# in arguments[2] (all when null), and only in the first case of each kind: the same elements
# and attribute names, the same event handlers, and links and forms that go to the same scheme
# and host (the 20 links that all became href="about:invalid#htmltemplates", or 30 links to
# /search?q=... on this server, behave alike: one is clicked for real, the synthetic clicks
# reach them all). Returned as those wholly in the viewport (before any scrolling), and the
# others.
VISIBLE_JS = r"""
const [root, selector, cases] = arguments;
const URL_ATTRIBUTES = new Set(["href", "action", "formaction", "src"]);
function kindOf(box) {
  const parts = [];
  for (const element of box.querySelectorAll("*")) {
    parts.push("<" + element.localName);
    for (const attribute of element.attributes) {
      let value = "";
      if (attribute.name.startsWith("on")) value = attribute.value;
      else if (URL_ATTRIBUTES.has(attribute.localName)) {
        try {
          const url = new URL(attribute.value, document.baseURI);
          value = url.protocol + "//" + url.host;
        } catch (error) { value = "(not a URL)"; }
      }
      parts.push(attribute.name + "=" + value);
    }
  }
  return parts.sort().join("\n");
}
const inView = [], outOfView = [], firstOfItsKind = new Map();
for (const element of root.querySelectorAll(selector)) {
  const box = element.closest("[data-case]");
  if (cases !== null && !cases.includes(box?.dataset.case)) continue;
  const kind = box === null ? "" : kindOf(box);
  if (!firstOfItsKind.has(kind)) firstOfItsKind.set(kind, box);
  if (firstOfItsKind.get(kind) !== box) continue;
  if (!element.checkVisibility() || element.getClientRects().length === 0) continue;
  const rectangle = element.getBoundingClientRect();
  const whole = rectangle.top >= 0 && rectangle.left >= 0 && rectangle.bottom <= innerHeight
    && rectangle.right <= innerWidth;
  (whole ? inView : outOfView).push(element);
}
return [inView, outOfView];
"""


def _call(snippet: str, arguments: str) -> str:
    """JS that runs ``snippet`` (a script body that reads ``arguments`` and returns) with the
    arguments written in JS as ``arguments``."""
    return f"(function () {{\n{snippet}\n}}).apply(null, {arguments})"


_FIRST_JS = f"""
return [
  {_call(READ_JS, "[arguments[0]]")},
  {_call(VISIBLE_JS, '[document.getElementById("values"), arguments[1], arguments[2]]')},
];
"""

_PARTS = (
    '[[document.documentElement, document.head, document.body], document.getElementById("values")]'
)
_LAST_JS = f"""
const done = arguments[arguments.length - 1];
try {{
  {_call(EXERCISE_JS, _PARTS)};
}} catch (error) {{
  done({{error: String(error)}});
  return;
}}
setTimeout(() => done({_call(SHAPE_JS, "[]")}), arguments[0]);
"""


def click_for_real(
    driver: WebDriver, in_view: Sequence[WebElement], out_of_view: Sequence[WebElement]
) -> None:
    """A real click, as a visitor's (the pointer moves there, then presses and releases: trusted
    mouseover, mousedown, focus, mouseup, click), on each element (see VISIBLE_JS for which:
    each real click costs tens of milliseconds). One chain of input actions: one command
    instead of one per element."""
    if not in_view and not out_of_view:
        return
    chain = ActionChains(driver, duration=0)
    for element in in_view:
        chain.move_to_element(element).click()
    for element in out_of_view:  # scrolling first costs a little more
        chain.scroll_to_element(element).move_to_element(element).click()
    chain.perform()


def as_json(value: object) -> str:
    """A value as JSON, to compare what the browser gave back exactly (true is not 1)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


WSGIApp = Callable[[WSGIEnvironment, StartResponse], Iterable[bytes]]
