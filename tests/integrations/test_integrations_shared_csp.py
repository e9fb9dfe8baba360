"""The CSP nonce and policy header of the Flask and Quart extensions, and ``provide=``: one test
body run with each framework's test client (tests/support/flask_and_quart.py)."""

from __future__ import annotations

import asyncio
import re
import urllib.parse
from string.templatelib import Template
from typing import Any

import pytest
from flask_and_quart import FRAMEWORKS, TOKEN, Framework
from hostile import EVIL, EVIL_ESCAPED
from werkzeug.exceptions import NotFound

from htmltemplates import CSP_NONCE, Provider, html

pytestmark = pytest.mark.parametrize("fw", FRAMEWORKS)


# -- Content-Security-Policy nonces -----------------------------------------------------------


def page(fw: Framework) -> Template:
    """A page with each element that takes a nonce, and the nonce as the view saw it."""
    nonce = fw.integration.request_nonce()
    return t"<style>p {{ color: teal }}</style><script src=/app.js></script><p>{nonce}</p>"


def page_with(nonce: str) -> str:
    return (
        f'<style nonce="{nonce}">p {{ color: teal }}</style>'
        f'<script src=/app.js nonce="{nonce}"></script><p>{nonce}</p>'
    )


PAGE_WITHOUT = "<style>p { color: teal }</style><script src=/app.js></script><p></p>"


def nonce_app(fw: Framework, **config: Any) -> Any:
    app = fw.make_app(**config)
    fw.integration.HTMLTemplates(app)

    @app.get("/")
    @fw.view
    def index() -> Any:
        return page(fw)

    @app.get("/sync")
    def in_a_thread() -> Any:  # in Quart, a thread
        return page(fw)

    return app


def nonce_of(body: str) -> str:
    found = re.fullmatch(r'<style nonce="([^"]*)">.*', body)
    assert found is not None, body
    return found[1]


def bodies(fw: Framework, app: Any, *urls: str) -> list[str]:
    return [reply.body for reply in fw.requests(app, *urls)]


def test_a_nonce_per_request_on_every_script_and_style(fw: Framework) -> None:
    app = nonce_app(fw, HTMLTEMPLATES_CSP_NONCE=True)
    first, second, in_a_thread = bodies(fw, app, "/", "/", "/sync")
    assert TOKEN.fullmatch(nonce_of(first))
    assert page_with(nonce_of(first)) == first
    assert page_with(nonce_of(second)) == second
    assert page_with(nonce_of(in_a_thread)) == in_a_thread
    assert len({nonce_of(first), nonce_of(second), nonce_of(in_a_thread)}) == 3


def test_no_nonce_when_not_configured_or_false(fw: Framework) -> None:
    (reply,) = fw.requests(nonce_app(fw), "/")
    assert PAGE_WITHOUT == reply.body
    assert "Content-Security-Policy" not in reply.headers
    app = nonce_app(fw, HTMLTEMPLATES_CSP_NONCE=False)
    assert [PAGE_WITHOUT, PAGE_WITHOUT] == bodies(fw, app, "/", "/sync")


def test_no_nonce_without_the_extension(fw: Framework) -> None:
    app = fw.make_app(HTMLTEMPLATES_CSP_NONCE=True)

    @app.get("/")
    @fw.view
    def index() -> str:
        return html(page(fw))

    assert [PAGE_WITHOUT] == bodies(fw, app, "/")
    assert fw.integration.request_nonce() is None  # outside a request


def test_a_nonce_from_a_function_called_once_per_request(fw: Framework) -> None:
    calls: list[str] = []

    def make() -> str:
        calls.append(fw.web.request.path)
        return f"n{len(calls)}"

    app = nonce_app(fw, HTMLTEMPLATES_CSP_NONCE=make)
    assert [page_with("n1"), page_with("n2")] == bodies(fw, app, "/", "/sync")
    assert ["/", "/sync"] == calls  # three asked each time: <style>, <script>, the view


def test_a_function_returning_none_gives_no_nonce_and_is_called_once(fw: Framework) -> None:
    calls: list[str] = []

    def no_nonce() -> None:
        calls.append("called")

    assert [PAGE_WITHOUT] == bodies(fw, nonce_app(fw, HTMLTEMPLATES_CSP_NONCE=no_nonce), "/")
    assert ["called"] == calls


def test_no_nonce_is_made_for_a_page_without_scripts_or_styles(fw: Framework) -> None:
    calls: list[str] = []

    def make_nonce() -> str:
        calls.append("called")
        return "abc"

    app = nonce_app(fw, HTMLTEMPLATES_CSP_NONCE=make_nonce)

    @app.get("/plain")
    @fw.view
    def plain() -> Template:
        return t"<p>{'no script'}</p>"

    assert ["<p>no script</p>"] == bodies(fw, app, "/plain")
    assert [] == calls


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        pytest.param(
            "fixed",
            "HTMLTEMPLATES_CSP_NONCE must be None, True, False or a function returning the "
            "request's nonce, not str (a fixed nonce defeats the policy).",
            id="fixed-string",
        ),
        pytest.param(
            lambda: 42,
            "HTMLTEMPLATES_CSP_NONCE returned int; it must return a str or None.",
            id="function-returning-int",
        ),
    ],
)
def test_a_wrong_nonce_setting_is_a_type_error(
    fw: Framework, setting: object, message: str
) -> None:
    error = fw.raised(nonce_app(fw, HTMLTEMPLATES_CSP_NONCE=setting))
    assert isinstance(error, TypeError)
    assert message == str(error)


def test_the_policy_header_names_the_nonce_of_the_page(fw: Framework) -> None:
    app = nonce_app(fw, HTMLTEMPLATES_CSP="default-src 'self'; script-src 'nonce-{nonce}'")
    for reply in fw.requests(app, "/", "/sync"):
        nonce = nonce_of(reply.body)
        assert TOKEN.fullmatch(nonce)  # made because the policy names {nonce}
        policy = reply.headers["Content-Security-Policy"]
        assert f"default-src 'self'; script-src 'nonce-{nonce}'" == policy
        assert page_with(nonce) == reply.body


def test_the_policy_header_without_a_nonce_and_on_other_responses(fw: Framework) -> None:
    app = nonce_app(fw, HTMLTEMPLATES_CSP="default-src 'self'")

    @app.get("/text")
    @fw.view
    def text() -> str:
        return "plain"

    page_reply, text_reply = fw.requests(app, "/", "/text")
    assert ("default-src 'self'", PAGE_WITHOUT) == (
        page_reply.headers["Content-Security-Policy"],
        page_reply.body,  # no {nonce}: no nonce
    )
    assert "default-src 'self'" == text_reply.headers["Content-Security-Policy"]


def test_a_policy_naming_a_nonce_when_there_is_none_is_an_error(fw: Framework) -> None:
    app = nonce_app(
        fw, HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'", HTMLTEMPLATES_CSP_NONCE=False
    )
    error = fw.raised(app)
    assert isinstance(error, RuntimeError)
    assert (
        "HTMLTEMPLATES_CSP names {nonce}, but HTMLTEMPLATES_CSP_NONCE gave no nonce for this "
        "request." == str(error)
    )


def test_a_policy_header_of_the_view_is_kept(fw: Framework) -> None:
    app = nonce_app(fw, HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'")

    @app.get("/own")
    @fw.view
    def own() -> Any:
        policy = f"script-src 'nonce-{fw.integration.request_nonce()}' 'self'"
        return t"<script></script>", {"Content-Security-Policy": policy}

    @app.get("/none")
    @fw.view
    def none() -> Any:
        return "mine", {"Content-Security-Policy": "default-src 'none'"}

    own_reply, none_reply = fw.requests(app, "/own", "/none")
    nonce = own_reply.body.removeprefix('<script nonce="').removesuffix('"></script>')
    assert TOKEN.fullmatch(nonce)
    assert f"script-src 'nonce-{nonce}' 'self'" == own_reply.headers["Content-Security-Policy"]
    assert "default-src 'none'" == none_reply.headers["Content-Security-Policy"]


def test_before_request_pages_and_error_handlers_get_the_nonce(fw: Framework) -> None:
    app = fw.make_app(HTMLTEMPLATES_CSP_NONCE=lambda: "r4nd0m")

    @app.before_request
    @fw.view
    def closed() -> Any:  # registered before the extension is installed: runs after it
        if fw.web.request.path == "/closed":
            return page(fw), 503
        return None

    fw.integration.HTMLTemplates(app)

    @app.errorhandler(404)
    @fw.integration.view
    def not_found(error: NotFound) -> Any:
        return page(fw), 404

    shop = fw.web.Blueprint("shop", __name__)

    @shop.before_request
    @fw.view
    def shop_closed() -> Any:
        return t"<style>p {{}}</style>", 503

    @shop.get("/shop")
    def never() -> str:
        return "never"

    app.register_blueprint(shop)
    assert [
        page_with("r4nd0m"),
        page_with("r4nd0m"),
        '<style nonce="r4nd0m">p {}</style>',
    ] == bodies(fw, app, "/closed", "/nowhere", "/shop")


def test_the_nonce_is_reset_when_the_request_is_torn_down(fw: Framework) -> None:
    app = fw.make_app(HTMLTEMPLATES_CSP_NONCE=True)
    seen: list[object] = []

    @app.teardown_request
    @fw.view
    def after_the_extensions(error: BaseException | None) -> None:
        # registered first, so it runs after the extension's (teardowns run in reverse)
        seen.append(CSP_NONCE.get())

    fw.integration.HTMLTemplates(app)

    @app.get("/")
    @fw.view
    def index() -> Any:
        seen.append(CSP_NONCE.get())
        return t"<script></script>"

    (body,) = bodies(fw, app, "/")
    assert TOKEN.fullmatch(body.removeprefix('<script nonce="').removesuffix('"></script>'))
    assert [fw.integration.request_nonce, None] == seen
    assert None is CSP_NONCE.get()


@pytest.mark.parametrize(
    "nonce",
    [
        "abc' https://evil.example",  # a quote and a space: a source added to the policy
        "abc; script-src *",  # a ';': a directive added
        "",
        "abc===",
        "abc\r\nX-Injected: 1",
    ],
)
def test_a_nonce_that_is_not_base64_never_reaches_the_policy(fw: Framework, nonce: str) -> None:
    app = nonce_app(
        fw,
        HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'",
        HTMLTEMPLATES_CSP_NONCE=lambda: nonce or "a b",
    )
    error = fw.raised(app)
    assert isinstance(error, ValueError)
    assert str(error).startswith("HTMLTEMPLATES_CSP_NONCE gave the nonce ")
    assert str(error).endswith(
        ", which is not base64: a nonce is written into the Content-Security-Policy header as it "
        "is, where a space, a quote or a ';' would add sources to the policy. Make nonces with "
        "secrets.token_urlsafe(16), never from request data."
    )


def test_base64_and_base64url_nonces_reach_the_policy(fw: Framework) -> None:
    for nonce in ("aB3+/9==", "aB3-_9", "x"):
        app = nonce_app(
            fw,
            HTMLTEMPLATES_CSP="script-src 'nonce-{nonce}'",
            HTMLTEMPLATES_CSP_NONCE=lambda nonce=nonce: nonce,
        )
        (reply,) = fw.requests(app, "/")
        assert f"script-src 'nonce-{nonce}'" == reply.headers["Content-Security-Policy"]


# -- provide=: Provider values per request -----------------------------------------------------

current_user: Provider[str | None] = Provider("current_user", default=None)


def UserMenu() -> Template:  # noqa: N802 - a component
    user = current_user.get()
    if user is None:
        return t'<a href="/login">Log in</a>'
    return t'<span class="user">{user}</span>'


async def AsyncMenu() -> Template:  # noqa: N802 - an async component
    await asyncio.sleep(0)
    return t"<b>{current_user.get() or 'guest'}</b>"


def test_provide_gives_each_request_its_value_computed_when_first_asked(fw: Framework) -> None:
    loads: list[str | None] = []

    def load_user() -> str | None:
        name = fw.web.request.args.get("user")
        loads.append(name)
        return name

    app = fw.make_app()
    fw.integration.HTMLTemplates(app, provide={current_user: load_user})
    menus = t"<nav><{UserMenu} /></nav><main><{UserMenu} /></main>"
    # (rendered after the view returns: a `with current_user.using(...)` there would be over)

    @app.get("/")
    @fw.integration.view
    def index() -> Template:
        return menus

    @app.get("/async")
    @fw.integration.view
    async def index_async() -> Template:
        if fw.name == "flask":  # html() refuses an async component: Flask renders with it
            return menus
        return t"<{AsyncMenu} />{current_user.get}"

    @app.get("/about")
    @fw.view
    def about() -> str:
        return "about"

    evil = urllib.parse.quote(EVIL)
    replies = fw.requests(app, f"/?user={evil}", "/", "/about?user=x", "/async?user=ada")
    assert [
        f'<nav><span class="user">{EVIL_ESCAPED}</span></nav>'
        f'<main><span class="user">{EVIL_ESCAPED}</span></main>',
        '<nav><a href="/login">Log in</a></nav><main><a href="/login">Log in</a></main>',
        "about",
    ] == [reply.body for reply in replies[:3]]
    assert {
        "flask": '<nav><span class="user">ada</span></nav>'
        '<main><span class="user">ada</span></main>',
        "quart": "<b>ada</b>ada",
    }[fw.name] == replies[3].body
    assert [EVIL, None, "ada"] == loads  # once per request that asks, never for /about
    assert current_user.get() is None  # reset after each request


@pytest.mark.parametrize(
    "provide", [{"current_user": lambda: None}, {current_user: "not a function"}]
)
def test_provide_maps_providers_to_functions(fw: Framework, provide: dict[object, object]) -> None:
    with pytest.raises(TypeError, match=r"provide=\.\.\.\) maps each Provider to a function"):
        fw.integration.HTMLTemplates(provide=provide)
