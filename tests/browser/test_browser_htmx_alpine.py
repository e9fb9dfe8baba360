"""htmx and Alpine.js attributes in a real browser: hostile values run nothing, benign values work.

htmx (2 and 4) and Alpine.js 3 with its official plugins (intersect, mask, focus) are served from
tests/browser/vendor/ by a test server on 127.0.0.1, never fetched (see the README there). Each
row of CONTEXTS puts values in one attribute that htmx or Alpine.js evaluates; the rows go on a
few pages (HTMX: one per htmx version, one for Alpine.js, and pages of their own for hx-trigger,
where a value htmx cannot parse stops it processing the rest of the page), each value in its own
case, built with html(). Headless Chromium loads each page once for the module, then, when htmx
and Alpine.js have processed it:

1. runs each row's ``fire`` script on its cases (the events a click does not send: custom
   events, htmx.trigger(), scrolling into view, toggling, typing);
2. clicks for real (WebDriver input) the buttons and links of the first case of each kind, then
   fires, on every element, an event of each type it has an on* property for and a synthetic
   click (the harness's EXERCISE_JS); Alpine's x-init, x-effect and x-data run by themselves;
3. waits for what htmx and Alpine.js queue (their handlers are async, requests go to the test
   server), then reads the markers set, the navigations asked for, and each case's reading.

The test of a row asserts that its controls set their markers (a control is the row's attribute
with code in it written in the template, no hole: it proves that the library is loaded, the
attribute live and its event fired), that none of its hostile values did, that no click asked
for a javascript:, vbscript: or data: URL from them, that each hostile case passes the row's
``check`` and that each benign value reads back exactly. Values that html() must refuse
(``Refused``) are asserted to raise, and never served. The tests at the end use benign values
for what they are for: a click that greets, counts, posts hx-vals, requests a path.

Rows that htmltemplates does not protect yet go in KNOWN_GAPS: a strict xfail, so passing means
the gap was closed (then move the row into CONTEXTS).
"""

from __future__ import annotations

import hashlib
import itertools
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from string.templatelib import Interpolation, Template
from typing import TYPE_CHECKING, Any
from wsgiref.types import StartResponse, WSGIEnvironment

import pytest
from browser_harness import (
    CLICKABLE,
    EXERCISE_JS,
    MARKER_JS,
    MARKER_PATH,
    VISIBLE_JS,
    ActionChains,
    By,
    WebDriverWait,
    arm,
    as_json,
    click_for_real,
)
from test_browser_contexts import JS_BREAKOUTS, QUOTES, SCHEMES, UNIVERSAL, URLS, Refused, Shows
from werkzeug.serving import make_server
from werkzeug.wrappers import Request

from htmltemplates import Markup, TemplateSyntaxError, TrustedResourceURL, html

if TYPE_CHECKING:
    from selenium import webdriver

pytestmark = pytest.mark.browser

VENDOR = Path(__file__).parent / "vendor"

# The vendored files and their sha256 (the table of vendor/README.md).
VENDORED = {
    "htmx-2.0.11.min.js": "d6fdc75f204e6bdefa99b69bf1e6d4ac69b8a364f77929f45c13476b4000f717",
    "htmx-4.0.1.min.js": "a0abb04f2f45a1f89d1d4844023245537e5e6014c87b144553e0607b4cc32130",
    "alpinejs-3.17.5.min.js": "b4036e9e9ac22fa6f6ae1ba292e015e1f3e9c85d0d79e73e4c8eb9bb139b522e",
    "alpinejs-intersect-3.17.4.min.js": (
        "6de6b96962a0240c3cb00c4e57a0a6cb8236c31c54d388b4d3b2348392245cad"
    ),
    "alpinejs-mask-3.17.5.min.js": (
        "0be4ba74ad36b53b4adc1dcb32c2273f982ad2175c0a1b54120ca44c2d7839f6"
    ),
    "alpinejs-focus-3.17.5.min.js": (
        "ea7e215444f5110619549621cd0760cedfe273f708b144d4e658a87b702555f9"
    ),
}
# The pages: one per htmx version for the htmx rows, one for the Alpine rows (with htmx 2, as an
# app that uses both has it).
HTMX = {
    "2": "htmx-2.0.11.min.js",
    "4": "htmx-4.0.1.min.js",
    "alpine": "htmx-2.0.11.min.js",
    "2-trigger": "htmx-2.0.11.min.js",
    "4-trigger": "htmx-4.0.1.min.js",
    "4-gaps": "htmx-4.0.1.min.js",
    "alpine-gaps": "htmx-2.0.11.min.js",
}
# Alpine's plugins register themselves on alpine:init: they load before Alpine itself (its docs).
ALPINE = [
    "alpinejs-intersect-3.17.4.min.js",
    "alpinejs-mask-3.17.5.min.js",
    "alpinejs-focus-3.17.5.min.js",
    "alpinejs-3.17.5.min.js",
]

# A page's own script, before Alpine: a custom directive, x-eval, that evaluates its expression,
# as an app's own directives do (Alpine.directive(); the reason x-* names htmltemplates does not
# know are JavaScript), and the flag that says Alpine has initialised the page.
PAGE_JS_PATH = "/htmltemplates-test/page.js"
PAGE_JS = r"""
"use strict";
document.addEventListener("alpine:init", () => {
  Alpine.directive("eval", (el, { expression }, { evaluate }) => { evaluate(expression); });
});
document.addEventListener("alpine:initialized", () => { window.__alpineReady = true; });
// The requests htmx has sent and not finished (swap included): htmx 2's beforeRequest and
// afterRequest, htmx 4's before:request and finally:request (after:request comes before its swap
// and is skipped when the fetch fails).
window.__inflight = new Set();
document.addEventListener("htmx:beforeRequest", (event) => __inflight.add(event.detail.xhr));
document.addEventListener("htmx:afterRequest", (event) => __inflight.delete(event.detail.xhr));
document.addEventListener("htmx:before:request", (event) => __inflight.add(event.detail.ctx));
document.addEventListener("htmx:finally:request", (event) => __inflight.delete(event.detail.ctx));
"""


# -- the server ----------------------------------------------------------------------------------


class App:
    """The test server: pages, the vendored scripts, the marker, and two endpoints for htmx.

    ``POST /echo`` answers with the form values it got and the X-Echo-* headers, as
    ``<b>name=value</b>`` each; ``GET /items/<name>`` with the name. Every request is recorded
    as (method, the path and query as the browser sent them, not decoded)."""

    def __init__(self) -> None:
        self.pages: dict[str, bytes] = {}
        self.requests: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        self._static = {MARKER_PATH: MARKER_JS.encode(), PAGE_JS_PATH: PAGE_JS.encode()}
        for name in VENDORED:
            self._static[f"/vendor/{name}"] = (VENDOR / name).read_bytes()

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> list[bytes]:
        request = Request(environ)
        raw = environ.get("REQUEST_URI") or environ.get("RAW_URI") or request.full_path
        with self._lock:
            self.requests.append((request.method, raw))
        path = request.path
        if path in self._static:
            return self._answer(start_response, "text/javascript", self._static[path])
        if path in self.pages:
            return self._answer(start_response, "text/html", self.pages[path])
        if path == "/echo" and request.method == "POST":
            pairs = [*request.form.items(multi=True)]
            pairs += [(k, v) for k, v in request.headers.items() if k.startswith("X-Echo-")]
            body = html(t"{[t'<b>{name}={value}</b>' for name, value in pairs]}")
            return self._answer(start_response, "text/html", str(body).encode())
        if path.startswith("/items/"):
            name = path.removeprefix("/items/")
            return self._answer(start_response, "text/html", str(html(t"<i>{name}</i>")).encode())
        start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8")])
        return [b"not found"]

    @staticmethod
    def _answer(start_response: StartResponse, kind: str, body: bytes) -> list[bytes]:
        start_response("200 OK", [("Content-Type", f"{kind}; charset=utf-8")])
        return [body]

    def requested(self, path_prefix: str) -> list[tuple[str, str]]:
        with self._lock:
            return [(m, p) for m, p in self.requests if p.startswith(path_prefix)]


class Server:
    """``app`` served on 127.0.0.1 (a free port) from a thread of the test process."""

    def __init__(self, app: App) -> None:
        self._server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self._server.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


@pytest.fixture(scope="module")
def app() -> App:
    return App()


@pytest.fixture(scope="module")
def server(app: App) -> Iterator[Server]:
    server = Server(app)
    try:
        yield server
    finally:
        server.close()


_numbers = itertools.count()


@pytest.fixture(scope="module")
def serve(app: App, server: Server) -> Callable[[str], str]:
    """``serve(markup)`` puts a page on the module's server and returns its URL."""

    def serve(markup: str) -> str:
        path = f"/page/{next(_numbers)}"
        app.pages[path] = markup.encode()
        return server.url + path

    return serve


def htmx_page(title: str, htmx: str, body: Sequence[Template | Markup]) -> str:
    """A page with the marker script, htmx (``htmx``: a key of HTMX), Alpine.js with its plugins,
    and ``body`` in ``<section id="values">``. ``hx-history="false"`` keeps htmx 2 from saving a
    copy of the page at each hx-push-url (seconds, on a page this size)."""
    scripts = [TrustedResourceURL(f"/vendor/{HTMX[htmx]}")]
    deferred = [TrustedResourceURL(f"/vendor/{name}") for name in ALPINE]
    return str(
        html(t"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<script src="/htmltemplates-test/marker.js"></script>
<script src="/htmltemplates-test/page.js"></script>
{[t"<script src={src}></script>\n" for src in scripts]}\
{[t"<script defer src={src}></script>\n" for src in deferred]}\
<style>
.case {{ display: inline-block; vertical-align: top; margin: 2px; max-width: 30em; }}
.scroll {{ position: fixed; right: 0; bottom: 0; width: 24px; height: 24px; overflow: auto; }}
</style>
</head>
<body>
<section id="values" hx-history="false">
{body}</section>
</body>
</html>
""")
    )


def cases(numbered: Sequence[tuple[int, Template | Markup]]) -> list[Template]:
    """Each case in its own ``<div data-case=N>``."""
    return [t'<div class="case" data-case="{n}">{case}</div>\n' for n, case in numbered]


# -- the probe -----------------------------------------------------------------------------------

# Resolves once htmx is there and the page is loaded, and Alpine has initialised it (or 1 s
# later: a page that breaks Alpine then fails on its controls), then one more tick.
READY_JS = r"""
const done = arguments[arguments.length - 1];
const started = Date.now();
(function poll() {
  const loaded = window.htmx && window.Alpine && document.readyState === "complete";
  if (loaded && (window.__alpineReady || Date.now() - started > 1000)) {
    setTimeout(() => done(Boolean(window.__alpineReady)), 20);
  } else if (Date.now() - started > 5000) {
    done(false);
  } else {
    setTimeout(poll, 5);
  }
})();
"""

# arguments[0]: [[case number, function body of root], ...]; each body runs with its case's <div>
# as `root`; what it returns is the case's reading (or the error it threw).
RUN_JS = r"""
const section = document.getElementById("values");
return arguments[0].map(([n, body]) => {
  const root = section.querySelector(`[data-case="${n}"]`);
  try { return {value: new Function("root", body)(root)}; }
  catch (error) { return {error: String(error)}; }
});
"""

# The synthetic events (the harness's EXERCISE_JS), then a wait of arguments[0] ms and until
# htmx has finished its requests, then the markers and navigations.
FINISH_JS = f"""
const done = arguments[arguments.length - 1];
const settle = arguments[0];
try {{
  (function () {{ {EXERCISE_JS} }}).apply(null,
    [[document.documentElement, document.head, document.body],
     document.getElementById("values")]);
}} catch (error) {{
  done({{error: String(error)}});
  return;
}}
const report = () => done({{
  pwned: window.__pwned_ids,
  navigations: window.__navigations,
  replaced: document.getElementById("values") === null ? location.href : null,
}});
const started = Date.now() + settle;
setTimeout(function wait() {{  // then until htmx has no request left (at most 3 s more)
  if (window.__inflight.size === 0 || Date.now() - started > 3000) setTimeout(report, 20);
  else setTimeout(wait, 10);
}}, settle);
"""


@dataclass(frozen=True, slots=True)
class Report:
    alpine_ready: bool
    fired: list[dict[str, Any]]  # what each fire script gave ({"value": x} or {"error": ...})
    pwned: list[str]  # markers set, in order
    navigations: list[str]  # URLs that clicks asked for
    read: list[dict[str, Any]]  # what each reader returned


def probe(
    driver: webdriver.Chrome,
    url: str,
    fire: Sequence[tuple[int, str]],
    readers: Sequence[tuple[int, str]],
    real_clicks: Sequence[int],
    *,
    wait_ms: int = 300,
) -> Report:
    """Load ``url``, wait for htmx and Alpine, run ``fire`` (case, JS body), click for real in the
    cases ``real_clicks`` (the first case of each kind: VISIBLE_JS), fire the synthetic events
    everywhere, wait ``wait_ms``, run ``readers``."""
    driver.get(url)
    alpine_ready = driver.execute_async_script(READY_JS)
    fired = driver.execute_script(RUN_JS, [list(item) for item in fire])
    in_view, out_of_view = driver.execute_script(
        f"return (function () {{ {VISIBLE_JS} }}).apply(null, arguments);",
        driver.find_element(By.ID, "values"),
        CLICKABLE,
        [str(n) for n in real_clicks],
    )
    click_for_real(driver, in_view, out_of_view)
    result = driver.execute_async_script(FINISH_JS, wait_ms)
    if "error" in result:
        raise AssertionError(f"exercising the page failed: {result['error']}")
    if result["replaced"] is not None:
        raise AssertionError(f"the page was replaced (now at {result['replaced']})")
    read = driver.execute_script(RUN_JS, [list(item) for item in readers])
    return Report(alpine_ready, fired, result["pwned"], result["navigations"], read)


# -- the rows ------------------------------------------------------------------------------------


def identity(value: object) -> object:
    return value


@dataclass(frozen=True, slots=True)
class Context:
    """One row: the ``template`` of one value; ``controls``: the same markup written with ``PWN``
    in the template itself (each must set its marker); ``hostile`` values (``Refused(v)`` for
    those html() must refuse); ``benign`` values and the ``read`` script (JS body of ``root``,
    run after firing) that gives each back as ``expect(value)``; ``fire``: a JS body of ``root``
    run on every case before the clicks; ``check``: a JS body of ``root`` that must return true
    for each hostile case; ``htmx``: the htmx versions to run it with."""

    id: str
    template: Callable[[Any], Template]
    controls: Sequence[str]
    hostile: Sequence[object]
    benign: Sequence[object] = ()
    read: str | None = None
    expect: Callable[[Any], object] = identity
    fire: str = ""
    check: str | None = None
    htmx: Sequence[str] = ("alpine",)
    gap: str = ""  # for a row of KNOWN_GAPS: what goes wrong


# -- hostile values ------------------------------------------------------------------------------

# Breaking out of a JavaScript string, a template literal or an expression, and code where an
# expression goes.
JS_INJECTIONS: list[object] = [
    "PWN",
    "'); PWN; ('",
    "x'); PWN; //",
    '"); PWN; ("',
    "\\'); PWN; //",
    "\\\\'); PWN; //",
    "\\",
    "`); PWN; //",
    "${PWN}",
    "alert(1)",
    "1;PWN",
    "1; PWN",
    "constructor.constructor('PWN')()",
    "</script><script>PWN</script>",
    "\n PWN //",
    "*/ PWN /*",
    "--> PWN",
    "'\"`${PWN}`\"'",
    {"a": "'); PWN; ('", "'); PWN; ('": ["${PWN}"]},
    ["</script>", "'-PWN-'", {"x": '"-PWN-"'}],
]
JS_HOSTILE: list[object] = [*UNIVERSAL, *JS_BREAKOUTS, *JS_INJECTIONS]

# Benign values in JavaScript: each comes back exactly (JSON.stringify in the page).
JS_VALUES: list[object] = [
    "Tom & Jerry <b>",
    "Zoë ✓ 日本語 🙂",
    "\u2028\u2029",
    "</not-a-script> <!-- -->",
    "'\"`\\ ${x}",
    "",
    42,
    -3.5,
    0,
    True,
    False,
    None,
    [1, "two", None, [True]],
    {"name": "Tom & Jerry", "tags": ["<b>", "&amp;"], "n": 1.25, "nested": {"empty": {}}},
]
JS_STRINGS: list[object] = ["Tom & Jerry <b>", "Zoë ✓ 🙂", "'\"`\\ ${x}", "", "\u2028", 42]

# Each case records what its handler computed in data-got on its element
# (`this.dataset.got = JSON.stringify({v})`, or `'Hi {v}!'` for a string).
READ_GOT = (
    'const element = root.querySelector("[data-got]");'
    " return element === null ? 'not recorded' : JSON.parse(element.dataset.got);"
)
READ_GOT_TEXT = (
    'const element = root.querySelector("[data-got]");'
    " return element === null ? 'not recorded' : element.dataset.got;"
)


def greeting(value: object) -> str:
    return f"Hi {value}!"


def htmx_trigger(event: str) -> str:
    """A fire script: htmx.trigger() on every element of the case."""
    return f'for (const el of root.querySelectorAll("*")) htmx.trigger(el, "{event}");'


def dispatch(event: str) -> str:
    return (
        f'for (const el of root.querySelectorAll("*"))'
        f' el.dispatchEvent(new CustomEvent("{event}", {{bubbles: false}}));'
    )


# -- htmx ----------------------------------------------------------------------------------------


def handler_rows(
    row_id: str,
    expression: Callable[[Any], Template],
    string: Callable[[Any], Template],
    control: str,
    *,
    fire: str = "",
    htmx: Sequence[str] = ("alpine",),
    hostile: Sequence[object] = JS_HOSTILE,
    extra: Sequence[object] = (),
    benign: Sequence[object] = JS_VALUES,
    check: str | None = None,
) -> list[Context]:
    """Two rows for an attribute that runs code: a hole where an expression goes (``expression``
    records ``JSON.stringify(value)`` in data-got) and a hole in a string literal (``string``
    records ``'Hi <value>!'``)."""
    hostile = [*hostile, *extra]
    return [
        Context(
            row_id,
            expression,
            [control],
            hostile,
            benign,
            READ_GOT,
            fire=fire,
            htmx=htmx,
            check=check,
        ),
        Context(
            f"{row_id}-string",
            string,
            [control],
            # a value in a string literal is text: other types are refused, as in on*
            [value if isinstance(value, str) else Refused(value) for value in hostile],
            JS_STRINGS,
            READ_GOT_TEXT,
            expect=greeting,
            fire=fire,
            htmx=htmx,
            check=check,
        ),
    ]


BOTH = ("2", "4")

HX_ON_CONTEXTS = [
    *handler_rows(
        "hx-on-click",
        lambda v: (
            t'<button type="button" hx-on:click="this.dataset.got = '
            t'JSON.stringify({v})">go</button>'
        ),
        lambda v: (
            t"""<button type="button" hx-on:click="this.dataset.got = 'Hi {v}!'">go</button>"""
        ),
        '<button type="button" hx-on:click="PWN">go</button>',
        htmx=BOTH,
    ),
    *handler_rows(
        "hx-on-click-double-quoted-string",
        lambda v: (
            t"<button type=button hx-on:click='this.dataset.got = JSON.stringify({v})'>go</button>"
        ),
        lambda v: t"""<button type=button hx-on:click='this.dataset.got = "Hi {v}!"'>go</button>""",
        "<button type=button hx-on:click='PWN'>go</button>",
        htmx=BOTH,
    ),
    *handler_rows(
        "hx-on-click-template-literal",
        lambda v: (
            t"<button type=button hx-on:click='this.dataset.got = JSON.stringify(`${{0}}` && "
            t"{v})'>go</button>"
        ),
        lambda v: t"<button type=button hx-on:click='this.dataset.got = `Hi {v}!`'>go</button>",
        "<button type=button hx-on:click='`${PWN}`'>go</button>",
        htmx=BOTH,
    ),
    *handler_rows(
        "hx-on-htmx-event",
        lambda v: t'<p hx-on::my-event="this.dataset.got = JSON.stringify({v})">x</p>',
        lambda v: t"""<p hx-on::my-event="this.dataset.got = 'Hi {v}!'">x</p>""",
        '<p hx-on::my-event="PWN">x</p>',
        fire=htmx_trigger("htmx:my-event"),
        htmx=BOTH,
    ),
    *handler_rows(
        "data-hx-on-click",
        lambda v: (
            t'<button type="button" data-hx-on:click="this.dataset.got = '
            t'JSON.stringify({v})">go</button>'
        ),
        lambda v: (
            t"""<button type="button" data-hx-on:click="this.dataset.got = 'Hi {v}!'">go</button>"""
        ),
        '<button type="button" data-hx-on:click="PWN">go</button>',
        htmx=BOTH,
    ),
    *handler_rows(
        "hx-on-click-upper-case",
        lambda v: (
            t'<button type="button" HX-ON:CLICK="this.dataset.got = '
            t'JSON.stringify({v})">go</button>'
        ),
        lambda v: (
            t"""<button type="button" HX-ON:CLICK="this.dataset.got = 'Hi {v}!'">go</button>"""
        ),
        '<button type="button" HX-ON:CLICK="PWN">go</button>',
        htmx=BOTH,
    ),
    # htmx 2 only: the dash spellings (htmx 4 reads hx-on: and hx-on:: only).
    *handler_rows(
        "hx-on-dash",
        lambda v: (
            t'<button type="button" hx-on-click="this.dataset.got = '
            t'JSON.stringify({v})">go</button>'
        ),
        lambda v: (
            t"""<button type="button" hx-on-click="this.dataset.got = 'Hi {v}!'">go</button>"""
        ),
        '<button type="button" hx-on-click="PWN">go</button>',
        htmx=("2",),
    ),
    *handler_rows(
        "hx-on-double-dash",
        lambda v: t'<p hx-on--my-event="this.dataset.got = JSON.stringify({v})">x</p>',
        lambda v: t"""<p hx-on--my-event="this.dataset.got = 'Hi {v}!'">x</p>""",
        '<p hx-on--my-event="PWN">x</p>',
        fire=htmx_trigger("htmx:my-event"),
        htmx=("2",),
    ),
    *handler_rows(
        "data-hx-on-dash",
        lambda v: (
            t'<button type="button" data-hx-on-click="this.dataset.got = '
            t'JSON.stringify({v})">go</button>'
        ),
        lambda v: (
            t"""<button type="button" data-hx-on-click="this.dataset.got = 'Hi {v}!'">go</button>"""
        ),
        '<button type="button" data-hx-on-click="PWN">go</button>',
        htmx=("2",),
    ),
    # htmx 4 only: hx-on="<trigger> -> <code>; <trigger> -> <code>" (htmx.js, handleHxOnAttributes,
    # which splits the value at each ";" that a "->" follows, strings or not).
    *handler_rows(
        "hx-on-bare",
        lambda v: (
            t'<button type="button" hx-on="click -> this.dataset.got = '
            t'JSON.stringify({v})">go</button>'
        ),
        lambda v: (
            t"""<button type="button" hx-on="click -> this.dataset.got = 'Hi {v}!'">go</button>"""
        ),
        '<button type="button" hx-on="click -> PWN">go</button>',
        htmx=("4",),
        extra=["x; click -> PWN //", "x'; click -> PWN //", 'x"; click -> PWN //'],
    ),
]

# A filter of hx-trigger is JavaScript that htmx evaluates for each event (htmx 2 rewrites each
# name in it to event.name or window.name: `this` and names after "." are left alone).
# The hx-trigger rows have pages of their own: a value that htmx cannot parse throws there, and
# htmx 4 then leaves the rest of the page unprocessed. Each hostile case must have been processed
# (htmx 4 keeps the parsed triggers in elt._htmx; htmx 2 marks an element it has initialised with
# an initHash in elt["htmx-internal-data"]).
TRIGGER_PAGES = ("2-trigger", "4-trigger")
PROCESSED = (
    'const button = root.querySelector("button");'
    ' const internal = button["htmx-internal-data"];'
    " return button._htmx !== undefined ? button._htmx.triggerSpecs.length > 0"
    " : internal !== undefined && internal.initHash !== undefined;"
)


def filter_expression(v: object) -> Template:
    return t"""<button type="button" hx-trigger="click[this.dataset.got = JSON.stringify({v})]" \
hx-get="/items/trigger" hx-swap="none">go</button>"""


def filter_string(v: object) -> Template:
    return t"""<button type="button" hx-trigger="click[this.dataset.got = 'Hi {v}!']" \
hx-get="/items/trigger" hx-swap="none">go</button>"""


FILTER_CONTROL = (
    '<button type="button" hx-trigger="click[PWN]" hx-get="/items/trigger" hx-swap="none">'
    "go</button>"
)
# Ending the filter, or the trigger at a "," (htmx 4 splits hx-trigger at each "," outside
# brackets and quotes, quotes counted without their escapes), to start a trigger of our own.
FILTER_BREAKOUTS = [
    "x] , click[PWN //",
    "]",
    "x'] , click[PWN] //",
    'x"], click[PWN] //"',
    "x'], click[PWN] //'",
    "x`], click[PWN] //`",
]
# htmx 4 counts quotes without their escapes: after "x\"]" (a JSON string), the ", click[...]"
# that follows looks outside quotes (KNOWN_GAPS).
FILTER_QUOTE_GAPS = ['x"], click[PWN] //"']
# htmx 2 reads a name in a filter as event.name or window.name, null too: null is undefined.
FILTER_VALUES = [value for value in JS_VALUES if value is not None]

HX_TRIGGER_CONTEXTS = [
    *handler_rows(
        "hx-trigger-filter",
        filter_expression,
        filter_string,
        FILTER_CONTROL,
        htmx=("2-trigger",),
        extra=FILTER_BREAKOUTS,
        benign=FILTER_VALUES,
        check=PROCESSED,
    ),
    # htmx 4: scalars only (a list or a dict: KNOWN_GAPS)
    *handler_rows(
        "hx-trigger-filter",
        filter_expression,
        filter_string,
        FILTER_CONTROL,
        htmx=("4-trigger",),
        hostile=[value for value in JS_HOSTILE if isinstance(value, str)],
        extra=[value for value in FILTER_BREAKOUTS if value not in FILTER_QUOTE_GAPS],
        benign=[value for value in FILTER_VALUES if not isinstance(value, list | dict)],
        check=PROCESSED,
    ),
    Context(
        "hx-trigger-whole",
        lambda v: (
            t'<button type="button" hx-trigger={v} hx-get="/items/trigger" '
            t'hx-swap="none">go</button>'
        ),
        [
            '<button type="button" hx-trigger="my-event[PWN]" hx-get="/items/trigger" '
            'hx-swap="none">go</button>'
        ],
        [
            Refused("click[PWN]"),
            Refused("[PWN]"),
            Refused("my-event[PWN]"),
            Refused("click[ctrlKey], my-event[PWN]"),
            Refused("x]"),
            "my-event from:body",
            "my-event delay:1ms",
        ],
        fire=dispatch("my-event"),
        htmx=TRIGGER_PAGES,
        check=PROCESSED,
    ),
]

# What /echo shows: the form values it got, in order.
READ_ECHO = 'return [...root.querySelectorAll("output b")].map((b) => b.textContent);'


def post_with(attribute: str) -> Callable[[Any], Template]:
    """A button that posts to /echo with ``attribute``={value}, answer swapped into <output>."""
    templates: dict[str, Callable[[Any], Template]] = {
        "hx-vals": lambda v: (
            t'<button type="button" hx-post="/echo" hx-vals={v} hx-target="next '
            t'output">go</button><output></output>'
        ),
        "hx-headers": lambda v: (
            t'<button type="button" hx-post="/echo" hx-headers={v} hx-target="next '
            t'output">go</button><output></output>'
        ),
        "hx-request": lambda v: (
            t'<button type="button" hx-post="/echo" hx-request={v} hx-target="next '
            t'output">go</button><output></output>'
        ),
    }
    return templates[attribute]


JS_PREFIXED = [
    Refused("js:PWN"),
    Refused("javascript:PWN"),
    Refused("JS:PWN"),
    Refused("JavaScript:PWN"),
    Refused(" js:PWN"),
    Refused("\n\tjavascript:{a: PWN}"),
    Refused("js:{a: PWN}"),
]
JSON_HOSTILE: list[object] = [
    *JS_PREFIXED,
    {"a": "js:PWN"},
    {"js:PWN": "x"},
    {"a": "javascript:PWN"},
    {"a": "</script><script>PWN</script>", "b": ["'-PWN-'", {"c": '"-PWN-"'}]},
    {"a": '"}, "b": PWN, "c": {"'},
    ["js:PWN"],
    # any str: JSON comes from a dict or a list
    Refused('{"a": PWN}'),
    Refused("a: PWN"),
    Refused("{a: PWN}"),
    Refused('" onmouseover="PWN'),
]

JSON_CONTEXTS = [
    Context(
        "hx-vals",
        post_with("hx-vals"),
        [
            "<button type=button hx-post=/echo hx-vals='js:{a: PWN}' hx-target='next "
            "output'>go</button><output></output>"
        ],
        JSON_HOSTILE,
        [
            Shows({"id": 3}, ["id=3"]),
            Shows({"name": "Tom & Jerry <b>", "n": 1.5}, ["name=Tom & Jerry <b>", "n=1.5"]),
            Shows({"q": "Zoë ✓ '\"`"}, ["q=Zoë ✓ '\"`"]),
        ],
        READ_ECHO,
        htmx=BOTH,
    ),
    Context(
        "hx-vals-js",
        lambda v: (
            t'<button type="button" hx-post="/echo" hx-vals="js:{{a: {v}}}" hx-target="next '
            t'output">go</button><output></output>'
        ),
        [
            "<button type=button hx-post=/echo hx-vals='js:{a: PWN}' hx-target='next "
            "output'>go</button><output></output>"
        ],
        JS_HOSTILE,
        [Shows(value, [f"a={value}"]) for value in ["Tom & Jerry <b>", "Zoë ✓ '\"`\\", 42]],
        READ_ECHO,
        htmx=BOTH,
    ),
    Context(
        "hx-headers",
        post_with("hx-headers"),
        [
            "<button type=button hx-post=/echo hx-headers='js:{\"X-Echo-A\": PWN}' "
            "hx-target='next output'>go</button><output></output>"
        ],
        JSON_HOSTILE,
        [Shows({"X-Echo-Name": "Tom & Jerry <b>"}, ["X-Echo-Name=Tom & Jerry <b>"])],
        READ_ECHO,
        htmx=BOTH,
    ),
    # htmx 2 only (htmx 4 has no hx-request): hx-request configures the request.
    Context(
        "hx-request",
        post_with("hx-request"),
        [
            "<button type=button hx-post=/echo hx-request='js:{timeout: PWN}' hx-target='next "
            "output'>go</button><output></output>"
        ],
        JSON_HOSTILE,
        [Shows({"timeout": 5000}, [])],
        READ_ECHO,
        htmx=("2",),
    ),
    # htmx 2 only: hx-vars is always JavaScript (deprecated for hx-vals with js:).
    Context(
        "hx-vars",
        lambda v: (
            t'<button type="button" hx-post="/echo" hx-vars="a: {v}" hx-target="next '
            t'output">go</button><output></output>'
        ),
        [
            "<button type=button hx-post=/echo hx-vars='a: PWN' hx-target='next "
            "output'>go</button><output></output>"
        ],
        JS_HOSTILE,
        [Shows(value, [f"a={value}"]) for value in ["Tom & Jerry <b>", "Zoë ✓ '\"`\\", 42]],
        READ_ECHO,
        htmx=("2",),
    ),
]

# URLs htmx requests: the rules of href. The check: the attribute is not a URL that runs code
# (htmx 4 runs an action that starts with js: or javascript: as JavaScript).
URL_HOSTILE: list[object] = [*UNIVERSAL, *QUOTES[:3], *SCHEMES]
NOT_JS = (
    "return [...root.querySelectorAll('*')].every((el) => [...el.attributes].every((a) =>"
    " !/^hx-|^data-hx-/.test(a.name) || !/^\\s*(javascript|vbscript|data):/i.test(a.value)));"
)


def verbs(v: object) -> Template:
    return t"""<button type="button" hx-get={v} hx-swap="none">get</button>\
<button type="button" hx-post={v} hx-swap="none">post</button>\
<button type="button" hx-put={v} hx-swap="none">put</button>\
<button type="button" hx-patch={v} hx-swap="none">patch</button>\
<button type="button" hx-delete={v} hx-swap="none">delete</button>\
<button type="button" data-hx-get={v} hx-swap="none">data-get</button>"""


URL_CONTEXTS = [
    Context(
        "hx-verbs",
        verbs,
        [
            '<button type="button" hx-get="javascript:PWN" hx-swap="none">get</button>',
            '<button type="button" hx-post="javascript:PWN" hx-swap="none">post</button>',
        ],
        URL_HOSTILE,
        [v for v in URLS if not str(v).startswith(("mailto:", "tel:"))],
        'return root.querySelector("[hx-get]").getAttribute("hx-get");',
        expect=str,
        check=NOT_JS,
        htmx=("4",),
    ),
    Context(
        "hx-verbs",
        verbs,
        [],
        URL_HOSTILE,
        [v for v in URLS if not str(v).startswith(("mailto:", "tel:"))],
        'return root.querySelector("[hx-get]").getAttribute("hx-get");',
        expect=str,
        check=NOT_JS,
        htmx=("2",),
    ),
    Context(
        "hx-get-path",
        lambda v: t'<button type="button" hx-get="/items/{v}" hx-swap="none">get</button>',
        [],
        [*URL_HOSTILE, "//evil.example/x", "x?admin=1#PWN", Refused(".."), Refused("../admin")],
        [Shows("Tom & Jerry?#", "/items/Tom%20&%20Jerry%3F%23"), Shows("a/b", "/items/a/b")],
        'return root.querySelector("button").getAttribute("hx-get");',
        check=(
            'const url = new URL(root.querySelector("button").getAttribute("hx-get"),'
            " location.href); return url.origin === location.origin"
            ' && url.pathname.startsWith("/items/") && url.search === "" && url.hash === "";'
        ),
        htmx=BOTH,
    ),
    Context(
        "hx-push-url",
        lambda v: (
            t"""<button type="button" hx-get="/items/push" hx-push-url={v} hx-swap="none">\
push</button><button type="button" hx-get="/items/replace" hx-replace-url={v} \
hx-swap="none">replace</button>"""
        ),
        [],
        URL_HOSTILE,
        ["/items/pushed?x=1", "true", "false"],
        'return root.querySelector("button").getAttribute("hx-push-url");',
        expect=str,
        check=NOT_JS,
        htmx=BOTH,
    ),
]

# htmx 4 runs a request URL that starts with js: or javascript: as JavaScript (htmx.js,
# extractJavascriptContent: hx-action, hx-get...; a boosted link only goes to its own origin), and
# a hx-confirm that does; htmx 2 runs neither.
JS_URL_HOSTILE: list[object] = ["js:PWN", "JS:PWN", " js:PWN", "\tjs:PWN", "javascript:PWN"]
JS_URL_CONTEXTS = [
    Context(
        "js-urls",
        lambda v: (
            t"""<button type="button" hx-get={v} hx-swap="none">get</button>\
<button type="button" hx-query={v} hx-swap="none">query</button>\
<button type="button" hx-action={v} hx-swap="none">action</button>"""
        ),
        [
            '<button type="button" hx-get="js:PWN" hx-swap="none">get</button>',
            '<button type="button" hx-query="js:PWN" hx-swap="none">query</button>',
            '<button type="button" hx-action="js:PWN" hx-swap="none">action</button>',
            '<button type="button" hx-action="javascript:PWN" hx-swap="none">action</button>',
        ],
        JS_URL_HOSTILE,
        ["/items/x?y=1"],
        'return root.querySelector("[hx-action]").getAttribute("hx-action");',
        expect=str,
        check=(
            "return [...root.querySelectorAll('*')].every((el) => [...el.attributes].every((a) =>"
            " !/^\\s*(js|javascript):/i.test(a.value)));"
        ),
        htmx=("4",),
    ),
    Context(
        "hx-confirm",
        lambda v: (
            t"""<button type="button" hx-get="/items/confirm" hx-confirm={v} \
hx-swap="none">go</button>"""
        ),
        [
            '<button type="button" hx-get="/items/confirm" hx-confirm="js:PWN" '
            'hx-swap="none">go</button>'
        ],
        # (no benign value: the marker script turns confirm() into a marker)
        [Refused(value) for value in JS_URL_HOSTILE],
        htmx=("4",),
    ),
]

HTMX_CONTEXTS = [
    *JS_URL_CONTEXTS,
    *HX_ON_CONTEXTS,
    *HX_TRIGGER_CONTEXTS,
    *JSON_CONTEXTS,
    *URL_CONTEXTS,
]

# -- Alpine.js -----------------------------------------------------------------------------------

# Alpine evaluates with `this` unbound: its cases record on $el.

# Typing into each input of the case (x-model, x-mask).
TYPE = (
    'for (const input of root.querySelectorAll("input")) {'
    ' input.value = "12ab"; input.dispatchEvent(new Event("input", {bubbles: true})); }'
)
# x-intersect: each case's element is below its scroll box; scrolled into view there.
SCROLL = 'for (const box of root.querySelectorAll(".scroll")) box.scrollTop = box.scrollHeight;'
# x-trap: the case's button turns `open` on.
TOGGLE = 'for (const button of root.querySelectorAll("button.toggle")) button.click();'

ALPINE_CONTEXTS = [
    *handler_rows(
        "x-on-click",
        lambda v: (
            t'<button type="button" x-data x-on:click="$el.dataset.got = '
            t'JSON.stringify({v})">go</button>'
        ),
        lambda v: (
            t"""<button type="button" x-data x-on:click="$el.dataset.got = 'Hi {v}!'">go</button>"""
        ),
        '<button type="button" x-data x-on:click="PWN">go</button>',
    ),
    *handler_rows(
        "at-click",
        lambda v: (
            t'<button type="button" x-data @click.prevent="$el.dataset.got = '
            t'JSON.stringify({v})">go</button>'
        ),
        lambda v: (
            t"""<button type="button" x-data @click.prevent="$el.dataset.got = 'Hi """
            t"""{v}!'">go</button>"""
        ),
        '<button type="button" x-data @click.prevent="PWN">go</button>',
    ),
    *handler_rows(
        "at-custom-event",
        lambda v: t'<p x-data @my-event="$el.dataset.got = JSON.stringify({v})">x</p>',
        lambda v: t"""<p x-data @my-event="$el.dataset.got = `Hi {v}!`">x</p>""",
        '<p x-data @my-event="PWN">x</p>',
        fire=dispatch("my-event"),
    ),
    *handler_rows(
        "x-init",
        lambda v: t'<p x-data x-init="$el.dataset.got = JSON.stringify({v})">x</p>',
        lambda v: t"""<p x-data x-init="$el.dataset.got = 'Hi {v}!'">x</p>""",
        '<p x-data x-init="PWN">x</p>',
    ),
    *handler_rows(
        "x-data",
        lambda v: (
            t'<p x-data="{{ got: JSON.stringify({v}) }}" x-init="$el.dataset.got = got">x</p>'
        ),
        lambda v: t"""<p x-data="{{ got: 'Hi {v}!' }}" x-init="$el.dataset.got = got">x</p>""",
        '<p x-data="{ got: PWN }">x</p>',
    ),
    *handler_rows(
        "x-show",
        lambda v: t'<p x-data x-show="$el.dataset.got = JSON.stringify({v})">x</p>',
        lambda v: t"""<p x-data x-show="$el.dataset.got = 'Hi {v}!'">x</p>""",
        '<p x-data x-show="PWN">x</p>',
    ),
    *handler_rows(
        "x-effect",
        lambda v: t'<p x-data x-effect="$el.dataset.got = JSON.stringify({v})">x</p>',
        lambda v: t"""<p x-data x-effect="$el.dataset.got = 'Hi {v}!'">x</p>""",
        '<p x-data x-effect="PWN">x</p>',
    ),
    *handler_rows(
        "x-bind-title",
        lambda v: t'<p x-data x-bind:title="$el.dataset.got = JSON.stringify({v})">x</p>',
        lambda v: t"""<p x-data :title="$el.dataset.got = 'Hi {v}!'">x</p>""",
        '<p x-data :title="PWN">x</p>',
    ),
    *handler_rows(
        "x-text",
        lambda v: t'<p x-data x-text="$el.dataset.got = JSON.stringify({v})">x</p>',
        lambda v: t"""<p x-data x-text="$el.dataset.got = 'Hi {v}!'">x</p>""",
        '<p x-data x-text="PWN">x</p>',
    ),
    *handler_rows(
        "x-if",
        lambda v: (
            t'<div x-data><template x-if="$el.parentElement.dataset.got = '
            t'JSON.stringify({v})"><i>y</i></template></div>'
        ),
        lambda v: (
            t"""<div x-data><template x-if="$el.parentElement.dataset.got = 'Hi """
            t"""{v}!'"><i>y</i></template></div>"""
        ),
        '<div x-data><template x-if="PWN"><i>y</i></template></div>',
    ),
    *handler_rows(
        "x-for",
        lambda v: (
            t'<div x-data><template x-for="item in [$el.parentElement.dataset.got = '
            t'JSON.stringify({v})]"><i x-text="item"></i></template></div>'
        ),
        lambda v: (
            t"""<div x-data><template x-for="item in [$el.parentElement.dataset.got = 'Hi """
            t"""{v}!']"><i x-text="item"></i></template></div>"""
        ),
        '<div x-data><template x-for="item in [PWN]"><i x-text="item"></i></template></div>',
    ),
    *handler_rows(
        "x-model",
        lambda v: (
            t'<div x-data="{{ form: {{}} }}"><input x-model="form[$el.dataset.got = '
            t'JSON.stringify({v})]"></div>'
        ),
        lambda v: (
            t"""<div x-data="{{ form: {{}} }}"><input x-model="form[$el.dataset.got = 'Hi """
            t"""{v}!']"></div>"""
        ),
        '<div x-data="{ form: {} }"><input x-model="form[PWN]"></div>',
        fire=TYPE,
    ),
    *handler_rows(
        "x-modelable",
        lambda v: (
            t'<div x-data="{{ outer: 1 }}"><p x-data="{{ inner: 2 }}" '
            t'x-modelable="$el.dataset.got = JSON.stringify({v})" x-model="outer">x</p></div>'
        ),
        lambda v: (
            t"""<div x-data="{{ outer: 1 }}"><p x-data="{{ inner: 2 }}" """
            t"""x-modelable="$el.dataset.got = 'Hi {v}!'" x-model="outer">x</p></div>"""
        ),
        '<div x-data="{ outer: 1 }"><p x-data="{ inner: 2 }" x-modelable="PWN" '
        'x-model="outer">x</p></div>',
    ),
    *handler_rows(
        "x-id",
        lambda v: (
            t'<div x-data x-id="[$el.dataset.got = JSON.stringify({v})]"><p '
            t":id=\"$id('x')\">x</p></div>"
        ),
        lambda v: (
            t"""<div x-data x-id="[$el.dataset.got = 'Hi {v}!']"><p :id="$id('x')">x</p></div>"""
        ),
        """<div x-data x-id="[PWN]"><p :id="$id('x')">x</p></div>""",
    ),
    *handler_rows(
        "x-intersect",
        lambda v: (
            t'<div class="scroll" style="height: 30px; overflow: auto"><div style="height: '
            t'300px"></div><p x-data x-intersect="$el.dataset.got = '
            t'JSON.stringify({v})">x</p></div>'
        ),
        lambda v: (
            t"""<div class="scroll" style="height: 30px; overflow: auto"><div style="height: """
            t"""300px"></div><p x-data x-intersect="$el.dataset.got = 'Hi {v}!'">x</p></div>"""
        ),
        '<div class="scroll" style="height: 30px; overflow: auto"><div style="height: '
        '300px"></div><p x-data x-intersect="PWN">x</p></div>',
        fire=SCROLL,
    ),
    *handler_rows(
        "x-trap",
        lambda v: (
            t'<div x-data="{{ open: false }}"><button type="button" class="toggle" @click="open '
            t'= true">open</button><div x-trap="open && ($el.dataset.got = '
            t'JSON.stringify({v}))"><input></div></div>'
        ),
        lambda v: (
            t"""<div x-data="{{ open: false }}"><button type="button" class="toggle" """
            t"""@click="open = true">open</button><div x-trap="open && ($el.dataset.got = 'Hi """
            t"""{v}!')"><input></div></div>"""
        ),
        '<div x-data="{ open: false }"><button type="button" class="toggle" @click="open = '
        'true">open</button><div x-trap="open && PWN"><input></div></div>',
        fire=TOGGLE,
    ),
    *handler_rows(
        "x-mask-dynamic",
        lambda v: (
            t"<input x-data x-mask:dynamic=\"($el.dataset.got = JSON.stringify({v})) && '****'\">"
        ),
        lambda v: t"""<input x-data x-mask:dynamic="($el.dataset.got = 'Hi {v}!') && '****'">""",
        """<input x-data x-mask:dynamic="PWN || '****'">""",
        fire=TYPE,
    ),
    # A directive htmltemplates does not know (the page's own x-eval): fail closed, JavaScript.
    *handler_rows(
        "x-unknown",
        lambda v: t'<p x-data x-eval="$el.dataset.got = JSON.stringify({v})">x</p>',
        lambda v: t"""<p x-data x-eval="$el.dataset.got = 'Hi {v}!'">x</p>""",
        '<p x-data x-eval="PWN">x</p>',
    ),
    Context(
        "x-text-whole",
        lambda v: t"<p x-data x-text={v}>x</p>",
        ['<p x-data x-text="PWN">x</p>'],
        JS_HOSTILE,
        ["Tom & Jerry <b>", "Zoë ✓ '\"`\\ ${x}", "\u2028", 42],
        'return root.querySelector("p").textContent;',
        expect=str,
    ),
    Context(
        "x-data-dict",
        lambda v: t'<p x-data={v} x-init="$el.dataset.got = JSON.stringify($data)">x</p>',
        ['<p x-data="{ a: PWN }">x</p>'],
        [
            {"a": "PWN", "b": ["'-PWN-'", "${PWN}"]},
            {"'); PWN; ('": "</script><script>PWN</script>"},
            {"a": {"b": '"-PWN-"'}, "c": None},
        ],
        [
            {"open": False, "label": "<b>&"},
            {"name": "Tom & Jerry", "tags": ["<b>", "&amp;"], "n": 1.25, "nested": {"x": None}},
        ],
        READ_GOT,
    ),
    Context(
        "x-html",
        lambda v: t"<div x-data x-html={v}></div>",
        [],
        [
            Refused("<img src=x onerror=PWN>"),
            Refused("<script>PWN</script>"),
            Refused("'<img src=x onerror=PWN>'"),
            Refused("PWN"),
            # a Template is rendered first: its values are escaped where they stand
            t"<b>{'<img src=x onerror=PWN>'}</b>",
            t"<b title={'" onmouseover="PWN'}>{'</b><svg onload=PWN>'}</b>",
            t"<b>{Markup('&lt;img src=x onerror=PWN&gt;')}</b>",
        ],
        [
            Shows(Markup("<b>ok</b>"), "<b>ok</b>"),
            Shows(t"<i>{'Tom & Jerry <b>'}</i>", "<i>Tom &amp; Jerry &lt;b&gt;</i>"),
        ],
        'return root.querySelector("div").innerHTML;',
    ),
]

# URLs Alpine binds: the scheme filter of href applies to the value.
HREF_NOT_JS = (
    "return [...root.querySelectorAll('a')].every((a) =>"
    ' !/^\\s*(javascript|vbscript|data):/i.test(a.getAttribute("href") ?? ""));'
)
BIND_URL_CONTEXTS = [
    # a str anywhere in a bound URL is filtered, not only as the whole value
    Context(
        "bind-href-expression",
        lambda v: (
            t"""<a x-data :href="{v} + ''">plus</a> <a x-data :href="'{v}'">string</a> """
            t"""<a x-data :href="`${{{v}}}`">template</a>"""
        ),
        ["""<a x-data :href="'javascript:' + 'PWN'">link</a>"""],
        URL_HOSTILE,
        [v for v in URLS if isinstance(v, str) and "'" not in v],
        'return [...root.querySelectorAll("a")].map((a) => a.getAttribute("href"));',
        expect=lambda v: [v, v, v],
        check=HREF_NOT_JS,
    ),
    Context(
        "bind-href",
        lambda v: t"<a x-data :href={v}>link</a>",
        ["<a x-data :href=\"'javascript:PWN'\">link</a>"],
        URL_HOSTILE,
        URLS,
        'return root.querySelector("a").getAttribute("href");',
        expect=str,
    ),
    Context(
        "x-bind-src",
        lambda v: t'<img x-data x-bind:src={v} alt="">',
        [],
        URL_HOSTILE,
        [v for v in URLS if not str(v).startswith(("mailto:", "tel:"))],
        'return root.querySelector("img").getAttribute("src");',
        expect=str,
        check=(
            "return !/^\\s*(javascript|vbscript|data):/i"
            '.test(root.querySelector("img").getAttribute("src") ?? "");'
        ),
    ),
]


# -- spreads -------------------------------------------------------------------------------------

SPREAD_CONTEXTS = [
    Context(
        "spread",
        lambda v: t'<button type="button" x-data {v}>go</button>',
        [],
        [
            *(
                Refused({name: "PWN"})
                for name in [
                    "hx-on:click",
                    "hx-on::load",
                    "hx-on-click",
                    "hx-on--load",
                    "hx-on",
                    "data-hx-on:click",
                    "data-hx-on-click",
                    "HX-ON:CLICK",
                    "Hx-On-Click",
                    "x-on:click",
                    "@click",
                    "@CLICK",
                    "x-init",
                    "x-data",
                    "x-show",
                    "x-effect",
                    "x-text",
                    "x-model",
                    "x-modelable",
                    "x-id",
                    "x-intersect",
                    "x-trap",
                    "x-mask:dynamic",
                    "x-eval",
                    "X-INIT",
                    ":title",
                    "x-bind:title",
                    ":href",
                    "x-bind:onclick",
                    ":onclick",
                    "x-for",
                    "x-if",
                    "hx-vars",
                ]
            ),
            Refused({"hx-on": "click -> PWN"}),
            Refused({"x-html": "<img src=x onerror=PWN>"}),
            Refused({"hx-trigger": "click[PWN]"}),
            Refused({"hx-vals": "js:PWN"}),
            Refused({"hx-headers": "javascript:{a: PWN}"}),
            {"hx-get": "javascript:PWN"},
            {"hx-post": " JaVa\tScRiPt:PWN"},
            {"hx-push-url": "javascript:PWN", "hx-get": "/items/spread"},
            {"hx-trigger": "click", "hx-get": "/items/spread", "hx-swap": "none"},
        ],
        [Shows({"hx-get": "/items/x?y=1", "hx-swap": "none"}, "/items/x?y=1")],
        'return root.querySelector("button").getAttribute("hx-get");',
        expect=str,
        check=NOT_JS,
        htmx=BOTH,
    ),
]

CONTEXTS = [*HTMX_CONTEXTS, *ALPINE_CONTEXTS, *BIND_URL_CONTEXTS, *SPREAD_CONTEXTS]

# Not protected, and not part of what htmltemplates promises for these attributes yet: each row
# must run a payload (a strict xfail) until the library closes the gap. Found by reading htmx's
# and Alpine's sources for what they evaluate.
KNOWN_GAPS = [
    # htmx 4 splits hx-trigger at each "," outside brackets and quotes: the "," of a list or a
    # dict written in a filter splits it, the piece with the unclosed "[" throws ("unterminated"),
    # and htmx stops processing the rest of the page (on a page of its own, so that nothing else
    # is left unprocessed).
    Context(
        "hx-trigger-filter-collections",
        filter_expression,
        [],
        [[1, ["("]], {"a": 1, "b": ["("]}],
        check=PROCESSED,
        htmx=("4-gaps",),
        gap="a list or dict in an htmx 4 filter stops htmx processing the page",
    ),
    # htmx 4 splits hx-trigger at a "," that it counts outside quotes; it counts quotes without
    # their escapes, so after the JSON string "x\"], ..." the rest of the string is a trigger
    # of its own, with a filter: JavaScript from the value (HCON.split, then extractFilter).
    Context(
        "hx-trigger-filter-escaped-quote",
        filter_expression,
        [],
        FILTER_QUOTE_GAPS,
        htmx=("4-trigger",),
        gap="a str in an htmx 4 filter starts a trigger of its own",
    ),
    # Alpine evaluates a str under the key init (and destroy) of the x-data object as an
    # expression (x-data.js: `reactiveData["init"] && evaluate(el, reactiveData["init"])`).
    Context(
        "x-data-dict-init-key",
        lambda v: t"<p x-data={v}>x</p>",
        [],
        [{"init": "PWN"}, {"a": 1, "init": "1; PWN"}],
        gap="Alpine evaluates the str under init in an x-data dict",
    ),
    # x-data must give an object: Alpine makes it reactive, and a str or a number throws there
    # ("Object.defineProperty called on non-object"), which stops Alpine initialising the rest
    # of the page (on a page of its own).
    Context(
        "x-data-not-an-object",
        lambda v: t'<p x-data={v} x-init="$el.dataset.got = 1">x</p>',
        [],
        ["x", 42],
        check='return root.querySelector("p").dataset.got === "1";',
        htmx=("alpine-gaps",),
        gap="a str or a number as x-data stops Alpine initialising the page",
    ),
    # x-bind without an argument takes an object of directives: each key is a directive name
    # (@click, x-init...) and each value its expression (x-bind.js, applyBindingsObject).
    Context(
        "x-bind-object",
        lambda v: t'<button type="button" x-data x-bind={v}>go</button>',
        [],
        [{"@click": "PWN"}, {"x-init": "PWN"}, {"title": '" + PWN + "'}],
        gap="Alpine evaluates the values of an x-bind object as directives",
    ),
]


def armed(value: object, n: int) -> Any:
    """``arm(value, n)``, through the values of a Template too."""
    if isinstance(value, Template):
        return Template(
            *(
                part
                if isinstance(part, str)
                else Interpolation(
                    armed(part.value, n), part.expression, part.conversion, part.format_spec
                )
                for part in value
            )
        )
    return arm(value, n)


# -- the pages ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Row:
    """A context laid out on a page: its case numbers, or the error html() gave for it."""

    context: Context
    error: Exception | None = None
    controls: list[int] = field(default_factory=list)
    hostile: list[int] = field(default_factory=list)
    benign: list[tuple[int, Shows]] = field(default_factory=list)
    described: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Page:
    rows: dict[str, Row]
    report: Report
    results: dict[int, dict[str, Any]]  # what each case's check or reader returned
    fire_errors: dict[int, str]


def lay_out(
    context: Context, numbers: Iterator[int]
) -> tuple[Row, list[tuple[int, Template | Markup]]]:
    """The cases of ``context``, numbered from ``numbers``: controls, hostile, benign."""
    row = Row(context)
    numbered: list[tuple[int, Template | Markup]] = []
    try:
        for control in context.controls:
            n = next(numbers)
            numbered.append((n, Markup(arm(control, n))))
            row.controls.append(n)
            row.described[str(n)] = f"{context.id} control {n}: {control}"
        for value in context.hostile:
            if isinstance(value, Refused):
                continue
            n = next(numbers)
            payload = armed(value, n)
            numbered.append((n, html(context.template(payload))))
            row.hostile.append(n)
            row.described[str(n)] = f"{context.id} case {n}: {payload!r}"
        for value in context.benign:
            shows = value if isinstance(value, Shows) else Shows(value, context.expect(value))
            n = next(numbers)
            numbered.append((n, html(context.template(shows.value))))
            row.benign.append((n, shows))
            row.described[str(n)] = f"{context.id} case {n}: {shows.value!r}"
    except Exception as error:  # reported by the row's test
        return Row(context, error), []
    return row, numbered


def build_page(driver: webdriver.Chrome, serve: Callable[[str], str], version: str) -> Page:
    """One page with every row (known gaps too) of the page ``version`` (a key of HTMX)."""
    numbers = itertools.count()
    rows: dict[str, Row] = {}
    body: list[tuple[int, Template | Markup]] = []
    for context in [*CONTEXTS, *KNOWN_GAPS]:
        if version in context.htmx:
            row, numbered = lay_out(context, numbers)
            rows[context.id] = row
            body += numbered
    fire, readers, real_clicks = [], [], []
    for row in rows.values():
        context = row.context
        everything = [*row.controls, *row.hostile, *(n for n, _ in row.benign)]
        if context.fire:
            fire += [(n, context.fire) for n in everything]
        if context.check is not None:
            readers += [(n, context.check) for n in row.hostile]
        if context.read is not None:
            readers += [(n, context.read) for n, _ in row.benign]
        real_clicks += [*row.controls, *row.hostile]
    report = probe(
        driver,
        serve(htmx_page(page_id("page", version), version, cases(body))),
        fire,
        readers,
        real_clicks,
    )
    results = {n: result for (n, _), result in zip(readers, report.read, strict=True)}
    fire_errors = {
        n: result["error"]
        for (n, _), result in zip(fire, report.fired, strict=True)
        if "error" in result
    }
    return Page(rows, report, results, fire_errors)


@pytest.fixture(scope="module")
def htmx_pages(browser: webdriver.Chrome, serve: Callable[[str], str]) -> Callable[[str], Page]:
    """``htmx_pages(version)``: the page of every row for that htmx version, loaded and
    exercised once for the module."""
    pages: dict[str, Page] = {}

    def get(version: str) -> Page:
        if version not in pages:
            pages[version] = build_page(browser, serve, version)
        return pages[version]

    return get


# -- the tests -----------------------------------------------------------------------------------


def test_vendored_scripts_are_pinned() -> None:
    found = {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in VENDOR.glob("*.js")
    }
    assert VENDORED == found
    readme = (VENDOR / "README.md").read_text(encoding="utf-8")
    assert [] == [
        name
        for name, digest in VENDORED.items()
        if f"| `{name}` |" not in readme or f"| `{digest}` |" not in readme
    ]


def test_context_ids_are_unique() -> None:
    keys = [(c.id, v) for c in [*CONTEXTS, *KNOWN_GAPS] for v in c.htmx]
    assert sorted(set(keys)) == sorted(keys)


def page_id(row: str, page: str) -> str:
    return f"{row}-{page}" if page.startswith("alpine") else f"{row}-htmx{page}"


def params(contexts: Sequence[Context], **marks: Any) -> list[Any]:
    return [
        pytest.param(context, version, id=page_id(context.id, version), **marks)
        for context in contexts
        for version in context.htmx
    ]


@pytest.mark.parametrize(
    ("context", "version"),
    [
        *params(CONTEXTS),
        *(
            pytest.param(
                context,
                version,
                id=page_id(context.id, version),
                marks=pytest.mark.xfail(strict=True, reason=f"a known gap: {context.gap}"),
            )
            for context in KNOWN_GAPS
            for version in context.htmx
        ),
    ],
)
def test_htmx_alpine_in_the_browser(
    htmx_pages: Callable[[str], Page], context: Context, version: str
) -> None:
    for value in context.hostile:
        if isinstance(value, Refused):
            with pytest.raises(value.error):
                html(context.template(armed(value.value, 0)))
    page = htmx_pages(version)
    row = page.rows[context.id]
    if row.error is not None:
        raise row.error
    report = page.report
    pwned = set(report.pwned)
    assert report.alpine_ready, "Alpine.js did not initialise the page"
    assert [] == [
        (row.described[str(n)], page.fire_errors[n])
        for n in row.controls + row.hostile
        if n in page.fire_errors
    ]
    # every control ran (the attribute is live, its event was fired); no hostile value did
    assert [] == [row.described[str(n)] for n in row.controls if str(n) not in pwned]
    assert [] == [row.described[str(n)] for n in row.hostile if str(n) in pwned]
    # no click asked for a URL that runs code
    assert [] == [
        (row.described[str(n)], url)
        for url in report.navigations
        for n in row.hostile
        if f"__pwned({n})" in url and url.lower().startswith(("javascript:", "vbscript:", "data:"))
    ]
    if context.check is not None:
        assert [] == [
            (row.described[str(n)], page.results[n])
            for n in row.hostile
            if page.results[n] != {"value": True}
        ]
    if context.read is not None:
        assert [as_json({"value": shows.expected}) for _, shows in row.benign] == [
            as_json(page.results[n]) for n, _ in row.benign
        ]


@pytest.mark.parametrize("version", HTMX)
def test_nothing_else_ran(htmx_pages: Callable[[str], Page], version: str) -> None:
    """What no row can claim: markers without a case number (alert(), a data: URL's) and
    navigations to a URL that runs code, other than the controls'."""
    page = htmx_pages(version)
    controls = {n for row in page.rows.values() for n in row.controls}
    assert [] == [marker for marker in page.report.pwned if not marker.isdigit()]
    assert [] == [
        url
        for url in page.report.navigations
        if url.lower().startswith(("javascript:", "vbscript:", "data:"))
        and not any(f"__pwned({n})" in url for n in controls)
    ]


# -- benign values at work -----------------------------------------------------------------------


def load(driver: webdriver.Chrome, url: str) -> None:
    driver.get(url)
    assert driver.execute_async_script(READY_JS), "Alpine.js did not initialise the page"


def click(driver: webdriver.Chrome, css: str, times: int = 1) -> None:
    """Real clicks (WebDriver input) on the element ``css``."""
    element = driver.find_element(By.CSS_SELECTOR, css)
    chain = ActionChains(driver, duration=0)
    for _ in range(times):
        chain.move_to_element(element).click()
    chain.perform()


def text_when(driver: webdriver.Chrome, css: str, expected: str) -> str:
    """The text of ``css`` once it is ``expected`` (htmx and Alpine update asynchronously), or
    what it is after 3 s."""
    deadline = time.monotonic() + 3
    while True:
        found = driver.find_elements(By.CSS_SELECTOR, css)
        text = None if not found else str(found[0].get_attribute("textContent"))
        if text == expected or time.monotonic() > deadline:
            return str(text)
        time.sleep(0.02)


NAME = "Tom & \"Jerry\" <b>x'); top.__pwned('greet'); ('</b> \\ ${1}"


@pytest.mark.parametrize("version", ["2", "4"])
def test_hx_on_click_calls_the_page_with_the_string(
    browser: webdriver.Chrome, serve: Callable[[str], str], version: str
) -> None:
    body = t"""<script>
function greet(name) {{ document.getElementById("greeting").textContent = "Hello, " + name + "!"; }}
</script>
<button type="button" id="hi" hx-on:click="greet('{NAME}')">Hi</button>
<p id="greeting"></p>"""
    load(browser, serve(htmx_page(f"greet (htmx {version})", version, [body])))
    click(browser, "#hi")
    assert f"Hello, {NAME}!" == text_when(browser, "#greeting", f"Hello, {NAME}!")
    assert [] == browser.execute_script("return window.__pwned_ids")


def test_alpine_click_adds_the_step(browser: webdriver.Chrome, serve: Callable[[str], str]) -> None:
    step = 2
    body = t"""<div x-data="{{ count: 1 }}">
<button type="button" id="add" @click="count += {step}">add</button>
<output id="count" x-text="count"></output>
</div>"""
    load(browser, serve(htmx_page("count", "alpine", [body])))
    assert "1" == text_when(browser, "#count", "1")
    click(browser, "#add", times=2)
    assert "5" == text_when(browser, "#count", "5")


def test_alpine_x_data_dict_shows_its_text(
    browser: webdriver.Chrome, serve: Callable[[str], str]
) -> None:
    body = t"""<div x-data={ {"open": False, "label": "<b>&"} }>
<p id="label" x-text="label">x</p>
<button type="button" id="toggle" @click="open = !open">toggle</button>
<p id="panel" x-show="open">open</p>
</div>"""
    load(browser, serve(htmx_page("x-data", "alpine", [body])))
    assert "<b>&" == text_when(browser, "#label", "<b>&")
    assert 0 == browser.execute_script('return document.querySelectorAll("#label *").length')
    panel = browser.find_element(By.ID, "panel")
    assert not panel.is_displayed()
    click(browser, "#toggle")
    WebDriverWait(browser, 3).until(lambda d: panel.is_displayed())


@pytest.mark.parametrize("version", ["2", "4"])
def test_hx_vals_dict_is_posted(
    browser: webdriver.Chrome, serve: Callable[[str], str], app: App, version: str
) -> None:
    body = t"""<button type="button" id="post" hx-post="/echo" hx-vals={ {"id": 3} } \
hx-target="#answer">post</button>
<div id="answer"></div>"""
    load(browser, serve(htmx_page(f"hx-vals (htmx {version})", version, [body])))
    before = len(app.requested("/echo"))
    click(browser, "#post")
    assert "id=3" == text_when(browser, "#answer b", "id=3")
    assert [("POST", "/echo")] == app.requested("/echo")[before:]


@pytest.mark.parametrize("version", ["2", "4"])
def test_hx_get_requests_the_encoded_path(
    browser: webdriver.Chrome, serve: Callable[[str], str], app: App, version: str
) -> None:
    name = "Tom & Jerry?#/ü"
    body = t"""<button type="button" id="get" hx-get="/items/{name}" hx-target="#answer">get\
</button>
<div id="answer"></div>"""
    load(browser, serve(htmx_page(f"hx-get (htmx {version})", version, [body])))
    before = len(app.requested("/items/"))
    click(browser, "#get")
    assert name == text_when(browser, "#answer i", name)
    assert [("GET", "/items/Tom%20&%20Jerry%3F%23/%C3%BC")] == app.requested("/items/")[before:]


def test_x_html_shows_trusted_html(browser: webdriver.Chrome, serve: Callable[[str], str]) -> None:
    comment = "<img src=x onerror=top.__pwned('x-html')>"
    body = t"""<div id="trusted" x-data x-html={Markup("<b>ok</b>")}></div>
<div id="rendered" x-data x-html={t"<i>{comment}</i>"}></div>"""
    load(browser, serve(htmx_page("x-html", "alpine", [body])))
    assert "ok" == text_when(browser, "#trusted b", "ok")
    assert comment == text_when(browser, "#rendered i", comment)
    assert [] == browser.execute_script('return document.querySelectorAll("#rendered img")')
    assert [] == browser.execute_script("return window.__pwned_ids")


# -- refused in the template ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "template",
    [
        lambda v: t'<a x-data :onclick="{v}">x</a>',
        lambda v: t"<a x-data :onclick={v}>x</a>",
        lambda v: t'<a x-data x-bind:onmouseover="go({v})">x</a>',
        lambda v: t'<button hx-on:click="/* {v} */ go()">x</button>',
        lambda v: t'<p x-init="// {v}">x</p>',
    ],
    ids=[
        "bind-onclick",
        "bind-onclick-whole",
        "x-bind-onmouseover",
        "hx-on-comment",
        "x-init-comment",
    ],
)
def test_refused_in_the_template(template: Callable[[object], Template]) -> None:
    with pytest.raises(TemplateSyntaxError):
        html(template("x"))
